// `regula outline <file>`: the game's zones, counters and flow as a tree, for a player count.
import { outline } from '../../interpreter/tools/index.js';
import { checkSetup } from '../../interpreter/runtime/index.js';
import { flags, has, intFlag, type Args } from '../args.js';
import { formatOutline } from '../format-outline.js';
import { load, out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const g = load(args.positional[0]!, true);
  if (!g) return 1;
  const players = intFlag(args, 'players', g.definition.players.min);
  checkSetup(g.definition, players, flags(args, 'variant'));
  const o = outline(g.definition, players, flags(args, 'variant'));
  out(has(args, 'json') ? JSON.stringify(o) : formatOutline(o));
  return 0;
}
