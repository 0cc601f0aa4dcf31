// The mutation suite of `regula diff`, over every shipped ruleset with a rulebook: generated
// harmless edits (renames of every kind, reorderings, reformatting, relabelling) report nothing;
// generated rule edits (constants, comparisons, conditions, tie policies, optional/mandatory) are
// each reported once, on the right pair of declarations. A sample keeps it quick; the whole sweep
// is `npx tsx scripts/compare-mutations.ts` (every name, every declaration's edits).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { compareStructure } from '../../interpreter/tools/index.js';
import { compileText, repoRoot } from '../helpers.js';
import { mutationScore, rulesetsWithRulebooks, sampleMutants, type Score } from './mutants.js';

const total: Score[] = [];

describe('generated edits of every shipped ruleset with a rulebook', () => {
  for (const file of rulesetsWithRulebooks(join(repoRoot, 'rulesets'))) {
    it(file.slice(file.indexOf('rulesets/')), () => {
      const text = readFileSync(file, 'utf8');
      const original = compileText(text, file);
      const score = mutationScore(sampleMutants(text), (m) => compareStructure(original, compileText(m.text, file)));
      total.push(score);
      expect(score.invalidHarmless, 'harmless edits that do not compile').toEqual([]);
      expect(score.misses, 'rule edits not reported once on their declaration').toEqual([]);
      expect(score.falseEntries, 'entries where nothing or something else changed').toEqual([]);
      expect(score.ruleEdits).toBeGreaterThan(0);
      expect(score.harmlessEdits).toBeGreaterThan(5);
    }, 60_000);
  }

  it('precision and recall over them all', () => {
    const sum = (f: (s: Score) => number) => total.reduce((n, s) => n + f(s), 0);
    const found = sum((s) => s.found);
    const precision = found / (found + sum((s) => s.falseEntries.length));
    const recall = found / sum((s) => s.ruleEdits);
    console.log(`regula diff mutation sample: ${sum((s) => s.harmlessEdits)} harmless edits, ${sum((s) => s.ruleEdits)} rule edits; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`);
    expect(precision).toBe(1);
    expect(recall).toBe(1);
  });
});
