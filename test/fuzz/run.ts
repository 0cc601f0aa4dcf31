// One fuzz input through the whole pipeline: takes ruleset text, gives what became of it. Compiling
// must give a game or diagnostics, rendering them must work, and a game that checks clean is set
// up and played a few random moves; a rule failing (RuleError) or a game that does not end within
// the moves (EndlessGameError) is an answer too. Anything thrown besides is a crash.
import { renderDiagnostic } from '../../grammar/diagnostics.js';
import { randomAgent } from '../../interpreter/runtime/index.js';
import { compileSource } from '../../interpreter/compiler/index.js';
import { EndlessGameError, RuleError } from '../../interpreter/runtime/index.js';
import { playGame } from '../../interpreter/runtime/index.js';

export type Outcome =
  | { readonly kind: 'diagnostics'; readonly codes: readonly string[] }
  | { readonly kind: 'played'; readonly end: 'over' | 'rule error' | 'endless' | 'stuck'; readonly moves: number }
  | { readonly kind: 'crash'; readonly stage: 'compile' | 'render' | 'play'; readonly error: string };

export interface RunOptions {
  /** Moves the random agents may play before the game counts as endless. */
  readonly maxMoves?: number;
  /** Statements one move may run before the rule running is stopped (R0601). */
  readonly stepBudget?: number;
  readonly seed?: number;
}

/** `stage: Error: message` and the top of its stack: what known fixtures' patterns match. */
export const crashText = (o: Extract<Outcome, { kind: 'crash' }>): string => `${o.stage}: ${o.error}`;

const describeError = (e: unknown): string =>
  e instanceof Error ? `${e.constructor.name}: ${e.message}\n${(e.stack ?? '').split('\n').slice(1, 8).join('\n')}` : String(e);

export function runInput(source: string, options: RunOptions = {}): Outcome {
  const file = 'fuzz.rules';
  let compiled;
  try {
    compiled = compileSource(source, file);
  } catch (e) {
    return { kind: 'crash', stage: 'compile', error: describeError(e) };
  }
  try {
    const rendered = compiled.diagnostics.map((d) => renderDiagnostic(d, source, file)).join('\n');
    if (!compiled.definition && !rendered.includes(' error R')) throw new Error('No game and no error to say why');
  } catch (e) {
    return { kind: 'crash', stage: 'render', error: describeError(e) };
  }
  const def = compiled.definition;
  if (!def) return { kind: 'diagnostics', codes: [...new Set(compiled.diagnostics.map((d) => d.code))] };

  const seed = options.seed ?? 1;
  const players = def.players.min + (seed % (def.players.max - def.players.min + 1));
  let moves = 0;
  try {
    const state = playGame(def, {
      players,
      seed,
      agents: Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`)),
      maxMoves: options.maxMoves ?? 30,
      stepBudget: options.stepBudget ?? 5_000,
      onMove: (s) => (moves = s.moves.length),
    });
    return { kind: 'played', end: state.over ? 'over' : 'stuck', moves };
  } catch (e) {
    if (e instanceof RuleError) return { kind: 'played', end: 'rule error', moves };
    if (e instanceof EndlessGameError) return { kind: 'played', end: 'endless', moves };
    return { kind: 'crash', stage: 'play', error: describeError(e) };
  }
}
