// `regula info <file>`: the game's name, player counts, variants and rulebook.
import { has, type Args } from '../args.js';
import { load, out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const g = load(args.positional[0]!, true);
  if (!g) return 1;
  const def = g.definition;
  const info = {
    name: def.name, players: def.players,
    variants: def.variants.filter((v) => v.when === null).map((v) => ({ id: v.id, title: v.title })),
    source: def.rulebook,
  };
  if (has(args, 'json')) out(JSON.stringify(info));
  else {
    out(`${info.name} — ${info.players.min} to ${info.players.max} players — rulebook ${info.source ?? '(none)'}`);
    for (const v of info.variants) out(`  variant ${v.id}: ${v.title}`);
    for (const v of def.variants.filter((x) => x.when !== null)) out(`  rule for some player counts: ${v.id}: ${v.title}`);
  }
  return 0;
}
