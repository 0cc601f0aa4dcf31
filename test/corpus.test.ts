// Whole-corpus test: every ruleset checks clean and finishes many seeded random games for every
// player count and variant, with the invariants checked after every move.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { randomAgent } from '../interpreter/runtime/index.js';
import { playGame } from '../interpreter/runtime/index.js';
import { loadRuleset } from '../cli/load.js';
import { invariantViolations } from './invariants.js';
import { repoRoot } from './helpers.js';
import { shippedRulesets, variantSettings } from './settings.js';

const GAMES_PER_SETTING = Number(process.env.REGULA_CORPUS_GAMES ?? 6);

const rulesets = shippedRulesets(repoRoot);

describe.each(rulesets)('%s', (path) => {
  const loaded = loadRuleset(join(repoRoot, path));

  it('checks clean', () => {
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(loaded.diagnostics.filter((d) => d.code === 'R0501')).toEqual([]); // every quotation is in the rulebook
  });

  const def = loaded.definition!;
  if (!def) return;
  for (let players = def.players.min; players <= def.players.max; players++) {
    for (const variants of variantSettings(def)) {
      it(`finishes ${GAMES_PER_SETTING} random games for ${players} players${variants.length ? ` with ${variants.join(' + ')}` : ''}, keeping every invariant`, async () => {
        for (let g = 0; g < GAMES_PER_SETTING; g++) {
          await new Promise((done) => setImmediate(done)); // let the test runner's worker answer its messages
          const seed = `corpus-${players}-${variants.join('+')}-${g}`;
          let checkedLog = 0;
          const state = playGame(def, {
            players, seed, variants,
            agents: Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`)),
            onMove: (s) => {
              const problems = invariantViolations(def, s, checkedLog);
              checkedLog = s.log.length;
              if (problems.length) throw new Error(`${seed}, after move ${s.moves.length}: ${problems.join('; ')}`);
            },
          });
          expect(state.over).toBe(true);
          expect(state.result!.winners.length).toBeGreaterThan(0);
        }
      });
    }
  }
});
