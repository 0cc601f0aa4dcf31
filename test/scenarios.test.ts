// Runs every scenario file under rulesets/*/scenarios/ exactly as `regula scenario` does: each is
// a rulebook's worked example (or a rule's edge), replayed and checked step by step.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadRuleset, loadScenario } from '../cli/load.js';
import { identityOf, type LoadedGame } from '../cli/shared.js';
import { loadSavedGame, runScenario } from '../interpreter/tools/index.js';
import { compileFile, repoRoot } from './helpers.js';

const files = readdirSync(join(repoRoot, 'rulesets'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(repoRoot, 'rulesets', d.name, 'scenarios')))
  .flatMap((d) => readdirSync(join(repoRoot, 'rulesets', d.name, 'scenarios')).filter((f) => f.endsWith('.json')).map((f) => join('rulesets', d.name, 'scenarios', f)));

const definitions = new Map<string, ReturnType<typeof compileFile>>();

describe.each(files)('%s', (file) => {
  const { scenario, rulesetPath, start } = loadScenario(join(repoRoot, file));
  it(scenario.title, () => {
    if (!definitions.has(rulesetPath)) definitions.set(rulesetPath, compileFile(rulesetPath));
    const def = definitions.get(rulesetPath)!;
    // A saved game to start from is replayed, every move checked, as `regula scenario` does.
    const from = start && loadSavedGame(def, identityOf(loadRuleset(rulesetPath) as LoadedGame), start.text, start.file).state;
    const outcomes = runScenario(def, scenario, from);
    const failures = outcomes.flatMap((o) => o.failures.map((f) => `step ${o.step}${o.note ? ` (${o.note})` : ''}: ${f}`));
    expect(failures).toEqual([]);
  });
});

it('finds the scenario files', () => {
  expect(files.length).toBeGreaterThan(0);
});
