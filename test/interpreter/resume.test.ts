// The compiled program resumes from any state the machine stands at: from the first decision, from
// mid-game states after every move of seeded games, and from states sampled from a player's view.
// At each, the options it lists are the machine's, and a game played on from there (the same picks
// both ways) ends with the same moves and result; an agent that stops the program part way gets each
// seat's measures as the machine gives them.
import { describe, expect, it } from 'vitest';
import {
  applyInPlace, compiledProgram, Deopt, determinizer, legalMoves, measures, nextInt, randomAgent, RuleError, seedRng, setup, view,
  type GameState, type Picker,
} from '../../interpreter/runtime/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { compileFile } from '../helpers.js';

/** The machine, the oracle (setup and applyInPlace play on the live program unless told). */
const MACHINE = { engine: 'machine' } as const;

/** The ids the program lists at the state's decision (it stops there). */
function listed(def: GameDefinition, state: GameState): string[] {
  const program = compiledProgram(def, state.players, state.variants)!;
  let ids: string[] = [];
  const stop: Picker = (n, options) => {
    ids = Array.from({ length: n }, (_, k) => options.id(k));
    return -1;
  };
  const out = program.resume(state, Array.from({ length: state.players }, () => stop), 100_000);
  expect(out.result).toBeNull();
  return ids;
}

/** Plays on from the state both ways with the same seeded picks: the program's moves and result, and the machine's. */
function playedOn(def: GameDefinition, state: GameState, seed: string) {
  const program = compiledProgram(def, state.players, state.variants)!;
  const rng = seedRng(seed);
  const picks: number[] = [];
  const pick: Picker = (n) => {
    const k = Math.floor((rng[0] = (rng[0] * 1103515245 + 12345) >>> 0) / 4294967296 * n);
    picks.push(k);
    return k;
  };
  const machine = structuredClone(state);
  const before = machine.moves.length;
  let compiled: string;
  try {
    const out = program.resume(state, Array.from({ length: state.players }, () => pick), 100_000);
    compiled = JSON.stringify([out.moves, out.result]);
  } catch (e) {
    // Given up: what it cannot answer exactly (a rule's error among them) is the machine's to answer.
    if (!(e instanceof Deopt)) throw e;
    compiled = 'given up';
  }
  try {
    for (const k of picks) {
      const legal = legalMoves(def, machine)!;
      applyInPlace(def, machine, legal.moves[k]!, MACHINE);
    }
    if (compiled === 'given up') {
      // The machine plays on where the program gave up: only an error may have made it give up.
      const agents = Array.from({ length: state.players }, (_, s) => randomAgent(`${seed}:${s}`));
      for (let legal = legalMoves(def, machine); legal; legal = legalMoves(def, machine)) {
        applyInPlace(def, machine, agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, machine, legal.player) }), MACHINE);
      }
    }
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { compiled, machine: 'given up' };
  }
  return { compiled, machine: JSON.stringify([machine.moves.slice(before), machine.result]) };
}

/** A ruleset, its players, games, and how often a game is played on to its end (in decisions). */
const GAMES: readonly [string, number, number, number][] = [
  ['rulesets/connect-four/connect-four.rules', 2, 2, 5],
  ['rulesets/breakthrough/breakthrough.rules', 2, 1, 10],
  ['rulesets/draughts/draughts.rules', 2, 1, 10],
  ['rulesets/yacht/yacht.rules', 2, 1, 10],
  ['rulesets/hearts/hearts.rules', 4, 1, 20],
  ['rulesets/tokaido/tokaido.cs.rules', 3, 2, 10],
  ['rulesets/tokaido/tokaido.ru.rules', 4, 1, 10],
  ['rulesets/java/java.cs.rules', 3, 1, 60],
  ['rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules', 3, 1, 60],
  ['rulesets/kudy-tudy/kudy-tudy.cs.rules', 3, 1, 10],
];

describe('the compiled program resumes from the machine\'s states', () => {
  for (const [file, players, games, playOnEvery] of GAMES) {
    it(`${file}, ${players} players: the same options at every decision, and the same game played on`, () => {
      const def = compileFile(file);
      expect(compiledProgram(def, players, [])).not.toBeNull();
      for (let g = 0; g < games; g++) {
        const seed = `resume-${g}`;
        const agents = Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`));
        const state = setup(def, players, seed);
        let decisions = 0;
        for (let legal = legalMoves(def, state); legal; legal = legalMoves(def, state)) {
          expect(listed(def, state), `${seed}, move ${state.moves.length}`).toEqual(legal.moves);
          // Played on to the end from every few decisions (each a whole game, so not from all of them).
          if (decisions++ % playOnEvery === 0) {
            const { compiled, machine } = playedOn(def, state, `${seed}:${decisions}`);
            expect(compiled, `${seed}, played on from move ${state.moves.length}`).toBe(machine);
          }
          applyInPlace(def, state, agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }));
        }
      }
    });
  }

  it('from states sampled from a player\'s view, as the machine plays them on', () => {
    for (const [file, players] of [['rulesets/java/java.cs.rules', 2], ['rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules', 3], ['rulesets/kudy-tudy/kudy-tudy.cs.rules', 3]] as const) {
      const def = compileFile(file);
      const state = setup(def, players, 'sampled');
      const agents = Array.from({ length: players }, (_, s) => randomAgent(`sampled:${s}`));
      let legal = legalMoves(def, state)!;
      while (state.moves.length < 30 || legal.moves.length < 2) {
        applyInPlace(def, state, agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }));
        legal = legalMoves(def, state)!;
      }
      const sampler = determinizer(def, view(def, state, legal.player));
      const rng = seedRng('samples');
      for (let i = 0; i < 5; i++) {
        const sample = sampler.sample(rng);
        expect(listed(def, sample), `${file}, sample ${i}`).toEqual(legalMoves(def, sample)!.moves);
        const { compiled, machine } = playedOn(def, sample, `sample-${i}`);
        expect(compiled, `${file}, sample ${i}`).toBe(machine);
      }
    }
  });

  it('stops where a picker says, with each seat\'s measures as the machine gives them', () => {
    const def = compileFile('rulesets/tokaido/tokaido.cs.rules');
    const state = setup(def, 3, 'stop');
    const program = compiledProgram(def, 3, [])!;
    let left = 20;
    const picks: number[] = [];
    const pick: Picker = () => (left-- > 0 ? (picks.push(0), 0) : -1);
    const out = program.resume(state, [pick, pick, pick], 100_000);
    for (const k of picks) applyInPlace(def, state, legalMoves(def, state)!.moves[k]!);
    expect(out.result).toBeNull();
    expect(out.measures).toEqual(measures(def, state));
    expect(out.moves).toEqual(state.moves);
  });
});

describe('a stack the program does not expect', () => {
  it('is given up (Deopt), never a crash: frames dropped, swapped, renumbered, out of range or of another kind', () => {
    const def = compileFile('rulesets/kudy-tudy/kudy-tudy.cs.rules');
    const state = setup(def, 3, 'damaged');
    const agents = Array.from({ length: 3 }, (_, seat) => randomAgent(`damaged:${seat}`));
    for (let i = 0; i < 15; i++) {
      const legal = legalMoves(def, state)!;
      applyInPlace(def, state, agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }));
    }
    const program = compiledProgram(def, 3, [])!;
    const rng = seedRng('damage');
    const pick = (n: number) => nextInt(rng, n);
    const damages: ((stack: Record<string, unknown>[]) => void)[] = [
      (s) => s.splice(nextInt(rng, s.length), 1),
      (s) => { const a = nextInt(rng, s.length), b = nextInt(rng, s.length); [s[a], s[b]] = [s[b]!, s[a]!]; },
      (s) => { const f = s[nextInt(rng, s.length)]!; if ('b' in f) f.b = nextInt(rng, 60); },
      (s) => { const f = s[nextInt(rng, s.length)]!; if ('pc' in f) f.pc = nextInt(rng, 12) - 2; },
      (s) => { const f = s[nextInt(rng, s.length)]!; if ('i' in f) f.i = nextInt(rng, 9) - 3; },
      (s) => { const f = s[nextInt(rng, s.length)]!; f.k = ['block', 'call', 'each', 'turn', 'phase', 'repeat', 'rank', 'fire'][nextInt(rng, 8)]; },
      (s) => { const f = s[nextInt(rng, s.length)]!; if ('vars' in f) f.vars = {}; },
      (s) => { const f = s[nextInt(rng, s.length)]!; if ('items' in f) f.items = [{ card: 'nothing' }, 7, null]; },
      (s) => { s[nextInt(rng, s.length)] = null as never; },
      (s) => { s.length = nextInt(rng, s.length); },
    ];
    let givenUp = 0;
    for (let t = 0; t < 200; t++) {
      const damaged = structuredClone(state);
      damages[t % damages.length]!(damaged.stack as unknown as Record<string, unknown>[]);
      try {
        program.resume(damaged, [pick, pick, pick], 2_000);
      } catch (e) {
        expect(e, `damage ${t % damages.length}`).toBeInstanceOf(Deopt);
        givenUp++;
      }
    }
    expect(givenUp).toBeGreaterThan(100);
  });
});
