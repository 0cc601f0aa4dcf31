// Every statement form of grammar.md § Statements becomes its AST node.
import { describe, expect, it } from 'vitest';
import type { Stmt } from '../../grammar/index.js';
import { parseStmt, parseStmts, show, textAt } from './helpers.js';

function as<K extends Stmt['kind']>(stmt: Stmt, kind: K): Extract<Stmt, { kind: K }> {
  expect(stmt.kind).toBe(kind);
  return stmt as Extract<Stmt, { kind: K }>;
}

describe('counter changes', () => {
  it('reads gain, lose, pay, add and set with their targets', () => {
    const changes = parseStmts(`
      gain 3 coins
      gain 2 points to owner of t
      lose 1 points from p
      pay price coins
      add amount to donated of traveller
      set stage to 1
      set position of t to 5`).map((s) => {
      const c = as(s, 'Change');
      return `${c.op} ${show(c.amount)} ${c.counter.text} ${c.target ? show(c.target) : '-'}`;
    });
    expect(changes).toEqual([
      'gain 3 coins -',
      'gain 2 points (of owner t)',
      'lose 1 points p',
      'pay price coins -',
      'add amount donated traveller',
      'set 1 stage -',
      'set 5 position t',
    ]);
  });

  it('reads let', () => {
    expect(as(parseStmt('let x = 1 + 2'), 'Let')).toMatchObject({ name: { text: 'x' } });
  });
});

describe('moving cards', () => {
  it('reads move with and without a position', () => {
    expect(as(parseStmt('move meal to meals'), 'Move').position).toBeNull();
    const m = as(parseStmt('move card to bottom of meal-deck'), 'Move');
    expect([m.position, show(m.what), show(m.to)]).toEqual(['bottom', 'card', 'meal-deck']);
    expect(as(parseStmt('move c to top of d'), 'Move').position).toBe('top');
  });

  it('reads draw, shuffle, reveal and pick random', () => {
    const [draw, shuffle, reveal, pick] = parseStmts('draw 2 from deck to hand of p  shuffle deck  reveal offer  pick random c from deck where c != x');
    expect(as(draw!, 'Draw')).toMatchObject({ count: { value: 2 }, from: { name: { text: 'deck' } } });
    expect(show(as(shuffle!, 'Shuffle').zone)).toBe('deck');
    expect(show(as(reveal!, 'Reveal').what)).toBe('offer');
    const r = as(pick!, 'Random');
    expect([r.variable.text, show(r.from), r.where && show(r.where)]).toEqual(['c', 'deck', '(!= c x)']);
  });
});

describe('counters per player per thing', () => {
  it('reads the thing after `on`, beside the owner or inside it', () => {
    const changes = parseStmts(`
      gain 3 scored on c to p
      lose 1 scored on c from p
      add 1 to scored of p on c
      set scored on c to 5
      set scored of players[1] on c to 5`).map((s) => {
      const c = as(s, 'Change');
      return [c.op, c.counter.text, c.target && show(c.target), c.on && show(c.on)];
    });
    expect(changes).toEqual([
      ['gain', 'scored', 'p', 'c'],
      ['lose', 'scored', 'p', 'c'],
      ['add', 'scored', 'p', 'c'],
      ['set', 'scored', null, 'c'],
      ['set', 'scored', '(index players 1)', 'c'],
    ]);
  });
});

describe('choices', () => {
  it('names a choice by its verb', () => {
    const c = as(parseStmt('may choose amount from 1 to min(3, coins) as donate'), 'Choose');
    expect(c.optional).toBe(true);
    expect(c.subset).toBe(false);
    expect(c.name.text).toBe('donate');
    expect(c.label).toEqual({ kind: 'verb', verb: c.name });
    expect(show(c.from)).toBe('(range 1 (min() 3 coins))');
  });

  it('reads how many things a choice of several takes: a number, a name, or an expression in brackets', () => {
    const counts = ['choose 3 cards from hand as pass', 'choose passed cards from hand as pass', 'choose (n + 1) cards from hand as pass'].map((text) => {
      const c = as(parseStmt(text), 'Choose');
      expect(c.subset).toBe(false);
      expect(c.variable.text).toBe('cards');
      return c.count && show(c.count);
    });
    expect(counts).toEqual(['3', 'passed', '(+ n 1)']);
    // A name followed by `from` is the variable, even one that could be a count.
    const one = as(parseStmt('choose c from hand as play'), 'Choose');
    expect([one.count, one.variable.text]).toEqual([null, 'c']);
  });

  it('names a choice by the first word of its template', () => {
    const source = 'flow { choose any d from road where d > 3 as "advance {d}" or "stay" by leader }';
    const c = as(parseStmt('choose any d from road where d > 3 as "advance {d}" or "stay" by leader'), 'Choose');
    expect(c.subset).toBe(true);
    expect(c.name.text).toBe('advance');
    expect(c.label).toMatchObject({ kind: 'template', text: 'advance {d}' });
    expect(c.name.span).toEqual(c.label.kind === 'template' ? c.label.span : null);
    expect(c.passLabel).toBe('stay');
    expect(c.where && show(c.where)).toBe('(> d 3)');
    expect(c.by && show(c.by)).toBe('leader');
    expect(textAt(source, c.name.span)).toBe('"advance {d}"');
  });

  it('reads a menu of options', () => {
    const m = as(parseStmt('may choose by player { "buy" when coins > 0 { pay 1 coins }  "pass" { } }'), 'Menu');
    expect(m.optional).toBe(true);
    expect(m.by && show(m.by)).toBe('player');
    expect(m.options.map((o) => [o.label, o.when && show(o.when), o.body.stmts.length])).toEqual([
      ['buy', '(> coins 0)', 1],
      ['pass', null, 0],
    ]);
  });

  it('reads a menu without a chooser', () => {
    expect(as(parseStmt('choose { "a" { } }'), 'Menu').by).toBeNull();
  });
});

describe('control flow', () => {
  it('reads if / else if / else', () => {
    const i = as(parseStmt('if a { say "a" } else if b { say "b" } else { say "c" }'), 'If');
    expect(show(i.cond)).toBe('a');
    const elseIf = i.else;
    expect(elseIf?.kind).toBe('If');
    expect(elseIf?.kind === 'If' && elseIf.else?.kind).toBe('Block');
  });

  it('reads for each over a list, a range, and simultaneously', () => {
    const f = as(parseStmt('for each p in players where p != player { }'), 'ForEach');
    expect([f.variable.text, show(f.list), f.where && show(f.where), f.simultaneous]).toEqual(['p', 'players', '(!= p player)', false]);
    expect(show(as(parseStmt('for each i in 1 to n { }'), 'ForEach').list)).toBe('(range 1 n)');
    expect(as(parseStmt('simultaneously for each p in players { }'), 'ForEach').simultaneous).toBe(true);
  });

  it('reads the three kinds of repeat', () => {
    const modes = parseStmts('repeat until done { }  repeat while x < 3 { }  repeat 4 times { }').map((s) => {
      const r = as(s, 'Repeat');
      return `${r.mode} ${show(r.expr)}`;
    });
    expect(modes).toEqual(['until done', 'while (< x 3)', 'times 4']);
  });

  it('reads turn, phase, step and round', () => {
    const [turn, phase, step, round, titled] = parseStmts(
      'turn of owner of t { }  phase "Planning" timed 60 { }  step "Take" { }  round { }  round "Last" { }',
    );
    expect(show(as(turn!, 'Turn').player)).toBe('(of owner t)');
    expect(as(phase!, 'Phase')).toMatchObject({ level: 'phase', title: 'Planning', timeLimit: { value: 60 } });
    expect(as(step!, 'Phase')).toMatchObject({ level: 'step', title: 'Take', timeLimit: null });
    expect(as(round!, 'Phase')).toMatchObject({ level: 'round', title: '' });
    expect(as(titled!, 'Phase').title).toBe('Last');
  });

  it('reads fire, rule calls and ending the game', () => {
    const [fire, bare, call, end, endRound] = parseStmts('fire stop(t, d)  fire tick  travel(mover)  end the game  end the game after this round');
    expect(as(fire!, 'Fire').args.map(show)).toEqual(['t', 'd']);
    expect(as(bare!, 'Fire').args).toEqual([]);
    expect(as(call!, 'Call')).toMatchObject({ rule: { text: 'travel' }, args: [{ kind: 'Ref' }] });
    expect(as(end!, 'EndGame').afterRound).toBe(false);
    expect(as(endRound!, 'EndGame').afterRound).toBe(true);
  });

  it('reads rank with its tie rule', () => {
    const r = as(parseStmt('rank t in travellers by donated of t ties skip { gain place points }'), 'Rank');
    expect([r.variable.text, show(r.list), show(r.by), r.ties]).toEqual(['t', 'travellers', '(of donated t)', 'skip']);
    expect(as(parseStmt('rank t in ts by x { }'), 'Rank').ties).toBe('share');
  });

  it('unescapes say text', () => {
    expect(as(parseStmt('say "{player} says \\"hi\\" \\\\o/"'), 'Say').text).toBe('{player} says "hi" \\o/');
  });
});

describe('statement spans', () => {
  it('run from the first token to the last', () => {
    const body = 'gain 2 points to owner of t\n  move a to top of b';
    const source = `flow { ${body} }`; // what parseStmts parses
    expect(parseStmts(body).map((s) => textAt(source, s.span))).toEqual(['gain 2 points to owner of t', 'move a to top of b']);
  });
});
