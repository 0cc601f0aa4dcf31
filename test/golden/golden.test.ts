// Replays every golden game (test/golden/fixtures) and requires the identical final state, log
// and move records: each on the live compiled program (what setup and applyInPlace play on), and
// the first of each setting on the machine too (the oracle the games were recorded on). A failure means the runtime's behaviour changed: if that was intended,
// re-record with `npm run golden:record` and say why in the commit.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../cli/load.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { repoRoot } from '../helpers.js';
import { playerCounts, shippedRulesets, variantSettings } from '../settings.js';
import { goldenFixtures, goldenPath, replayGame, type GoldenFile } from './golden.js';

const definitions = new Map<string, GameDefinition>();
function definitionOf(ruleset: string): GameDefinition {
  if (!definitions.has(ruleset)) definitions.set(ruleset, loadRuleset(join(repoRoot, ruleset)).definition!);
  return definitions.get(ruleset)!;
}

const fixtures = goldenFixtures(repoRoot);

describe.each(fixtures)('%s', (fixture) => {
  const file = JSON.parse(readFileSync(join(repoRoot, fixture), 'utf8')) as GoldenFile;
  it(`replays ${file.games.length} games to the recorded final states`, async () => {
    const def = definitionOf(file.ruleset);
    for (const game of file.games) {
      await new Promise((done) => setImmediate(done)); // let the test runner's worker answer its messages
      const { seed, moves, ...recorded } = game;
      expect(replayGame(def, file, game), `${file.ruleset}, ${file.players} players, seed ${seed}`).toEqual(recorded);
      if (game === file.games[0]) expect(replayGame(def, file, game, 'machine'), `on the machine: ${file.ruleset}, ${file.players} players, seed ${seed}`).toEqual(recorded);
    }
  });
});

it('has golden games for every shipped ruleset, player count and variant setting', () => {
  const missing: string[] = [];
  for (const ruleset of shippedRulesets(repoRoot)) {
    const def = definitionOf(ruleset);
    for (const players of playerCounts(def)) {
      for (const variants of variantSettings(def)) {
        const path = goldenPath(ruleset, players, variants);
        if (!existsSync(join(repoRoot, path))) missing.push(path);
      }
    }
  }
  expect(missing, 'record them with `npm run golden:record -- RULESET`').toEqual([]);
});
