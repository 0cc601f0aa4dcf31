// Moves made of parts (docs/language.md § Moves made of parts): a piece and its target as one
// choice from a list of pairs, made with `flatten`; the ids join the parts with `+`.
import { describe, expect, it } from 'vitest';
import { apply, legalMoves, setup, why } from '../../interpreter/runtime/index.js';
import { compileText } from '../helpers.js';
import { docExample } from './docs-example.js';

const def = compileText(docExample('Moves made of parts'));

describe('a move of a piece and where it goes, as one decision', () => {
  it('offers every free step of every piece, and moves the piece the option names', () => {
    let state = setup(def, 2, 1);
    expect(legalMoves(def, state)).toMatchObject({ choice: 'go', moves: ['go P1+a1', 'go P1+b2'] });
    state = apply(def, state, 'go P1+b2');
    expect(state.pieces['runners#0.1']).toEqual({ space: 'squares:b2', slot: 0 });
    // P2 on b1 now has only a1 free, so that step is made at once; then P1 moves again.
    expect(state.pieces['runners#1.1']).toEqual({ space: 'squares:a1', slot: 0 });
    expect(legalMoves(def, state)!.moves).toEqual(['go P1+a2', 'go P1+b1']);
    expect(why(def, state, 'go P1+a1')).toMatchObject({ legal: false });
  });
});
