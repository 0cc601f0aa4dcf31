// Expression evaluation: the pure half of the interpreter. Given the rules in force, a state and a
// scope, it computes values and never changes the state.
//
// Each expression is compiled once per model into a closure: what a name means (a counter, a
// zone, a define, a board…) and which operator or built-in a node applies are settled then, so
// evaluating an expression again only does the work that depends on the state.
import type { CellValue, Comprehension, DefineDecl, Expr, OfExpr, Span } from '../../grammar/ast.js';
import { conjuncts, mentions } from '../../grammar/limits.js';
import { BUILTINS, type BuiltinCall } from './builtins.js';
import {
  asList, binds, counterOnValue, counterValue, currentPlayer, fail, frameOfVar, holdsPower, label, nameOf, newCtx, num, piecesAt, truth, zoneOfCard,
  type Ctx, type Memo, type Scope, type VarFrame,
} from './context.js';
import { RuleError } from './errors.js';
import { ARGS, bindingOf, defineEnv, inner, OPEN, scopeRead, type Code, type Env } from './env.js';
import { generate, type Lowering } from './generate.js';
import { divide, member, modulo, plus } from './operators.js';
import { argumentIsFixed, dependsOnArgumentsAlone, worthRemembering } from './purity.js';
import { gridDirections, type Model } from './model.js';
import type { Frame } from './state.js';
import { describeType, equal, isList, isRef, isSpace, isZone, splitZoneKey, zoneKey, type Value } from './values.js';

export {
  asList, counterOnValue, counterValue, currentPlayer, holdsPower, label, lookupVar, newCtx, stackPlayer, thingId, withMemo, withVar, withVars,
  type Ctx, type Scope,
} from './context.js';
export { BUILTINS } from './builtins.js';

export function evaluate(ctx: Ctx, e: Expr): Value {
  return codeOf(ctx.model, e)(ctx);
}
export function evalBool(ctx: Ctx, e: Expr): boolean {
  return truth(ctx, evaluate(ctx, e), e.span);
}
export function evalNumber(ctx: Ctx, e: Expr): number {
  return num(ctx, evaluate(ctx, e), e.span);
}

/**
 * `e` evaluated in a context whose innermost scope binds `name` alone (a choice's or a loop's
 * variable, as the machine binds it): compiled knowing that, so the variable is read by its slot
 * and other names skip that scope.
 */
export function evalBoolBound(ctx: Ctx, e: Expr, name: string): boolean {
  return truth(ctx, boundCodeOf(ctx.model, e, name)(ctx), e.span);
}

/** `evalBoolBound` of one expression, found once for many evaluations (a choice's options). */
export function boundTest(m: Model, e: Expr, name: string): (ctx: Ctx) => boolean {
  const code = boundCodeOf(m, e, name);
  const span = e.span;
  return (ctx) => truth(ctx, code(ctx), span);
}

/**
 * `e` evaluated among the variables `names` alone, bound in the innermost scope of `ctx` (whose
 * parent is null): an event's parameters in a handler's condition. Compiled once, every name read
 * by its slot or settled as a declaration.
 */
export function evalBoolAmong(ctx: Ctx, e: Expr, names: readonly string[]): boolean {
  const { closed } = compiledFor(ctx.model);
  let fn = closed.get(e);
  if (!fn) closed.set(e, (fn = compile(ctx.model, e, { frames: [names], open: false })));
  return truth(ctx, fn(ctx), e.span);
}

// ─── Compilation ──────────────────────────────────────────────────────────────

/** A counter's value, 0 where it has none yet (not `??`: a counter `from none` may hold none). */
const orZero = (v: Value | undefined): Value => (v === undefined ? 0 : v);

/** Per model: the compiled expressions and define bodies, and the fixed lists names stand for. */
interface Compiled {
  readonly code: Map<Expr, Code>;
  /** Expressions compiled under one bound variable (`boundCodeOf`), by that variable's name. */
  readonly bound: Map<Expr, Map<string, Code>>;
  /** Answers of defines that depend on their arguments alone, and how often they were asked for since last cleared. */
  readonly answers: Memo;
  answersAsked: number;
  /** Conditions compiled among fixed variables alone (`evalBoolAmong`). */
  readonly closed: Map<Expr, Code>;
  /** Choices' `where` conditions planned by index (`choicePlan`). */
  readonly choicePlans: Map<Expr, IndexPlan | null>;
  readonly defines: Map<DefineDecl, CompiledDefine>;
  readonly lists: Map<string, readonly Value[]>;
  readonly attributes: Map<string, ReadonlyMap<string, CellValue>>;
  positions?: Map<string, number>;
  toward?: Map<string, ReadonlyMap<string, Value>>;
  lines?: Map<string, Map<string, readonly Value[]>>;
  owners?: Map<string, Value>;
}
const compiledModels = new WeakMap<Model, Compiled>();

let lastModel: Model | null = null;
let lastCompiled: Compiled | null = null;

function compiledFor(m: Model): Compiled {
  if (m === lastModel) return lastCompiled!;
  let c = compiledModels.get(m);
  if (!c) compiledModels.set(m, (c = { code: new Map(), answers: new Map(), answersAsked: 0, bound: new Map(), closed: new Map(), choicePlans: new Map(), defines: new Map(), lists: new Map(), attributes: new Map() }));
  lastModel = m;
  lastCompiled = c;
  return c;
}

function codeOf(m: Model, e: Expr): Code {
  const { code } = compiledFor(m);
  let fn = code.get(e);
  if (!fn) code.set(e, (fn = compile(m, e, OPEN)));
  return fn;
}

function boundCodeOf(m: Model, e: Expr, name: string): Code {
  const { bound } = compiledFor(m);
  let byName = bound.get(e);
  if (!byName) bound.set(e, (byName = new Map()));
  let fn = byName.get(name);
  if (!fn) byName.set(name, (fn = compile(m, e, inner(OPEN, [name]))));
  return fn;
}

/** A define's body, compiled among its parameters alone, and the names of those parameters. */
interface CompiledDefine {
  readonly code: Code;
  readonly names: readonly string[];
  /** The slots a call takes on ARGS: its parameters, then its generated loops' variables. */
  readonly layout: { readonly size: number };
}

function defineCode(m: Model, d: DefineDecl): CompiledDefine {
  const { defines } = compiledFor(m);
  let fn = defines.get(d);
  if (!fn) {
    const names = d.params.map((p) => p.text);
    const env = defineEnv(names);
    const code = compile(m, d.body, env);
    defines.set(d, (fn = { code, names, layout: env.onArgs!.layout }));
  }
  return fn;
}

/** A list that never changes during a game (a board's spaces, a collection's pieces), made once. */
function fixedList(m: Model, key: string, make: () => Value[]): readonly Value[] {
  const { lists } = compiledFor(m);
  let list = lists.get(key);
  if (!list) lists.set(key, (list = Object.freeze(make().map((v) => (Object.isFrozen(v) ? v : Object.freeze(v))))));
  return list;
}

/** `e` compiled: to one generated JavaScript function where that pays and is allowed (generate.ts), else to closures. */
function compile(m: Model, e: Expr, env: Env): Code {
  return generate(e, env, loweringOf(m)) ?? closureOf(m, e, env);
}

/** What the generator asks of the closure compiler, for one model. */
const lowerings = new WeakMap<Model, Lowering>();
function loweringOf(m: Model): Lowering {
  let lowering = lowerings.get(m);
  if (!lowering) {
    lowerings.set(m, (lowering = {
      closure: (e, env) => closureOf(m, e, env),
      defineCall: (name, n, span) => defineCall(m, name, n, span),
      indexed: (e, env) => e.where !== null && indexPlan(m, e.list, e.variable.text, e.where, env) !== null,
    }));
  }
  return lowering;
}

/** `e` compiled to closures, one per node; its parts are compiled by `compile`. */
function closureOf(m: Model, e: Expr, env: Env): Code {
  switch (e.kind) {
    case 'Number': case 'Text': case 'Flag': { const v = e.value; return () => v; }
    case 'None': return () => null;
    case 'List': {
      const items = e.items.map((x) => compile(m, x, env));
      return (ctx) => items.map((item) => item(ctx));
    }
    case 'Ref': return compileName(m, e.name.text, e.span, env);
    case 'Of': return compileProperty(m, e, env);
    case 'Call': return compileCall(m, e.callee.text, e.args, e.span, env);
    case 'Unary': {
      const operand = compile(m, e.operand, env);
      const span = e.span;
      return e.op === 'not' ? (ctx) => !truth(ctx, operand(ctx), span) : (ctx) => -num(ctx, operand(ctx), span);
    }
    case 'IfExpr': {
      const cond = bool(m, e.cond, env);
      const then = compile(m, e.then, env);
      const otherwise = compile(m, e.else, env);
      return (ctx) => (cond(ctx) ? then(ctx) : otherwise(ctx));
    }
    case 'Index': {
      const target = compile(m, e.target, env);
      const index = number(m, e.index, env);
      const targetSpan = e.target.span, indexSpan = e.index.span;
      return (ctx) => {
        const list = asList(ctx, target(ctx), targetSpan);
        const i = index(ctx);
        if (i < 1 || i > list.length) fail(indexSpan, `Index ${i} is outside a list of ${list.length}`, ctx);
        return list[i - 1]!;
      };
    }
    case 'Range': {
      const from = number(m, e.from, env);
      const to = number(m, e.to, env);
      return (ctx) => {
        const first = from(ctx);
        const last = to(ctx);
        if (last - first + 1 > MAX_RANGE) fail(e.span, `The range ${first} to ${last} has more than ${MAX_RANGE.toLocaleString('en-US')} numbers`, ctx);
        const out: number[] = [];
        for (let i = first; i <= last; i++) out.push(i);
        return out;
      };
    }
    case 'Binary': return compileBinary(m, e.op, e.left, e.right, e.span, env);
    case 'Comprehension': return compileComprehension(m, e, env);
  }
}

/** Operators whose compiled code always gives yes or no. */
const BOOLEAN_OPS = new Set(['and', 'or', '=', 'is', '!=', 'is not', 'in', 'not in', '<', '<=', '>', '>=']);

/** Whether an expression's compiled code always gives yes or no, so the check that it does can be left out. */
function alwaysBoolean(e: Expr): boolean {
  switch (e.kind) {
    case 'Flag': return true;
    case 'Binary': return BOOLEAN_OPS.has(e.op);
    case 'Unary': return e.op === 'not';
    case 'Comprehension': return e.quantifier === 'any' || e.quantifier === 'every';
    default: return false;
  }
}

function bool(m: Model, e: Expr, env: Env): (ctx: Ctx) => boolean {
  const code = compile(m, e, env);
  if (alwaysBoolean(e)) return code as (ctx: Ctx) => boolean;
  const span = e.span;
  return (ctx) => truth(ctx, code(ctx), span);
}

function number(m: Model, e: Expr, env: Env): (ctx: Ctx) => number {
  const code = compile(m, e, env);
  const span = e.span;
  return (ctx) => num(ctx, code(ctx), span);
}

function compileBinary(m: Model, op: string, l: Expr, r: Expr, span: Span, env: Env): Code {
  if (op === 'and') { const a = bool(m, l, env), b = bool(m, r, env); return (ctx) => a(ctx) && b(ctx); }
  if (op === 'or') { const a = bool(m, l, env), b = bool(m, r, env); return (ctx) => a(ctx) || b(ctx); }
  const a = compile(m, l, env);
  const b = compile(m, r, env);
  const ls = l.span, rs = r.span;
  const arithmetic = (f: (x: number, y: number) => Value): Code => (ctx) => f(num(ctx, a(ctx), ls), num(ctx, b(ctx), rs));
  switch (op) {
    case '=': case 'is': return (ctx) => equal(a(ctx), b(ctx));
    case '!=': case 'is not': return (ctx) => !equal(a(ctx), b(ctx));
    case 'in': return (ctx) => member(ctx, a(ctx), b(ctx), rs);
    case 'not in': return (ctx) => !member(ctx, a(ctx), b(ctx), rs);
    case '+': return (ctx) => plus(ctx, a(ctx), b(ctx), ls, rs);
    case '-': return arithmetic((x, y) => x - y);
    case '*': return arithmetic((x, y) => x * y);
    case '/': return (ctx) => divide(ctx, num(ctx, a(ctx), ls), num(ctx, b(ctx), rs), span);
    case 'mod': return (ctx) => modulo(ctx, num(ctx, a(ctx), ls), num(ctx, b(ctx), rs), span);
    case '<': return arithmetic((x, y) => x < y);
    case '<=': return arithmetic((x, y) => x <= y);
    case '>': return arithmetic((x, y) => x > y);
    case '>=': return arithmetic((x, y) => x >= y);
  }
  return (ctx) => fail(span, `Unknown operator ${op}`, ctx);
}

function requirePlayer(ctx: Ctx, span: Span, what: string): number {
  const seat = currentPlayer(ctx);
  if (seat === null) fail(span, `\`${what}\` means the current player's, but no player's turn is running here`, ctx);
  return seat;
}

/** A name: a variable if one of that name is in scope, otherwise what the rules declare it to be. */
function compileName(m: Model, name: string, span: Span, env: Env): Code {
  const binding = bindingOf(env, name);
  if (binding !== null) {
    if (binding.at === 'argument') { const slot = binding.slot; return () => ARGS.vals[ARGS.base + slot]!; }
    return scopeRead(binding.hops, binding.slot);
  }
  const { frames } = env;
  const declared = compileDeclared(m, name, span, env);
  if (!env.open) return declared;
  const hops = frames.length;
  // While a choice's options are listed (the memo is on) the state is frozen, so what the name
  // means below the expression's own scopes (a variable on the stack, or the declaration) is the
  // same for every option: it is looked up once per listing.
  let cachedFor: Memo | undefined;
  let cached: Value = null;
  // The frame of the stack that bound the name when last looked for, and the stack it was found
  // in: while the same frame is on top at the same depth, the frames below it cannot have changed
  // (only the top one runs), so only the top is looked at again (a `let` may have bound the name).
  let foundIn: Frame[] | null = null;
  let foundDepth = -1;
  let foundTop: Frame | undefined;
  let found: VarFrame | null = null;
  return (ctx) => {
    let scope = ctx.scope;
    for (let h = 0; h < hops; h++) scope = (scope as Scope).parent;
    while (scope !== null && scope !== 'stack') {
      const i = scope.names.lastIndexOf(name);
      if (i >= 0 && scope.vals[i] !== undefined) return scope.vals[i]!;
      scope = scope.parent;
    }
    const memo = ctx.memo;
    if (memo !== undefined && cachedFor === memo) return cached;
    let value: Value;
    if (scope === null) value = declared(ctx);
    else {
      const stack = ctx.state.stack;
      const top = stack[stack.length - 1];
      if (stack !== foundIn || stack.length !== foundDepth || top !== foundTop) {
        found = frameOfVar(stack, name);
        foundIn = stack; foundDepth = stack.length; foundTop = top;
      } else if (found !== top && top !== undefined && (top.k === 'block' || top.k === 'call') && binds(top, name)) found = top;
      value = found !== null ? found.vars[name]! : declared(ctx);
    }
    if (memo !== undefined) { cachedFor = memo; cached = value; }
    return value;
  };
}

function compileDeclared(m: Model, name: string, span: Span, env: Env): Code {
  switch (name) {
    case 'player': {
      const seats = playerValues(m);
      return (ctx) => {
        const seat = currentPlayer(ctx);
        return seat === null ? null : seats[seat] ?? { player: seat };
      };
    }
    case 'players': return () => playerValues(m);
    case 'player-count': return () => m.playerCount;
    case 'game-ending': return (ctx) => ctx.state.ending;
  }
  const counter = m.counters.get(name);
  if (counter) {
    if (counter.owner.kind === 'global') return (ctx) => ctx.state.counters[name] as number;
    if (counter.owner.kind === 'player') return (ctx) => orZero((ctx.state.counters[name] as Value[])[requirePlayer(ctx, span, name)]);
    const of = counter.owner.of.text;
    if (counter.owner.kind === 'player-each') return (ctx) => fail(span, `Counter \`${name}\` keeps a value for each player and each of ${of}: say for which, as in \`${name} on …\``, ctx);
    return (ctx) => fail(span, `Counter \`${name}\` belongs to each of ${of}: say whose, as in \`${name} of …\``, ctx);
  }
  const zone = m.zones.get(name);
  if (zone) {
    if (!zone.perPlayer) return () => ({ zone: name });
    return (ctx) => ({ zone: zoneKey(name, requirePlayer(ctx, span, name)) });
  }
  if (m.constants.has(name)) { const v = m.constants.get(name)!; return () => v; }
  if (m.defines.has(name)) return compileCall(m, name, [], span, env);
  const collection = m.collections.get(name);
  if (collection) return () => fixedList(m, name, () => collection.map((piece) => ({ piece })));
  const single = m.singlePieces.get(name);
  if (single !== undefined) { const v = Object.freeze({ piece: single }); return () => v; }
  const board = m.boards.get(name);
  if (board) return () => fixedList(m, name, () => board.order.map((space) => m.spaceValues.get(space)!));
  const table = m.tableThings.get(name);
  if (table) return () => fixedList(m, name, () => table.map((id) => m.spaceValues.get(id) ?? { card: id }));
  if (m.pieceDecls.has(name)) return () => null; // a piece declared but not in this game (e.g. another player count)
  return (ctx) => fail(span, `\`${name}\` is not declared`, ctx);
}

/** The players as values, made once per model: equal players are then usually the same object. */
function playerValues(m: Model): readonly Value[] {
  return fixedList(m, ' players', () => Array.from({ length: m.playerCount }, (_, player) => ({ player })));
}

/** Piece id → its owner as a value (from `playerValues`), or null for a piece nobody owns. */
function pieceOwners(m: Model): ReadonlyMap<string, Value> {
  const c = compiledFor(m);
  if (!c.owners) {
    const seats = playerValues(m);
    c.owners = new Map([...m.pieces].map(([id, info]) => [id, info.owner === null ? null : seats[info.owner] ?? { player: info.owner }]));
  }
  return c.owners;
}

function cannotTake(ctx: Ctx, e: OfExpr, target: Value): never {
  return fail(e.span, `Cannot take \`${e.property.text}\` of ${describeType(target)}`, ctx);
}

/** Thing id → its value of an attribute (things without one are absent). */
function attributeIndex(m: Model, name: string): ReadonlyMap<string, CellValue> {
  const { attributes } = compiledFor(m);
  let index = attributes.get(name);
  if (!index) {
    const made = new Map<string, CellValue>();
    for (const [id, thing] of m.things) {
      const v = thing.attrs[name];
      if (v !== undefined) made.set(id, v);
    }
    attributes.set(name, (index = made));
  }
  return index;
}

/** Grid space id → direction → the value of the space that way (as the built-in `toward` finds it). */
function towardIndex(m: Model): ReadonlyMap<string, ReadonlyMap<string, Value>> {
  const c = compiledFor(m);
  if (!c.toward) {
    c.toward = new Map();
    for (const board of m.boards.values()) {
      const shape = board.decl.shape.kind;
      if (shape !== 'square' && shape !== 'hex') continue;
      // Every direction the grid knows, off the grid (none) included: the built-in is then asked
      // only to refuse a direction the grid does not know.
      const directions = gridDirections(shape);
      for (const [id, ways] of board.toward) {
        const out = new Map<string, Value>();
        for (const direction of directions) {
          const other = ways.get(direction);
          out.set(direction, other === undefined ? null : m.spaceValues.get(other)!);
        }
        c.toward.set(id, out);
      }
    }
  }
  return c.toward;
}

/** Grid space id → direction → the spaces that way to the grid's edge (filled as asked for). */
function lineIndex(m: Model): Map<string, Map<string, readonly Value[]>> {
  const c = compiledFor(m);
  return (c.lines ??= new Map());
}

/** Space id → its position on its board. */
function positionIndex(m: Model): ReadonlyMap<string, number> {
  const c = compiledFor(m);
  if (!c.positions) {
    c.positions = new Map();
    for (const board of m.boards.values()) for (const [id, i] of board.index) c.positions.set(id, i);
  }
  return c.positions;
}

/** `name of target`: what it means is settled by the kind of thing the target turns out to be. */
function compileProperty(m: Model, e: OfExpr, env: Env): Code {
  const name = e.property.text;
  const target = compile(m, e.target, env);
  if (e.on) {
    // `scored of p on c`: p's value for the thing c.
    const thing = compile(m, e.on, env);
    return (ctx) => counterOnValue(ctx, name, target(ctx), thing(ctx), e.span);
  }
  const counter = m.counters.get(name);
  const counterOfEach = counter?.owner.kind === 'each';
  const perPlayerZone = m.zones.get(name)?.perPlayer === true;
  const declaredAttr = [...m.components.values()].some((c) => c.attrs.some((a) => a.name.text === name));
  const span = e.span;
  if (name === 'name') {
    return (ctx) => {
      const t = target(ctx);
      return t === null ? fail(span, `Cannot take \`${name}\` of none`, ctx) : nameOf(m, t);
    };
  }
  // Every thing's value of this attribute, by id, and every space's position, made once.
  const attrs = attributeIndex(m, name);
  const positions = positionIndex(m);
  /** Reads the property by `read` where it knows the target (a thing's reference); else through `general`. */
  type Ref = { space?: string; piece?: string; card?: string; player?: number };
  const direct = (read: (ctx: Ctx, t: Ref) => Value | undefined): Code => (ctx) => {
    const t = target(ctx);
    if (t !== null && typeof t === 'object') { const v = read(ctx, t as Ref); if (v !== undefined) return v; }
    return general(ctx, t);
  };
  if (name === 'position' && attrs.size === 0 && !counter) {
    // The common case, a space's or a piece's place on its board, without the general tests.
    return direct((ctx, t) => {
      if (t.space !== undefined) return positions.get(t.space);
      if (t.piece === undefined) return undefined;
      const at = ctx.state.pieces[t.piece];
      return at === undefined ? undefined : at.space ? positions.get(at.space)! : null;
    });
  }
  if (name === 'space' && !counter && attrs.size === 0) {
    // A piece's place: the space it stands on, or none.
    return direct((ctx, t) => {
      if (t.piece === undefined) return undefined;
      const at = ctx.state.pieces[t.piece];
      return at === undefined ? undefined : at.space ? m.spaceValues.get(at.space)! : null;
    });
  }
  if (name === 'seat' && !counter && attrs.size === 0) return direct((_, t) => t.player);
  if (name === 'owner' && !counter && attrs.size === 0) {
    // A piece's owner, settled by the rules: one value per piece, made once.
    const owners = pieceOwners(m);
    return direct((_, t) => (t.piece === undefined ? undefined : owners.get(t.piece)));
  }
  if (counterOfEach) {
    // A counter kept for each space or piece (`level of h`): straight to its value. A piece's own
    // `owner`, `space`, `slot` and `position` come first, as in `general`.
    const pieceOwnsName = name === 'owner' || name === 'space' || name === 'slot' || name === 'position';
    return direct((ctx, t) => {
      const id = t.space ?? (pieceOwnsName ? undefined : t.piece);
      return id === undefined ? undefined : orZero((ctx.state.counters[name] as Record<string, Value>)[id]);
    });
  }
  if (!counter && attrs.size > 0 && name !== 'position' && name !== 'zone') {
    // A table's attribute (`type of s`, `price of c`): from the index made once, by the thing's id.
    return direct((_, t) => {
      const id = t.space ?? t.card;
      return id === undefined ? undefined : attrs.get(id);
    });
  }
  return (ctx) => general(ctx, target(ctx));
  function general(ctx: Ctx, t: Value): Value {
    if (t === null) return fail(span, `Cannot take \`${name}\` of none`, ctx);
    if (typeof t !== 'object' || isList(t)) return cannotTake(ctx, e, t);
    if ('space' in t) {
      if (counterOfEach) return orZero((ctx.state.counters[name] as Record<string, Value>)[t.space]);
      if (counter) return counterValue(ctx, name, t, span);
      const attr = attrs.get(t.space);
      if (attr !== undefined) return attr;
      if (!m.things.has(t.space)) return cannotTake(ctx, e, t);
      if (name === 'position') return positions.get(t.space)!;
      return declaredAttr ? null : cannotTake(ctx, e, t); // declared but blank in the table
    }
    if ('piece' in t) {
      switch (name) {
        case 'owner': { const owner = m.pieces.get(t.piece)?.owner; return owner === null || owner === undefined ? null : { player: owner }; }
        case 'space': { const at = ctx.state.pieces[t.piece]; return at?.space ? m.spaceValues.get(at.space)! : null; }
        case 'slot': { const at = ctx.state.pieces[t.piece]; return at?.space ? at.slot : null; }
        case 'position': { const at = ctx.state.pieces[t.piece]; return at?.space ? positions.get(at.space)! : null; }
      }
      if (counterOfEach) return orZero((ctx.state.counters[name] as Record<string, Value>)[t.piece]);
      if (counter) return counterValue(ctx, name, t, span);
      return cannotTake(ctx, e, t);
    }
    if ('player' in t) {
      if (name === 'seat') return t.player;
      if (counter) return counterValue(ctx, name, t, span);
      if (perPlayerZone) return { zone: zoneKey(name, t.player) };
      return cannotTake(ctx, e, t);
    }
    if ('card' in t) {
      const attr = attrs.get(t.card);
      if (attr !== undefined) return attr;
      if (!m.things.has(t.card)) return cannotTake(ctx, e, t);
      if (name === 'zone') {
        const key = zoneOfCard(ctx.state, t.card);
        return key === undefined ? null : { zone: key };
      }
      return declaredAttr ? null : cannotTake(ctx, e, t);
    }
    if (name === 'owner') {
      const { seat } = splitZoneKey(t.zone);
      return seat === null ? null : { player: seat };
    }
    return cannotTake(ctx, e, t);
  }
}

/** The most numbers a range (`a to b`) may hold: it is made as a list, and past this a game would stall. */
export const MAX_RANGE = 100_000;

/**
 * How deep defines may call one another (a define calling itself counts each time). Past it a
 * define that recurses without end is stopped with the rule that called it, before JavaScript's
 * own stack runs out; real rulesets nest a few dozen deep at most (a flood fill over a board).
 */
export const MAX_DEFINE_DEPTH = 1000;
let defineDepth = 0;

/**
 * Runs a define's compiled body one level deeper, on the arguments at ARGS[first…], refusing to go
 * past MAX_DEFINE_DEPTH.
 */
function enterDefine(code: CompiledDefine, ctx: Ctx, first: number, name: string, span: Span): Value {
  const callerBase = ARGS.base;
  ARGS.top = first + code.layout.size; // the body's loop variables after its arguments
  // Only the outermost call restores the depth when an error passes through (nothing between
  // it and the inner calls catches one), so inner calls pay no try/finally.
  if (defineDepth === 0) {
    defineDepth = 1;
    ARGS.base = first;
    try {
      return code.code(ctx);
    } catch (e) {
      ARGS.top = 0; // the evaluation is abandoned: no call's arguments are live
      throw e;
    } finally {
      defineDepth = 0;
      ARGS.base = callerBase;
    }
  }
  if (defineDepth >= MAX_DEFINE_DEPTH) {
    throw new RuleError('R0605', span, { message: `\`${name}\` calls defines more than ${MAX_DEFINE_DEPTH} deep: it may call itself forever`, rule: ctx.rule });
  }
  defineDepth++;
  ARGS.base = first;
  const value = code.code(ctx);
  ARGS.base = callerBase;
  defineDepth--;
  return value;
}

/** A define or a built-in function. */
function compileCall(m: Model, name: string, argExprs: readonly Expr[], span: Span, env: Env): Code {
  const args = argExprs.map((a) => compile(m, a, env));
  const call = defineCall(m, name, args.length, span);
  if (call === null) return compileBuiltin(m, name, args, argExprs, span);
  const n = args.length;
  return (ctx) => {
    // The arguments go on ARGS above the slots in use; an argument that calls a define takes
    // slots above these. Outside any define, an argument's error gives the slots back.
    const first = ARGS.top;
    ARGS.top = first + n;
    if (defineDepth > 0) for (let i = 0; i < n; i++) ARGS.vals[first + i] = args[i]!(ctx);
    else {
      try {
        for (let i = 0; i < n; i++) ARGS.vals[first + i] = args[i]!(ctx);
      } catch (e) {
        ARGS.top = first;
        throw e;
      }
    }
    return call(ctx, first);
  };
}

/** A define's call once its `n` arguments are on ARGS from `first` up: it gives those slots back. */
type DefineCall = (ctx: Ctx, first: number) => Value;

/**
 * The call of a define at one call site, or null when `name` is no define (a built-in). Defines
 * are looked up per call: a power may override one.
 */
function defineCall(m: Model, name: string, n: number, span: Span): DefineCall | null {
  const define = m.defines.get(name);
  if (!define) return null;
  const overrides = m.overrides.get(name) ?? [];
  // The body last called here and its compiled code: without overrides, always the same one.
  let lastBody: DefineDecl | null = null;
  let last: CompiledDefine | null = null;
  // The listing's memo node for the body last called here: calls from one site in one listing
  // mostly share it, which saves a look-up a call.
  let siteMemo: Memo | undefined;
  let siteBody: DefineDecl | null = null;
  let siteNode: Memo | null = null;
  /** Whether the body last called here depends on its arguments alone, and whether its answers are worth keeping (purity.ts). */
  let free = false;
  let worth = false;
  // The context the body last ran in, and the caller's context and seat it was made for: a
  // body's context has no scope (its parameters are on ARGS), so a caller's context is reused.
  let bodyFor: Ctx | null = null;
  let bodySeat: number | null = null;
  let bodyCtx: Ctx | null = null;
  return (ctx, first) => {
    const seat = currentPlayer(ctx);
    let body = define;
    if (seat !== null) for (let k = 0; k < overrides.length; k++) if (holdsPower(m, ctx.state, seat, overrides[k]![0])) body = overrides[k]![1];
    if (body !== lastBody) {
      if (n !== body.params.length) { ARGS.top = first; throw new RuleError('R0204', span, { name, expected: body.params.length, found: n }); }
      last = defineCode(m, body);
      lastBody = body;
      free = dependsOnArgumentsAlone(m, body);
      worth = worthRemembering(m, body);
    }
    const memo = ctx.memo;
    let bodyContext: Ctx;
    if (ctx.scope === null && ctx.player === seat) bodyContext = ctx; // called from a define's body
    else if (ctx === bodyFor && seat === bodySeat) bodyContext = bodyCtx!;
    else {
      bodyContext = bodyCtx = newCtx(m, ctx.state, null, ctx.rule, seat, memo);
      bodyFor = ctx;
      bodySeat = seat;
    }
    // Answers kept in a memo tree: while options are listed, the listing's (a define depends on
    // its arguments, the current player and the state, which is frozen then): define, seat, then
    // each argument (a reference takes two levels: kind, id). A define that depends on its
    // arguments alone keeps its answers per model, for every game: define, then each argument.
    // Only answers worth keeping are kept (purity.ts): a body that does not search, called with
    // arguments, is quicker worked out again than looked up.
    let root: Memo;
    let bySeat = true;
    if (worth && memo !== undefined) {
      if (memo === siteMemo && body === siteBody) root = siteNode!;
      else {
        root = memoChild(memo, body);
        siteMemo = memo; siteBody = body; siteNode = root;
      }
    } else if (worth && free && argumentsAreFixed(first, n)) {
      root = answersOf(m, body);
      bySeat = false;
    } else {
      const value = enterDefine(last!, bodyContext, first, name, span);
      ARGS.top = first;
      return value;
    }
    const node = memoLeaf(root, first, n, seat, bySeat);
    const hit = node.get(leafKey);
    if (hit !== undefined) { ARGS.top = first; return hit as Value; }
    const key = leafKey;
    const value = enterDefine(last!, bodyContext, first, name, span);
    ARGS.top = first;
    node.set(key, value);
    return value;
  };
}

/** Whether a call's arguments (at ARGS[first…]) keep a free define free: no zone among them (purity.ts). */
function argumentsAreFixed(first: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (!argumentIsFixed(ARGS.vals[first + i]!)) return false;
  return true;
}

/** The key under which `memoLeaf` found a call's answer is kept in the node it returned. */
let leafKey: unknown;

/**
 * The node of a memo tree, below `root` (a define's node), that keeps a call's answer: with
 * `bySeat`, one level for the seat; then one for each argument (at ARGS[first…]) but the last,
 * whose key is left in `leafKey`.
 */
function memoLeaf(root: Memo, first: number, n: number, seat: number | null, bySeat: boolean): Memo {
  let node = root;
  let key: unknown = bySeat ? seat : null;
  let below = bySeat; // whether `key` is a level to go down before the next argument's
  for (let i = 0; i < n; i++) {
    if (below) node = memoChild(node, key);
    below = true;
    const v = ARGS.vals[first + i]!;
    if (typeof v !== 'object' || v === null) key = v;
    else if (isList(v)) { node = memoChild(node, LIST_KEY); key = memoKey(v); }
    else for (const kind in v) { node = memoChild(node, REF_KEYS[kind]); key = (v as Record<string, unknown>)[kind]; break; }
  }
  leafKey = key;
  return node;
}

/** How often kept answers may be asked for before all are forgotten, which bounds what is kept. */
const MAX_KEPT_ANSWERS = 100_000;
/** The node of the answers a model keeps for a define that depends on its arguments alone. */
function answersOf(m: Model, body: DefineDecl): Memo {
  const c = compiledFor(m);
  if (++c.answersAsked > MAX_KEPT_ANSWERS) { c.answers.clear(); c.answersAsked = 0; }
  return memoChild(c.answers, body);
}

/** Markers that keep a memo's reference and list keys apart from plain values. */
const REF_KEYS: Readonly<Record<string, object>> = { card: {}, space: {}, player: {}, piece: {}, zone: {} };
const LIST_KEY = {};

function memoChild(node: Memo, key: unknown): Memo {
  let next = node.get(key) as Memo | undefined;
  if (next === undefined) node.set(key, (next = new Map()));
  return next;
}

/**
 * A built-in call. The common ones are done here without building an argument list; the others
 * share one argument list per call site, filled only after every argument is evaluated (an
 * argument may call this same site again, through a define).
 */
function compileBuiltin(m: Model, name: string, args: readonly Code[], argExprs: readonly Expr[], span: Span): Code {
  const builtin = BUILTINS[name];
  if (!builtin) return (ctx) => fail(span, `\`${name}\` is not a function or a define`, ctx);
  const n = args.length;
  if (n === 1) {
    const a = args[0]!;
    const aSpan = argExprs[0]!.span;
    switch (name) {
      case 'count': return (ctx) => {
        const v = a(ctx);
        if (isList(v)) return v.length;
        if (isZone(v)) return (ctx.state.zones[v.zone] ?? EMPTY_CARDS).length;
        return asList(ctx, v, aSpan).length; // fails, naming the argument
      };
      case 'pieces-at': return (ctx) => {
        const v = a(ctx);
        if (!isSpace(v)) return fail(span, `pieces-at needs a space, not ${describeType(v)}`, ctx);
        return piecesAt(ctx.state, v.space);
      };
    }
  }
  if (n === 2 && name === 'line') {
    // A grid's line from a space one way to its edge never changes: made once per space and way
    // (by the built-in, which also refuses a way the grid does not know), then kept.
    const lines = lineIndex(m);
    return spaceAndWay(builtin, args, argExprs, span, (space, way) => lines.get(space)?.get(way), (space, way, line) => {
      let ways = lines.get(space);
      if (ways === undefined) lines.set(space, (ways = new Map()));
      ways.set(way, Object.freeze(line as Value[]));
    });
  }
  if (n === 2 && name === 'toward') {
    // A grid's step, from a table made once: space id → direction → the space's value.
    const steps = towardIndex(m);
    return spaceAndWay(builtin, args, argExprs, span, (space, way) => steps.get(space)?.get(way));
  }
  const call: { ctx: Ctx; args: Value[]; exprs: readonly Expr[]; span: Span } = { ctx: null as unknown as Ctx, args: new Array<Value>(n).fill(null), exprs: argExprs, span };
  if (n === 0) return (ctx) => { call.ctx = ctx; return builtin(call); };
  if (n === 1) {
    const a = args[0]!;
    return (ctx) => { const x = a(ctx); call.args[0] = x; call.ctx = ctx; return builtin(call); };
  }
  if (n === 2) {
    const a = args[0]!, b = args[1]!;
    return (ctx) => { const x = a(ctx), y = b(ctx); call.args[0] = x; call.args[1] = y; call.ctx = ctx; return builtin(call); };
  }
  return (ctx) => {
    const values = args.map((f) => f(ctx));
    for (let i = 0; i < n; i++) call.args[i] = values[i]!;
    call.ctx = ctx;
    return builtin(call);
  };
}

/**
 * A built-in of a space and a way (`toward`, `line`) whose answers are kept: `known` gives a kept
 * answer; otherwise the built-in answers (off the grid, or its error) and `keep`, if given, keeps it.
 */
function spaceAndWay(
  builtin: (c: BuiltinCall) => Value, args: readonly Code[], exprs: readonly Expr[], span: Span,
  known: (space: string, way: string) => Value | undefined, keep?: (space: string, way: string, answer: Value) => void,
): Code {
  const a = args[0]!, b = args[1]!;
  const call: BuiltinCall = { ctx: null as unknown as Ctx, args: [null, null], exprs, span };
  return (ctx) => {
    const from = a(ctx), way = b(ctx);
    const keyed = isSpace(from) && typeof way === 'string';
    if (keyed) { const answer = known(from.space, way); if (answer !== undefined) return answer; }
    call.args[0] = from; call.args[1] = way; (call as { ctx: Ctx }).ctx = ctx;
    const answer = builtin(call);
    if (keyed && keep) keep(from.space, way, answer);
    return answer;
  };
}

const EMPTY_CARDS: readonly string[] = Object.freeze([]);

/** A list as text for the define memo: equal lists give equal keys. */
function memoKey(v: Value): string {
  if (typeof v !== 'object' || v === null) return typeof v === 'string' ? JSON.stringify(v) : String(v);
  if (isList(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + memoKey(v[i]!);
    return out + ']';
  }
  for (const k in v) return `${k}:${JSON.stringify((v as Record<string, string | number>)[k])}`;
  return '?';
}

// ─── Comprehensions ───────────────────────────────────────────────────────────

/**
 * A comprehension's (or a choice's) variable lives in one scope per evaluation, rebound item by
 * item: evaluation is synchronous and nothing keeps a scope, so this saves a context per item.
 */
export class ItemScope implements Binder {
  private readonly vals: Value[] = [null];
  readonly ctx: Ctx;
  constructor(readonly outer: Ctx, name: string) {
    this.ctx = newCtx(outer.model, outer.state, { names: [name], vals: this.vals, parent: outer.scope }, outer.rule, outer.player, outer.memo);
  }
  /** Binds the variable to an item and returns the scope's context. */
  bind(item: Value): Ctx {
    this.vals[0] = item;
    return this.ctx;
  }
}

/**
 * A comprehension's spare scope: taken for one evaluation and given back after it, so evaluating
 * the comprehension again in the same context makes none. An evaluation nested in another of the
 * same comprehension (a define that calls itself) finds none spare and makes its own; so does the
 * next after an error, which gave nothing back.
 */
class SpareScope {
  private spare: ItemScope | null = null;
  constructor(private readonly name: string) {}
  take(ctx: Ctx): ItemScope {
    const scope = this.spare;
    if (scope !== null && scope.outer === ctx) {
      this.spare = null;
      return scope;
    }
    return new ItemScope(ctx, this.name);
  }
  give(scope: ItemScope): void {
    this.spare = scope;
  }
}

/** Orders key tuples: numbers by value, anything else by its label. */
function compareKeys(model: Model, a: readonly Value[], b: readonly Value[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!, y = b[i]!;
    if (typeof x === 'number' && typeof y === 'number') { if (x !== y) return x - y; }
    else { const sx = label(model, x), sy = label(model, y); if (sx !== sy) return sx < sy ? -1 : 1; }
  }
  return 0;
}

/**
 * `while COND` (`stops`) is compiled as the same comprehension without a condition over the list's
 * items up to the first for which COND fails (`upTo`).
 */
function compileComprehension(m: Model, e: Comprehension, env: Env, upTo?: (ctx: Ctx) => boolean): Code {
  if (e.stops && e.where) {
    const { stops: _, ...rest } = e;
    return compileComprehension(m, { ...rest, where: null }, env, bool(m, e.where, inner(env, [e.variable.text])));
  }
  const whole = compile(m, e.list, env);
  // One spare scope for the comprehension's variable, bound by `while` or by `where` (never both).
  const scopes = new SpareScope(e.variable.text);
  /** With `while COND`: how many of the items, from the first, pass COND. */
  const passing = (ctx: Ctx, all: readonly Value[]): number => {
    const scope = scopes.take(ctx);
    let n = 0;
    while (n < all.length && upTo!(scope.bind(all[n]!))) n++;
    scopes.give(scope);
    return n;
  };
  const list: Code = upTo
    ? (ctx) => {
        const all = asList(ctx, whole(ctx), e.list.span);
        const n = passing(ctx, all);
        return n === all.length ? all : all.slice(0, n);
      }
    : whole;
  const listSpan = e.list.span;
  const name = e.variable.text;
  const itemEnv = inner(env, [name]);
  const where = e.where ? bool(m, e.where, itemEnv) : null;
  const keys = e.keys.map((k) => compile(m, k, itemEnv));
  const key = keys[0] ?? (() => null);
  const span = e.span;
  /** The items of the list that pass `where`, and a scope bound to each in turn. */
  const kept = (ctx: Ctx, items: readonly Value[], scope: ItemScope): Value[] => {
    const p = planned(items);
    if (p) {
      const out: Value[] = [];
      for (const i of p.survivors(ctx, scope)) if (p.rest(scope.bind(items[i]!))) out.push(items[i]!);
      return out;
    }
    return where ? items.filter((item) => where(scope.bind(item))) : [...items];
  };
  /** The kept items, only to be read: the list itself when nothing is left out (no copy). */
  const read = (ctx: Ctx, items: readonly Value[], scope: ItemScope): readonly Value[] =>
    where || planned(items) ? kept(ctx, items, scope) : items;
  const keyNumber = (scope: ItemScope, item: Value): number => num(scope.ctx, key(scope.bind(item)), span);
  // `first s in board where x of s = a and …`: the items are found by index, not by trying each.
  const plan = e.where && e.quantifier !== 'every' && e.quantifier !== 'connected' ? indexPlan(m, e.list, e.variable.text, e.where, env) : null;
  const planned = (items: readonly Value[]): IndexPlan | null => (plan !== null && items === plan.list && items.length > 0 ? plan : null);

  if (e.quantifier === 'connected') {
    // Flood fill: the spaces reachable from the start through neighbours, each satisfying `where`.
    return (ctx) => {
      const start = list(ctx);
      const starts = isSpace(start) ? [start] : asList(ctx, start, listSpan).filter(isSpace);
      const scope = new ItemScope(ctx, name);
      const ok = (id: string) => !where || where(scope.bind(m.spaceValues.get(id)!));
      const seen = new Set<string>();
      const queue: string[] = [];
      for (const s of starts) if (!seen.has(s.space) && ok(s.space)) { seen.add(s.space); queue.push(s.space); }
      for (let i = 0; i < queue.length; i++) {
        const id = queue[i]!;
        for (const next of m.boards.get(m.spaceBoard.get(id)!)!.neighbours.get(id) ?? []) {
          if (!seen.has(next) && ok(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      return queue.map((space) => m.spaceValues.get(space)!);
    };
  }
  const items = (ctx: Ctx) => asList(ctx, list(ctx), listSpan);
  /** The index of the first (or last) item that passes `where`, or -1. */
  const find = (ctx: Ctx, all: readonly Value[], fromEnd: boolean): number => {
    if (!where) return all.length ? (fromEnd ? all.length - 1 : 0) : -1;
    const scope = scopes.take(ctx);
    const at = findIn(ctx, all, fromEnd, scope);
    scopes.give(scope);
    return at;
  };
  const findIn = (ctx: Ctx, all: readonly Value[], fromEnd: boolean, scope: ItemScope): number => {
    const p = planned(all);
    if (p) {
      const found = p.survivors(ctx, scope);
      if (fromEnd) { for (let k = found.length - 1; k >= 0; k--) if (p.rest(scope.bind(all[found[k]!]!))) return found[k]!; }
      else for (let k = 0; k < found.length; k++) if (p.rest(scope.bind(all[found[k]!]!))) return found[k]!;
      return -1;
    }
    if (fromEnd) { for (let i = all.length - 1; i >= 0; i--) if (where!(scope.bind(all[i]!))) return i; }
    else for (let i = 0; i < all.length; i++) if (where!(scope.bind(all[i]!))) return i;
    return -1;
  };
  switch (e.quantifier) {
    // These stop at the first item that decides the answer.
    case 'any': return (ctx) => find(ctx, items(ctx), false) >= 0;
    case 'every': {
      if (!where) return (ctx) => (items(ctx), true);
      return (ctx) => {
        const scope = scopes.take(ctx);
        let all = true;
        for (const item of items(ctx)) if (!where(scope.bind(item))) { all = false; break; }
        scopes.give(scope);
        return all;
      };
    }
    case 'first': case 'last': {
      const fromEnd = e.quantifier === 'last';
      return (ctx) => {
        const all = items(ctx);
        const i = find(ctx, all, fromEnd);
        return i < 0 ? null : all[i]!;
      };
    }
    case 'count': return (ctx) => {
      // `count t in line(s, way) while …`: counted as they pass, no list made.
      if (!where) return upTo ? passing(ctx, asList(ctx, whole(ctx), listSpan)) : items(ctx).length;
      const scope = scopes.take(ctx);
      const all = items(ctx);
      const p = planned(all);
      let n = 0;
      if (p) { for (const i of p.survivors(ctx, scope)) if (p.rest(scope.bind(all[i]!))) n++; }
      else for (const item of all) if (where(scope.bind(item))) n++;
      scopes.give(scope);
      return n;
    };
    case 'all': return (ctx) => kept(ctx, items(ctx), new ItemScope(ctx, name));
    case 'each': return (ctx) => {
      const scope = new ItemScope(ctx, name);
      return read(ctx, items(ctx), scope).map((item) => key(scope.bind(item)));
    };
    case 'sum': return (ctx) => {
      const scope = new ItemScope(ctx, name);
      let total = 0;
      for (const item of read(ctx, items(ctx), scope)) total += keyNumber(scope, item);
      return total;
    };
    case 'max': case 'min': {
      const max = e.quantifier === 'max';
      return (ctx) => {
        const scope = new ItemScope(ctx, name);
        const ns = read(ctx, items(ctx), scope).map((item) => keyNumber(scope, item));
        if (!ns.length) return null;
        return max ? Math.max(...ns) : Math.min(...ns);
      };
    }
    case 'sorted': case 'best': case 'worst': {
      const quantifier = e.quantifier;
      return (ctx) => {
        const scope = new ItemScope(ctx, name);
        const keyed = kept(ctx, items(ctx), scope).map((item) => {
          const bound = scope.bind(item);
          return { item, keys: keys.map((k) => k(bound)) };
        });
        keyed.sort((a, b) => compareKeys(m, a.keys, b.keys));
        if (quantifier === 'sorted') return keyed.map((k) => k.item);
        if (!keyed.length) return [];
        const edge = quantifier === 'best' ? keyed[keyed.length - 1]! : keyed[0]!;
        return keyed.filter((k) => compareKeys(m, k.keys, edge.keys) === 0).map((k) => k.item);
      };
    }
  }
}

// ─── Comprehensions by index ──────────────────────────────────────────────────
//
// `first s in board where x of s = a and y of s = b`, `any q in pawns where space of q = s`,
// `choose d from road where position of d > position of t and …`: a comprehension or a choice over
// a fixed list (a board, a table, a collection) whose condition opens with `property of item =
// value` tests, or `<`, `<=`, `>`, `>=` tests of a numeric property, is answered from what the
// model knows of the list's items, instead of by evaluating the condition for every item. Only
// the leading run of such tests is used, and each value is evaluated only when some item passed
// the tests before it, so what is evaluated, and any error it raises, is what trying every item in
// order would evaluate and raise; the remaining tests run on the items found, in the list's order.

export interface IndexPlan {
  /** The fixed list the plan answers for (the caller checks its list is this one). */
  readonly list: readonly Value[];
  /** The indices, ascending, of the items that pass the indexed tests. */
  survivors(ctx: Ctx, scope: Binder): readonly number[];
  /** The remaining tests, for an item bound in the scope. */
  rest(ctx: Ctx): boolean;
}

/** Binds the item variable of a plan's condition and gives the context to evaluate in. */
export interface Binder {
  bind(item: Value): Ctx;
}

/** How a test compares the item's property with the value: `=`, or an order between numbers. */
type TestOp = '=' | '<' | '<=' | '>' | '>=';

/** One `property of item OP value` test, with what the index knows of that property. */
interface IndexedTest {
  readonly op: TestOp;
  /** The value's span, for the error when an order test's value is not a number. */
  readonly span: Span;
  readonly value: Code;
  /** Each item's value of the property, when it never changes during a game; null for a piece's `space`. */
  readonly fixed: readonly Value[] | null;
  /** Fixed values → the items having them: plain values and references (by their memo key) apart. */
  readonly plain: Map<unknown, number[]>;
  readonly refs: RefIndex;
}

const NO_ITEMS: readonly number[] = Object.freeze([]);

const byNumber = (a: number, b: number): number => a - b;

/** Items by a reference they have: its kind (`space`, `card`…), then its id. */
type RefIndex = Map<string, Map<unknown, number[]>>;

/** The items indexed under reference `v`: found without making a key. */
function itemsWithRef(refs: RefIndex, v: object): readonly number[] {
  for (const kind in v) return refs.get(kind)?.get((v as Record<string, unknown>)[kind]) ?? NO_ITEMS;
  return NO_ITEMS;
}

/** The list a name stands for when no variable hides it: a board's spaces, a table's things, a collection's pieces. */
function fixedListNamed(m: Model, e: Expr, env: Env): readonly Value[] | null {
  if (e.kind !== 'Ref') return null;
  const name = e.name.text;
  if (env.frames.some((f) => f.includes(name))) return null;
  if (m.counters.has(name) || m.zones.has(name) || m.constants.has(name) || m.defines.has(name)) return null;
  if (name === 'player' || name === 'players' || name === 'player-count' || name === 'game-ending') return null;
  const collection = m.collections.get(name);
  if (collection) return fixedList(m, name, () => collection.map((piece) => ({ piece })));
  if (m.singlePieces.has(name)) return null;
  const board = m.boards.get(name);
  if (board) return fixedList(m, name, () => board.order.map((space) => m.spaceValues.get(space)!));
  const table = m.tableThings.get(name);
  if (table) return fixedList(m, name, () => table.map((id) => m.spaceValues.get(id) ?? { card: id }));
  return null;
}

/**
 * A property's value for an item when the rules in force settle it (a table's attribute, a space's
 * position, a piece's owner, a name), or undefined when it depends on the state or is an error.
 * It must agree with compileProperty.
 */
function fixedProperty(m: Model, name: string, t: Value): Value | undefined {
  if (t === null || typeof t !== 'object' || isList(t)) return undefined;
  if (name === 'name') return nameOf(m, t);
  const declaredAttr = [...m.components.values()].some((c) => c.attrs.some((a) => a.name.text === name));
  if ('space' in t) {
    if (m.counters.has(name)) return undefined;
    const thing = m.things.get(t.space);
    if (!thing) return undefined;
    const attr = thing.attrs[name];
    if (attr !== undefined) return attr;
    if (name === 'position') return positionIndex(m).get(t.space);
    return declaredAttr ? null : undefined;
  }
  if ('piece' in t) {
    if (name !== 'owner') return undefined;
    const owner = m.pieces.get(t.piece)?.owner;
    return owner === null || owner === undefined ? null : { player: owner };
  }
  if ('card' in t) {
    const thing = m.things.get(t.card);
    if (!thing) return undefined;
    const attr = thing.attrs[name];
    if (attr !== undefined) return attr;
    if (name === 'zone') return undefined;
    return declaredAttr ? null : undefined;
  }
  return undefined;
}

const ORDER_OPS: Readonly<Record<string, TestOp>> = { '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
/** `a OP b` read as `b OP' a`. */
const MIRRORED: Readonly<Record<TestOp, TestOp>> = { '=': '=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** The test `property of variable OP value` (either way round), if that is what `c` is. */
function propertyTest(c: Expr, variable: string): { property: string; value: Expr; op: TestOp } | null {
  if (c.kind !== 'Binary') return null;
  const op: TestOp | undefined = c.op === '=' || c.op === 'is' ? '=' : ORDER_OPS[c.op];
  if (op === undefined) return null;
  const side = (x: Expr): string | null =>
    x.kind === 'Of' && !x.on && x.target.kind === 'Ref' && x.target.name.text === variable ? x.property.text : null;
  const left = side(c.left);
  if (left !== null && !mentions(c.right, variable)) return { property: left, value: c.right, op };
  const right = side(c.right);
  if (right !== null && !mentions(c.left, variable)) return { property: right, value: c.left, op: MIRRORED[op] };
  return null;
}

/** Whether `x OP y` holds, for numbers. */
function ordered(x: number, op: TestOp, y: number): boolean {
  switch (op) {
    case '<': return x < y;
    case '<=': return x <= y;
    case '>': return x > y;
    case '>=': return x >= y;
    case '=': return x === y;
  }
}

/** A choice's `where` over a fixed list, planned as a comprehension's is (null: try every item). */
export function choicePlan(m: Model, from: Expr, variable: string, where: Expr): IndexPlan | null {
  const { choicePlans } = compiledFor(m);
  let plan = choicePlans.get(where);
  if (plan === undefined) choicePlans.set(where, (plan = indexPlan(m, from, variable, where, OPEN)));
  return plan;
}

function indexPlan(m: Model, listExpr: Expr, variable: string, where: Expr, env: Env): IndexPlan | null {
  const list = fixedListNamed(m, listExpr, env);
  if (!list || list.length === 0) return null;
  const itemEnv = inner(env, [variable]);
  const tests: IndexedTest[] = [];
  const all = conjuncts(where);
  let used = 0;
  for (const c of all) {
    const test = propertyTest(c, variable);
    if (!test) break;
    const values = list.map((item) => fixedProperty(m, test.property, item));
    const pieceSpace = test.op === '=' && test.property === 'space' && list.every((item) => isRef(item) && 'piece' in item);
    if (!pieceSpace && values.some((v) => v === undefined)) break;
    if (test.op !== '=') {
      // An order between numbers: every item's value must be a number, as the test would demand.
      if (!values.every((v) => typeof v === 'number')) break;
      tests.push({ op: test.op, span: test.value.span, value: compile(m, test.value, itemEnv), fixed: values as Value[], plain: new Map(), refs: new Map() });
      used++;
      continue;
    }
    const plain = new Map<unknown, number[]>();
    const refs: RefIndex = new Map();
    if (!pieceSpace) {
      const add = (into: Map<unknown, number[]>, key: unknown, i: number) => {
        let at = into.get(key);
        if (!at) into.set(key, (at = []));
        at.push(i);
      };
      values.forEach((v, i) => {
        if (typeof v !== 'object' || v === null) add(plain, v, i);
        else if (!isList(v)) {
          // A list is never found by `=` here (its test is answered none below).
          for (const kind in v) {
            let byId = refs.get(kind);
            if (!byId) refs.set(kind, (byId = new Map()));
            add(byId, (v as Record<string, unknown>)[kind], i);
          }
        }
      });
    }
    tests.push({ op: '=', span: test.value.span, value: compile(m, test.value, itemEnv), fixed: pieceSpace ? null : (values as Value[]), plain, refs });
    used++;
  }
  if (tests.length === 0) return null;
  const rest = all.slice(used).map((c) => bool(m, c, itemEnv));
  const position = new Map<string, number>();
  list.forEach((item, i) => { if (isRef(item) && 'piece' in item) position.set(item.piece, i); });
  /** A piece's `space`, as compileProperty gives it. */
  const spaceOf = (ctx: Ctx, i: number): Value => {
    const at = ctx.state.pieces[(list[i] as { piece: string }).piece];
    return at?.space ? m.spaceValues.get(at.space)! : null;
  };
  return {
    list,
    survivors(ctx, scope) {
      let found: readonly number[] | null = null;
      for (const test of tests) {
        if (found !== null && found.length === 0) break; // no item gets as far as this test's value
        const bound = scope.bind(list[found === null ? 0 : found[0]!]!);
        const v = test.value(bound);
        const fixed = test.fixed;
        if (test.op !== '=') {
          const n = num(bound, v, test.span);
          const numbers = fixed as readonly number[];
          const kept: number[] = [];
          if (found === null) { for (let i = 0; i < numbers.length; i++) if (ordered(numbers[i]!, test.op, n)) kept.push(i); }
          else for (const i of found) if (ordered(numbers[i]!, test.op, n)) kept.push(i);
          found = kept;
        } else if (fixed === null) {
          if (found !== null) { const before: readonly number[] = found; found = before.filter((i) => equal(spaceOf(ctx, i), v)); }
          else if (isSpace(v)) {
            const there = piecesAt(ctx.state, v.space);
            if (there.length === 0) found = NO_ITEMS; // most spaces: nothing made
            else {
              const here: number[] = [];
              for (const p of there) { const i = position.get((p as { piece: string }).piece); if (i !== undefined) here.push(i); }
              found = here.length > 1 ? here.sort(byNumber) : here;
            }
          } else {
            const here: number[] = [];
            for (let i = 0; i < list.length; i++) if (equal(spaceOf(ctx, i), v)) here.push(i);
            found = here;
          }
        } else if (found !== null) {
          const before: readonly number[] = found;
          found = before.filter((i) => equal(fixed[i]!, v));
        } else if (typeof v === 'object' && v !== null) found = isList(v) ? NO_ITEMS : itemsWithRef(test.refs, v);
        else found = test.plain.get(v) ?? NO_ITEMS;
      }
      return found ?? NO_ITEMS;
    },
    rest(ctx) {
      for (let i = 0; i < rest.length; i++) if (!rest[i]!(ctx)) return false;
      return true;
    },
  };
}
