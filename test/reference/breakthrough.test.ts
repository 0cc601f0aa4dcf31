// The Breakthrough ruleset against the hand-written reference: seeded random games, the legal
// move ids compared after every move, and the results at the end.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { compileFile, repoRoot } from '../helpers.js';
import { breakthrough } from './breakthrough.js';
import { compareRandomGame, referenceLog, replay } from './differential.js';
import { seededRandom } from './reference.js';

const GAMES = Number(process.env.REGULA_REFERENCE_GAMES ?? 100);
const def = compileFile(join(repoRoot, 'rulesets/breakthrough/breakthrough.rules'));

describe('Breakthrough: the ruleset and the reference', () => {
  it(`agree on every legal move and every result over ${GAMES} random games`, () => {
    const game = breakthrough();
    const wins = [0, 0];
    for (let g = 0; g < GAMES; g++) {
      const c = compareRandomGame(def, game, `breakthrough-${g}`);
      expect({ game: g, difference: c.difference }).toEqual({ game: g, difference: null });
      wins[c.winners![0]!]!++;
    }
    expect(Math.min(...wins)).toBeGreaterThan(0);
  });

  it('replays logs the reference made on its own', () => {
    const random = seededRandom('breakthrough-logs');
    for (let g = 0; g < 10; g++) {
      const log = referenceLog(breakthrough(), random);
      expect({ log, difference: replay(def, breakthrough(), log).difference }).toEqual({ log, difference: null });
    }
  });

  it('refuses a move the rules forbid, on both sides', () => {
    const opening = ['advance d2+d3', 'advance d7+d6', 'advance d3+d4', 'advance d6+d5'];
    expect(replay(def, breakthrough(), [...opening, 'advance d4+d5']).difference).toMatch(/not legal/);
    const game = breakthrough();
    for (const id of opening) game.applyMoveId(id);
    expect(() => game.applyMoveId('advance d4+d5')).toThrow(/not legal/);
  });

  it('plays fast random games to the end on its own', () => {
    const game = breakthrough();
    const random = seededRandom('breakthrough-playouts');
    for (let g = 0; g < 1000; g++) {
      game.newGame(2);
      const moves = game.randomPlayout(random);
      expect(game.isOver()).toBe(true);
      expect(game.winners()).toHaveLength(1);
      expect(moves).toBeGreaterThanOrEqual(11);
    }
  });
});
