// The Connect Four ruleset against the hand-written reference: a few hundred seeded random games,
// the legal move ids compared after every move, and the results at the end.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { compileFile, repoRoot } from '../helpers.js';
import { connectFour } from './connect-four.js';
import { compareRandomGame, referenceLog, replay } from './differential.js';
import { seededRandom } from './reference.js';

const GAMES = Number(process.env.REGULA_REFERENCE_GAMES ?? 300);
const def = compileFile(join(repoRoot, 'rulesets/connect-four/connect-four.rules'));

describe('Connect Four: the ruleset and the reference', () => {
  it(`agree on every legal move and every result over ${GAMES} random games`, () => {
    const game = connectFour();
    const ends = { won: 0, drawn: 0 };
    for (let g = 0; g < GAMES; g++) {
      const c = compareRandomGame(def, game, `connect-four-${g}`);
      expect({ game: g, difference: c.difference }).toEqual({ game: g, difference: null });
      if (c.winners!.length === 1) ends.won++;
      else ends.drawn++;
    }
    expect(ends.won).toBeGreaterThan(0);
  });

  it('replays logs the reference made on its own', () => {
    const random = seededRandom('connect-four-logs');
    for (let g = 0; g < 20; g++) {
      const log = referenceLog(connectFour(), random);
      expect({ log, difference: replay(def, connectFour(), log).difference }).toEqual({ log, difference: null });
    }
  });

  it('reports a log that goes on after the game ends, or stops before', () => {
    const vertical = ['drop a', 'drop b', 'drop a', 'drop b', 'drop a', 'drop b', 'drop a'];
    expect(replay(def, connectFour(), vertical)).toMatchObject({ difference: null, scores: [1, 0], winners: [0] });
    expect(replay(def, connectFour(), [...vertical, 'drop c']).difference).toMatch(/log goes on/);
    expect(replay(def, connectFour(), vertical.slice(0, 5)).difference).toMatch(/log ends after 5 moves/);
  });

  it('plays fast random games to the end on its own', () => {
    const game = connectFour();
    const random = seededRandom('connect-four-playouts');
    for (let g = 0; g < 1000; g++) {
      game.newGame(2);
      const moves = game.randomPlayout(random);
      expect(game.isOver()).toBe(true);
      expect(moves).toBeGreaterThanOrEqual(7);
      expect(moves).toBeLessThanOrEqual(42);
    }
  });
});
