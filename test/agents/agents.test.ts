// The agents that must not peek (greedy, mcts): they decide from their player's view alone, so two
// states that differ only in what that player cannot see get the same decision; the states they
// sample from a view fit it; and mcts takes an immediate win and blocks an immediate loss.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyInPlace, determinizer, legalMoves, modelFor, playGame, randomAgent, seedRng, setup, shuffleInPlace,
  stateProblems, view, zoneReaders, type Agent, type GameState,
} from '../../interpreter/runtime/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { agentFromSpec, AgentSpecError, seatsFromSpecs } from '../../interpreter/tools/index.js';
import { compileFile, repoRoot } from '../helpers.js';
import { shippedRulesets } from '../settings.js';

const ruleset = (path: string) => compileFile(join(repoRoot, 'rulesets', path));

/** A random game played until `moves` decisions have been made and `seat` decides. */
function positionFor(def: GameDefinition, seed: string, moves: number, seat: number): GameState {
  const state = setup(def, 2, seed);
  const agents = [randomAgent(`${seed}:0`), randomAgent(`${seed}:1`)];
  for (let legal = legalMoves(def, state); legal; legal = legalMoves(def, state)) {
    if (state.moves.length >= moves && legal.player === seat && legal.moves.length > 1) return state;
    applyInPlace(def, state, agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }));
  }
  throw new Error('the game ended before the position was reached');
}

/**
 * The same position with everything `seat` cannot see dealt afresh: the cards hidden from it shuffled
 * among the places they lie in (each kind among its own), and a new generator for chance.
 */
function reshuffledHidden(def: GameDefinition, state: GameState, seat: number): GameState {
  const model = modelFor(def, state.players, state.variants);
  const other = structuredClone(state);
  const places = new Map<string, { zone: string; at: number }[]>();
  for (const [key, cards] of Object.entries(other.zones)) {
    const readers = zoneReaders(model, key);
    if (readers === null || readers.includes(seat)) continue;
    cards.forEach((card, at) => {
      if (other.revealed.includes(card)) return;
      const kind = model.things.get(card)!.component;
      places.set(kind, [...(places.get(kind) ?? []), { zone: key, at }]);
    });
  }
  const rng = seedRng('another deal');
  for (const spots of places.values()) {
    const cards = spots.map((p) => other.zones[p.zone]![p.at]!);
    shuffleInPlace(rng, cards);
    spots.forEach((p, i) => (other.zones[p.zone]![p.at] = cards[i]!));
  }
  other.rng = seedRng('another future');
  return other;
}

const decide = (agent: Agent, def: GameDefinition, state: GameState) => {
  const legal = legalMoves(def, state)!;
  return agent.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) });
};

describe('no peeking', () => {
  for (const [game, path, moves] of [['Java', 'java/java.cs.rules', 30], ['Tokaido', 'tokaido/tokaido.cs.rules', 6]] as const) {
    it(`${game}: two states that differ only in what the seat cannot see get the same decision`, () => {
      const def = ruleset(path);
      const state = positionFor(def, 'peek', moves, 0);
      const other = reshuffledHidden(def, state, 0);
      // The states differ (an opponent's hand or a deck's order), and the seat's views do not.
      expect(JSON.stringify(other.zones)).not.toBe(JSON.stringify(state.zones));
      expect(view(def, other, 0)).toEqual(view(def, state, 0));
      for (const spec of ['mcts:iterations=60', 'greedy']) {
        const [a, b] = [agentFromSpec(spec)('same seed', 0), agentFromSpec(spec)('same seed', 0)];
        expect(decide(a, def, other), spec).toBe(decide(b, def, state));
      }
    });
  }

  it('the view names no card the seat cannot see, in the running rules either', () => {
    const def = ruleset('java/java.cs.rules');
    const state = positionFor(def, 'masked', 40, 1);
    const model = modelFor(def, 2, []);
    const hidden = Object.entries(state.zones)
      .filter(([key]) => !(zoneReaders(model, key) ?? [1]).includes(1))
      .flatMap(([, cards]) => cards.filter((c) => !state.revealed.includes(c)));
    expect(hidden.length).toBeGreaterThan(0);
    const seen = JSON.stringify(view(def, state, 1));
    for (const card of hidden) expect(seen).not.toContain(`"${card}"`);
  });
});

describe('the view\'s position (what determinization starts from) hides what the seat may not know', () => {
  for (const path of shippedRulesets(repoRoot)) {
    it(path, () => {
      const def = compileFile(join(repoRoot, path));
      const players = Math.max(def.players.min, Math.min(3, def.players.max));
      const model = modelFor(def, players, []);
      const state = setup(def, players, 'position');
      const agents = Array.from({ length: players }, (_, seat) => randomAgent(`position:${seat}`));
      let secretTurnsSeen = 0;
      for (let legal = legalMoves(def, state); legal && state.moves.length < 400; legal = legalMoves(def, state)) {
        for (let seat = 0; seat < players; seat++) {
          const { position } = view(def, state, seat, { logSince: state.log.length });
          const text = JSON.stringify(position);
          for (const [key, cards] of Object.entries(state.zones)) {
            if ((zoneReaders(model, key) ?? [seat]).includes(seat)) continue;
            for (const card of cards) if (!state.revealed.includes(card)) expect(text, `${card} in ${key}`).not.toContain(`{"card":${JSON.stringify(card)}}`);
          }
          // Another player's secret turn: none of its values (a secret choice's option) is shown.
          if (legal.player !== seat && state.pending?.secret) {
            secretTurnsSeen++;
            const at = position.stack.map((f) => f.k === 'each' && f.simultaneous).lastIndexOf(true);
            const values: unknown[] = position.stack.slice(at + 1).flatMap((f) => (f.k === 'block' || f.k === 'call' ? Object.values(f.vars)
              : f.k === 'each' ? f.items : f.k === 'rank' ? f.items.map((x) => x.value) : f.k === 'fire' ? f.args : []));
            expect(values.every((v) => v === null)).toBe(true);
          }
        }
        applyInPlace(def, state, agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }));
      }
      if (path.includes('kudy-tudy')) expect(secretTurnsSeen).toBeGreaterThan(0);
    });
  }
});

describe('determinization', () => {
  it('samples states that fit the view: the same visible cards, counts and legal moves, every card once', () => {
    const def = ruleset('thurn-und-taxis/thurn-und-taxis.cs.rules');
    const state = positionFor(def, 'fit', 20, 1);
    const seen = view(def, state, 1);
    const sampler = determinizer(def, seen);
    const rng = seedRng('samples');
    const hands = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const sample = sampler.sample(rng);
      expect(stateProblems(modelFor(def, 2, []), sample)).toEqual([]);
      const again = view(def, sample, 1);
      expect(again.zones).toEqual(seen.zones);
      expect(again.decision).toEqual(seen.decision);
      expect(again.counters).toEqual(seen.counters);
      expect(legalMoves(def, sample)!.moves).toEqual(legalMoves(def, state)!.moves);
      expect(Object.values(sample.zones).flat().sort()).toEqual(Object.values(state.zones).flat().sort());
      hands.add(JSON.stringify(sample.zones['hand@0']));
    }
    // The opponent's hand is dealt at random, not copied from the state.
    expect(hands.size).toBeGreaterThan(1);
  });

  it('another player\'s private score that the rules can recount is worked out from the sample', () => {
    const def = ruleset('thurn-und-taxis/thurn-und-taxis.cs.rules');
    const state = positionFor(def, 'recount', 20, 1);
    const seen = view(def, state, 1);
    // Seat 0 holds no hidden bonus yet, so its points follow from what seat 1 sees; the view shows 0.
    expect(seen.zones['bonuses@0']!.count).toBe(0);
    expect((seen.counters.points as number[])[0]).toBe(0);
    expect((state.counters.points as number[])[0]).not.toBe(0);
    const sample = determinizer(def, seen).sample(seedRng('r'));
    expect(sample.counters.points).toEqual(state.counters.points);
  });
});

describe('mcts in Connect Four', () => {
  const def = ruleset('connect-four/connect-four.rules');
  const after = (moves: string[]) => playGame(def, { players: 2, seed: 1, script: moves });

  it('takes an immediate win', () => {
    // P1 has a1, a2, a3: a4 wins.
    const state = after(['drop a', 'drop b', 'drop a', 'drop b', 'drop a', 'drop c']);
    for (const seed of ['w1', 'w2']) expect(decide(agentFromSpec('mcts')(seed, 0), def, state)).toBe('drop a');
  });

  it('blocks an immediate loss', () => {
    // P2 has b1, b2, b3 and P1 cannot win at once: only b4 stops P2.
    const state = after(['drop a', 'drop b', 'drop a', 'drop b', 'drop c', 'drop b']);
    for (const seed of ['b1', 'b2']) expect(decide(agentFromSpec('mcts')(seed, 0), def, state)).toBe('drop b');
  });

  it('thinks for a time instead of a number of iterations when asked (ms=)', () => {
    const state = after(['drop a', 'drop b', 'drop a', 'drop b', 'drop a', 'drop c']);
    // How many playouts fit depends on the machine: only that it answers with a legal move is certain.
    expect(legalMoves(def, state)!.moves).toContain(decide(agentFromSpec('mcts:ms=50')('t', 0), def, state));
  });

  it('replays the same game from the same seed', () => {
    const play = () => playGame(def, { players: 2, seed: 7, agents: [0, 1].map((s) => seatsFromSpecs('mcts:iterations=40,greedy', 2)(7, s)) }).moves;
    expect(play()).toEqual(play());
  });

  it('plays the same game with scored=1, the measure (`won`) moving only at the end', () => {
    const play = (spec: string) => playGame(def, { players: 2, seed: 3, agents: [0, 1].map((s) => seatsFromSpecs(`${spec},random`, 2)(3, s)) }).moves.map((m) => m.move);
    expect(play('mcts:iterations=20:scored=1')).toEqual(play('mcts:iterations=20'));
  });

  it('plays its playouts out to the quiet depth while no seat has scored (`won` is 0 until the end)', () => {
    const play = (spec: string) => playGame(def, { players: 2, seed: 3, agents: [0, 1].map((s) => seatsFromSpecs(`${spec},random`, 2)(3, s)) }).moves.map((m) => m.move);
    expect(play('mcts:iterations=20:depth=2:quiet=40')).toEqual(play('mcts:iterations=20:depth=40'));
  });
});

describe('agent specs', () => {
  it('reads options and refuses unknown agents, options and values with a reason', () => {
    expect(agentFromSpec('mcts:iterations=5:c=1.2:depth=3')('s', 0).name).toBe('mcts');
    expect(() => agentFromSpec('deep')).toThrow(/no agent called "deep": agents are random, first, greedy, mcts/);
    expect(() => agentFromSpec('mcts:speed=3')).toThrow(/no option "speed": its options are iterations, ms, c, depth/);
    expect(() => agentFromSpec('mcts:iterations=lots')).toThrow(AgentSpecError);
    expect(() => agentFromSpec('greedy:depth=2')).toThrow(/takes no options/);
    expect(() => seatsFromSpecs('mcts,random,random', 2)).toThrow(/3 agents were given for 2 players/);
  });
});
