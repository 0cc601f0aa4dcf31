// The table's DOM-free parts in Node: what a seat's view puts on the table (boards, zones, hidden
// counters as null), moves as clicks (in order, as sets, a grid's column named by a thing), where
// rules move cards, a menu's lines made through the clicks of the decision each leads to, and saved games (JSON and share fragments) read back or refused with a reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../interpreter/compiler/index.js';
import { modelOf, setup, view } from '../../interpreter/runtime/index.js';
import { cardFlows } from '../../playground/src/card-flow.js';
import { GameSession } from '../../playground/src/game.js';
import { parseSavedGame, gameFromFragment, SAVED_GAME_FORMAT, shareFragment, type SavedGame } from '../../playground/src/saved-game.js';
import { checkLayoutHints, shippedLayout } from '../../playground/src/layout-hints.js';
import { describeTable } from '../../playground/src/table-model.js';
import { clickMoves, clickMovesAhead, clickState, drawnOnly, movesOf, optionsOnTable, type ClickMove } from '../../playground/src/targets.js';

const load = (path: string) => compileSource(readFileSync(path, 'utf8'), path).definition!;

describe('the table of a view', () => {
  it('shows another seat\'s private counter and hand as hidden, the viewer\'s own as they are', () => {
    const def = load('rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules');
    const state = setup(def, 3, 2);
    const table = describeTable(modelOf(def, state), view(def, state, 0));
    expect(table.boards.map((b) => [b.name, b.kind, b.spaces.length])).toEqual([['map', 'graph', 22]]);
    expect(table.boards[0]!.edges.length).toBeGreaterThan(20);
    expect(table.boards[0]!.tint).toBe('region');
    const points = (seat: number) => table.seats[seat]!.counters.find((c) => c.name === 'points')!.value;
    expect(points(0)).toBe((state.counters.points as number[])[0]);
    expect(points(1)).toBeNull(); // the view says 0: hidden, not zero
    const hand = (seat: number) => table.seats[seat]!.zones.find((z) => z.name === 'hand')!;
    expect(hand(0).cards!.map((c) => c.id)).toEqual(state.zones['hand@0']);
    expect(hand(1).cards).toBeNull();
    expect(hand(1).count).toBe(state.zones['hand@1']!.length);
    expect(table.shared.find((z) => z.name === 'deck')!.cards).toBeNull();
  });

  it('reads a hex grid\'s coordinates and its per-space counters (Java\'s stacks)', () => {
    const def = load('rulesets/java/java.cs.rules');
    const state = setup(def, 2, 1);
    const table = describeTable(modelOf(def, state), view(def, state, 0));
    const island = table.boards.find((b) => b.kind === 'hex')!;
    expect(island.spaces.find((s) => s.label === 'B1')).toMatchObject({ col: 1, row: 1 });
    expect(island.spaces[0]!.counters.map(([name]) => name).slice(0, 2)).toEqual(['level', 'field']);
    expect(island.flags).toEqual(['outside', 'lake']);
  });
});

describe('layout hints', () => {
  const draughts = () => {
    const def = load('rulesets/draughts/draughts.rules');
    return modelOf(def, setup(def, 2, 1));
  };

  it('reads the shipped sidecars beside their rulesets, clean', () => {
    const model = draughts();
    const { hints, problems } = shippedLayout(model);
    expect(problems).toEqual([]);
    expect(hints.players).toHaveLength(2);
    expect(hints.boards?.draughtboard?.colour).toMatch(/^#/);
    const yacht = load('rulesets/yacht/yacht.rules');
    expect(shippedLayout(modelOf(yacht, setup(yacht, 2, 1))).hints.zones?.dice).toEqual({ show: 'dice', pips: 'pips', order: 1 });
    const plain = load('rulesets/breakthrough/breakthrough.rules');
    expect(shippedLayout(modelOf(plain, setup(plain, 2, 1)))).toEqual({ hints: {}, problems: [] });
  });

  it('refuses hints of the wrong shape or naming what the rules do not declare, saying where and why, and uses none of them', () => {
    const model = draughts();
    const check = (hints: unknown) => checkLayoutHints(JSON.stringify(hints), 'x.layout.json', model);
    expect(check({ players: ['#fff', 'white'] })).toEqual({ hints: {}, problems: ['x.layout.json: players.1: a colour is written #rgb or #rrggbb.'] });
    expect(check({ board: {} }).problems).toEqual(['x.layout.json: the top level: `board` is not a layout hint here.']);
    expect(check({ zones: { hand: { show: 'fan' } } }).problems).toEqual(['x.layout.json: zones.hand.show: must be one of cards, list, dice, none.']);
    expect(check({ boards: { board: { colour: '#000' }, draughtboard: { tint: 'colour', positions: { '33': [0, 0], '1': [1, 1] } } } }).problems).toEqual([
      'x.layout.json: boards.board: there is no board `board` in the rules (boards: `draughtboard`).',
      'x.layout.json: boards.draughtboard.tint: the spaces have no attribute `colour` (they have `name`, `x`, `y`).',
      'x.layout.json: boards.draughtboard.positions.33: board `draughtboard` has no space `33`.',
    ]);
    expect(check({ zones: { hand: {} } }).problems).toEqual(['x.layout.json: zones.hand: there is no zone `hand` in the rules (zones: none).']);
    expect(checkLayoutHints('{ "players": [', 'x.layout.json', model).problems[0]).toMatch(/^x\.layout\.json: this is not JSON \(/);
    const yacht = load('rulesets/yacht/yacht.rules');
    const ym = modelOf(yacht, setup(yacht, 1, 1));
    expect(checkLayoutHints('{ "zones": { "dice": { "show": "dice", "pips": "eyes" }, "open": { "show": "dice" } } }', 'y.layout.json', ym).problems).toEqual([
      'y.layout.json: zones.dice.pips: the cards of `dice` have no attribute `eyes` (they have `pips`).',
      'y.layout.json: zones.open: dice need `pips`, the number attribute their faces show.',
    ]);
  });

  it('puts a piece\'s own counters on the table with it (a crowned man)', () => {
    const def = load('rulesets/draughts/draughts.rules');
    const state = setup(def, 2, 1);
    const man = Object.keys(state.pieces)[0]!;
    (state.counters.crowned as Record<string, number>)[man] = 1;
    const table = describeTable(modelOf(def, state), view(def, state, 0));
    const pieces = [...table.piecesAt.values()].flat();
    expect(pieces.find((p) => p.id === man)!.counters).toEqual([['crowned', 1]]);
    expect(pieces.filter((p) => p.counters.length)).toHaveLength(1);
  });
});

describe('moves as clicks', () => {
  it('makes a two-part move by two clicks in order: a piece\'s square, then where it goes', () => {
    const def = load('rulesets/breakthrough/breakthrough.rules');
    const state = setup(def, 2, 1);
    const moves = clickMoves(modelOf(def, state), state.pending!.options);
    expect(moves).toHaveLength(state.pending!.options.length);
    const first = clickState(moves, []);
    expect([...first.next].every((id) => id.endsWith('2'))).toBe(true); // white's pawns on row 2
    const after = clickState(moves, ['squares:b2']);
    expect([...after.next].sort()).toEqual(['squares:a3', 'squares:b3', 'squares:c3']);
    expect(clickState(moves, ['squares:b2', 'squares:c3']).complete.map((m) => m.move)).toEqual(['advance b2+c3']);
    expect(clickState(moves, ['squares:b3']).candidates).toEqual([]);
  });

  it('clicks a grid\'s column where the move names a thing whose data are a column', () => {
    const def = load('rulesets/connect-four/connect-four.obvious.rules');
    const state = setup(def, 2, 1);
    const moves = clickMoves(modelOf(def, state), state.pending!.options);
    const a = moves.find((m) => m.move === 'drop a')!;
    expect(a.parts[0]!.ids).toHaveLength(6); // every hole of column a
    expect(clickState(moves, ['cells:a3']).complete.map((m) => m.move)).toEqual(['drop a']);
  });

  it('treats moves of different lengths as sets, clicked in any order', () => {
    const moves = [
      { move: 'none', parts: [] },
      { move: 'x', parts: [{ ids: ['x'] }] },
      { move: 'x+y', parts: [{ ids: ['x'] }, { ids: ['y'] }] },
    ];
    expect(clickState(moves, ['y']).candidates.map((m) => m.move)).toEqual(['x+y']);
    const x = clickState(moves, ['x']);
    expect(x.complete.map((m) => m.move)).toEqual(['x']);
    expect([...x.next]).toEqual(['y']);
    expect(clickState(moves, ['y', 'x']).complete.map((m) => m.move)).toEqual(['x+y']);
  });

  it('leaves moves that name nothing on the table (numbers, menu lines) to the buttons', () => {
    const def = load('rulesets/breakthrough/breakthrough.rules');
    const model = modelOf(def, setup(def, 2, 1));
    const options = [{ id: 'donate 1', value: 1 }, { id: 'keep', value: 'keep the tokens' }, { id: 'half', value: [{ space: 'squares:a1' }, 3] }, { id: 'pass', value: null }];
    expect(clickMoves(model, options)).toEqual([]);
    expect(clickMoves(model, [...options, { id: 'go', value: { space: 'squares:a1' } }]).map((m) => m.move)).toEqual(['go']);
  });
});

describe('moves as clicks on what is drawn', () => {
  it('clicks a row that names one space (a card laid at a city\'s end of the route) on that space, and asks which row', () => {
    const def = load('rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules');
    const model = modelOf(def, setup(def, 2, 1));
    const options = [
      { id: 'play Ulm at end', value: { card: 'Ulm at end' } },
      { id: 'play Ulm at start', value: { card: 'Ulm at start' } },
      { id: 'discard the route', value: null },
    ];
    const moves = clickMoves(model, options);
    expect(moves.map((m) => [m.move, m.parts[0]!.ids])).toEqual([['play Ulm at end', ['cities:Ulm']], ['play Ulm at start', ['cities:Ulm']]]);
    expect(clickState(moves, ['cities:Ulm']).complete.map((m) => m.move)).toEqual(['play Ulm at end', 'play Ulm at start']);
  });

  it('leaves to the list a move whose part is drawn nowhere (a card the seat sees only the back of)', () => {
    const moves: ClickMove[] = [
      { move: 'eat tofu', parts: [{ ids: ['tofu'] }] },
      { move: 'drop a', parts: [{ ids: ['a1', 'a2', 'a3'] }] },
      { move: 'go', parts: [{ ids: ['p1'] }, { ids: ['b2'] }] },
    ];
    expect(drawnOnly(moves, new Set(['a2', 'a3', 'p1', 'b2']))).toEqual([
      { move: 'drop a', parts: [{ ids: ['a2', 'a3'] }] },
      { move: 'go', parts: [{ ids: ['p1'] }, { ids: ['b2'] }] },
    ]);
  });
});

describe('a menu\'s lines made on the table', () => {
  const space = (id: string) => ({ space: id });

  it('maps each line to the clicks of the decision it leads to; a line with nothing there stays the list\'s', () => {
    const def = load('rulesets/breakthrough/breakthrough.rules');
    const model = modelOf(def, setup(def, 2, 1));
    const menu = [
      { id: 'build', value: 'build', branch: 0 },
      { id: 'march', value: 'march', branch: 1 },
      { id: 'rest', value: 'rest', branch: 2 },
      { id: 'go a1', value: space('squares:a1'), branch: 3 }, // a line of `for each`: clicked itself
    ];
    const after: Record<string, { id: string; value: { space: string } | number }[] | null> = {
      build: [{ id: 'at a2', value: space('squares:a2') }, { id: 'at b2', value: space('squares:b2') }],
      march: [{ id: 'to b2', value: space('squares:b2') }, { id: 'to c2', value: space('squares:c2') }, { id: 'back', value: 0 }],
      rest: null, // ends the turn: another seat decides
    };
    const asked: string[] = [];
    const moves = clickMovesAhead(model, menu, (id) => { asked.push(id); return after[id] ?? null; });
    expect(asked).toEqual(['build', 'march', 'rest']); // the clickable line is not played ahead
    expect(moves.map(movesOf)).toEqual([['go a1'], ['build', 'at a2'], ['build', 'at b2'], ['march', 'to b2'], ['march', 'to c2']]);
    expect(optionsOnTable(moves)).toBe(3); // go a1, build, march; rest is the list's
    const first = clickState(moves, []);
    expect([...first.next].sort()).toEqual(['squares:a1', 'squares:a2', 'squares:b2', 'squares:c2']);
    // One line reaches a2: the click makes both moves. Two reach b2: the table asks which.
    expect(clickState(moves, ['squares:a2']).complete.map(movesOf)).toEqual([['build', 'at a2']]);
    const b2 = clickState(moves, ['squares:b2']);
    expect(b2.candidates).toHaveLength(2);
    expect(b2.complete.map((m) => m.via)).toEqual(['build', 'march']);
    // A plain decision is unchanged: nothing is played ahead when no option is a menu's line.
    const plain = [{ id: 'at a2', value: space('squares:a2') }, { id: 'count', value: 3 }];
    expect(clickMovesAhead(model, plain, () => { throw new Error('no look-ahead here'); }).map(movesOf)).toEqual([['at a2']]);
  });

  it('judges each line\'s moves apart: one line\'s two-click moves keep their order beside another\'s one-click ones', () => {
    const moves: ClickMove[] = [
      { move: 'p', parts: [{ ids: ['x'] }], via: 'place' },
      { move: 'x→y', parts: [{ ids: ['x'] }, { ids: ['y'] }], via: 'move' },
    ];
    expect(clickState(moves, ['y']).candidates).toEqual([]); // not a set: y is not a first click
    const x = clickState(moves, ['x']);
    expect(x.complete.map((m) => m.move)).toEqual(['p']);
    expect([...x.next]).toEqual(['y']);
  });

  it('plays Java\'s menu of actions ahead on a copy: laying a tile is a click on the island, the state untouched', () => {
    const def = load('rulesets/java/java.cs.rules');
    const session = new GameSession(def, { players: 2, seed: 7, variants: [] });
    while (!session.state.pending!.options.some((o) => o.id === 'lay a rice field')) session.agentMove();
    const before = JSON.stringify(session.state);
    const options = session.state.pending!.options;
    const moves = clickMovesAhead(session.model(), options, (id) => session.peek(id));
    expect(JSON.stringify(session.state)).toBe(before);
    const lines = new Set(moves.map((m) => m.via));
    expect(lines).toContain('lay a three-field tile');
    expect(lines).toContain('lay a rice field');
    expect(lines).not.toContain('end the turn'); // the other seat's decision follows
    // Through "lay a rice field": its anchors, the hexes of the decision it leads to.
    const anchors = session.peek('lay a rice field')!.filter((o) => o.value !== null).map((o) => (o.value as { space: string }).space);
    expect(moves.filter((m) => m.via === 'lay a rice field').map((m) => m.parts[0]!.ids[0]).sort()).toEqual([...anchors].sort());
    // A hex several kinds of tile can be laid at: the table asks which, and the answer plays both moves.
    const hex = anchors.find((a) => clickState(moves, [a]).complete.length > 1)!;
    const choice = clickState(moves, [hex]).complete.find((m) => m.via === 'lay a rice field')!;
    for (const move of movesOf(choice)) session.play(move);
    expect(session.moves.slice(-2)).toEqual(['lay a rice field', choice.move]);
    expect(session.state.pending!.player).toBe(JSON.parse(before).pending.player);
  });

  it('does not look through a line that draws or deals: what it shows is seen before the next choice', () => {
    const def = load('rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules');
    const session = new GameSession(def, { players: 2, seed: 7, variants: [] });
    const played = structuredClone(session.state);
    session.play('take from deck');
    expect(session.state.pending!.player).toBe(played.pending!.player); // the same seat goes on…
    session.undo();
    expect(session.peek('take from deck')).toBeNull(); // …but the drawn card is news
    expect(session.state).toEqual(played);
  });
});

describe('where cards go', () => {
  it('traces moves and draws between zones through chosen names and defines', () => {
    const def = load('rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules');
    const flows = cardFlows(modelOf(def, setup(def, 3, 1)));
    const pairs = flows.map((f) => `${f.from}→${f.to}`);
    expect(pairs).toContain('hand→route');
    expect(pairs).toContain('carriage-supply→carriages');
    expect(flows.find((f) => f.from === 'hand' && f.to === 'route')!.rules).toContain('lay-card');
  });
});

describe('saved games', () => {
  const game: SavedGame = {
    format: SAVED_GAME_FORMAT, ruleset: { path: 'rulesets/x/x.rules', text: 'game "X" { players 2 }\n'.repeat(50) },
    players: 2, seed: 'seed ü', variants: [], moves: ['a', 'b', 'c'], position: 2, agents: [null, 'random'],
  };

  it('round-trips through a share fragment, deflated', () => {
    const fragment = shareFragment(game);
    expect(fragment.startsWith('#game=')).toBe(true);
    expect(fragment.length).toBeLessThan(JSON.stringify(game).length);
    expect(gameFromFragment(fragment)).toEqual(game);
    expect(gameFromFragment('#other')).toBeNull();
  });

  it('refuses a damaged link or file, saying what is wrong', () => {
    expect(() => gameFromFragment(`${shareFragment(game).slice(0, 30)}`)).toThrow(/damaged/);
    expect(() => parseSavedGame('{', 'g.json')).toThrow(/g\.json is not JSON/);
    expect(() => parseSavedGame(JSON.stringify({ ...game, position: 9 }))).toThrow(/"position" is not a number from 0 to 3/);
    expect(() => parseSavedGame(JSON.stringify({ ...game, format: 'x' }))).toThrow(/"format"/);
    expect(() => parseSavedGame(JSON.stringify({ ...game, moves: [1] }))).toThrow(/"moves"/);
  });
});

describe('the timeline of a game', () => {
  it('undoes, redoes and jumps along the line; a different move starts a new line', () => {
    const def = load('rulesets/connect-four/connect-four.rules');
    const session = new GameSession(def, { players: 2, seed: 3, variants: [] });
    for (let i = 0; i < 6; i++) session.agentMove();
    const line = [...session.moves];
    const after4 = (() => { const s = new GameSession(def, { players: 2, seed: 3, variants: [] }); line.slice(0, 4).forEach((m) => s.play(m)); return JSON.stringify(s.state); })();
    session.jump(4);
    expect(session.depth).toBe(4);
    expect(session.state).toEqual(JSON.parse(after4));
    expect(session.redo()).toBe(true);
    expect(session.moves).toEqual(line); // the line is kept while moves are redone
    session.jump(6);
    expect(session.redo()).toBe(false);
    session.jump(2);
    const other = session.legal()!.moves.find((m) => m !== line[2])!;
    session.play(other);
    expect(session.moves).toEqual([...line.slice(0, 2), other]);
  });

  it('knows which move and rule wrote each log line, and lets an agent play a seat', () => {
    const def = load('rulesets/connect-four/connect-four.rules');
    const session = new GameSession(def, { players: 2, seed: 3, variants: [] });
    const setupLines = session.state.log.length;
    session.setAgent(1, 'first');
    expect(session.agentOf(1)).toBe('first');
    session.play(session.legal()!.moves[0]!);
    const second = session.agentMove(); // seat 1: the first legal move
    expect(second).toBe(session.moves[1]);
    expect(session.originOf(setupLines - 1)).toBeNull(); // the setup's lines
    const o = session.originOf(setupLines)!;
    expect(o.move).toBe(1);
    expect(o.rule).toBe('drop-a-disc');
    expect(o.at).toMatch(/^rulesets\/connect-four\/connect-four\.rules:\d+:1$/);
    expect(session.originOf(session.state.log.length - 1)!.move).toBe(2);
    expect(() => session.setAgent(0, 'nobody')).toThrow(/no agent called "nobody"/);
  });
});
