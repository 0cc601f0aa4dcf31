// Each declaration kind becomes the AST node of ast.ts, with its key fields, meta and spans.
import { describe, expect, it } from 'vitest';
import type { Decl } from '../../grammar/index.js';
import { parseDecl, parseClean, show, textAt } from './helpers.js';

/** Narrows a declaration to one kind, failing the test otherwise. */
function as<K extends Decl['kind']>(decl: Decl, kind: K): Extract<Decl, { kind: K }> {
  expect(decl.kind).toBe(kind);
  return decl as Extract<Decl, { kind: K }>;
}

describe('game', () => {
  it('reads title, player count, rulebook and citations', () => {
    const source = 'game "Tokaido" cites "intro" in "other.txt" { players 2 to 5  rulebook "tokaido.cs.txt" }';
    const game = as(parseDecl(source), 'Game');
    expect(game).toMatchObject({ title: 'Tokaido', minPlayers: 2, maxPlayers: 5, rulebook: 'tokaido.cs.txt' });
    expect(game.meta.cites).toEqual([{ kind: 'Citation', quote: 'intro', file: 'other.txt', span: { start: 15, end: 43 } }]);
    expect(game.span).toEqual({ start: 0, end: source.length });
  });
});

describe('component', () => {
  it('reads number, text, flag and enum attributes', () => {
    const source = 'component Meal { name: text, cost: number, rare: flag, kind: paddy | "sea side" }';
    const c = as(parseDecl(source), 'Component');
    expect(c.name.text).toBe('Meal');
    expect(c.attrs.map((a) => [a.name.text, a.type])).toEqual([
      ['name', { kind: 'text' }],
      ['cost', { kind: 'number' }],
      ['rare', { kind: 'flag' }],
      ['kind', { kind: 'enum', values: ['paddy', 'sea side'] }],
    ]);
    expect(textAt(source, c.attrs[3]!.span)).toBe('kind: paddy | "sea side"');
  });

  it('accepts an empty attribute list', () => {
    expect(as(parseDecl('component Token {}'), 'Component').attrs).toEqual([]);
  });
});

describe('table', () => {
  const source = `table meals of Meal in meal-deck {
  | name        | cost | rare | copies |
  | Misoshiru   | 1    | no   | 3      |
  | "Tai Meshi" | -3   | yes  | 1      |
}`;

  it('takes the first row as column names and types later cells', () => {
    const t = as(parseDecl(source), 'Table');
    expect(t).toMatchObject({ name: { text: 'meals' }, component: { text: 'Meal' }, zone: { text: 'meal-deck' } });
    expect(t.columns.map((c) => c.text)).toEqual(['name', 'cost', 'rare', 'copies']);
    expect(t.rows.map((row) => row.map((c) => c.value))).toEqual([
      ['Misoshiru', 1, false, 3],
      ['Tai Meshi', -3, true, 1],
    ]);
  });

  it('spans a negative number cell from its minus sign', () => {
    const t = as(parseDecl(source), 'Table');
    expect(textAt(source, t.rows[1]![1]!.span)).toBe('-3');
    expect(textAt(source, t.columns[0]!.span)).toBe('name');
  });

  it('has no zone when `in` is left out', () => {
    expect(as(parseDecl('table t of M { | a | }'), 'Table').zone).toBeNull();
  });
});

describe('zone', () => {
  it('reads component, owner, order and visibility', () => {
    expect(parseDecl('zone meal-deck of Meal, ordered, hidden')).toMatchObject({
      kind: 'Zone', name: { text: 'meal-deck' }, component: { text: 'Meal' }, perPlayer: false, ordered: true, visibility: 'hidden',
    });
    expect(parseDecl('zone meals of Meal per player, private')).toMatchObject({ perPlayer: true, ordered: false, visibility: 'private' });
  });

  it('is public and untyped when nothing is said', () => {
    expect(parseDecl('zone discard')).toMatchObject({ component: null, perPlayer: false, ordered: false, visibility: 'public' });
  });
});

describe('counter', () => {
  it('reads owner and bounds', () => {
    const c = as(parseDecl('counter coins per player, from 3, at least 0, at most 2 * 5'), 'Counter');
    expect(c.owner).toEqual({ kind: 'player' });
    expect([c.initial, c.min, c.max].map((e) => e && show(e))).toEqual(['3', '0', '(* 2 5)']);
  });

  it('belongs to a piece collection or to the game', () => {
    expect(as(parseDecl('counter donated per travellers'), 'Counter').owner).toMatchObject({ kind: 'each', of: { text: 'travellers' } });
    expect(as(parseDecl('counter stage'), 'Counter')).toMatchObject({ owner: { kind: 'global' }, initial: null, min: null, max: null });
  });
});

describe('pieces', () => {
  it('reads a per-player collection and a single piece joining one', () => {
    expect(parseDecl('pieces travellers per player')).toMatchObject({ kind: 'Piece', perPlayer: true, collection: null });
    expect(parseDecl('piece neutral in travellers')).toMatchObject({
      kind: 'Piece', name: { text: 'neutral' }, perPlayer: false, collection: { text: 'travellers' },
    });
  });
});

describe('board', () => {
  it('reads track, hex and square shapes', () => {
    expect(as(parseDecl('board road: track of spaces reversed'), 'Board').shape).toMatchObject({ kind: 'track', spaces: { text: 'spaces' }, reversed: true });
    expect(as(parseDecl('board island: hex grid of cells'), 'Board').shape).toMatchObject({ kind: 'hex', cells: { text: 'cells' } });
    expect(as(parseDecl('board chess: square grid of squares'), 'Board').shape).toMatchObject({ kind: 'square', cells: { text: 'squares' } });
  });

  it('makes one edge per neighbour of each adjacency list', () => {
    const board = as(parseDecl('board map: graph of cities { Augsburg: Ingolstadt, Innsbruck  Basel: Freiburg }'), 'Board');
    if (board.shape.kind !== 'graph') throw new Error('not a graph');
    expect(board.shape.edges.map((e) => `${e.from.text}-${e.to.text}`)).toEqual(['Augsburg-Ingolstadt', 'Augsburg-Innsbruck', 'Basel-Freiburg']);
  });
});

describe('define, event, rule, forbid', () => {
  it('reads a define with parameters and ambiguity notes', () => {
    const source = 'define meal-price(meal) = cost of meal ambiguous "cheaper" because "rounding" ambiguous "x"';
    const d = as(parseDecl(source), 'Define');
    expect(d.params.map((p) => p.text)).toEqual(['meal']);
    expect(show(d.body)).toBe('(of cost meal)');
    expect(d.meta.ambiguous.map((a) => [a.quote, a.note])).toEqual([['cheaper', 'rounding'], ['x', null]]);
    expect(textAt(source, d.name.span)).toBe('meal-price');
  });

  it('reads an event with parameters', () => {
    expect(as(parseDecl('event stop(traveller, space)'), 'Event').params.map((p) => p.text)).toEqual(['traveller', 'space']);
  });

  it('reads a triggered rule', () => {
    const source = 'rule temple on stop where type of space = "temple" cites "chrám" { gain 1 points }';
    const r = as(parseDecl(source), 'Rule');
    expect(r.trigger?.event.text).toBe('stop');
    expect(r.trigger?.where && show(r.trigger.where)).toBe('(= (of type space) "temple")');
    expect(r.meta.cites.map((c) => c.quote)).toEqual(['chrám']);
    expect(r.body.stmts).toHaveLength(1);
    expect(r.span).toEqual({ start: 0, end: source.length });
  });

  it('reads a called rule with parameters and no trigger', () => {
    expect(parseDecl('rule travel(mover) { }')).toMatchObject({ kind: 'Rule', params: [{ text: 'mover' }], trigger: null });
  });

  it('reads `rule X forbids Y when …` as a forbid', () => {
    const f = as(parseDecl('rule full forbids advance when count(pieces-at(destination)) >= 2'), 'Forbid');
    expect(f.name.text).toBe('full');
    expect(f.choice.text).toBe('advance');
    expect(show(f.when)).toBe('(>= (count() (pieces-at() destination)) 2)');
  });
});

describe('powers, setup, flow, recount, winner', () => {
  it('reads where powers come from and a power overriding a define', () => {
    expect(parseDecl('powers come from character')).toMatchObject({ kind: 'Powers', zone: { text: 'character' } });
    const p = as(parseDecl('power Kinko { define meal-price(meal) = 0  rule r { }  rule f forbids buy when yes }'), 'Power');
    expect(p.items.map((i) => i.kind)).toEqual(['Define', 'Rule', 'Forbid']);
  });

  it('reads setup and flow blocks', () => {
    expect(as(parseDecl('setup { shuffle deck }'), 'Setup').body.stmts).toHaveLength(1);
    expect(as(parseDecl('flow cites "turns" { }'), 'Flow').meta.cites).toHaveLength(1);
  });

  it('reads a recount formula', () => {
    const r = as(parseDecl('recount points as sum cost of m for m in meals'), 'Recount');
    expect(r.counter.text).toBe('points');
    expect(show(r.expr)).toBe('(sum m in meals keys (of cost m))');
  });

  it('reads winner orderings and team wins', () => {
    const w = as(parseDecl('winner most points then least count(achievements)'), 'Winner');
    expect(w.team).toBe(false);
    expect(w.order.map((o) => `${o.direction} ${show(o.expr)}`)).toEqual(['most points', 'least (count() achievements)']);
    expect(parseDecl('winner team')).toMatchObject({ team: true, order: [] });
  });
});

describe('variant', () => {
  it('reads condition, exclusions and overlay items', () => {
    const source = `variant gourmet "Gourmet" when count(players) = 2 excludes other, third cites "x" {
      replace define meal-price(meal) = 0
      remove full
      add zone extra of Meal
    }`;
    const v = as(parseDecl(source), 'Variant');
    expect(v.id.text).toBe('gourmet');
    expect(v.title).toBe('Gourmet');
    expect(v.when && show(v.when)).toBe('(= (count() players) 2)');
    expect(v.excludes.map((e) => e.text)).toEqual(['other', 'third']);
    expect(v.items.map((i) => i.kind)).toEqual(['Replace', 'Remove', 'Add']);
    const [replace, remove, add] = v.items;
    expect(replace?.kind === 'Replace' && replace.decl.kind).toBe('Define');
    expect(remove?.kind === 'Remove' && remove.target.text).toBe('full');
    expect(add && textAt(source, add.span)).toBe('add zone extra of Meal');
  });
});

describe('a ruleset', () => {
  it('keeps declarations in source order', () => {
    expect(parseClean('zone a  zone b  counter c').decls.map((d) => d.kind)).toEqual(['Zone', 'Zone', 'Counter']);
  });
});
