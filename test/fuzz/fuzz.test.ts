// A short, seeded fuzz run (generated rulesets and mutated shipped ones: every input gives a game
// or diagnostics within the time bound, never an exception) and the replay of every input an
// earlier run found. `npm run fuzz -- --runs N` is the long run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzInput, mutate, SHIPPED } from './generate.js';
import { fixtures, knownCrash } from './known.js';
import { crashText, runInput, type Outcome } from './run.js';

/** Per input: compile, render, and a few moves of a game that checks clean. */
export const TIME_BOUND_MS = 2_000;
const known = fixtures().filter((f) => f.known !== null);

function verdict(source: string): { outcome: Outcome; ms: number } {
  const started = performance.now();
  // As in scripts/fuzz.ts: a rule that fires its own event stops within a few hundred milliseconds.
  const outcome = runInput(source, { stepBudget: 5_000 });
  return { outcome, ms: performance.now() - started };
}

describe('fuzzing', () => {
  it('turns 200 seeded inputs into games or diagnostics, each within the time bound', () => {
    fc.assert(
      fc.property(fuzzInput, (source) => {
        const { outcome, ms } = verdict(source);
        if (outcome.kind === 'crash' && !knownCrash(crashText(outcome), known)) throw new Error(`crashed in ${crashText(outcome)}`);
        if (ms > TIME_BOUND_MS) throw new Error(`took ${Math.round(ms)} ms`);
      }),
      { numRuns: 200, seed: 13_2025 },
    );
  }, 300_000);

  it('mutates without losing text: no mutation gives the text back unchanged', () => {
    const source = SHIPPED.values().next().value!;
    expect(mutate(source, [])).toBe(source);
    expect(mutate(source, [{ op: 'number', at: 0.5, value: '9'.repeat(40) }])).toContain('9'.repeat(40));
  });
});

describe('regressions', () => {
  for (const f of fixtures()) {
    if (f.known !== null) {
      it.skip(`${f.name} — known, outside the parser and checker: ${f.known}`, () => {});
      continue;
    }
    it(f.name, () => {
      const { outcome, ms } = verdict(f.source);
      expect(outcome.kind === 'crash' ? crashText(outcome) : 'no crash').toBe('no crash');
      expect(ms).toBeLessThan(TIME_BOUND_MS);
    });
  }

  it('keeps each known crash recognisable: it still crashes the way its pattern says', () => {
    for (const f of known.filter((k) => !k.hangs)) {
      const { outcome } = verdict(f.source);
      // Once the runtime is fixed the fixture stops crashing: drop its `known` lines then.
      if (outcome.kind === 'crash') expect(knownCrash(crashText(outcome), [f]), f.name).toBe(f);
    }
  });
});
