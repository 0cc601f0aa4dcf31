// `regula replay <file> <game.json>`: replays a saved game (play --json, --save) from its setup,
// every move checked, and compares the result and log with those the file records.
import type { Args } from '../args.js';
import { load, loadSaved, out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const [file, gamePath] = args.positional as [string, string];
  const g = load(file, true);
  if (!g) return 1;
  // A damaged or forged file is refused (exit 2); only a result or log that differs is reported here.
  const { state, moves, disagreement } = loadSaved(g, gamePath, { derived: 'report' });
  out(`replayed ${moves} moves: ${state.over ? `scores ${state.result!.scores.join(', ')}, winners ${state.result!.winners.join(', ')}` : 'the game is not over'}`);
  out(disagreement ? `DIFFERENT from the saved game: ${disagreement}` : 'identical to the saved game');
  return disagreement ? 1 : 0;
}
