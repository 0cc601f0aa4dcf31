// A whole game as one generated JavaScript program: the engine that plays (playouts, search, and —
// as a live program — every real move), with the machine as its oracle.
//
// The machine (machine.ts) runs rules over a stack of frames kept in a JSON state, so that it can
// stop at any decision and resume from a saved game; that is what play, views and saves need, and
// it costs ~100× what hand-written code does. A playout needs none of it: agents that pick an
// option by its index are called in place, and only the moves and the result come out. So the
// rules in force (the model) are lowered once to one program in the shape a hand-written game has:
//
//   - the state as arrays: a piece's space and slot, each space's pieces, each zone's cards and a
//     card's zone, counters by seat, space, piece or (per player per thing) row and seat;
//   - spaces, pieces, players, cards and zones as interned references (equal ones are the same
//     object), lists as arrays; names resolved to JavaScript locals, defines and rules to functions;
//   - statements as straight-line code, a choice as a loop over its candidates that calls the agent;
//   - index plans for the lookups people write, and a loop's invariant parts worked out once.
//
// The program answers what the machine answers for the same seeds, move for move
// (test/interpreter/compiled-game.test.ts plays every shipped ruleset both ways). A playout's program
// writes no log; a live one (`compileGame(model, true)`) also writes the machine's log and gives the
// machine's state back where it stops (playOn; test/interpreter/live.test.ts compares the whole state
// after every move). What it does not cover makes `compileGame` answer why not (NotCompiled), and the
// caller plays the machine instead. Whatever the program meets that it cannot answer
// exactly as the machine would (a value of an unexpected kind, an error, a runaway loop) it does
// not try to: it gives up the game (`Deopt`), and the caller plays that game again on the machine,
// which gives the true answer or the true error.
//
// As in generate.ts, nothing a rule's author writes reaches the source as text: texts, names and
// values are constants read from K by index; the source holds fixed tokens, indices and numbers.
//
// The parts: world.ts (the model's things as indices), writer.ts (the rules as JavaScript),
// program.ts (the program's fixed part), helpers.ts (what it calls by name), errors.ts.
import { gridDirections, OPPOSITE, type Model } from '../model.js';
import { resultOfKeys } from '../result.js';
import type { Frame, GameState, LogEntry, MoveRecord, Option, Result } from '../state.js';
import type { Value } from '../values.js';
import { unsupported } from './errors.js';
import { HELPERS } from './helpers.js';
import { RUNTIME } from './program.js';
import { Writer } from './writer.js';
import { PIECE, Ref, SPACE, worldOf } from './world.js';

import { Deopt } from './errors.js';

export { Deopt, NotCompiled } from './errors.js';

/** What a picker may ask of the options: each one's move id (as the machine's), and the choice's name. */
export interface OptionIds {
  id(k: number): string;
  /** The option's value as the machine's (things by their ids). */
  value(k: number): Value;
  /** A menu's option: the index of its branch (undefined for a choice). */
  branch(k: number): number | undefined;
  choice(): string;
  /** Whether, since the game resumed, chance was asked, a card moved or one was revealed. */
  drawn(): boolean;
}

/** Chooses among `count` options (≥ 2) for a seat: the index of the chosen one, or -1 to stop the game there. */
export type Picker = (count: number, options: OptionIds) => number;

export interface CompiledPlay {
  /** The decisions made (a choice with one option is made without the agent, and not recorded). */
  readonly moves: MoveRecord[];
  readonly result: Result;
  /** Turns started (each `turn of`), as the machine's state counts them. */
  readonly turns: number;
}

/**
 * What a simulation counts, told as the game runs. `decision` comes where the machine would stop
 * for a player (before each agent's pick) and once more at the end, with the turns started so far and
 * the winner's first measure for a seat (which throws where it cannot be read).
 */
export interface PlayWatch {
  /** A rule ran, or a forbidding rule struck an option out: its declaration's start in the source. */
  fired(at: number): void;
  decision(turns: number, measure: (seat: number) => number): void;
  /** A player's decision, by the choice's name, and the move id taken. */
  decided(player: number, choice: string, move: string): void;
}

/** A game resumed from a state: played to its end (a result), or stopped by a picker (each seat's winner measure then). */
export interface ResumedPlay {
  readonly moves: MoveRecord[];
  readonly turns: number;
  readonly result: Result | null;
  /** Each seat's winner measure where the game stopped or ended, signed so that more is better (null: it cannot be worked out), as `measures` gives them. */
  readonly measures: readonly (number | null)[];
}

export interface CompiledGame {
  /** Plays one game to its end, each seat's decisions by its picker, chance from `seed`; stops with Deopt past `maxMoves` decisions. */
  play(pickers: readonly Picker[], maxMoves: number, seed: string | number, watch?: PlayWatch): CompiledPlay;
  /**
   * Plays on from a machine state waiting at a decision (its pieces, cards, counters, chance and
   * stack; its `pending` need not be listed), until the end or until a picker answers -1. The state
   * is read, never changed. Anything
   * the program cannot resume exactly (a frame it does not expect) gives the game up (Deopt).
   */
  resume(state: GameState, pickers: readonly Picker[], maxMoves: number): ResumedPlay;
  /**
   * A live program's (see compileGame): plays on from a machine state — one just set up and not yet
   * run, or one waiting at a decision — until a picker answers -1 or the game ends, and gives the
   * machine's state there (its stack of frames, its pending choice, or its result). The state given
   * is read, never changed; what the program cannot play exactly as the machine gives up (Deopt).
   */
  playOn(state: GameState, pickers: readonly Picker[], maxMoves: number): GameState;
  /**
   * The same, changing the state given (its moves and log added to, the rest replaced), as the
   * machine's applyInPlace does: a long game's history is not copied at each move. `begin`: the
   * state is one just set up, whose setup has not run yet (its stack as `setup` makes it).
   */
  playOnInPlace(state: GameState, pickers: readonly Picker[], maxMoves: number, begin?: boolean): void;
}


/**
 * Turns the model into a program, or says (NotCompiled) what it does not cover. A `live` program
 * also gives back the machine's state where it stops (playOn); the statements that can wait for a
 * player are then written to hand their frames back, which playouts, never read back, do without.
 */
export function compileGame(m: Model, live = false): CompiledGame {
  const w = worldOf(m);
  const writer = new Writer(m, w, live);
  // The winner's first measure: what a search judges an unfinished game by.
  const first = m.winner?.order[0];
  // The counters, each an array: one value, one a seat, one a space or a piece.
  const counterLines: string[] = [];
  const startLines: string[] = [];
  for (const [name, c] of writer.counters) {
    const decl = m.counters.get(name)!;
    const size = c.per === 'game' ? 1 : c.per === 'player' ? m.playerCount : c.per === 'space' ? w.spaceIds.length : c.per === 'piece' ? w.pieceIds.length : c.things!.length * m.playerCount;
    counterLines.push(`const ${c.js} = new Array(${size}).fill(0);`);
    // A live program lists the cells it sets (see program.ts, MOVED): only they are given back.
    if (live) counterLines.push(`const D_${c.js} = new Uint8Array(${size}), L_${c.js} = [];`);
    // Its start, as the machine's setup makes it (a counter may start from one declared before it).
    const start = decl.initial?.kind === 'None' ? 'null' : decl.initial ? `N(${writer.expr(decl.initial, new Map(), false)})` : '0';
    if (c.per === 'game') startLines.push(`cur = -1; ${c.js}[0] = ${start};`);
    else if (c.per === 'player') startLines.push(`for (let s = 0; s < ${m.playerCount}; s++) { cur = s; ${c.js}[s] = ${start}; }`);
    else if (c.per === 'player-thing') startLines.push(`for (let row = 0; row < ${c.things!.length}; row++) for (let s = 0; s < ${m.playerCount}; s++) { cur = s; ${c.js}[row * ${m.playerCount} + s] = ${start}; }`);
    else if (c.per === 'space') {
      const of = (decl.owner as { of: { text: string } }).of.text;
      const ids = m.boards.get(of)!.order.map((id) => w.spaceIndex.get(id)!);
      startLines.push(`cur = -1; ${c.js}.fill(0); for (const s of ${writer.constant(ids)}) ${c.js}[s] = ${start};`);
    } else {
      const of = (decl.owner as { of: { text: string } }).of.text;
      const ids = m.collections.get(of)!.map((id) => w.pieceIndex.get(id)!);
      startLines.push(`${c.js}.fill(0); for (const p of ${writer.constant(ids)}) { cur = OWNERS[p] === null ? -1 : OWNERS[p].i; ${c.js}[p] = ${start}; }`);
    }
  }
  // Loading a machine state's counters into the arrays (to resume from it), each as it is kept.
  const loadLines: string[] = [];
  for (const [name, c] of writer.counters) {
    const held = `from.counters[${writer.constant(name)}]`;
    if (c.per === 'game') loadLines.push(`${c.js}[0] = VAL(${held});`);
    else if (c.per === 'player') loadLines.push(`{ const v = ${held}; for (let s = 0; s < ${m.playerCount}; s++) ${c.js}[s] = VAL(v[s]); }`);
    else if (c.per === 'space' || c.per === 'piece') {
      // Kept for a board's spaces or a collection's pieces: each read by its id, in their order.
      const of = (m.counters.get(name)!.owner as { of: { text: string } }).of.text;
      const ids = c.per === 'space' ? m.boards.get(of)!.order : m.collections.get(of)!;
      const at = ids.map((id) => (c.per === 'space' ? w.spaceIndex : w.pieceIndex).get(id)!);
      loadLines.push(`{ const v = ${held}, ids = ${writer.constant(ids)}, at = ${writer.constant(at)}; for (let k = 0; k < ids.length; k++) { const x = v[ids[k]]; if (x === undefined) deopt(); ${c.js}[at[k]] = VAL(x); } }`);
    } else {
      const ids = writer.constant(c.things!.map((t) => (t.kind === PIECE ? w.pieceIds[t.i] : t.kind === SPACE ? w.spaceIds[t.i] : w.cardIds[t.i])));
      loadLines.push(`{ const v = ${held}; for (let row = 0; row < ${ids}.length; row++) { const values = v[${ids}[row]]; for (let s = 0; s < ${m.playerCount}; s++) ${c.js}[row * ${m.playerCount} + s] = VAL(values[s]); } }`);
    }
  }
  // Giving the counters' changed cells back into a machine state (the inverse of loading them).
  const giveBackLines: string[] = [];
  for (const [name, c] of writer.counters) {
    const key = `state.counters[${writer.constant(name)}]`, cells = `L_${c.js}`;
    if (c.per === 'game') giveBackLines.push(`if (${cells}.length) ${key} = OUT(${c.js}[0]);`);
    else if (c.per === 'player') giveBackLines.push(`for (const s of ${cells}) ${key}[s] = OUT(${c.js}[s]);`);
    else if (c.per === 'space') giveBackLines.push(`for (const i of ${cells}) ${key}[SPACE_IDS[i]] = OUT(${c.js}[i]);`);
    else if (c.per === 'piece') giveBackLines.push(`for (const i of ${cells}) ${key}[PIECE_IDS[i]] = OUT(${c.js}[i]);`);
    else {
      const ids = writer.constant(c.things!.map((t) => (t.kind === PIECE ? w.pieceIds[t.i] : t.kind === SPACE ? w.spaceIds[t.i] : w.cardIds[t.i])));
      giveBackLines.push(`for (const i of ${cells}) ${key}[${ids}[Math.floor(i / ${m.playerCount})]][i % ${m.playerCount}] = OUT(${c.js}[i]);`);
    }
    giveBackLines.push(`for (const i of ${cells}) D_${c.js}[i] = 0;`, `${cells}.length = 0;`);
  }
  writer.topLevel = true;
  const setup = m.setup ? writer.block(m.setup.body, new Map(), '      ') : '';
  const flow = m.flow ? writer.block(m.flow.body, new Map(), '    ') : '';
  writer.topLevel = false;
  const firstKey = first ? `keyOf(${writer.expr(first.expr, new Map(), false)}, ${first.direction === 'most'})` : 'null';
  // The result, as the machine's: each seat's keys by the winner's orderings.
  const orderings = (m.winner?.order ?? []).map((o) => `keyOf(${writer.expr(o.expr, new Map(), false)}, ${o.direction === 'most'})`);
  // The winner's first measure for a seat, as a simulation reads it mid-game (a number, or it throws).
  const measure = first ? `N(${writer.expr(first.expr, new Map(), false)})` : 'deopt()';
  writer.flush();
  const source = [
    '"use strict";',
    RUNTIME,
    ...counterLines,
    ...writer.functions,
    '/** A seat\'s keys by the winner\'s orderings: a number, a list\'s length, else 0; negated for \"least\". */',
    'function keyOf(v, most) {',
    '  const n = typeof v === "number" ? v : Array.isArray(v) ? v.length : 0;',
    '  return most ? n : -n;',
    '}',
    'function keys(seat) {',
    '  cur = seat;',
    `  return [${orderings.join(', ')}];`,
    '}',
    'function measure(seat) {',
    '  const was = cur;',
    '  cur = seat;',
    '  try {',
    `    return ${measure};`,
    '  } finally {',
    '    cur = was;',
    '  }',
    '}',
    '/** Each seat\'s winner measure now, signed so that more is better (null where it cannot be worked out), as standing reads it. */',
    'function measures() {',
    '  const out = [];',
    `  for (let seat = 0; seat < ${m.playerCount}; seat++) {`,
    '    cur = seat;',
    '    try {',
    `      out.push(${firstKey});`,
    '    } catch (e) {',
    '      out.push(null);',
    '    }',
    '  }',
    '  cur = -1;',
    '  return out;',
    '}',
    '/** A machine state\'s pieces, cards, counters, chance and turns, as the arrays hold them. */',
    '/**',
    ' * What was loaded last from pieces and counters that never change (marked so by whoever made',
    ' * them: a determinizer shares its view\'s copy among all its samples): put back as it was, not read again.',
    ' */',
    'let loadedPieces = null, loadedCounters = null;',
    'const SNAP_SPACE_OF = new Int32Array(NP), SNAP_SLOT_OF = new Int32Array(NP), SNAP_HERE = new Array(NS).fill(EMPTY);',
    ...[...writer.counters.values()].map((c) => `let SNAP_${c.js} = null;`),
    'function loadPieces(from) {',
    '  if (from.pieces === loadedPieces) {',
    '    SPACE_OF.set(SNAP_SPACE_OF); SLOT_OF.set(SNAP_SLOT_OF);',
    '    for (let s = 0; s < NS; s++) HERE[s] = SNAP_HERE[s];',
    '    refillSupplies();',
    '    return;',
    '  }',
    '  loadedPieces = null;',
    '  for (const [id, at] of Object.entries(from.pieces)) {',
    '    const p = PIECE_INDEX.get(id);',
    '    if (p === undefined) deopt();',
    '    if (at.space === null) continue;',
    '    const s = SPACE_INDEX.get(at.space);',
    '    if (s === undefined) deopt();',
    '    SPACE_OF[p] = s; SLOT_OF[p] = at.slot;',
    '  }',
    '  refillSupplies();',
    '  for (let p = 0; p < NP; p++) if (SPACE_OF[p] >= 0) {',
    '    const s = SPACE_OF[p], there = HERE[s];',
    '    const after = there.length === 0 ? [] : there.slice();',
    '    let at = 0;',
    '    while (at < after.length && SLOT_OF[after[at].i] <= SLOT_OF[p]) at++;',
    '    after.splice(at, 0, PIECES[p]);',
    '    HERE[s] = after.length === 1 ? ALONE[p] : after;',
    '  }',
    // (A space's list of pieces is never changed in place: the snapshot may share it.)
    '  if (UNCHANGING(from.pieces)) { loadedPieces = from.pieces; SNAP_SPACE_OF.set(SPACE_OF); SNAP_SLOT_OF.set(SLOT_OF); for (let s = 0; s < NS; s++) SNAP_HERE[s] = HERE[s]; }',
    '}',
    'function loadCounters(from) {',
    '  if (from.counters === loadedCounters) {',
    ...[...writer.counters.values()].map((c) => `    for (let k = 0; k < ${c.js}.length; k++) ${c.js}[k] = SNAP_${c.js}[k];`),
    '    return;',
    '  }',
    '  loadedCounters = null;',
    ...loadLines.map((l) => `  ${l}`),
    '  if (UNCHANGING(from.counters)) {',
    '    loadedCounters = from.counters;',
    ...[...writer.counters.values()].map((c) => `    SNAP_${c.js} = ${c.js}.slice();`),
    '  }',
    '}',
    'function load(from) {',
    '  loadPieces(from);',
    '  CARD_ZONE.fill(-1);',
    '  for (let z = 0; z < ZONES.length; z++) {',
    '    const ids = from.zones[ZONE_KEYS[z]] ?? [];',
    '    const cards = ZONES[z] = [];',
    '    for (const id of ids) { const c = CARD_INDEX.get(id); if (c === undefined || CARD_ZONE[c] >= 0) deopt(); CARD_ZONE[c] = z; cards.push(CARDS[c]); }',
    '  }',
    '  for (const id of from.revealed) { const c = CARD_INDEX.get(id); if (c === undefined || REVEALED[c] === 1) deopt(); REVEALED[c] = 1; REVEALED_ORDER.push(CARDS[c]); }',
    '  loadCounters(from);',
    '  rng = from.rng.slice(); turns = from.turns; ending = from.ending;',
    '  RS = from.stack; RI = 0; drawn = 0;',
    '}',
    '/**',
    ' * What a live program changed, written into the machine state it was loaded from (see playOnInPlace):',
    ' * the pieces moved, the zones changed, the counters\' cells set, the revealed cards and chance.',
    ' */',
    'function giveBack(state) {',
    '  for (const p of MOVED) state.pieces[PIECE_IDS[p]] = { space: SPACE_OF[p] < 0 ? null : SPACE_IDS[SPACE_OF[p]], slot: SLOT_OF[p] };',
    '  for (const z of CHANGED_ZONES) state.zones[ZONE_KEYS[z]] = ZONES[z].map((c) => CARD_IDS[c.i]);',
    '  forgetMoves();',
    ...giveBackLines.map((l) => `  ${l}`),
    '  state.revealed = REVEALED_ORDER.map((c) => CARD_IDS[c.i]);',
    '  if (rng !== null) state.rng = rng.slice();',
    '}',
    '/** Cells and moves listed by a game given up part way are forgotten before the next. */',
    'function forgetChanges() {',
    '  forgetMoves();',
    ...[...writer.counters.values()].flatMap((c) => [`  for (const i of L_${c.js}) D_${c.js}[i] = 0;`, `  L_${c.js}.length = 0;`]),
    '}',
    'return function play(agents, maxMoves, seed, watching, from, judged, begin) {',
    '  watch = watching; turns = 0; epoch++;',
    '  SPACE_OF.fill(-1); SLOT_OF.fill(0); HERE.fill(EMPTY); fillSupplies(); fillZones(); REVEALED.fill(0); REVEALED_ORDER = [];',
    `  UNDISCLOSED.length = 0; LOG = LIVE ? [] : null; rng = null;${live ? ' forgetChanges();' : ''} seedText = seed; ending = false; secret = 0; XS = []; XP = null;`,
    '  moves = []; pickers = agents; limit = maxMoves; rounds = 0; depth = 0; RS = null;',
    // The counters' starts (a game resumed loads every counter instead).
    '  if (from === null) {',
    ...startLines.map((l) => `    ${l} epoch++;`),
    '  }',
    '  cur = -1;',
    // Resuming: the flow's call and (in the setup) its untouched block and the setup's call come first.
    `  let inSetup = ${m.setup ? 'true' : 'false'}, stopped = false;`,
    '  if (from !== null) {',
    '    load(from);',
    // A game just set up: its setup and flow run from their start, as a playout's do.
    '  }',
    '  if (begin) RS = null;',
    '  else if (from !== null) {',
    `    ${m.flow ? "rcall('flow');" : ''}`,
    `    if (${m.setup ? `RS[RI${m.flow ? ' + 1' : ''}]?.k === 'call'` : 'false'}) { ${m.flow ? 'RI++; ' : ''}rcall('setup'); } else inSetup = false;`,
    '    epoch++;',
    '  }',
    '  try {',
    '    game: {',
    '      if (inSetup) {',
    setup,
    '        inSetup = false;',
    '      }',
    flow,
    '    }',
    '  } catch (e) {',
    '    if (e === STOP) {',
    '      stopped = true;',
    // The frames beneath the setup's and the flow's own blocks: the calls that started them, and (in the setup) the flow's block waiting.
    ...(live ? [
      `      if (inSetup) XS.push({ k: 'call', rule: 'setup', vars: {} }${m.flow ? `, { k: 'block', b: ${m.blockIds.get(m.flow.body)!}, pc: 0, vars: {} }` : ''});`,
      `      ${m.flow ? "XS.push({ k: 'call', rule: 'flow', vars: {} });" : ''}`,
    ] : []),
    '    } else if (e !== END) throw e;',
    '  } finally {',
    '    RS = null;',
    '  }',
    '  cur = -1;',
    '  if (watch !== null) watch.decision(turns, measure);',
    '  watch = null;',
    `  const back = ${live ? '{ giveBack, ending, stack: XS.reverse(), pending: XP, log: LOG }' : 'null'};`,
    // (Played on to be read back, not judged: no measures.)
    '  if (stopped) return { moves, turns, keys: null, measures: judged ? measures() : null, saved: back };',
    '  const all = [];',
    `  for (let seat = 0; seat < ${m.playerCount}; seat++) all.push(keys(seat));`,
    '  return { moves, turns, keys: all, measures: judged ? measures() : null, saved: back };',
    '};',
  ].join('\n');
  watcher?.(source);
  // Per collection an index plan reads: each piece's place in it (-1: not in it), and its pieces by owner.
  const COLLECTION_AT = writer.collections.map((ids) => {
    const at = new Int32Array(w.pieceIds.length).fill(-1);
    ids.forEach((id, k) => (at[w.pieceIndex.get(id)!] = k));
    return at;
  });
  const OWNED = writer.collections.map((ids) => Array.from({ length: m.playerCount + 1 }, (_, seat) => ids
    .map((id) => w.pieces[w.pieceIndex.get(id)!]!)
    .filter((p) => (seat === m.playerCount ? w.owners[p.i] === null : w.owners[p.i]?.i === seat))));
  // 'none' first: its number 0 is also none's, which reads `none` (pairs may hold none).
  const labelIds = new Map<string, number>([['none', 0]]);
  for (const r of [...w.spaces, ...w.pieces, ...w.players, ...w.cards, ...w.zones]) {
    let id = labelIds.get(r.label);
    if (id === undefined) labelIds.set(r.label, (id = labelIds.size));
    r.labelId = id;
  }
  // The cards each zone starts with, in the order of the things (as the machine's setup).
  const starting: Ref[][] = w.zones.map(() => []);
  for (const [id, thing] of m.things) {
    if (!thing.zone || w.spaceIndex.has(id)) continue;
    const z = w.zoneIndex.get(thing.zone);
    if (z === undefined) unsupported(`cards that start in \`${thing.zone}\``, null);
    starting[z]!.push(w.cards[w.cardIndex.get(id)!]!);
  }
  const boardOf = (id: string) => m.boards.get(m.spaceBoard.get(id)!)!;
  const NEIGHBOURS = w.spaceIds.map((id) => (boardOf(id).neighbours.get(id) ?? []).map((n) => w.spaces[w.spaceIndex.get(n)!]!));
  const DIRECTIONS = w.spaceIds.map((id) => {
    const shape = boardOf(id).decl.shape.kind;
    return shape === 'square' || shape === 'hex' ? gridDirections(shape) : [];
  });
  const POWER_ZONES = m.powersZone === null ? null : w.players.map((p) => w.zoneIndex.get(`${m.powersZone}@${p.i}`) ?? unsupported('a zone of powers that is not kept per player', null));
  const attrNames = new Set([...m.things.values()].flatMap((t) => Object.keys(t.attrs)));
  const CARD_ATTRS = new Map([...attrNames].map((a) => [a, w.cardIds.map((id) => m.things.get(id)!.attrs[a])]));
  const COLLECTION_PIECES = writer.collections.map((ids) => ids.map((id) => w.pieces[w.pieceIndex.get(id)!]!));
  const world = {
    SPACE_INDEX: w.spaceIndex, PIECE_INDEX: w.pieceIndex, CARD_INDEX: w.cardIndex, ZONE_INDEX: w.zoneIndex, ZONE_KEYS: w.zoneKeys, CARDS: w.cards,
    SPACE_IDS: w.spaceIds, PIECE_IDS: w.pieceIds, CARD_IDS: w.cardIds,
    NEIGHBOURS, DIRECTIONS, POWER_ZONES, CARD_ATTRS, COLLECTION_PIECES,
    ZONE_REFS: w.zones, ZONE_SEAT: w.zoneSeat, ZONE_READERS: w.zoneReaders, START_ZONES: starting.map((cards) => cards), NC: w.cardIds.length,
    LABEL_COUNT: labelIds.size,
    PAIRS_MARKED: labelIds.size <= 2048 && ![...labelIds.keys()].some((l) => l.includes('+')),
    COLLECTION_AT, OWNED, NO_OWNER: m.playerCount,
    SPACES: w.spaces, PIECES: w.pieces, PLAYERS: [...w.players], OWNERS: w.owners, POSITIONS: w.positions, TOWARD: w.toward,
    LINES: w.lines, WAYS: w.ways, ON_GRID: w.onGrid, OPPOSITES: new Map(Object.entries(OPPOSITE)), NP: w.pieceIds.length, NS: w.spaceIds.length,
    LIVE: live,
  };
  const play = new Function('K', 'H', 'W', source)(writer.constants.map(interned), HELPERS, world) as (
    pickers: readonly Picker[], maxMoves: number, seed: string, watch: PlayWatch | null, from: GameState | null, judged: boolean, begin: boolean,
  ) => { moves: MoveRecord[]; turns: number; keys: number[][] | null; measures: (number | null)[] | null; saved: Saved | null };
  const winner = m.winner;
  return {
    play(pickers, maxMoves, seed, watch) {
      const { moves, turns, keys } = play(pickers, maxMoves, String(seed), watch ?? null, null, false, false);
      return { moves, turns, result: resultOfKeys(winner, keys!) };
    },
    resume(state, pickers, maxMoves) {
      if (state.over || state.stack.length === 0) throw new Deopt();
      const { moves, turns, keys, measures } = play(pickers, maxMoves, state.seed, null, state, true, false);
      return { moves, turns, result: keys === null ? null : resultOfKeys(winner, keys), measures: measures! };
    },
    playOn(state, pickers, maxMoves) {
      const next = structuredClone(state);
      this.playOnInPlace(next, pickers, maxMoves);
      return next;
    },
    playOnInPlace(state, pickers, maxMoves, begin = false) {
      if (!live) throw new Error('playOn needs a live program: compileGame(model, true)');
      if (state.over || state.stack.length === 0) throw new Deopt();
      // (Nothing is written into the state until the program has played on: a game given up leaves it
      // as it was. The state is loaded whole each time: a caller may have changed it in place since.)
      const { moves, keys, turns, saved } = play(pickers, maxMoves, state.seed, null, state, false, begin);
      const back = saved!;
      const over = keys !== null;
      back.giveBack(state);
      const rule = [...back.stack].reverse().find((f) => f.k === 'call') as { rule: string } | undefined;
      state.stack = over ? [] : back.stack;
      state.pending = over || back.pending === null ? null : { player: back.pending.player, choice: back.pending.choice, rule: rule?.rule ?? 'flow', options: back.pending.options, secret: back.pending.secret };
      state.ending = back.ending; state.over = over; state.turns = turns;
      for (const m of moves) state.moves.push(m);
      for (const line of back.log) state.log.push(line);
      state.result = over ? resultOfKeys(winner, keys) : null;
    },
  };
}

/** What a live program gives back where it stopped: its changes (written into the state by giveBack), its stack, its pending choice and its log. */
interface Saved {
  giveBack(state: GameState): void;
  readonly ending: boolean;
  readonly stack: Frame[];
  readonly pending: { player: number; choice: string; options: Option[]; secret: boolean } | null;
  readonly log: LogEntry[];
}

/**
 * A constant with its texts made V8's one copy of each (as an object's keys are): the program
 * compares texts by `===` (a space's kind against "hill"), and two such copies compare at a glance,
 * where texts cut from the ruleset's source are compared letter by letter.
 */
function interned(v: unknown): unknown {
  if (typeof v === 'string') return Object.keys({ [v]: true })[0]!;
  if (Array.isArray(v)) return v.map(interned);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [interned(k), interned(x)]));
  return v;
}

/** Told the source of each program compiled (tests read it). */
let watcher: ((source: string) => void) | undefined;
/**
 * Objects of a state (its pieces, its counters) that will never change: a program that loaded them
 * last puts what it read back as it was instead of reading them again. Whoever marks one must never
 * change it after (a determinizer's copy of a view, shared by its samples).
 */
const unchanging = new WeakSet<object>();
export function markUnchanging(...parts: object[]): void {
  for (const part of parts) unchanging.add(part);
}
HELPERS.UNCHANGING = (part: object) => unchanging.has(part);

export function watchCompiledGames(watch: ((source: string) => void) | undefined): void {
  watcher = watch;
}
