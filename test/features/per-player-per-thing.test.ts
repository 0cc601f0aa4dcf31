// A counter per player per thing (docs/language.md § A counter per player per thing): `counter bid
// per player per lots` keeps a value for every player and lot, read and changed with `on`; private
// values stay out of the other players' views; saved states keep a list a thing, one value a player.
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../interpreter/compiler/index.js';
import { validate } from '../../interpreter/definition/index.js';
import { apply, arrange, checkStateFits, determinizer, legalMoves, modelFor, setup, stateProblems, view, type GameState } from '../../interpreter/runtime/index.js';
import { compileText } from '../helpers.js';
import { docExample } from './docs-example.js';

const def = compileText(docExample('A counter per player per thing'));

/** Every player of three offers these amounts for the next lot, in seat order. */
function offer(state: GameState, amounts: readonly number[]): GameState {
  return amounts.reduce((s, a) => apply(def, s, `offer ${a}`), state);
}

describe('the documented auction', () => {
  it('keeps each player\'s bid for each lot, and the highest bid pays and wins the lot', () => {
    let state = setup(def, 3, 1);
    expect(state.counters.bid).toEqual({ vase: [0, 0, 0], clock: [0, 0, 0], rug: [0, 0, 0] });
    state = offer(state, [2, 4, 4]);
    expect(state.counters.bid).toEqual({ vase: [2, 4, 4], clock: [0, 0, 0], rug: [0, 0, 0] });
    // A tie goes to the first in seat order: P2 pays 4 and takes the vase's 5.
    expect(state.counters.coins).toEqual([10, 6, 10]);
    expect(state.counters.won).toEqual([0, 5, 0]);
    expect(state.log.map((l) => l.text)).toContain('P2 buys the vase for 4');
    state = offer(offer(state, [5, 0, 1]), [0, 0, 3]);
    expect(state.over).toBe(true);
    expect((state.counters.bid as Record<string, number[]>).rug).toEqual([0, 0, 3]);
    expect(state.result?.winners).toEqual([0]);
  });

  it('shows a player their own bids only, and logs the others\' as changed', () => {
    const state = offer(setup(def, 3, 1), [2, 4]);
    expect(view(def, state, 1).counters.bid).toEqual({ vase: [0, 4, 0], clock: [0, 0, 0], rug: [0, 0, 0] });
    const seenByP3 = view(def, state, 2).log.map((l) => l.text);
    expect(seenByP3).toContain('P1: bid on vase changes');
    expect(seenByP3.join('\n')).not.toContain('bid on vase +');
    expect(view(def, state, 0).log.map((l) => l.detail)).toContain('P1: bid on vase +2 → 2');
  });

  it('lets an agent sample the hidden bids from a player\'s view: its own row kept, the others\' blank', () => {
    const state = offer(setup(def, 3, 1), [2, 4]);
    const sample = determinizer(def, view(def, state, 0)).sample([1, 2, 3, 4]);
    expect(sample.counters.bid).toEqual({ vase: [2, 0, 0], clock: [0, 0, 0], rug: [0, 0, 0] });
    expect(legalMoves(def, sample)).toMatchObject({ player: 2, choice: 'offer' });
  });

  it('saves it as schema-valid JSON that round-trips, and a scenario may arrange some of its values', () => {
    const state = offer(setup(def, 2, 1), [3]);
    const again = JSON.parse(JSON.stringify(state)) as GameState;
    expect(() => validate('saved state', again)).not.toThrow();
    expect(checkStateFits(def, again, 'saved.json')).toEqual(state);
    const arranged = arrange(def, state, { counters: { bid: { clock: [0, 2] } } });
    expect(arranged.counters.bid).toEqual({ vase: [3, 0], clock: [0, 2], rug: [0, 0] });
    const broken = { ...state, counters: { ...state.counters, bid: { vase: [3] } } } as GameState;
    expect(stateProblems(modelFor(def, 2, []), broken)).toEqual(['counters.bid: must map every one of lots to 2 numbers, one a player']);
  });
});

describe('the other counter statements', () => {
  const source = `game "G" { players 2 }
component Lot { name: text }
table lots of Lot {
  | name  |
  | vase  |
  | clock |
}
counter bid per player per lots, from 1, at least 0
flow {
  turn of players[1] {
    for each lot in lots {
      gain 2 bid on lot to players[2]
      add 3 to bid of players[1] on lot
    }
    lose 1 bid on first l in lots
    pay 2 bid on last l in lots from players[2]
    lose 9 bid on first l in lots
  }
  end the game
}
`;

  it('gain, add, lose and pay change one player\'s value for one thing, and a bound stops the game with the thing named', () => {
    const d = compileText(source);
    expect(() => setup(d, 2, 1)).toThrow('Counter `bid` of P1 on vase would become -6, below its least value 0 (rule `flow`).');
    const fine = compileText(source.replace('    lose 9 bid on first l in lots\n', ''));
    const state = setup(fine, 2, 1);
    expect(state.counters.bid).toEqual({ vase: [3, 3], clock: [4, 1] });
    expect(state.log.map((l) => l.text)).toContain('P2: bid on clock -2 → 1');
  });
});

describe('what the checker and a running game say', () => {
  const game = (decl: string, body: string) => `game "G" { players 2 }
component Box { name: text }
table boxes of Box {
  | name |
  | low  |
  | high |
}
zone tray of Box
${decl}
flow {
  turn of players[1] {
    ${body}
  }
  end the game
}
`;
  const check = (source: string) => compileSource(source, 't.rules').diagnostics.map((d) => `${d.code} ${d.message}`);

  it('asks for `on` where a counter per player per thing is used without it, and refuses `on` elsewhere', () => {
    expect(check(game('counter scored per player per boxes', 'gain 1 scored'))[0]).toMatch(/^R0305 Counter `scored` keeps a value for each player and each of `boxes`/);
    expect(check(game('counter scored per player per boxes', 'let s = scored'))[0]).toMatch(/^R0305/);
    expect(check(game('counter score per player', 'gain 1 score on first b in boxes'))[0]).toMatch(/^R0306 .*`score` is not such a counter\.$/);
  });

  it('checks the thing, the owner and the declaration', () => {
    expect(check(game('counter scored per player per boxes', 'gain 1 scored on players[1]'))).toEqual(['R0301 Expected a card of `boxes` here, but this is a player.']);
    expect(check(game('counter scored per boxes per boxes', 'say "x"'))[0]).toMatch(/^R0301 Expected `player`/);
    expect(check(game('counter scored per player per boxez', 'say "x"'))[0]).toMatch(/^R0201 Table, pieces or board `boxez` is not declared/);
  });

  it('holds any value when declared `from none`, read for the current player with `on`', () => {
    const d = compileText(game('counter marked per player per boxes, from none', 'choose b from boxes as mark\n    set marked on b to "x"\n    let mine = marked on b\n    let theirs = marked of players[2] on b\n    say "{mine} {theirs}"'));
    const state = apply(d, setup(d, 2, 1), 'mark high');
    expect(state.log.map((l) => l.text)).toContain('P1: marked on high → x');
    expect(state.log.map((l) => l.text)).toContain('x none');
    expect(legalMoves(d, state)).toBeNull();
  });

  it('stops a running game that asks for a thing the counter does not keep', () => {
    const d = compileText(game('counter scored per player per boxes', 'let what = first c in tray\n    gain 1 scored on what'));
    expect(() => setup(d, 2, 1)).toThrow('Counter `scored` keeps a value for each of boxes, and none is not one of them');
  });
});
