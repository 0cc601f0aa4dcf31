// `npm run golden:record [-- RULESET...]`: records the golden games anew. Run it only when a change
// to the behaviour of games is intended, and say in the commit which games changed and why.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadRuleset } from '../../cli/load.js';
import { repoRoot } from '../helpers.js';
import { playerCounts, shippedRulesets, variantSettings } from '../settings.js';
import { FEWEST_GAMES, goldenPath, MOST_GAMES, MOVES_PER_SETTING, recordGame, type GoldenFile, type GoldenGame } from './golden.js';

const wanted = process.argv.slice(2);
const rulesets = shippedRulesets(repoRoot).filter((r) => wanted.length === 0 || wanted.some((w) => r.includes(w)));
for (const ruleset of rulesets) {
  const def = loadRuleset(join(repoRoot, ruleset)).definition;
  if (!def) throw new Error(`${ruleset} has errors: fix them before recording golden games.`);
  for (const players of playerCounts(def)) {
    for (const variants of variantSettings(def)) {
      const games: GoldenGame[] = [];
      let moves = 0;
      while (games.length < FEWEST_GAMES || (games.length < MOST_GAMES && moves < MOVES_PER_SETTING)) {
        const game = recordGame(def, players, variants, `golden-${games.length}`);
        games.push(game);
        moves += game.moves.length;
      }
      const file: GoldenFile = { ruleset, players, variants, games };
      const path = join(repoRoot, goldenPath(ruleset, players, variants));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${JSON.stringify(file)}\n`);
      process.stdout.write(`${goldenPath(ruleset, players, variants)}: ${games.map((g) => g.moves.length).join(', ')} moves\n`);
    }
  }
}
