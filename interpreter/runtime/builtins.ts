// The built-in functions of the language, by name. The checker's table of their signatures
// (check/expressions.ts) must name the same ones; a test keeps the two in step.
import type { Expr, Span } from '../../grammar/ast.js';
import { asList, fail, holdsPower, label, num, piecesAt, type Ctx } from './context.js';
import { gridDirections, OPPOSITE, type Model } from './model.js';
import { describeType, equal, isCard, isList, isPlayer, isSpace, isZone, type Value } from './values.js';

export interface BuiltinCall {
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
/** A direction the space's grid knows (argument 1): `toward` and `line` go only those ways. */
function needDirection(c: BuiltinCall, fn: string): string {
  const m = c.ctx.model;
  const shape = m.boards.get(m.spaceBoard.get(needSpace(c, 0, fn))!)!.decl.shape.kind;
  const known = shape === 'hex' || shape === 'square' ? gridDirections(shape) : [];
  const direction = c.args[1] ?? null;
  if (typeof direction === 'string' && known.includes(direction)) return direction;
  return fail(c.span, known.length ? `${fn} goes ${known.join(', ')}; not ${label(m, direction)}` : `${fn} needs a space of a grid`, c.ctx);
}
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
    return piecesAt(c.ctx.state, space);
  },
  neighbours: (c) => neighboursOf(c.ctx.model, needSpace(c, 0, 'neighbours')).map((id) => c.ctx.model.spaceValues.get(id)!),
  adjacent: (c) => neighboursOf(c.ctx.model, needSpace(c, 0, 'adjacent')).includes(needSpace(c, 1, 'adjacent')),
  toward: (c) => {
    const m = c.ctx.model;
    const id = needSpace(c, 0, 'toward');
    const other = m.boards.get(m.spaceBoard.get(id)!)!.toward.get(id)?.get(needDirection(c, 'toward'));
    return other === undefined ? null : m.spaceValues.get(other)!; // none: off the grid
  },
  // The spaces from a space (not counting it) straight on in a direction to the grid's edge:
  // with `while`, a slide until blocked; with `count … while`, a run of like spaces.
  line: (c) => {
    const m = c.ctx.model;
    let id: string | undefined = needSpace(c, 0, 'line');
    const direction = needDirection(c, 'line');
    const toward = m.boards.get(m.spaceBoard.get(id)!)!.toward;
    const out: Value[] = [];
    while ((id = toward.get(id)?.get(direction)) !== undefined) out.push(m.spaceValues.get(id)!);
    return out;
  },
  directions: (c) => {
    const m = c.ctx.model;
    const shape = m.boards.get(m.spaceBoard.get(needSpace(c, 0, 'directions'))!)!.decl.shape.kind;
    return shape === 'square' || shape === 'hex' ? gridDirections(shape) : [];
  },
  opposite: (c) => {
    const d = c.args[0] ?? null;
    const back = typeof d === 'string' ? OPPOSITE[d] : undefined;
    return back ?? fail(c.span, `opposite needs a direction (${Object.keys(OPPOSITE).join(', ')}), not ${label(c.ctx.model, d)}`, c.ctx);
  },
  // One list of the items of several: `flatten([[a, b], [c]])` is `[a, b, c]`; an item that is not a
  // list (or a zone) is kept as it is.
  flatten: (c) => {
    const out: Value[] = [];
    for (const item of argList(c.ctx, c.args, c.exprs, 0, c.span)) {
      if (isList(item) || isZone(item)) out.push(...asList(c.ctx, item, c.span));
      else out.push(item);
    }
    return out;
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

/** Sets of cards with at most one card of each attribute value; set j holds every value seen ≥ j times. */
function setScore(ctx: Ctx, cards: readonly Value[], attr: string, values: number[], span: Span): number {
  return scoreSets(cards.map((c) => {
    if (!isCard(c)) fail(span, 'set-score needs cards', ctx);
    return String(ctx.model.things.get((c as { card: string }).card)?.attrs[attr]);
  }), values);
}

/**
 * `set-score` once each card's attribute value is known (as text): sets of cards with at most one
 * card of each value, set j holding every value seen at least j times, the k-th card of a set worth
 * values[k] (the last value for the rest). The compiled tier shares it.
 */
export function scoreSets(attrValues: readonly string[], values: readonly number[]): number {
  const counts = new Map<string, number>();
  for (const v of attrValues) counts.set(v, (counts.get(v) ?? 0) + 1);
  let total = 0;
  for (let j = 1; ; j++) {
    const size = [...counts.values()].filter((n) => n >= j).length;
    if (size === 0) return total;
    for (let k = 0; k < size; k++) total += values[Math.min(k, values.length - 1)] ?? 0;
  }
}
