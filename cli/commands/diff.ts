// `regula diff <first> [<second>]`: where two encodings of one game (or a game with and without a
// variant) differ: declaration by declaration, in the same games played in both, and in outcomes.
import { compareOutcomes, comparePlay, compareStructure, sharedPlayerCounts } from '../../interpreter/tools/index.js';
import { flag, flags, has, intFlag, UsageError, type Args } from '../args.js';
import { formatOutcomes, formatPlay, formatStructure } from '../format-comparison.js';
import { load, out, progress } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const file = args.positional[0]!;
  // One file with two sets of variants compares a game with itself changed by a variant.
  const secondPath = args.positional[1] ?? file;
  const first = load(file, true);
  const second = secondPath === file ? first : load(secondPath, true);
  if (!first || !second) return 1;
  const [a, b] = [first.definition, second.definition];
  const variants = {
    first: [...flags(args, 'variant'), ...flags(args, 'first-variant')],
    second: [...flags(args, 'variant'), ...flags(args, 'second-variant')],
  };
  for (const [def, ids] of [[a, variants.first], [b, variants.second]] as const) {
    const known = def.variants.filter((v) => v.when === null).map((v) => v.id);
    for (const id of ids) if (!known.includes(id)) throw new UsageError(`${def.source.file} has no variant \`${id}\` to choose (it has: ${known.join(', ') || 'none'}).`);
  }
  const structure = compareStructure(a, b, variants);
  const games = intFlag(args, 'games', 10, 0);
  const counts = flag(args, 'players') ? [intFlag(args, 'players', 0)] : sharedPlayerCounts(a, b);
  for (const n of counts) {
    if (n < Math.max(a.players.min, b.players.min) || n > Math.min(a.players.max, b.players.max)) {
      throw new UsageError(`--players ${n}: the first encoding plays ${a.players.min}–${a.players.max}, the second ${b.players.min}–${b.players.max}.`);
    }
  }
  const seed = flag(args, 'seed') ?? '1';
  const play = games === 0 ? null : comparePlay(a, b, {
    players: counts, games, seed, variants, maxMoves: intFlag(args, 'max-moves', 100_000, 1), onProgress: progress('games played in both'),
  });
  const outcomes = games === 0 ? null : compareOutcomes(a, b, { players: counts, games, seed, variants, onProgress: progress('games played on each side') });
  if (has(args, 'json')) out(JSON.stringify({ first: file, second: secondPath, variants, structure, play, outcomes }));
  else {
    const withVariants = (ids: readonly string[]) => (ids.length ? ` with ${ids.join(', ')}` : '');
    out(`Comparing ${file}${withVariants(variants.first)} (first) with ${secondPath}${withVariants(variants.second)} (second).\n`);
    out(formatStructure(structure));
    if (play) out(`\n${formatPlay(play)}`);
    if (outcomes) out(`\n${formatOutcomes(outcomes)}`);
  }
  return structure.differences.length || (play && play.groups.length) ? 1 : 0;
}
