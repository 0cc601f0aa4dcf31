// Command lines fast-check makes up (test/redteam/generate.ts), a few dozen a run in npm test
// (`npm run fuzz -- --target cli --runs N` for many): whatever they do, they end under the time
// limit with an exit code of 0 to 3, print no stack trace and no raw control character, and a bad
// one says what is wrong in one line.
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { makeFixtures } from './fixtures.js';
import { commandLine } from './generate.js';
import { problems, runCommandLines } from './harness.js';

const fixtures = makeFixtures();
afterAll(() => rmSync(fixtures.dir, { recursive: true, force: true }));

const RUNS = 60;
const LIMIT_MS = 30_000;

it(`ends ${RUNS} made-up command lines cleanly`, async () => {
  const lines = fc.sample(commandLine(fixtures), { numRuns: RUNS, seed: Date.now() % 100_000 });
  const outcomes = await runCommandLines(lines, LIMIT_MS);
  const bad = outcomes.flatMap((o, i) => {
    const found = problems(o, [0, 1, 2, 3], lines[i]);
    return found.length ? [`regula ${JSON.stringify(lines[i])}: ${found.join('; ')}`] : [];
  });
  expect(bad).toEqual([]);
}, RUNS * LIMIT_MS);
