// `regula coverage <file>`: which rulebook sentences the ruleset cites, in part, or not at all.
import { coverage } from '../../interpreter/tools/index.js';
import { has, UsageError, type Args } from '../args.js';
import { formatCoverage } from '../format-coverage.js';
import { load, out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const file = args.positional[0]!;
  const g = load(file, true);
  if (!g) return 1;
  if (!g.rulebook) throw new UsageError(`${file} names no rulebook that can be read, so there is nothing to measure it against.`);
  const c = coverage(g.definition, g.rulebook);
  out(has(args, 'json') ? JSON.stringify(c) : formatCoverage(c, file));
  // A flavour mark whose words are not in the rulebook is a misquotation, as a bad `cites` is.
  return c.unfound.length ? 1 : 0;
}
