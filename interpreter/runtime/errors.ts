// Errors a running game can raise, each carrying a registry code and the span of the rule text
// at fault, so the CLI and the playground can point at the line that caused it.
import { diag, type Code, type Diagnostic } from '../../grammar/diagnostics.js';
import type { Span } from '../../grammar/ast.js';

export class RuleError extends Error {
  readonly diagnostic: Diagnostic;
  constructor(code: Code, span: Span, args: Record<string, string | number> = {}, file?: string) {
    const d = diag(code, span, args, file ? { file } : {});
    super(d.message);
    this.diagnostic = d;
  }
}

/** Agents played on and on without the rules ever ending the game. */
export class EndlessGameError extends Error {
  constructor(readonly moves: number, readonly lastDecision: string) {
    super(`The game did not end within ${moves} moves; it was waiting for ${lastDecision}. The rules may never end the game, or the agents may be going round in circles.`);
  }
}

/** A move that is not legal now (R0606; R0607 when the game is over); `legal` lists the ids that are. */
export class IllegalMoveError extends Error {
  readonly code: Code;
  constructor(readonly move: string, readonly legal: readonly string[], over = false) {
    super(diag(over ? 'R0607' : 'R0606', { start: 0, end: 0 }, { move, legal: legalList(move, legal) }).message);
    this.code = over ? 'R0607' : 'R0606';
  }
}

/** Past this many legal moves, the message lists the first ones and says how many there are. */
const LISTED_MOVES = 40;

/**
 * The legal moves as a message lists them. A choice of several things (`pass a+b+c`) names them in
 * the order they lie, so the same things in another order are pointed to first.
 */
function legalList(move: string, legal: readonly string[]): string {
  if (!legal.length) return '(none)';
  const sameThings = (id: string) => id.includes('+') && sortedParts(id) === sortedParts(move);
  const reordered = legal.find(sameThings);
  const listed = legal.length > LISTED_MOVES ? `${legal.slice(0, LISTED_MOVES).join(', ')}, … (${legal.length} in all)` : legal.join(', ');
  return reordered ? `${reordered} (the same things, in the order they lie); ${listed}` : listed;
}

/** `pass c+a+b` → `pass a+b+c`: a move id with its `+`-joined things in a fixed order. */
function sortedParts(id: string): string {
  const space = id.indexOf(' ');
  return `${id.slice(0, space + 1)}${id.slice(space + 1).split('+').sort().join('+')}`;
}
