// The long run of made-up command lines, for `npm run fuzz -- --target cli --runs N`: batches of
// fast-check samples (each from its own seed, so any one can be made again) run through the
// red-team harness; every one that hangs, lets an exception through, prints a stack trace or a raw
// control character, or fails in more than one line is printed. Gives the count of those.
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { makeFixtures } from './fixtures.js';
import { commandLine } from './generate.js';
import { problems, runCommandLines } from './harness.js';

/** Per command line: a whole process warming up, on a loaded machine, is far below it. */
const LIMIT_MS = 30_000;
const BATCH = 200;

export async function fuzzCommandLines(runs: number, seed: number, log: (line: string) => void): Promise<number> {
  const fixtures = makeFixtures();
  const arbitrary = commandLine(fixtures);
  let failures = 0;
  const started = Date.now();
  try {
    for (let done = 0; done < runs; done += BATCH) {
      const lines = fc.sample(arbitrary, { numRuns: Math.min(BATCH, runs - done), seed: seed * 1_000_003 + done / BATCH });
      const outcomes = await runCommandLines(lines, LIMIT_MS);
      outcomes.forEach((o, i) => {
        const found = problems(o, [0, 1, 2, 3], lines[i]);
        if (!found.length) return;
        failures++;
        log(`command line ${done + i}: regula ${JSON.stringify(lines[i])}: ${found.join('; ')}`);
      });
      log(`… ${Math.min(runs, done + BATCH)} command lines, ${failures} failing (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  } finally {
    rmSync(fixtures.dir, { recursive: true, force: true });
  }
  return failures;
}
