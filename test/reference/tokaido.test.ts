// The hand-written Tokaido against the interpreter: seeded random games of tokaido.cs.rules for
// 2–5 players, replayed in the reference with the interpreter's shuffles and chance picks. At
// every decision both offer the same move ids to the same seat; at the end, the same scores and
// winners.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFile, repoRoot } from '../helpers.js';
import { rngChance, seededRandom } from './reference.js';
import { Tokaido } from './tokaido.js';
import { recordGame, replayInReference } from './tokaido-replay.js';

const def = compileFile(join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules'));
const GAMES = 40;

describe('the Tokaido reference plays tokaido.cs.rules', () => {
  for (const players of [2, 3, 4, 5]) {
    it(`agrees with the interpreter on ${GAMES} random ${players}-player games`, () => {
      const game = new Tokaido();
      const differences: string[] = [];
      let decisions = 0;
      for (let g = 0; g < GAMES; g++) {
        const recorded = recordGame(def, players, `reference-${players}-${g}`);
        decisions += recorded.decisions.length;
        const difference = replayInReference(recorded, game);
        if (difference) differences.push(difference);
      }
      expect(differences).toEqual([]);
      expect(decisions).toBeGreaterThan(GAMES * 30);
    });
  }

  it('plays fast random games to the end for every player count, the same from the same seed', () => {
    const game = new Tokaido();
    const play = (players: number, seed: string) => {
      const random = seededRandom(seed);
      game.newGame(players, rngChance(random));
      const moves = game.randomPlayout(random);
      return { moves, scores: game.scores(), over: game.isOver() };
    };
    for (const players of [2, 3, 4, 5]) {
      const first = play(players, `playout-${players}`);
      expect(first.over).toBe(true);
      expect(first.scores).toHaveLength(players);
      expect(first.moves).toBeGreaterThan(players * 10);
      expect(play(players, `playout-${players}`)).toEqual(first);
    }
  });

  it('refuses a move that is not legal, naming the legal ones', () => {
    const game = new Tokaido();
    game.newGame(3);
    expect(game.legalMoveIds()).toHaveLength(2);
    expect(game.legalMoveIds()[0]).toMatch(/^play /);
    expect(() => game.applyMoveId('advance 3')).toThrow(/not legal here; legal: play /);
  });
});
