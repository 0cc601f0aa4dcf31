// Expression evaluation: the pure half of the interpreter. Given the rules in force, a state and a
// scope, it computes values and never changes the state.
import type { Comprehension, Expr, OfExpr, Span } from '../grammar/ast.js';
import { RuleError } from './errors.js';
import type { Model } from './model.js';
import type { GameState } from './state.js';
import {
  cardLabel, describeType, equal, isCard, isList, isPiece, isPlayer, isSpace, isZone, playerLabel,
  splitZoneKey, zoneKey, type Value,
} from './values.js';

/** Variables visible to an expression: a chain of bindings ending at the machine's stack or nothing. */
export interface Scope {
  readonly vars: Readonly<Record<string, Value>>;
  readonly parent: Scope | 'stack' | null;
}

export interface Ctx {
  readonly model: Model;
  readonly state: GameState;
  readonly scope: Scope | 'stack' | null;
  /** The current player when the scope does not reach the stack (inside a define). */
  readonly player?: number | null;
  /** The rule being run, for error messages. */
  readonly rule: string;
  /**
   * Results of define calls while the state cannot change (enumerating a choice's options):
   * a define depends only on its arguments, the current player and the state.
   */
  readonly memo?: Map<string, Value>;
}

export const withVars = (ctx: Ctx, vars: Record<string, Value>): Ctx => ({ ...ctx, scope: { vars, parent: ctx.scope } });

function fail(span: Span, message: string, ctx: Ctx): never {
  throw new RuleError('R0605', span, { message, rule: ctx.rule });
}

/** Looks a variable up through the scope chain and, at its end, the stack down to the nearest call. */
export function lookupVar(ctx: Ctx, name: string): Value | undefined {
  let scope = ctx.scope;
  while (scope && scope !== 'stack') {
    if (name in scope.vars) return scope.vars[name];
    scope = scope.parent;
  }
  if (scope !== 'stack') return undefined;
  const stack = ctx.state.stack;
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i]!;
    if ((f.k === 'block' || f.k === 'call') && name in f.vars) return f.vars[name];
    if (f.k === 'call') return undefined;
  }
  return undefined;
}

/** The current player: the innermost `turn of` on the stack, or the one a define was called for. */
export function currentPlayer(ctx: Ctx): number | null {
  if (ctx.player !== undefined) return ctx.player;
  let scope = ctx.scope;
  while (scope && scope !== 'stack') scope = scope.parent;
  if (scope !== 'stack') return null;
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
  return (state.zones[zoneKey(model.powersZone, seat)] ?? []).some((id) => model.things.get(id)?.label === power);
}

/** The cards of a zone reference or a list, as a list of values. */
export function asList(ctx: Ctx, v: Value, span: Span): readonly Value[] {
  if (isList(v)) return v;
  if (isZone(v)) return (ctx.state.zones[v.zone] ?? []).map((card) => ({ card }));
  return fail(span, `Expected a list or a zone here, but this is ${describeType(v)}`, ctx);
}

/** The text people read for a value: in move ids, logs and templates. */
export function label(model: Model, v: Value): string {
  if (v === null) return 'none';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (isList(v)) return v.length ? v.map((x) => label(model, x)).join('+') : 'nothing';
  if (isCard(v)) return model.things.get(v.card)?.label ?? cardLabel(v.card);
  if (isSpace(v)) return model.things.get(v.space)?.label ?? v.space;
  if (isPlayer(v)) return playerLabel(v.player);
  if (isPiece(v)) return model.pieces.get(v.piece)?.label ?? v.piece;
  const { zone, seat } = splitZoneKey((v as { zone: string }).zone);
  return seat === null ? zone : `${zone} of ${playerLabel(seat)}`;
}

const num = (ctx: Ctx, v: Value, span: Span): number =>
  typeof v === 'number' ? v : fail(span, `Expected a number here, but this is ${describeType(v)}`, ctx);
const truth = (ctx: Ctx, v: Value, span: Span): boolean =>
  typeof v === 'boolean' ? v : fail(span, `Expected yes or no here, but this is ${describeType(v)}`, ctx);

export function evalBool(ctx: Ctx, e: Expr): boolean {
  return truth(ctx, evaluate(ctx, e), e.span);
}
export function evalNumber(ctx: Ctx, e: Expr): number {
  return num(ctx, evaluate(ctx, e), e.span);
}

export function evaluate(ctx: Ctx, e: Expr): Value {
  switch (e.kind) {
    case 'Number': case 'Text': case 'Flag': return e.value;
    case 'None': return null;
    case 'List': return e.items.map((x) => evaluate(ctx, x));
    case 'Ref': return resolveName(ctx, e.name.text, e.span);
    case 'Of': return property(ctx, e);
    case 'Call': return call(ctx, e.callee.text, e.args, e.span);
    case 'Unary': {
      const v = evaluate(ctx, e.operand);
      return e.op === 'not' ? !truth(ctx, v, e.span) : -num(ctx, v, e.span);
    }
    case 'IfExpr': return evalBool(ctx, e.cond) ? evaluate(ctx, e.then) : evaluate(ctx, e.else);
    case 'Index': {
      const list = asList(ctx, evaluate(ctx, e.target), e.target.span);
      const i = evalNumber(ctx, e.index);
      if (i < 1 || i > list.length) fail(e.index.span, `Index ${i} is outside a list of ${list.length}`, ctx);
      return list[i - 1]!;
    }
    case 'Range': {
      const from = evalNumber(ctx, e.from);
      const to = evalNumber(ctx, e.to);
      const out: number[] = [];
      for (let i = from; i <= to; i++) out.push(i);
      return out;
    }
    case 'Binary': return binary(ctx, e.op, e.left, e.right, e.span);
    case 'Comprehension': return comprehension(ctx, e);
  }
}

function binary(ctx: Ctx, op: string, l: Expr, r: Expr, span: Span): Value {
  if (op === 'and') return evalBool(ctx, l) && evalBool(ctx, r);
  if (op === 'or') return evalBool(ctx, l) || evalBool(ctx, r);
  const a = evaluate(ctx, l);
  const b = evaluate(ctx, r);
  switch (op) {
    case '=': case 'is': return equal(a, b);
    case '!=': case 'is not': return !equal(a, b);
    case 'in': return asList(ctx, b, r.span).some((x) => equal(x, a));
    case 'not in': return !asList(ctx, b, r.span).some((x) => equal(x, a));
    case '+':
      if (typeof a === 'string' || typeof b === 'string') return label(ctx.model, a) + label(ctx.model, b);
      if (isList(a) || isZone(a)) return [...asList(ctx, a, l.span), ...asList(ctx, b, r.span)];
      return num(ctx, a, l.span) + num(ctx, b, r.span);
    case '-': return num(ctx, a, l.span) - num(ctx, b, r.span);
    case '*': return num(ctx, a, l.span) * num(ctx, b, r.span);
    case '/': {
      const d = num(ctx, b, r.span);
      if (d === 0) fail(span, 'Division by zero', ctx);
      return Math.floor(num(ctx, a, l.span) / d);
    }
    case '<': return num(ctx, a, l.span) < num(ctx, b, r.span);
    case '<=': return num(ctx, a, l.span) <= num(ctx, b, r.span);
    case '>': return num(ctx, a, l.span) > num(ctx, b, r.span);
    case '>=': return num(ctx, a, l.span) >= num(ctx, b, r.span);
  }
  return fail(span, `Unknown operator ${op}`, ctx);
}

function requirePlayer(ctx: Ctx, span: Span, what: string): number {
  const seat = currentPlayer(ctx);
  if (seat === null) fail(span, `\`${what}\` means the current player's, but no player's turn is running here`, ctx);
  return seat;
}

export function counterValue(ctx: Ctx, name: string, owner: Value, span: Span): number {
  const decl = ctx.model.counters.get(name)!;
  const slot = ctx.state.counters[name];
  switch (decl.owner.kind) {
    case 'global': return slot as number;
    case 'player':
      if (!isPlayer(owner)) fail(span, `Counter \`${name}\` belongs to players, not to ${describeType(owner)}`, ctx);
      return (slot as number[])[owner.player] ?? 0;
    case 'each': {
      const id = isPiece(owner) ? owner.piece : isSpace(owner) ? owner.space : null;
      if (id === null) fail(span, `Counter \`${name}\` belongs to each of ${decl.owner.of.text}, not to ${describeType(owner)}`, ctx);
      return (slot as Record<string, number>)[id] ?? 0;
    }
  }
}

function resolveName(ctx: Ctx, name: string, span: Span): Value {
  const local = lookupVar(ctx, name);
  if (local !== undefined) return local;
  const m = ctx.model;
  switch (name) {
    case 'player': {
      const seat = currentPlayer(ctx);
      return seat === null ? null : { player: seat };
    }
    case 'players': return Array.from({ length: m.playerCount }, (_, player) => ({ player }));
    case 'player-count': return m.playerCount;
    case 'game-ending': return ctx.state.ending;
  }
  const counter = m.counters.get(name);
  if (counter) {
    if (counter.owner.kind === 'global') return ctx.state.counters[name] as number;
    if (counter.owner.kind === 'player') return counterValue(ctx, name, { player: requirePlayer(ctx, span, name) }, span);
    return fail(span, `Counter \`${name}\` belongs to each of ${counter.owner.of.text}: say whose, as in \`${name} of …\``, ctx);
  }
  const zone = m.zones.get(name);
  if (zone) return { zone: zoneKey(name, zone.perPlayer ? requirePlayer(ctx, span, name) : null) };
  const constant = m.constants.get(name);
  if (constant !== undefined) return constant;
  if (m.defines.has(name)) return call(ctx, name, [], span);
  const collection = m.collections.get(name);
  if (collection) return collection.map((piece) => ({ piece }));
  if (m.singlePieces.has(name)) return { piece: m.singlePieces.get(name)! };
  const board = m.boards.get(name);
  if (board) return board.order.map((space) => ({ space }));
  const table = m.tableThings.get(name);
  if (table) return table.map((id) => (m.spaceBoard.has(id) ? { space: id } : { card: id }));
  if (m.pieceDecls.has(name)) return null; // a piece declared but not in this game (e.g. another player count)
  return fail(span, `\`${name}\` is not declared`, ctx);
}

function cannotTake(ctx: Ctx, e: OfExpr, target: Value): never {
  return fail(e.span, `Cannot take \`${e.property.text}\` of ${describeType(target)}`, ctx);
}

function property(ctx: Ctx, e: OfExpr): Value {
  const name = e.property.text;
  const target = evaluate(ctx, e.target);
  const m = ctx.model;
  if (target === null) return fail(e.span, `Cannot take \`${name}\` of none`, ctx);
  if (name === 'name') return label(m, target);
  if (isPlayer(target)) {
    if (name === 'seat') return target.player;
    if (m.counters.has(name)) return counterValue(ctx, name, target, e.span);
    const zone = m.zones.get(name);
    if (zone?.perPlayer) return { zone: zoneKey(name, target.player) };
    return cannotTake(ctx, e, target);
  }
  if (isPiece(target)) {
    const info = m.pieces.get(target.piece);
    const at = ctx.state.pieces[target.piece];
    switch (name) {
      case 'owner': return info?.owner === null || info === undefined ? null : { player: info.owner };
      case 'space': return at?.space ? { space: at.space } : null;
      case 'slot': return at?.space ? at.slot : null;
      case 'position': {
        if (!at?.space) return null;
        return m.boards.get(m.spaceBoard.get(at.space)!)!.index.get(at.space)!;
      }
    }
    if (m.counters.has(name)) return counterValue(ctx, name, target, e.span);
    return cannotTake(ctx, e, target);
  }
  if (isSpace(target) && m.counters.has(name)) return counterValue(ctx, name, target, e.span);
  if (isZone(target)) {
    if (name === 'owner') {
      const { seat } = splitZoneKey(target.zone);
      return seat === null ? null : { player: seat };
    }
    return cannotTake(ctx, e, target);
  }
  if (isCard(target) || isSpace(target)) {
    const id = isCard(target) ? target.card : target.space;
    const thing = m.things.get(id);
    if (!thing) return cannotTake(ctx, e, target);
    if (name in thing.attrs) return thing.attrs[name]!;
    if (name === 'position' && isSpace(target)) return m.boards.get(m.spaceBoard.get(id)!)!.index.get(id)!;
    if (name === 'zone' && isCard(target)) {
      for (const [key, cards] of Object.entries(ctx.state.zones)) if (cards.includes(id)) return { zone: key };
      return null;
    }
    const component = m.components.get(thing.component);
    if (component?.attrs.some((a) => a.name.text === name)) return null; // declared but blank in the table
    return cannotTake(ctx, e, target);
  }
  return cannotTake(ctx, e, target);
}

function call(ctx: Ctx, name: string, argExprs: readonly Expr[], span: Span): Value {
  const m = ctx.model;
  const define = m.defines.get(name);
  if (define) {
    const seat = currentPlayer(ctx);
    let body = define;
    if (seat !== null) {
      for (const [power, override] of m.overrides.get(name) ?? []) {
        if (holdsPower(m, ctx.state, seat, power)) body = override;
      }
    }
    if (argExprs.length !== body.params.length) {
      throw new RuleError('R0204', span, { name, expected: body.params.length, found: argExprs.length });
    }
    const vars: Record<string, Value> = {};
    body.params.forEach((p, i) => (vars[p.text] = evaluate(ctx, argExprs[i]!)));
    const key = ctx.memo ? `${name}|${seat}|${JSON.stringify(vars)}` : '';
    if (ctx.memo?.has(key)) return ctx.memo.get(key)!;
    const value = evaluate({ ...ctx, scope: { vars, parent: null }, player: seat }, body.body);
    ctx.memo?.set(key, value);
    return value;
  }
  const builtin = BUILTINS[name];
  if (!builtin) return fail(span, `\`${name}\` is not a function or a define`, ctx);
  return builtin({ ctx, args: argExprs.map((a) => evaluate(ctx, a)), exprs: argExprs, span });
}

interface BuiltinCall {
  readonly ctx: Ctx;
  readonly args: Value[];
  readonly exprs: readonly Expr[];
  readonly span: Span;
}

const needSpace = (c: BuiltinCall, i: number, fn: string): string => {
  const v = c.args[i] ?? null;
  if (!isSpace(v)) return fail(c.span, `${fn} needs a space, not ${describeType(v)}`, c.ctx);
  return v.space;
};
const neighboursOf = (m: Model, id: string): readonly string[] => m.boards.get(m.spaceBoard.get(id)!)!.neighbours.get(id) ?? [];

/** The built-in functions, by name. The checker's table of their signatures must name the same ones. */
export const BUILTINS: Readonly<Record<string, (c: BuiltinCall) => Value>> = {
  count: (c) => argList(c.ctx, c.args, c.exprs, 0, c.span).length,
  sum: (c) => argNumbers(c.ctx, c.args, c.exprs, c.span).reduce((a, b) => a + b, 0),
  max: (c) => { const ns = argNumbers(c.ctx, c.args, c.exprs, c.span); return ns.length ? Math.max(...ns) : null; },
  min: (c) => { const ns = argNumbers(c.ctx, c.args, c.exprs, c.span); return ns.length ? Math.min(...ns) : null; },
  abs: (c) => Math.abs(num(c.ctx, c.args[0] ?? null, c.span)),
  distinct: (c) => {
    const out: Value[] = [];
    for (const v of argList(c.ctx, c.args, c.exprs, 0, c.span)) if (!out.some((x) => equal(x, v))) out.push(v);
    return out;
  },
  'pieces-at': (c) => {
    const space = needSpace(c, 0, 'pieces-at');
    return Object.entries(c.ctx.state.pieces)
      .filter(([, at]) => at.space === space)
      .sort((a, b) => a[1].slot - b[1].slot)
      .map(([piece]) => ({ piece }));
  },
  neighbours: (c) => neighboursOf(c.ctx.model, needSpace(c, 0, 'neighbours')).map((id) => ({ space: id })),
  adjacent: (c) => neighboursOf(c.ctx.model, needSpace(c, 0, 'adjacent')).includes(needSpace(c, 1, 'adjacent')),
  toward: (c) => {
    const m = c.ctx.model;
    const id = needSpace(c, 0, 'toward');
    const board = m.boards.get(m.spaceBoard.get(id)!)!;
    const hex = board.decl.shape.kind === 'hex';
    const steps = hex ? HEX_STEPS : SQUARE_STEPS;
    const d = steps[String(c.args[1])];
    if (!d) return fail(c.span, `toward goes ${Object.keys(steps).join(', ')}; not ${label(m, c.args[1] ?? null)}`, c.ctx);
    const t = m.things.get(id)!;
    const [cx, cy] = hex ? ['q', 'r'] : ['x', 'y'];
    const other = board.at.get(`${Number(t.attrs[cx!]) + d[0]},${Number(t.attrs[cy!]) + d[1]}`);
    return other ? { space: other } : null;
  },
  'set-score': (c) => setScore(c.ctx, argList(c.ctx, c.args, c.exprs, 0, c.span), String(c.args[1]),
    argList(c.ctx, c.args, c.exprs, 2, c.span).map((v) => num(c.ctx, v, c.span)), c.span),
  'players-from': (c) => {
    const p = c.args[0] ?? null;
    if (!isPlayer(p)) return fail(c.span, `players-from needs a player, not ${describeType(p)}`, c.ctx);
    const n = c.ctx.model.playerCount;
    return Array.from({ length: n }, (_, i) => ({ player: (p.player + i) % n }));
  },
  holds: (c) => {
    const p = c.args[0] ?? null;
    return isPlayer(p) && holdsPower(c.ctx.model, c.ctx.state, p.player, String(c.args[1]));
  },
};

function argList(ctx: Ctx, args: Value[], exprs: readonly Expr[], i: number, span: Span): readonly Value[] {
  return asList(ctx, args[i] ?? null, exprs[i]?.span ?? span);
}

/** `max(a, b, c)` or `max(list)`: the numbers among the arguments. */
function argNumbers(ctx: Ctx, args: Value[], exprs: readonly Expr[], span: Span): number[] {
  const values = args.length === 1 && (isList(args[0]!) || isZone(args[0]!)) ? argList(ctx, args, exprs, 0, span) : args;
  return values.map((v) => num(ctx, v, span));
}

/** Square grids: north is y − 1. */
const SQUARE_STEPS: Readonly<Record<string, readonly [number, number]>> = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };
/** Hex grids in axial coordinates (q, r), pointy-topped: north-east is (q + 1, r − 1). */
const HEX_STEPS: Readonly<Record<string, readonly [number, number]>> = {
  east: [1, 0], west: [-1, 0], 'north-east': [1, -1], 'north-west': [0, -1], 'south-east': [0, 1], 'south-west': [-1, 1],
};

/** Sets of cards with at most one card of each attribute value; set j holds every value seen ≥ j times. */
function setScore(ctx: Ctx, cards: readonly Value[], attr: string, values: number[], span: Span): number {
  const counts = new Map<string, number>();
  for (const c of cards) {
    if (!isCard(c)) fail(span, 'set-score needs cards', ctx);
    const v = String(ctx.model.things.get((c as { card: string }).card)?.attrs[attr]);
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  let total = 0;
  for (let j = 1; ; j++) {
    const size = [...counts.values()].filter((n) => n >= j).length;
    if (size === 0) return total;
    for (let k = 0; k < size; k++) total += values[Math.min(k, values.length - 1)] ?? 0;
  }
}

/** Flood fill: the spaces reachable from the start through neighbours, each satisfying the condition. */
function connected(ctx: Ctx, e: Comprehension): Value[] {
  const start = evaluate(ctx, e.list);
  const starts = isSpace(start) ? [start] : asList(ctx, start, e.list.span).filter(isSpace);
  const { test } = itemScope(ctx, e);
  const ok = (id: string) => test({ space: id });
  const seen = new Set<string>();
  const queue = starts.map((s) => s.space).filter((id) => ok(id));
  for (const id of queue) seen.add(id);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const board = ctx.model.boards.get(ctx.model.spaceBoard.get(id)!)!;
    for (const next of board.neighbours.get(id) ?? []) {
      if (!seen.has(next) && ok(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return queue.map((space) => ({ space }));
}

function keysOf(ctx: Ctx, e: Comprehension, item: Value): Value[] {
  const bound = withVars(ctx, { [e.variable.text]: item });
  return e.keys.length === 1 ? [evaluate(bound, e.keys[0]!)] : e.keys.map((k) => evaluate(bound, k));
}

/**
 * One scope for a whole comprehension, its variable rebound item by item: evaluation is
 * synchronous and nothing keeps a scope, so this saves a context per item.
 */
function itemScope(ctx: Ctx, e: Comprehension): { ctx: Ctx; test: (item: Value) => boolean } {
  const vars: Record<string, Value> = {};
  const inner: Ctx = { ...ctx, scope: { vars, parent: ctx.scope } };
  const name = e.variable.text;
  const where = e.where;
  return {
    ctx: inner,
    test: (item) => {
      if (!where) return true;
      vars[name] = item;
      return evalBool(inner, where);
    },
  };
}

/** Orders key tuples: numbers by value, anything else by its label. */
function compareKeys(model: Model, a: Value[], b: Value[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!, y = b[i]!;
    if (typeof x === 'number' && typeof y === 'number') { if (x !== y) return x - y; }
    else { const sx = label(model, x), sy = label(model, y); if (sx !== sy) return sx < sy ? -1 : 1; }
  }
  return 0;
}

function comprehension(ctx: Ctx, e: Comprehension): Value {
  if (e.quantifier === 'connected') return connected(ctx, e);
  const items = asList(ctx, evaluate(ctx, e.list), e.list.span);
  const { test } = itemScope(ctx, e);
  // These stop at the first item that decides the answer.
  switch (e.quantifier) {
    case 'any': return items.some(test);
    case 'every': return items.every(test);
    case 'first': return items.find(test) ?? null;
    case 'last': { for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return items[i]!; return null; }
    default: break;
  }
  const keep = e.where ? items.filter(test) : [...items];
  switch (e.quantifier) {
    case 'count': return keep.length;
    case 'all': return keep;
    case 'each': return keep.map((item) => keysOf(ctx, e, item)[0] ?? null);
    case 'sum': return keep.reduce<number>((acc, item) => acc + num(ctx, keysOf(ctx, e, item)[0] ?? null, e.span), 0);
    case 'max': case 'min': {
      const ns = keep.map((item) => num(ctx, keysOf(ctx, e, item)[0] ?? null, e.span));
      if (!ns.length) return null;
      return e.quantifier === 'max' ? Math.max(...ns) : Math.min(...ns);
    }
    case 'sorted': case 'best': case 'worst': {
      const keyed = keep.map((item) => ({ item, keys: keysOf(ctx, e, item) }));
      keyed.sort((a, b) => compareKeys(ctx.model, a.keys, b.keys));
      if (e.quantifier === 'sorted') return keyed.map((k) => k.item);
      if (!keyed.length) return [];
      const edge = e.quantifier === 'best' ? keyed[keyed.length - 1]! : keyed[0]!;
      return keyed.filter((k) => compareKeys(ctx.model, k.keys, edge.keys) === 0).map((k) => k.item);
    }
  }
}
