// Kudy? Tudy!: the clue-giving and guessing agents of rulesets/kudy-tudy/agents.ts, the map cards'
// recipe, and what each player's view hides while the agents play.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { playGame } from '../../interpreter/runtime/index.js';
import { modelFor } from '../../interpreter/runtime/index.js';
import { view } from '../../interpreter/runtime/index.js';
import type { GameState } from '../../interpreter/runtime/index.js';
import { bestGuess, cityOf, clueFor, kudyTudyAgent, lineFrom, planJourney } from '../../rulesets/kudy-tudy/agents.js';
import { faceName, faces } from '../../rulesets/kudy-tudy/maps.js';
import { loadKudyTudy, playTeam } from '../../rulesets/kudy-tudy/simulate.js';
import { compileFile, repoRoot } from '../helpers.js';

const def = compileFile(join(repoRoot, 'rulesets/kudy-tudy/kudy-tudy.cs.rules'));
const city = cityOf(def, 3);
const place = (label: string) => city.byLabel.get(label)!;
/** Long runs of games yield now and then so that the test runner's worker can answer its messages. */
const yieldToRunner = () => new Promise((done) => setImmediate(done));

describe('the illustrative data', () => {
  it('holds exactly the map faces the seeded recipe of maps.ts generates', () => {
    const model = modelFor(def, 3, []);
    const table = [...model.things.values()]
      .filter((t) => t.table === 'map-fronts' || t.table === 'map-backs')
      .map((t) => [t.label, t.attrs.card, t.attrs.side, ...['dot-1', 'dot-2', 'dot-3', 'dot-4', 'star-1', 'star-2'].map((k) => t.attrs[k])]);
    const recipe = faces().map((f) => [
      faceName(f), f.card, f.side,
      ...[...f.dots, ...f.stars].map((c) => city.at.get(`${c.x},${c.y}`)!.label),
    ]);
    expect(table.sort()).toEqual(recipe.sort());
  });

  it('lays out the rulebook example: the metro car two places east of the centre, the ice rink to its south', () => {
    expect(lineFrom(city, place('náměstí'), 'east').map((p) => p.label)).toEqual(['kavárna', 'vagón-metra', 'knihovna']);
    expect(lineFrom(city, place('vagón-metra'), 'south').map((p) => p.label)).toContain('kluziště');
    const m01a = city.marks.get('M01a')!;
    expect([m01a.get('vagón-metra'), m01a.get('kluziště'), m01a.get('kurýr-na-kole')]).toEqual([1, 2, undefined]);
  });
});

describe('guessing and clue giving', () => {
  it('reads Jonáš\'s words as the town\'s people of the rulebook do, courier included', () => {
    const east = lineFrom(city, place('náměstí'), 'east');
    expect(bestGuess(east, { white: ['rušné'], black: ['pohodlné'] })?.label).toBe('vagón-metra');
    const south = lineFrom(city, place('vagón-metra'), 'south');
    expect(bestGuess(south, { white: ['studené', 'osvěžující', 'kluzké'], black: [] })?.label).toBe('kluziště');
    const west = lineFrom(city, place('kluziště'), 'west');
    expect(bestGuess(west, { white: ['aktivní', 'kruhové'], black: [] })?.label).toBe('kurýr-na-kole');
  });

  it('finds words that make the target the best guess along its line, or says there are none', () => {
    const west = lineFrom(city, place('kluziště'), 'west');
    const clue = clueFor(west, place('baseballová-výbava'), ['aktivní', 'kruhové', 'dřevěné', 'kovové']);
    expect(clue).not.toBeNull();
    expect(bestGuess(west, clue!)?.label).toBe('baseballová-výbava');
    expect(clueFor(west, place('baseballová-výbava'), ['mokré'])).toBeNull();
  });

  it('plans a journey over the marks of its own map card, every move described', () => {
    const marks = city.marks.get('M01a')!;
    const words = ['rušné', 'pohodlné', 'studené', 'osvěžující', 'kluzké', 'aktivní', 'kruhové', 'tiché', 'malé', 'zelené'];
    const steps = planJourney({ city, start: place('náměstí'), words, marks, arrows: 3 });
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.length).toBeLessThanOrEqual(3);
    let at = place('náměstí');
    for (const s of steps) {
      const line = lineFrom(city, at, s.dir);
      expect(bestGuess(line, s.clue)).toBe(s.target);
      at = s.target;
    }
    const used = steps.flatMap((s) => [...s.clue.white, ...s.clue.black]);
    expect(new Set(used).size).toBe(used.length); // each word once
    expect(steps.some((s) => marks.has(s.target.label))).toBe(true);
  });
});

/**
 * Every seat's view after a move: nothing of another player's map card, words or arrows before they
 * are revealed (`views`), and no secret direction in the log (`logs`).
 */
function leaks(state: GameState): { views: string[]; logs: string[] } {
  const views: string[] = [];
  const logs: string[] = [];
  for (let seat = 0; seat < state.players; seat++) {
    const v = view(def, state, seat);
    for (const [key, zone] of Object.entries(v.zones)) {
      const owner = zone.owner;
      if (owner === null || owner === seat || !/^(passport|words|set-aside|white-\d|black-\d)$/.test(key.split('@')[0]!)) continue;
      for (const card of zone.cards ?? []) if (!state.revealed.includes(card)) views.push(`seat ${seat} sees ${card} in ${key}`);
    }
    const heading = (v.counters.heading ?? {}) as Record<string, number>;
    for (const [arrow, value] of Object.entries(heading)) if (!arrow.startsWith(`arrows#${seat}.`) && value !== 0) views.push(`seat ${seat} sees heading of ${arrow}`);
    // A direction being set (→ 1…4) is secret; the reset to 0 on day two comes after it was announced.
    for (const entry of v.log) if (/heading .*→ [1-4]$/.test(entry.text) && !entry.text.startsWith(`P${seat + 1}:`)) logs.push(`seat ${seat} reads "${entry.text}"`);
  }
  return { views, logs };
}

describe('hidden information while the agents play', () => {
  let found: { views: string[]; logs: string[] } | undefined;
  const play = async () => {
    if (found) return found;
    found = { views: [], logs: [] };
    for (const players of [2, 5]) {
      await yieldToRunner();
      playGame(def, {
        players, seed: `hidden-${players}`,
        agents: Array.from({ length: players }, (_, seat) => kudyTudyAgent(`hidden-${players}`, seat)),
        onMove: (s) => {
          const { views, logs } = leaks(s);
          found!.views.push(...views);
          found!.logs.push(...logs);
        },
      });
    }
    return found;
  };

  it('shows nobody another player\'s map card, words or arrows (zones and counters)', async () => {
    expect((await play()).views).toEqual([]);
  });

  it('keeps the planned directions out of the other players\' logs', async () => {
    expect((await play()).logs).toEqual([]);
  });
});

describe('the smart team against a random one', () => {
  it('scores more on average over 30 seeds (2 and 3 players)', async () => {
    const game = loadKudyTudy();
    const seeds = Array.from({ length: 30 }, (_, g) => ({ players: 2 + (g % 2), seed: `versus-${g}` }));
    const mean = async (team: 'smart' | 'random') => {
      let sum = 0;
      for (const s of seeds) {
        await yieldToRunner();
        sum += playTeam(game, team, s.players, s.seed).score;
      }
      return sum / seeds.length;
    };
    const smart = await mean('smart');
    const random = await mean('random');
    expect(smart).toBeGreaterThan(random);
  });
});
