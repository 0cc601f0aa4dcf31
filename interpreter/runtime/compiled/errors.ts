// Why a game does not play on the compiled tier: it was never compiled (NotCompiled: the rules use
// something the tier does not cover), or one game was given up midway (Deopt: the program met what
// it cannot answer exactly as the machine would, and the machine plays that game instead).
import type { Span } from '../../../grammar/ast.js';

/** Thrown by compiled code that cannot answer exactly as the machine would: the game is played on the machine instead. */
export class Deopt extends Error {}
/** Why a model is not compiled: the first construct the program does not cover, and where. */
export class NotCompiled extends Error {
  constructor(readonly what: string, readonly span: Span | null) {
    super(`the compiled tier does not cover ${what}`);
  }
}


export function unsupported(what: string, span: Span | null): never {
  throw new NotCompiled(what, span);
}
