// A piece leaving the board (docs/language.md § Pieces): `move p off the board` puts it back in
// the supply, where `space of p` is none and a rule may place it again.
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../interpreter/compiler/index.js';
import { setup } from '../../interpreter/runtime/index.js';
import { compileText } from '../helpers.js';
import { docExample } from './docs-example.js';

describe('move … off the board', () => {
  it('takes the captured piece off its space and logs it', () => {
    const def = compileText(docExample('Pieces'));
    const state = setup(def, 2, 1);
    // The one capture is the only option, so it is made at once.
    expect(state.over).toBe(true);
    expect(state.pieces['men#1']).toEqual({ space: null, slot: 0 });
    expect(state.pieces['men#0']).toEqual({ space: 'cells:a', slot: 0 });
    expect(state.counters.captures).toEqual([1, 0]);
    expect(state.log.map((l) => l.text)).toContain('P2 leaves the board');
  });

  it('is for pieces: cards are refused with a message that says where cards go', () => {
    const source = 'game "G" { players 2 }\ncomponent C { name: text }\ntable cs of C in pile {\n  | name |\n  | a |\n}\nzone pile of C\nflow { move pile off the board }\n';
    const result = compileSource(source, 't.rules');
    expect(result.diagnostics.map((d) => d.message)).toContain('Expected a piece (cards move to a zone) here, but this is a zone.');
  });
});
