import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { apply, legalMoves, setup, view } from '../../interpreter/runtime/index.js';
import { compileFile, repoRoot } from '../helpers.js';

const def = compileFile(join(repoRoot, 'test/interpreter/additions.rules'));

describe('per-space counters, many pieces, private counters, each, connected, players-from', () => {
  it('plays a position through the new forms', () => {
    let state = setup(def, 2, 1);
    expect(Object.keys(state.pieces)).toEqual(['houses#0.1', 'houses#0.2', 'houses#0.3', 'houses#1.1', 'houses#1.2', 'houses#1.3']);
    expect(legalMoves(def, state)!.moves).toEqual(['build a1', 'build b1', 'build c1', 'build a2', 'build b2', 'build c2']);
    state = apply(def, state, 'build b2');
    // b2 joins a1, b1 and c2 in one village (c1 and a2 are rice): 4; b2's level 1 is west of c2: 1; one other player: 1.
    expect(state.counters.score).toEqual([6, 0]);
    expect(state.counters.level).toMatchObject({ 'cells:b2': 1, 'cells:a1': 0 });
    expect(state.pieces['houses#0.1']).toEqual({ space: 'cells:b2', slot: 0 });
    state = apply(def, state, 'build c1');
    // c1 is rice, so no village: 0; b2 (level 1) is still west of c2: 1; one other player: 1.
    expect(state.counters.score).toEqual([6, 2]);
    expect(state.over).toBe(true);
  });

  it('shows a private counter only to its owner', () => {
    const state = apply(def, setup(def, 2, 1), 'build a1');
    expect(state.counters['secret-number']).toEqual([10, 11]);
    expect(view(def, state, 0).counters['secret-number']).toEqual([10, 0]);
    expect(view(def, state, 1).counters['secret-number']).toEqual([0, 11]);
  });
});
