// The world an expression sees: the context it is evaluated in (rules, state, variables, current
// player) and the helpers every part of evaluation shares — variable lookup, the current player,
// labels, type checks that fail with a rule error.
import type { Span } from '../../grammar/ast.js';
import { RuleError } from './errors.js';
import type { Model } from './model.js';
import type { Frame, GameState } from './state.js';
import {
  cardLabel, describeType, isCard, isList, isPiece, isPlayer, isSpace, isZone, playerLabel, splitZoneKey, zoneKey,
  type Value,
} from './values.js';

/**
 * Variables visible to an expression: a chain of bindings ending at the machine's stack or nothing.
 * Each binding holds its names and their values side by side, so compiled code reads a variable
 * by its index (settled when the expression is compiled) and never by its spelling.
 */
export interface Scope {
  readonly names: readonly string[];
  readonly vals: Value[];
  readonly parent: Scope | 'stack' | null;
}

/**
 * Results of define calls while the state cannot change: a tree of maps keyed by the define,
 * the current player, then each argument (a reference by its kind, then its id).
 */
export type Memo = Map<unknown, unknown>;

export interface Ctx {
  readonly model: Model;
  readonly state: GameState;
  readonly scope: Scope | 'stack' | null;
  /** The current player when the scope does not reach the stack (inside a define); undefined: ask the stack. */
  readonly player: number | null | undefined;
  /** The rule being run, for error messages. */
  readonly rule: string;
  /**
   * Results of define calls while the state cannot change (enumerating a choice's options):
   * a define depends only on its arguments, the current player and the state.
   */
  readonly memo: Memo | undefined;
}

/**
 * A context. Every context is made here, so they all have one shape (which keeps property reads
 * on them fast).
 */
export function newCtx(
  model: Model, state: GameState, scope: Scope | 'stack' | null, rule: string,
  player?: number | null, memo?: Memo,
): Ctx {
  return { model, state, scope, player, rule, memo };
}

export const withVars = (ctx: Ctx, vars: Record<string, Value>): Ctx =>
  newCtx(ctx.model, ctx.state, { names: Object.keys(vars), vals: Object.values(vars), parent: ctx.scope }, ctx.rule, ctx.player, ctx.memo);

/** The context with one more variable bound. */
export const withVar = (ctx: Ctx, name: string, value: Value): Ctx =>
  newCtx(ctx.model, ctx.state, { names: [name], vals: [value], parent: ctx.scope }, ctx.rule, ctx.player, ctx.memo);

/**
 * The same context with option listing's define memo switched on. The state is frozen while
 * options are listed, so the current player is settled once, not looked for on the stack per call.
 */
export const withMemo = (ctx: Ctx): Ctx => newCtx(ctx.model, ctx.state, ctx.scope, ctx.rule, currentPlayer(ctx), new Map());

export function fail(span: Span, message: string, ctx: Ctx): never {
  throw new RuleError('R0605', span, { message, rule: ctx.rule });
}

/**
 * Looks a variable up through the scope chain (from `scope`, by default the context's) and, at
 * its end, the stack down to the nearest call.
 */
export function lookupVar(ctx: Ctx, name: string, from: Scope | 'stack' | null = ctx.scope): Value | undefined {
  let scope = from;
  while (scope !== null && scope !== 'stack') {
    const i = scope.names.lastIndexOf(name);
    if (i >= 0 && scope.vals[i] !== undefined) return scope.vals[i];
    scope = scope.parent;
  }
  if (scope === null) return undefined;
  return frameOfVar(ctx.state.stack, name)?.vars[name];
}

/** A frame that binds variables (a block's or a rule call's). */
export type VarFrame = Extract<Frame, { vars: Record<string, Value> }>;

/** The frame on the stack, down to the nearest call, that binds `name`, or null. */
export function frameOfVar(stack: readonly Frame[], name: string): VarFrame | null {
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i]!;
    if (f.k === 'block' || f.k === 'call') {
      if (binds(f, name)) return f;
      if (f.k === 'call') return null;
    }
  }
  return null;
}

/** Whether a frame binds `name` (to a value: a variable is never left undefined). */
export const binds = (f: VarFrame, name: string): boolean => f.vars[name] !== undefined && Object.hasOwn(f.vars, name);

/** The current player: the innermost `turn of` on the stack, or the one a define was called for. */
export function currentPlayer(ctx: Ctx): number | null {
  if (ctx.player !== undefined) return ctx.player;
  let scope = ctx.scope;
  while (scope !== null && scope !== 'stack') scope = scope.parent;
  if (scope === null) return null;
  return stackPlayer(ctx.state);
}

export function stackPlayer(state: GameState): number | null {
  for (let i = state.stack.length - 1; i >= 0; i--) {
    const f = state.stack[i]!;
    if (f.k === 'turn') return f.player;
  }
  return null;
}

export function holdsPower(model: Model, state: GameState, seat: number | null, power: string): boolean {
  if (seat === null || model.powersZone === null) return false;
  const held = state.zones[powersKey(model, seat)];
  if (held === undefined) return false;
  for (let i = 0; i < held.length; i++) if (model.things.get(held[i]!)?.label === power) return true;
  return false;
}

/** Each seat's key of the zone of powers (`characters@2`), made once per model: asked on every define call. */
const powersKeys = new WeakMap<Model, string[]>();
function powersKey(model: Model, seat: number): string {
  let keys = powersKeys.get(model);
  if (keys === undefined) powersKeys.set(model, (keys = Array.from({ length: model.playerCount }, (_, s) => zoneKey(model.powersZone!, s))));
  return keys[seat] ?? zoneKey(model.powersZone!, seat);
}

// ─── Where the pieces stand ───────────────────────────────────────────────────
// While the machine runs a state it alone changes it, so the pieces on each space are indexed and
// the index is updated as pieces move. The index outlives a run: when the machine runs the same
// state again it first checks, piece by piece, that nobody changed where the pieces stand in
// between (a caller may edit a state), which costs a few reads a piece instead of a rebuild.
// Outside a run the pieces are found by looking at every piece.

interface PieceIndex {
  readonly state: GameState;
  /** Every piece's id and value, and where it stood when last seen, in the state's order. */
  readonly ids: string[];
  readonly values: Value[];
  readonly spaces: (string | null)[];
  readonly slots: number[];
  readonly position: Map<string, number>;
  /** Space id → its pieces by slot (ties in the state's order); lists are never changed once made. */
  readonly bySpace: Map<string, readonly Value[]>;
  /** Checked against the state since the run began. */
  verified: boolean;
}

let runningState: GameState | null = null;
let index: PieceIndex | null = null;
const NO_PIECES: readonly Value[] = Object.freeze([]);

/** Marks `state` as the one the machine is running (or none). Returns the previous one. */
export function runningOn(state: GameState | null): GameState | null {
  const previous = runningState;
  runningState = state;
  if (index) index.verified = false;
  return previous;
}

/** Keeps the index true after the machine moved a piece (the state already says where it is). */
export function piecesMoved(state: GameState, piece: string): void {
  if (index === null || index.state !== state || !index.verified) return;
  const i = index.position.get(piece);
  const at = state.pieces[piece];
  if (i === undefined || at === undefined) {
    index = null;
    return;
  }
  const from = index.spaces[i]!;
  index.spaces[i] = at.space;
  index.slots[i] = at.slot;
  if (from !== null) leave(index, from, i);
  if (at.space !== null) arrive(index, at.space, i);
}

/** Takes piece `i` out of a space's list. */
function leave(ix: PieceIndex, space: string, i: number): void {
  const before = ix.bySpace.get(space);
  if (before === undefined) return;
  const after = before.filter((v) => v !== ix.values[i]);
  if (after.length === 0) ix.bySpace.delete(space);
  else ix.bySpace.set(space, Object.freeze(after));
}

/** Puts piece `i` into a space's list, by slot (ties in the state's order). */
function arrive(ix: PieceIndex, space: string, i: number): void {
  const before = ix.bySpace.get(space) ?? NO_PIECES;
  const after: Value[] = [];
  let placed = false;
  for (const v of before) {
    const j = ix.position.get((v as { piece: string }).piece)!;
    if (!placed && (ix.slots[i]! < ix.slots[j]! || (ix.slots[i] === ix.slots[j] && i < j))) {
      after.push(ix.values[i]!);
      placed = true;
    }
    after.push(v);
  }
  if (!placed) after.push(ix.values[i]!);
  ix.bySpace.set(space, Object.freeze(after));
}

/** Makes a space's list again from the index's records. */
function regroup(ix: PieceIndex, space: string): void {
  const here: number[] = [];
  for (let i = 0; i < ix.spaces.length; i++) if (ix.spaces[i] === space) here.push(i);
  if (here.length === 0) {
    ix.bySpace.delete(space);
    return;
  }
  here.sort((a, b) => ix.slots[a]! - ix.slots[b]! || a - b);
  ix.bySpace.set(space, Object.freeze(here.map((i) => ix.values[i]!)));
}

function buildIndex(state: GameState): PieceIndex {
  const ids = Object.keys(state.pieces);
  const ix: PieceIndex = {
    state, ids, values: ids.map((piece) => Object.freeze({ piece })),
    spaces: ids.map((id) => state.pieces[id]!.space), slots: ids.map((id) => state.pieces[id]!.slot),
    position: new Map(ids.map((id, i) => [id, i])), bySpace: new Map(), verified: true,
  };
  for (const space of new Set(ix.spaces)) if (space !== null) regroup(ix, space);
  return ix;
}

/** Whether the state's pieces stand where the index last saw them. */
function stillTrue(ix: PieceIndex, state: GameState): boolean {
  // The set of pieces is fixed by the rules (a saved state with another set is refused when
  // loaded), so only where each stands is compared.
  const pieces = state.pieces;
  for (let i = 0; i < ix.ids.length; i++) {
    const at = pieces[ix.ids[i]!];
    if (at === undefined || at.space !== ix.spaces[i] || at.slot !== ix.slots[i]) return false;
  }
  return true;
}

/** The pieces on a space, by slot (ties in the state's order). */
export function piecesAt(state: GameState, space: string): readonly Value[] {
  if (state !== runningState) return piecesOn(state, space);
  if (index === null || index.state !== state) index = buildIndex(state);
  else if (!index.verified) {
    if (stillTrue(index, state)) index.verified = true;
    else index = buildIndex(state);
  }
  return index.bySpace.get(space) ?? NO_PIECES;
}

function piecesOn(state: GameState, space: string): Value[] {
  return Object.entries(state.pieces)
    .filter(([, at]) => at.space === space)
    .sort((a, b) => a[1].slot - b[1].slot)
    .map(([piece]) => ({ piece }));
}

/** The key of the zone a card lies in (`hand@2`), or undefined: the zones searched in the state's order. */
export function zoneOfCard(state: GameState, card: string): string | undefined {
  const zones = state.zones;
  let hints = cardHints.get(state);
  const hint = hints?.get(card);
  if (hint !== undefined && zones[hint]?.includes(card)) return hint;
  for (const key in zones) {
    if (zones[key]!.includes(card)) {
      if (hints === undefined) cardHints.set(state, (hints = new Map()));
      hints.set(card, key);
      return key;
    }
  }
  return undefined;
}

/**
 * Per state, the zone each card was last found in: looked in first, and believed only if the card
 * is there (a card lies in one zone; whoever moved it since, the search below finds it again).
 */
const cardHints = new WeakMap<GameState, Map<string, string>>();

/** The cards of a zone reference or a list, as a list of values. */
export function asList(ctx: Ctx, v: Value, span: Span): readonly Value[] {
  if (isList(v)) return v;
  if (isZone(v)) return (ctx.state.zones[v.zone] ?? []).map((card) => ({ card }));
  return fail(span, `Expected a list or a zone here, but this is ${describeType(v)}`, ctx);
}

/**
 * `name of v`, in both engines: a card's or a space's name as its component declares it (a number
 * for `name: number`), anything else's label.
 */
export function nameOf(model: Model, v: Value): Value {
  if (v !== null && typeof v === 'object' && !isList(v)) {
    const id = 'card' in v ? v.card : 'space' in v ? v.space : undefined;
    const thing = id === undefined ? undefined : model.things.get(id);
    if (thing) return thing.name;
  }
  return label(model, v);
}

/** The text people read for a value: in move ids, logs and templates. */
export function label(model: Model, v: Value): string {
  if (v === null) return 'none';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (isList(v)) {
    if (v.length === 0) return 'nothing';
    let out = label(model, v[0]!);
    for (let i = 1; i < v.length; i++) out += '+' + label(model, v[i]!);
    return out;
  }
  // A reference's one key is its kind.
  for (const kind in v) {
    const id = (v as Record<string, string | number>)[kind]!;
    switch (kind) {
      case 'card': return model.things.get(id as string)?.label ?? cardLabel(id as string);
      case 'space': return model.things.get(id as string)?.label ?? (id as string);
      case 'player': return playerLabel(id as number);
      case 'piece': return model.pieces.get(id as string)?.label ?? (id as string);
    }
    break;
  }
  const { zone, seat } = splitZoneKey((v as { zone: string }).zone);
  return seat === null ? zone : `${zone} of ${playerLabel(seat)}`;
}

export const num = (ctx: Ctx, v: Value, span: Span): number =>
  typeof v === 'number' ? v : fail(span, `Expected a number here, but this is ${describeType(v)}`, ctx);
export const truth = (ctx: Ctx, v: Value, span: Span): boolean =>
  typeof v === 'boolean' ? v : fail(span, `Expected yes or no here, but this is ${describeType(v)}`, ctx);

export function counterValue(ctx: Ctx, name: string, owner: Value, span: Span): Value {
  const decl = ctx.model.counters.get(name)!;
  const slot = ctx.state.counters[name];
  switch (decl.owner.kind) {
    case 'global': return slot as Value;
    case 'player':
      if (!isPlayer(owner)) fail(span, `Counter \`${name}\` belongs to players, not to ${describeType(owner)}`, ctx);
      { const v = (slot as Value[])[owner.player]; return v === undefined ? 0 : v; }
    case 'each': {
      const id = isPiece(owner) ? owner.piece : isSpace(owner) ? owner.space : null;
      if (id === null) fail(span, `Counter \`${name}\` belongs to each of ${decl.owner.of.text}, not to ${describeType(owner)}`, ctx);
      { const v = (slot as Record<string, Value>)[id]; return v === undefined ? 0 : v; }
    }
    case 'player-each':
      return fail(span, `Counter \`${name}\` keeps a value for each player and each of ${decl.owner.of.text}: say for which with \`on\``, ctx);
  }
}

/** The id a counter kept per player per thing files a card, piece or space under. */
export function thingId(v: Value): string | null {
  return isCard(v) ? v.card : isPiece(v) ? v.piece : isSpace(v) ? v.space : null;
}

/** `scored of p on c`: p's value of a counter kept per player per thing, for the thing `thing`. */
export function counterOnValue(ctx: Ctx, name: string, owner: Value, thing: Value, span: Span): Value {
  const decl = ctx.model.counters.get(name);
  if (decl?.owner.kind !== 'player-each') return fail(span, `\`on\` picks a thing of a counter kept per player per thing, and \`${name}\` is not one`, ctx);
  if (!isPlayer(owner)) return fail(span, `Counter \`${name}\` belongs to players, not to ${describeType(owner)}`, ctx);
  const id = thingId(thing);
  const values = id === null ? undefined : (ctx.state.counters[name] as Record<string, Value[]>)[id];
  if (!values) return fail(span, `Counter \`${name}\` keeps a value for each of ${decl.owner.of.text}, and ${describeType(thing)} is not one of them`, ctx);
  const v = values[owner.player];
  return v === undefined ? fail(span, `Counter \`${name}\` has no value for ${describeType(owner)}`, ctx) : v;
}
