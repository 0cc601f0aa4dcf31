// One batch of a simulation: games `from` to `to` (exclusive) of one side, played and counted.
// What a worker thread runs (cli/sim/worker.ts) and what the command runs itself with one worker;
// a task names only data (a file, agent specs), so it crosses to a thread as it is.
import { resolve } from 'node:path';
import { renderDiagnostic } from '../../grammar/diagnostics.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { EndlessGameError, RuleError, type AgentFactory } from '../../interpreter/runtime/index.js';
import { Tally, type TallyData } from '../../interpreter/tools/index.js';
import { loadRuleset } from '../load.js';

export interface BatchTask {
  readonly file: string;
  readonly players: number;
  readonly variants: readonly string[];
  readonly seed: string | number;
  /** One agent spec per seat (`random`, `mcts:iterations=200`). */
  readonly agents: readonly string[];
  readonly maxMoves?: number;
  readonly from: number;
  readonly to: number;
}

export type BatchResult =
  | { readonly ok: true; readonly counts: TallyData }
  /** A game a rule stopped: which, and the message as the command prints it. */
  | { readonly ok: false; readonly game: string; readonly message: string };

const definitions = new Map<string, GameDefinition>();

/** The ruleset, compiled once per thread. The command checked it before any task was made. */
function definitionOf(file: string): GameDefinition {
  const path = resolve(file);
  let def = definitions.get(path);
  if (!def) {
    const loaded = loadRuleset(path);
    if (!loaded.definition) throw new Error(`${file} no longer compiles: it changed while the simulation ran.`);
    definitions.set(path, (def = loaded.definition));
  }
  return def;
}

/**
 * Plays a batch. `factories` stands in for specs that are not built-in agents (a module of a game's
 * own agents), which only the command's own thread can load.
 */
export function runBatch(task: BatchTask, factories?: readonly (AgentFactory | null)[], def = definitionOf(task.file)): BatchResult {
  const agents = task.agents.map((spec, seat) => factories?.[seat] ?? spec);
  const tally = new Tally(def, {
    players: task.players, variants: task.variants, seed: task.seed, agents,
    ...(task.maxMoves !== undefined ? { maxMoves: task.maxMoves } : {}),
  });
  for (let g = task.from; g < task.to; g++) {
    try {
      tally.play(g);
    } catch (e) {
      const game = `${task.seed}/${g}`;
      if (e instanceof RuleError) return { ok: false, game, message: renderDiagnostic(e.diagnostic, def.source.text, e.diagnostic.file ?? task.file) };
      if (e instanceof EndlessGameError) return { ok: false, game, message: `error: ${e.message}` };
      throw e; // a bug, not the ruleset's fault: it surfaces as one
    }
  }
  return { ok: true, counts: tally.counts };
}
