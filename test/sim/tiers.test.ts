// A simulation counts the same games the same way whichever tier plays them: agents that pick by
// index play on the compiled tier, the others on the machine. Every count of the report — wins,
// scores, moves, turns, margins, lead changes, first options, rules fired, options taken — must match.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../interpreter/tools/index.js';
import { randomAgent, whyNotCompiled, type AgentFactory } from '../../interpreter/runtime/index.js';
import { compileFile } from '../helpers.js';

/** The random agent as `random` makes it, but without `pick`: the machine plays its games. */
const randomByIds: AgentFactory = (seed, seat) => {
  const agent = randomAgent(`${seed}:${seat}`);
  return { name: agent.name, choose: (moves, context) => agent.choose(moves, context) };
};

const GAMES: readonly [string, number, number][] = [
  ['rulesets/connect-four/connect-four.rules', 2, 40],
  ['rulesets/breakthrough/breakthrough.rules', 2, 20],
  ['rulesets/tokaido/tokaido.cs.rules', 3, 20],
  ['rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules', 2, 6],
  ['rulesets/yacht/yacht.rules', 2, 10],
  ['rulesets/hearts/hearts.rules', 4, 6],
];

describe('simulations on either tier', () => {
  for (const [file, players, games] of GAMES) {
    it(`count the same ${games} games of ${file.split('/').pop()} the same`, () => {
      const def = compileFile(file);
      expect(whyNotCompiled(def, players)).toBeNull();
      const compiled = simulate(def, { players, games, seed: 'tiers', agent: 'random' });
      const machine = simulate(def, { players, games, seed: 'tiers', agent: randomByIds, agentNames: Array(players).fill('random') });
      expect(compiled.games).toBe(games);
      // Only the engine differs, and the report says which played.
      expect(compiled.engine).toEqual({ compiled: games, machine: 0, whyNotCompiled: null });
      expect(machine.engine).toEqual({ compiled: 0, machine: games, whyNotCompiled: null });
      expect(compiled.text).toContain(`engine: the compiled tier played all ${games} games`);
      expect(machine.text).toContain(`engine: the machine played all ${games} games (agents that do not pick by index`);
      const counts = ({ engine: _, text, ...rest }: typeof compiled) => JSON.stringify({ ...rest, text: text.replace(/\n {2}engine: [^\n]*/, '') });
      expect(counts(compiled)).toBe(counts(machine));
    });
  }
});

describe('the engine, as a library user sees it', () => {
  it('playout (from the package) says which engine played the game', async () => {
    const { playout, randomAgent: random, whyNotCompiled: why } = await import('../../index.js');
    const def = compileFile('rulesets/connect-four/connect-four.rules');
    expect(why(def, 2)).toBeNull();
    const game = playout(def, { players: 2, seed: 'lib', agents: (seat) => random(`lib:${seat}`) });
    expect(game.tier).toBe('compiled');
    expect(game.result.winners.length).toBeGreaterThan(0);
    const byIds = playout(def, { players: 2, seed: 'lib', agents: (seat) => randomByIds('lib', seat) });
    expect(byIds.tier).toBe('machine');
  });
});
