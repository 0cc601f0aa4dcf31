// `regula scenario <file>...`: runs scenario files, each a rulebook example replayed and checked.
import { loadSavedGame, runScenario } from '../../interpreter/tools/index.js';
import type { Args } from '../args.js';
import { loadScenario } from '../load.js';
import { identityOf, load, out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  let failed = 0;
  for (const path of args.positional) {
    const { scenario, rulesetPath, start } = loadScenario(path);
    const g = load(rulesetPath, true);
    if (!g) return 1;
    const outcomes = runScenario(g.definition, scenario, start && loadSavedGame(g.definition, identityOf(g), start.text, start.file).state);
    const bad = outcomes.filter((o) => o.failures.length);
    out(`${bad.length ? 'FAIL' : 'ok  '} ${path}: ${scenario.title}`);
    for (const o of bad) for (const f of o.failures) out(`     step ${o.step}${o.note ? ` (${o.note})` : ''}: ${f}`);
    if (bad.length) failed++;
  }
  return failed ? 1 : 0;
}
