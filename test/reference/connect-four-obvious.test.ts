// The two Connect Four encodings — the tuned ruleset and the newcomer's obvious one the bench
// measures against it — play the same game: the same legal move ids after every move, the same
// results, over seeded random games and the scenarios' games.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileFile, repoRoot } from '../helpers.js';
import { compareRandomGame, interpretedGame, replay } from './differential.js';

const GAMES = Number(process.env.REGULA_OBVIOUS_GAMES ?? 10);
const tuned = compileFile(join(repoRoot, 'rulesets/connect-four/connect-four.rules'));
const obvious = compileFile(join(repoRoot, 'rulesets/connect-four/connect-four.obvious.rules'));

describe('Connect Four: the obvious encoding and the tuned one', () => {
  it(`agree on every legal move and every result over ${GAMES} random games`, () => {
    for (let g = 0; g < GAMES; g++) {
      const c = compareRandomGame(tuned, interpretedGame(obvious), `obvious-${g}`);
      expect({ game: g, difference: c.difference }).toEqual({ game: g, difference: null });
    }
  });

  it("agree move by move on the scenarios' games: wins each way, a draw, a full column", () => {
    const dir = join(repoRoot, 'rulesets/connect-four/scenarios');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const scenario = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { steps: { play?: string[] }[] };
      const log = scenario.steps.flatMap((s) => s.play ?? []);
      const c = replay(tuned, interpretedGame(obvious), log);
      // The full column's game stops before the end: the only difference allowed is that one.
      const allowed = file === 'full-column.json' ? expect.stringMatching(/^the log ends after 6 moves, before the game does$/) : null;
      expect({ file, difference: c.difference }).toEqual({ file, difference: allowed });
    }
  });
});
