// Counters that hold any value (docs/language.md § Counters): `from none`, changed by `set`, read
// like any counter; saved, checked and resumed like the rest of the state.
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../interpreter/compiler/index.js';
import { validate } from '../../interpreter/definition/index.js';
import { apply, checkStateFits, legalMoves, setup, stateProblems, modelFor, view, type GameState } from '../../interpreter/runtime/index.js';
import { compileText } from '../helpers.js';
import { docExample } from './docs-example.js';

const source = docExample('Counters');
const def = compileText(source);

describe('counters that hold any value', () => {
  it('holds a player, a text and a card, and decides each trick by them', () => {
    let state = setup(def, 3, 2);
    expect(state.counters).toMatchObject({ 'lead-suit': null, leader: { player: 0 }, winning: null });
    // P1 leads red-4: red is led, and P1 is winning with it.
    state = apply(def, state, 'play red-4');
    expect(state.counters).toMatchObject({ 'lead-suit': 'red', leader: { player: 0 }, winning: { card: 'red-4' } });
    expect(state.log.map((l) => l.text)).toContain('the game: lead-suit → red');
    // Players must follow the led suit when they can.
    const next = legalMoves(def, state)!;
    const reds = state.zones[`hand@${next.player}`]!.filter((c) => c.startsWith('red-'));
    expect(next.moves).toEqual(reds.length ? reds.map((c) => `play ${c}`) : state.zones[`hand@${next.player}`]!.map((c) => `play ${c}`));
    let n = 0;
    while (!state.over && n++ < 20) state = apply(def, state, legalMoves(def, state)!.moves[0]!);
    expect(state.over).toBe(true);
    const tricks = state.counters.tricks as number[];
    expect(tricks.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('saves and resumes: the state schema and the state check accept the values', () => {
    const state = apply(def, setup(def, 3, 2), 'play red-4');
    const saved = JSON.parse(JSON.stringify(state)) as GameState;
    expect(() => validate('saved state', saved)).not.toThrow();
    expect(() => checkStateFits(def, saved, 'saved.json')).not.toThrow();
    expect(apply(def, saved, legalMoves(def, saved)!.moves[0]!).counters.leader).toBeDefined();
    // A number counter still must hold numbers.
    const broken = { ...saved, counters: { ...saved.counters, tricks: [0, 'x', 0] } } as unknown as GameState;
    expect(stateProblems(modelFor(def, 3, []), broken)).toEqual(['counters.tricks: must be 3 numbers, one a player']);
    expect(view(def, state, 1).counters.winning).toEqual({ card: 'red-4' });
  });

  it('only `set` changes one, and it takes no bounds', () => {
    const base = 'game "G" { players 2 }\ncounter holder, from none\n';
    const gain = compileSource(`${base}flow { gain 1 holder }\n`, 't.rules');
    expect(gain.diagnostics.map((d) => d.message)).toContain(
      'Expected a counter of numbers for `gain` here, but this is `holder`, which starts from none and holds any value (change it with `set holder to …`).',
    );
    const bounded = compileSource('game "G" { players 2 }\ncounter holder, from none, at least 0\nflow { }\n', 't.rules');
    expect(bounded.diagnostics.map((d) => d.code)).toContain('R0301');
    const set = compileSource(`${base}flow { set holder to players[2]\n let h = holder\n say "{h}" }\n`, 't.rules');
    expect(set.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
