// `regula replay <file> <log.json>`: plays a logged game's moves again and compares the result.
import { playGame } from '../../interpreter/runtime/index.js';
import { parseJsonFile } from '../../interpreter/definition/index.js';
import type { Args } from '../args.js';
import { load, out, readText, type gameJson } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const [file, logPath] = args.positional as [string, string];
  const g = load(file, true);
  if (!g) return 1;
  const logged = parseJsonFile<ReturnType<typeof gameJson>>('move log', readText(logPath), logPath);
  const state = playGame(g.definition, { players: logged.players, seed: logged.seed, variants: logged.variants, script: logged.moves.map((m) => m.move) });
  const same = JSON.stringify(state.result) === JSON.stringify(logged.final ?? null);
  out(`replayed ${logged.moves.length} moves: ${state.over ? `scores ${state.result!.scores.join(', ')}, winners ${state.result!.winners.join(', ')}` : 'the game is not over'}`);
  out(same ? 'identical to the log' : `DIFFERENT from the log, which says ${JSON.stringify(logged.final)}`);
  return same ? 0 : 1;
}
