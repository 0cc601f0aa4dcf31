// Batches' tallies merged as they arrive, in game order: the same counts whatever order the
// batches finish in, only early batches held, and nothing merged past a failed batch.
import { describe, expect, it } from 'vitest';
import { emptyTally, mergeTally, Tally, TallyFold } from '../../interpreter/tools/index.js';
import { compileFile } from '../helpers.js';

const def = compileFile('test/sim/dead-rules.rules');
const batch = (from: number, to: number, variants: string[] = []) => {
  const t = new Tally(def, { players: 2, variants, seed: 'fold', agent: 'random' });
  for (let g = from; g < to; g++) t.play(g);
  return t.counts;
};

describe('a fold of batches', () => {
  it('merges batches that arrive out of order into the tally of the games played in order', () => {
    const batches = [0, 1, 2, 3, 4].map((b) => batch(b * 4, b * 4 + 4));
    const fold = new TallyFold(1, 2);
    for (const b of [3, 1, 0, 4, 2]) fold.add(0, b, structuredClone(batches[b]!));
    expect(fold.batches).toBe(5);
    expect(fold.counts[0]).toEqual(batch(0, 20));
    expect(fold.counts[0]!.engines).toEqual({ compiled: 20, machine: 0 });
    expect(fold.counts[0]).toEqual(batches.reduce((a, b) => mergeTally(a, b), emptyTally(2)));
  });

  it('merges a row only when every side has it, and stops at a failed batch', () => {
    const fold = new TallyFold(2, 2);
    fold.add(0, 0, batch(0, 3));
    expect(fold.batches).toBe(0); // the second side has not finished batch 0
    fold.add(1, 0, batch(0, 3, ['big-five']));
    expect(fold.batches).toBe(1);
    fold.add(0, 2, batch(6, 9));
    fold.add(1, 2, batch(6, 9, ['big-five']));
    fold.add(0, 1, null);
    fold.add(1, 1, batch(3, 6, ['big-five']));
    expect(fold.batches).toBe(1);
    expect(fold.counts.map((c) => c.games)).toEqual([3, 3]);
  });
});
