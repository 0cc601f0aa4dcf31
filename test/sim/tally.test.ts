// The simulator's counts through its API (what the playground and the command both use): dead
// rules found with their places, tallies of games played apart merging into the tally of the same
// games played together, the figures adding up, and a comparison that finds a real shift.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSimulations, emptyTally, mergeTally, simulate, simulationReport, Tally } from '../../interpreter/tools/index.js';
import { playGame, randomAgent } from '../../interpreter/runtime/index.js';
import { compileFile, repoRoot } from '../helpers.js';

const FIXTURE = 'test/sim/dead-rules.rules';
const def = compileFile(join(repoRoot, FIXTURE));
const lineOf = (text: string) => readFileSync(join(repoRoot, FIXTURE), 'utf8').split('\n').findIndex((l) => l.startsWith(text)) + 1;

describe('rule firing', () => {
  const r = simulate(def, { players: 2, games: 60, seed: 'dead' });

  it('names exactly the rules that cannot fire, with where they are declared', () => {
    expect(r.deadRules.map((d) => d.rule)).toEqual(['six-bonus', 'no-sevens']);
    expect(r.deadRules[0]!.at).toMatch(new RegExp(`dead-rules\\.rules:${lineOf('rule six-bonus')}:1$`));
    expect(r.deadRules[1]).toMatchObject({ kind: 'forbid' });
    expect(r.deadRules[1]!.at).toMatch(new RegExp(`dead-rules\\.rules:${lineOf('rule no-sevens')}:1$`));
    expect(r.text).toContain(`${r.deadRules[0]!.at}: rule \`six-bonus\``);
  });

  it('counts a called rule once a call and a triggered rule only when its condition holds', () => {
    const fired = Object.fromEntries(r.rules.map((x) => [x.rule, x]));
    // Every turn scores its card: the called rule runs once a turn.
    expect(fired['score-card']!.fired).toBe(Math.round(r.length.turns.value * r.games));
    expect(fired['score-card']!.games.value).toBe(1);
    // A five is played in some games and not others.
    expect(fired['five-bonus']!.fired).toBeGreaterThan(0);
    expect(fired['five-bonus']!.games.value).toBeLessThan(1);
  });

  it('does not count the games an agent plays in its head (a search agent\'s playouts)', () => {
    // An agent that plays a whole game of its own before each move, as a search agent does.
    const thinker = (seed: string | number) => ({
      name: 'thinker',
      choose: (moves: readonly string[]) => {
        playGame(def, { players: 2, seed: `${seed}:thought`, agents: [randomAgent(1), randomAgent(2)] });
        return moves[0]!;
      },
    });
    const r = simulate(def, { players: 2, games: 10, seed: 'think', agent: thinker });
    const scored = r.rules.find((x) => x.rule === 'score-card')!;
    expect(scored.fired).toBe(Math.round(r.length.turns.value * r.games));
  });

  it("counts a variant's rules in its place", () => {
    const big = simulate(def, { players: 2, games: 20, seed: 'dead', variants: ['big-five'] });
    const five = big.rules.find((x) => x.rule === 'five-bonus')!;
    expect(five.at).toMatch(new RegExp(`:${lineOf('  replace rule five-bonus')}:`));
    expect(five.fired).toBeGreaterThan(0);
  });
});

describe('tallies', () => {
  it('merge: games played apart count exactly as the same games played together', () => {
    const whole = new Tally(def, { players: 3, seed: 7 });
    for (let g = 0; g < 30; g++) whole.play(g);
    const parts = [new Tally(def, { players: 3, seed: 7 }), new Tally(def, { players: 3, seed: 7 })];
    for (let g = 0; g < 30; g++) parts[g % 2]!.play(g); // interleaved, as threads take batches
    const merged = mergeTally(mergeTally(emptyTally(3), parts[1]!.counts), parts[0]!.counts);
    const setup = { players: 3, seed: 7, agentNames: ['random', 'random', 'random'] };
    expect(JSON.stringify(simulationReport(def, merged, setup))).toBe(JSON.stringify(simulationReport(def, whole.counts, setup)));
  });

  it('adds up: wins to the games, starting options to the seats that decided, choices to the moves', () => {
    const r = simulate(def, { players: 3, games: 40, seed: 3 });
    expect(r.winsBySeat.reduce((a, b) => a + b, 0)).toBeCloseTo(40, 9);
    expect(r.seats.map((s) => s.winRate.value * 40)).toEqual(r.winsBySeat.map((w) => expect.closeTo(w, 9)));
    for (const s of r.seats) {
      expect(s.winRate.low).toBeLessThanOrEqual(s.winRate.value);
      expect(s.winRate.high).toBeGreaterThanOrEqual(s.winRate.value);
      expect(s.scores.reduce((n, b) => n + b.count, 0)).toBe(40);
    }
    expect(r.startingOptions.every((o) => o.option.startsWith('play ') && o.choice === 'play')).toBe(true);
    expect(r.startingOptions.reduce((n, o) => n + o.taken, 0)).toBeLessThanOrEqual(3 * 40);
    const made = r.choices.reduce((n, c) => n + c.made, 0);
    expect(made).toBe(Math.round(r.length.moves.value * 40));
    expect(r.decisiveness.leadChanges).not.toBeNull();
    expect(r.decisiveness.margins.reduce((n, b) => n + b.count, 0)).toBe(40);
  });

  it('reports what the old report did, for the playground and regula diff', () => {
    const r = simulate(def, { players: 2, games: 10, seed: 1, agent: 'first' });
    expect(r.games).toBe(10);
    expect(r.meanScoreBySeat).toHaveLength(2);
    expect(r.meanMoves).toBeGreaterThan(0);
    expect(r.agents).toEqual(['first', 'first']);
  });
});

describe('comparing two simulations', () => {
  it('finds the shift a variant makes, with its p-value, and none between a side and itself', () => {
    const base = simulate(def, { players: 2, games: 150, seed: 'c' });
    const big = simulate(def, { players: 2, games: 150, seed: 'c', variants: ['big-five'] });
    const c = compareSimulations(base, big, { first: 'base', second: 'big-five' });
    const margin = c.shifts.find((s) => s.figure === 'winning margin')!;
    expect(margin.after).toBeGreaterThan(margin.before);
    expect(margin.p).toBeLessThan(0.001);
    expect(margin.significant).toBe(true);
    expect(c.text).toMatch(/winning margin: [\d.]+ → [\d.]+ \(p < 0\.001\)  \*/);
    expect(c.shifts.slice(0, 4).map((s) => s.figure)).toEqual(['seat 0 win rate', 'seat 1 win rate', 'seat 0 mean score', 'seat 1 mean score']);
    const same = compareSimulations(base, base, { first: 'a', second: 'a' });
    expect(same.shifts.every((s) => !s.significant)).toBe(true);
  });
});
