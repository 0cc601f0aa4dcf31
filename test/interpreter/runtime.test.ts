import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { randomAgent } from '../../interpreter/runtime/index.js';
import { IllegalMoveError, RuleError } from '../../interpreter/runtime/index.js';
import { playGame } from '../../interpreter/runtime/index.js';
import { apply, arrange, legalMoves, recounts, setup, SetupError, view, why } from '../../interpreter/runtime/index.js';
import { compileFile, compileText, repoRoot } from '../helpers.js';

const def = compileFile(join(repoRoot, 'test/interpreter/card-game.rules'));
const agents = (n: number, seed: number) => Array.from({ length: n }, (_, i) => randomAgent(`${seed}:${i}`));

describe('a game run by the interpreter', () => {
  it('plays to the end and names winners', () => {
    const state = playGame(def, { players: 3, seed: 1, agents: agents(3, 1) });
    expect(state.over).toBe(true);
    expect(state.result!.winners.length).toBeGreaterThan(0);
    expect(state.result!.scores).toHaveLength(3);
  });

  it('replays (seed, moves) to the identical game', () => {
    const first = playGame(def, { players: 3, seed: 'abc', agents: agents(3, 2) });
    const again = playGame(def, { players: 3, seed: 'abc', script: first.moves.map((m) => m.move) });
    expect(again).toEqual(first);
  });

  it('keeps the state plain JSON that can be saved mid-game and resumed', () => {
    const state = setup(def, 2, 5);
    const saved = JSON.parse(JSON.stringify(state));
    const move = legalMoves(def, state)!.moves[0]!;
    expect(apply(def, saved, move)).toEqual(apply(def, state, move));
  });

  it('leaves the state it is given untouched', () => {
    const state = setup(def, 2, 5);
    const before = JSON.stringify(state);
    apply(def, state, legalMoves(def, state)!.moves[0]!);
    expect(JSON.stringify(state)).toBe(before);
  });

  it('refuses an illegal move and lists the legal ones', () => {
    const state = setup(def, 2, 5);
    expect(() => apply(def, state, 'play seven')).toThrow(IllegalMoveError);
    expect(() => apply(def, state, 'play seven')).toThrow(/Legal moves: play/);
  });

  it('keeps counters equal to the recount at every move', () => {
    playGame(def, {
      players: 4, seed: 9, agents: agents(4, 9),
      onMove: (s) => {
        for (const r of recounts(def, s)) expect(r.values).toEqual(s.counters[r.counter]);
      },
    });
  });
});

describe('why a move is not allowed', () => {
  it('names the forbidding rule and where it is', () => {
    // A seed where the first player is dealt the five, which may not be played from a full hand.
    const seed = Array.from({ length: 200 }, (_, i) => i).find((i) => setup(def, 2, i).zones['hand@0']!.includes('five'))!;
    const state = setup(def, 2, seed);
    expect(legalMoves(def, state)!.moves).not.toContain('play five');
    const w = why(def, state, 'play five');
    expect(w.legal).toBe(false);
    expect(w.rule?.name).toBe('keep-your-fives');
    expect(w.text).toMatch(/keep-your-fives/);
    expect(w.rule?.at).toMatch(/card-game\.rules:\d+:\d+/);
  });

  it('says when a move is legal', () => {
    const state = setup(def, 2, 3);
    const move = legalMoves(def, state)!.moves[0]!;
    expect(why(def, state, move).legal).toBe(true);
  });
});

describe('hidden information', () => {
  it('shows a player their own hand but only the size of the others', () => {
    const state = setup(def, 3, 4);
    const v = view(def, state, 0);
    expect(v.zones['hand@0']!.cards).toHaveLength(3);
    expect(v.zones['hand@1']!.cards).toBeNull();
    expect(v.zones['hand@1']!.count).toBe(3);
    expect(v.zones['deck']!.cards).toBeNull();
    const others = JSON.stringify({ ...v, zones: { ...v.zones, 'hand@0': null } });
    for (const card of [...state.zones['hand@1']!, ...state.zones['hand@2']!]) {
      expect(others.includes(`"${card}"`)).toBe(false);
    }
  });

  it('shows the decision\'s options only to the player who decides', () => {
    const state = setup(def, 2, 4);
    const decider = legalMoves(def, state)!.player;
    expect(view(def, state, decider).decision?.moves).not.toBeNull();
    expect(view(def, state, 1 - decider).decision?.moves).toBeNull();
  });
});

describe('variants', () => {
  it('replaces a define', () => {
    const plain = playGame(def, { players: 3, seed: 7, agents: agents(3, 7) });
    const doubled = playGame(def, { players: 3, seed: 7, variants: ['double'], agents: agents(3, 7) });
    const sum = (s: typeof plain) => (s.counters.points as number[]).reduce((a, b) => a + b, 0);
    expect(sum(doubled)).toBeGreaterThan(sum(plain));
  });

  it('applies player-count rules by themselves', () => {
    const two = setup(def, 2, 1);
    expect(view(def, two, 0).variants).toContain('duel');
    expect(view(def, setup(def, 3, 1), 0).variants).not.toContain('duel');
  });

  it('refuses unknown, automatic and excluded combinations with a clear message', () => {
    expect(() => setup(def, 2, 1, ['triple'])).toThrow(/Variant `triple` does not exist. Variants: double, calm/);
    expect(() => setup(def, 2, 1, ['duel'])).toThrow(SetupError);
    expect(() => setup(def, 2, 1, ['calm', 'double'])).toThrow(/cannot be combined/);
    expect(() => setup(def, 9, 1)).toThrow(/2 to 4 players, not 9/);
  });
});

describe('chance and hidden cards', () => {
  it('names a card picked at random from a hidden zone to nobody, and from a private one to its owner', () => {
    const def = compileText(`
      game "Lucky dip" { players 2 to 2 }
      component Card { name: text }
      table cards of Card in bag { | name | | ruby | | opal | | jade | }
      zone bag of Card, hidden
      zone hand of Card per player, private
      setup {
        pick random c from bag
        move c to hand of players[1]
        pick random d from hand of players[1]
        say "done"
      }
      flow { end the game }
    `);
    const state = setup(def, 2, 4);
    const [card] = state.zones['hand@0']!;
    const seen = (seat: number) => view(def, state, seat).log.map((l) => `${l.text}${l.detail ? ` [${l.detail}]` : ''}`).join('\n');
    expect(seen(1)).toContain('chance picks a card of bag');
    expect(seen(1)).not.toContain(card!);
    expect(seen(0)).toContain(`chance picks a card of hand of P1 [${card}]`);
  });
});

describe('arranging a position by hand', () => {
  it('empties a zone into another before placing cards, so a hand can hold exactly what a picture shows', () => {
    const state = setup(def, 2, 5);
    const cards = Object.values(state.zones).flat().length;
    const arranged = arrange(def, state, { empty: { 'hand@0': 'deck' }, zones: { 'hand@0': ['five', 'one'] } });
    expect(arranged.zones['hand@0']).toEqual(['five', 'one#1']);
    expect(legalMoves(def, arranged)!.moves).toEqual(['play five', 'play one']);
    expect(Object.values(arranged.zones).flat().length).toBe(cards); // no card lost or made
    expect(state.zones['hand@0']).toHaveLength(3); // the state given is left as it was
  });

  it('names a zone that does not exist', () => {
    expect(() => arrange(def, setup(def, 2, 5), { empty: { 'hand@7': 'deck' } })).toThrow(/Cannot arrange: there is no zone `hand@7`/);
  });
});

describe('why, with every passage a rule cites', () => {
  it('quotes each citation of the forbidding rule', () => {
    const def = compileText(`
      game "Steps" { players 1 to 1  rulebook "steps.txt" }
      counter walked
      rule no-big-steps forbids walk when n > 2
        cites "Never more than two steps."
        cites "A bigger step counts as a fall."
      flow { for each p in players { turn of p { choose n from [1, 2, 3] as walk  add n to walked } } }
    `);
    const w = why(def, setup(def, 1, 1), 'walk 3');
    expect(w.legal).toBe(false);
    expect(w.text).toContain('The rulebook: “Never more than two steps.” “A bigger step counts as a fall.”');
  });
});

describe('runaway rules', () => {
  it('stops a rule that never waits for a player, naming it', () => {
    const runaway = compileText(`
      game "Loop" { players 1 to 1 }
      counter n
      rule spin { repeat while n >= 0 { add 1 to n } }
      flow { spin() }
    `);
    expect(() => setup(runaway, 1, 1, [], { stepBudget: 1000 })).toThrow(RuleError);
    expect(() => setup(runaway, 1, 1, [], { stepBudget: 1000 })).toThrow(/Rule `spin` ran more than 1000 steps/);
  });

  it('stops a define that calls itself without end, naming it and the rule, before the stack runs out', () => {
    const recursive = compileText(`
      game "Recurse" { players 1 to 1 }
      counter n
      define forever(k) = 1 + forever(k + 1)
      define countdown(k) = if k > 0 then 1 + countdown(k - 1) else 0
      rule score { gain countdown(500) n  gain forever(1) n }
      flow { score() }
    `);
    expect(() => setup(recursive, 1, 1)).toThrow(RuleError);
    expect(() => setup(recursive, 1, 1)).toThrow(/`forever` calls defines more than 1000 deep: it may call itself forever \(rule `score`\)/);
  });

  it('stops an event that fires itself at once, naming the rule, instead of slowing down step by step', () => {
    const echo = compileText(`
      game "Echo" { players 1 to 1 }
      event ping
      rule echo on ping { fire ping }
      flow { fire ping }
    `);
    expect(() => setup(echo, 1, 1)).toThrow(/Rules call one another \(or fire events\) more than 5,000 deep: one may call itself forever \(rule `echo`\)/);
  });

  it('refuses to pay more than a player has', () => {
    const broke = compileText(`
      game "Broke" { players 1 to 1 }
      counter coins per player, from 1
      flow { for each p in players { turn of p { pay 2 coins } } }
    `);
    expect(() => setup(broke, 1, 1)).toThrow(/Cannot pay 2 coins: P1 has only 1/);
  });
});

describe('names and scopes', () => {
  const scopes = compileText(`
    game "Scopes" { players 1 to 1 }
    counter points per player, from 7
    define plus-one(points) = points + 1
    define shadowed(x) = sum x for x in [x, x + 1]
    define outer-seen(x) = sum y + x for y in [1, 2]
    define kind(v) = if v = 1 then "number" else "other"
    flow {
      for each p in players {
        turn of p {
          let a = plus-one(40)
          let b = points
          let c = shadowed(5)
          let d = outer-seen(10)
          let e = sum points + n for n in [1]
          say "{a} {b} {c} {d} {e}"
          choose x from [1, "1"] where kind(x) = "other" as "pick {x}"
          let k = kind(x)
          say "picked the {k} one"
        }
      }
    }
  `);
  const said = () => setup(scopes, 1, 1).log.map((l) => l.text);

  it('reads the innermost binding of a name: parameter over counter, item over parameter', () => {
    // plus-one's parameter hides the counter; shadowed's item hides its parameter; a define's
    // body sees its parameters from inside a comprehension; a rule sees the counter.
    expect(said()).toContain('41 7 11 23 8');
  });

  it('keeps a number and a text that read alike apart when listing options', () => {
    // While options are listed, define results are remembered by their arguments: kind(1) and
    // kind("1") must not be taken for one another.
    expect(said()).toContain('picked the other one');
  });
});

describe('arithmetic', () => {
  const game = (flow: string) => compileText(`game "Sums" { players 1 to 1 }\nflow {\n${flow}\n}`);

  it('rounds division down and leaves a remainder from 0 up', () => {
    const def = game('let a = 7 / 2  let b = 7 mod 3  let c = -7 mod 3  let d = 6 mod 3  say "{a} {b} {c} {d}"');
    expect(setup(def, 1, 1).log.map((l) => l.text)).toContain('3 1 2 0');
  });

  it('refuses to divide by zero, naming the rule', () => {
    expect(() => setup(game('let z = 0  let r = 1 mod z'), 1, 1)).toThrow(/Division by zero/);
  });
});

describe('built-in functions', () => {
  it('are the same for the checker and the runtime', async () => {
    const { BUILTINS: runtime } = await import('../../interpreter/runtime/index.js');
    const { BUILTINS: checker } = await import('../../interpreter/checker/index.js');
    expect([...checker.keys()].sort()).toEqual(Object.keys(runtime).sort());
  });
});
