// The red-team suite: command lines as an attacker writes them — every input slot given every kind
// of damaged file, every write target a place that cannot be written, usage meant to confuse, agents
// that throw, control characters — each run under a time limit. Each must end with its exit code,
// one line saying what is wrong (exit 2), no stack trace, no raw control character, and no hang.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { damagedInputCases, unwritableCases, usageCases, type Case } from './cases.js';
import { makeFixtures } from './fixtures.js';
import { problems, runCommandLines, type Outcome } from './harness.js';

const fixtures = makeFixtures();
const groups: Record<string, Case[]> = {
  'damaged input files': damagedInputCases(fixtures),
  'write targets that cannot be written': unwritableCases(fixtures),
  'usage meant to confuse': usageCases(fixtures),
};
const all = Object.values(groups).flat();
/** Per command line: long enough for a loaded machine, far shorter than a hang. */
const LIMIT_MS = 20_000;

const outcomes = new Map<Case, Outcome>();
beforeAll(async () => {
  const results = await runCommandLines(all.map((c) => c.argv), LIMIT_MS);
  all.forEach((c, i) => outcomes.set(c, results[i]!));
}, all.length * LIMIT_MS);
afterAll(() => rmSync(fixtures.dir, { recursive: true, force: true }));

it(`tries at least 100 bad command lines (${all.length})`, () => {
  expect(all.length).toBeGreaterThanOrEqual(100);
});

for (const [group, cases] of Object.entries(groups)) {
  describe(group, () => {
    it.each(cases.map((c) => [c.what, c] as const))('%s', (_what, c) => {
      const o = outcomes.get(c)!;
      expect(problems(o, c.codes, c.argv), `${c.argv.join(' ')}\n${o.err}${o.out}`).toEqual([]);
      if (c.says) expect(o.err + o.out).toMatch(c.says);
    });
  });
}
