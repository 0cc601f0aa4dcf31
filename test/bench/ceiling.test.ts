// The bench's ceiling (bench/ceiling.ts) is only a fair bound if it plays the interpreter's game:
// for the bench's own agents, every game's move ids must be the interpreter's, in both its forms.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectFourCeiling } from '../../bench/ceiling.js';
import { interpretedPlayout } from '../../bench/measure.js';
import { playGame, randomAgent } from '../../interpreter/runtime/index.js';
import { compileFile, repoRoot } from '../helpers.js';

const def = compileFile(join(repoRoot, 'rulesets/connect-four/connect-four.rules'));
const interpreted = (game: number) => {
  const seed = `bench-${game}`;
  return playGame(def, { players: 2, seed, agents: [randomAgent(`${seed}:0`), randomAgent(`${seed}:1`)] }).moves.map((m) => m.move);
};

describe('the Connect Four ceiling', () => {
  it('uses the agents the bench gives the interpreter', () => {
    expect(interpretedPlayout(def, 2)(7)).toBe(interpreted(7).length);
  });
  for (const scans of ['as-written', 'indexed'] as const) {
    it(`plays the interpreter's games move for move (${scans})`, () => {
      const ceiling = connectFourCeiling(def, scans);
      for (let game = 0; game < 60; game++) expect(ceiling.play(game), `game ${game}`).toEqual(interpreted(game));
    });
  }
  it('refuses a ruleset that is not Connect Four', () => {
    const other = compileFile(join(repoRoot, 'rulesets/breakthrough/breakthrough.rules'));
    expect(() => connectFourCeiling(other, 'indexed')).toThrow(/the ceiling is Connect Four's/);
  });
});
