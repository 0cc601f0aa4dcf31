// The whole mutation sweep of `regula diff` (the test suite runs a sample): every shipped ruleset
// with a rulebook, every declared name renamed on its own, every declaration's rule edits alone and
// with the declaration renamed; prints each miss and false entry, then precision and recall.
//   npx tsx scripts/compare-mutations.ts [RULESET…]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareStructure } from '../interpreter/tools/index.js';
import { allMutants, mutationScore, rulesetsWithRulebooks, type Score } from '../test/compare/mutants.js';
import { compileText, repoRoot } from '../test/helpers.js';

const files = process.argv.length > 2 ? process.argv.slice(2) : rulesetsWithRulebooks(join(repoRoot, 'rulesets'));
const scores: Score[] = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const original = compileText(text, file);
  const score = mutationScore(allMutants(text), (m) => compareStructure(original, compileText(m.text, file)));
  scores.push(score);
  console.log(`${file}: ${score.harmlessEdits} harmless, ${score.ruleEdits} rule edits (${score.invalid} more left out, not valid rules); ${score.found} found, ${score.misses.length} missed, ${score.falseEntries.length} false entries`);
  for (const line of [...score.invalidHarmless, ...score.misses, ...score.falseEntries]) console.log(`  ${line}`);
}
const sum = (f: (s: Score) => number) => scores.reduce((n, s) => n + f(s), 0);
const found = sum((s) => s.found);
const falses = sum((s) => s.falseEntries.length);
console.log(`\n${sum((s) => s.harmlessEdits)} harmless edits, ${sum((s) => s.ruleEdits)} rule edits: precision ${(found / (found + falses)).toFixed(4)} (${found} of ${found + falses} entries), recall ${(found / sum((s) => s.ruleEdits)).toFixed(4)} (${found} of ${sum((s) => s.ruleEdits)} edits)`);
process.exitCode = sum((s) => s.misses.length + s.invalidHarmless.length) + falses ? 1 : 0;
