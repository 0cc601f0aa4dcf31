// The fuzz corpus's rulesets that check clean all compile to the program: generated and mutated
// rulesets (the same seeded inputs the fuzz test runs) and the regressions an earlier run kept.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { compileSource } from '../../interpreter/compiler/index.js';
import { whyNotCompiled } from '../../interpreter/runtime/index.js';
import { fuzzInput } from './generate.js';

/** Why the program does not cover a ruleset that checks clean, at each player count (none: it does). */
function gaps(source: string): string[] {
  const def = compileSource(source, 'fuzz.rules').definition;
  if (!def) return [];
  const out: string[] = [];
  for (let players = def.players.min; players <= Math.min(def.players.max, def.players.min + 3); players++) {
    const why = whyNotCompiled(def, players);
    if (why !== null) out.push(`${players} players: ${why}`);
  }
  return out;
}

it('compiles every seeded fuzz input that checks clean', () => {
  const missing: string[] = [];
  let clean = 0;
  fc.assert(fc.property(fuzzInput, (source) => {
    if (compileSource(source, 'fuzz.rules').definition) clean++;
    missing.push(...gaps(source));
  }), { numRuns: 200, seed: 13_2025 });
  expect(clean).toBeGreaterThan(20);
  expect(missing).toEqual([]);
});

it('compiles the kept regressions that check clean', () => {
  const dir = join(import.meta.dirname, 'regressions');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.rules'))) expect(gaps(readFileSync(join(dir, file), 'utf8')), file).toEqual([]);
});
