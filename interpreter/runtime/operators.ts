// What the operators that can fail or that mean more than one thing do: shared by the closures
// (evaluate.ts) and the generated code (generate.ts), so both give the same answers and errors.
import type { Span } from '../../grammar/ast.js';
import { asList, fail, label, num, type Ctx } from './context.js';
import { equal, isList, isZone, type Value } from './values.js';

/** `x in list`: whether an item of the list (or zone) equals x. */
export function member(ctx: Ctx, x: Value, list: Value, span: Span): boolean {
  const items = asList(ctx, list, span);
  for (let i = 0; i < items.length; i++) if (equal(items[i]!, x)) return true;
  return false;
}

/** `x + y`: texts joined (either side a text), lists or zones' cards joined, or numbers added. */
export function plus(ctx: Ctx, x: Value, y: Value, ls: Span, rs: Span): Value {
  if (typeof x === 'string' || typeof y === 'string') return label(ctx.model, x) + label(ctx.model, y);
  if (isList(x) || isZone(x)) return [...asList(ctx, x, ls), ...asList(ctx, y, rs)];
  return num(ctx, x, ls) + num(ctx, y, rs);
}

/** `x / d`, rounded down; dividing by zero is a rule error. */
export function divide(ctx: Ctx, x: number, d: number, span: Span): number {
  if (d === 0) fail(span, 'Division by zero', ctx);
  return Math.floor(x / d);
}

/** `x mod d`, never negative for a positive d; by zero is a rule error. */
export function modulo(ctx: Ctx, x: number, d: number, span: Span): number {
  if (d === 0) fail(span, 'Division by zero', ctx);
  return ((x % d) + d) % d;
}
