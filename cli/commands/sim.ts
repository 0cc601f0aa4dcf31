// `regula sim <file>`: many agent games: wins by seat, scores, game length.
import { simulate } from '../../interpreter/tools/index.js';
import { flag, has, intFlag, type Args } from '../args.js';
import { agentFactory, gameOptions, load, out, progress } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const games = intFlag(args, 'games', 100, 1);
  const g = load(args.positional[0]!, true);
  if (!g) return 1;
  const o = gameOptions(args, g.definition);
  const report = simulate(g.definition, {
    players: o.players, variants: o.variants, games, seed: o.seed, agent: await agentFactory(args), agentName: flag(args, 'agent') ?? 'random',
    onProgress: (done) => progress('games')(done, games),
  });
  out(has(args, 'json') ? JSON.stringify(report) : report.text);
  return 0;
}
