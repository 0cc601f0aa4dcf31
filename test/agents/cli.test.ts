// `regula play --agents` as a user runs it: built-in agents with options, one per seat, mixed with
// a module of a game's own agents, and the same game again from the same seed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';

function regula(...args: string[]) {
  const r = spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('regula play --agents', () => {
  it('plays mcts against random, the same game from the same seed', () => {
    const args = ['play', 'rulesets/connect-four/connect-four.rules', '--agents', 'mcts:iterations=60,random', '--seed', '5', '--json'];
    const first = regula(...args);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const game = JSON.parse(first.out) as { moves: { player: number; move: string }[]; final: { winners: number[] } };
    expect(game.final.winners).toEqual([0]);
    expect(JSON.parse(regula(...args).out)).toEqual(game);
  });

  it('mixes a built-in agent with a module of the game\'s own agents, seat by seat', () => {
    const r = regula('play', 'rulesets/kudy-tudy/kudy-tudy.cs.rules', '--players', '2', '--agents', 'greedy,rulesets/kudy-tudy/agents.ts#kudyTudyAgent', '--json');
    expect(r.err).toBe('');
    expect(JSON.parse(r.out).final).not.toBeNull();
  });

  it('refuses a list that does not fit the players, and an unknown option, saying why', () => {
    const wrongCount = regula('play', 'rulesets/connect-four/connect-four.rules', '--agents', 'mcts,random,random');
    expect(wrongCount.code).toBe(2);
    expect(wrongCount.err).toMatch(/3 agents were given for 2 players/);
    const option = regula('play', 'rulesets/connect-four/connect-four.rules', '--agents', 'mcts:rollouts=5');
    expect(option.code).toBe(2);
    expect(option.err).toMatch(/no option "rollouts": its options are iterations, ms, c, depth/);
  });
});
