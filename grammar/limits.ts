// The limits a ruleset must keep within (docs/language.md § Limits): takes nothing, gives the
// numbers, the parser's nesting guard, and the depth of expressions, measured without recursion.
// They exist so that no text, however odd, drives a stage past the stack or into endless work.
import type { IToken } from 'chevrotain';
import type { Decl, Expr, Span } from './ast.js';

export const LIMITS = {
  /** Characters of a ruleset's text: past them it is not read at all (R0808). */
  source: 1_000_000,
  /** Tokens (words, numbers, symbols) of a ruleset: past them it is not parsed (R0809). */
  tokens: 100_000,
  /** Blocks and expressions inside one another, as the parser counts them (R0801). */
  nesting: 40,
  /** Levels of one expression, each operator of a chain one of them (R0802); through defines too (R0807). */
  depth: 200,
  /** The largest number literal: beyond it whole numbers are no longer exact (R0803). */
  number: Number.MAX_SAFE_INTEGER,
  /** Things every table makes together, copies included (R0804). */
  things: 10_000,
  /** Pieces of one `pieces X N per player` collection, per player (R0805). */
  piecesPerPlayer: 1_000,
  /** The most players a game may take (R0806). */
  players: 100,
} as const;

/** `10000` → `10,000`, as messages and the docs write numbers. */
export function grouped(n: number | string): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Thrown by the parser where nesting passes LIMITS.nesting: the parse stops there (R0801). */
export class NestingTooDeep extends Error {
  constructor(readonly token: IToken) {
    super(`Nesting deeper than ${LIMITS.nesting}`);
  }
}

/** The expressions directly inside `e`. */
export function exprChildren(e: Expr): readonly Expr[] {
  switch (e.kind) {
    case 'Number': case 'Text': case 'Flag': case 'None': case 'Ref': return [];
    case 'List': return e.items;
    case 'Of': return e.on ? [e.target, e.on] : [e.target];
    case 'Call': return e.args;
    case 'Binary': return [e.left, e.right];
    case 'Unary': return [e.operand];
    case 'IfExpr': return [e.cond, e.then, e.else];
    case 'Index': return [e.target, e.index];
    case 'Range': return [e.from, e.to];
    case 'Comprehension': return [e.list, ...(e.where ? [e.where] : []), ...e.keys];
    default: {
      const never: never = e;
      return never;
    }
  }
}

/** The `and`-separated tests of a condition, in order. */
export function conjuncts(e: Expr): Expr[] {
  return e.kind === 'Binary' && e.op === 'and' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** Whether a name is read anywhere in an expression (cautiously: a comprehension's own variable of that name counts too). */
export function mentions(e: Expr, name: string): boolean {
  if (e.kind === 'Ref' && e.name.text === name) return true;
  return exprChildren(e).some((x) => mentions(x, name));
}

/** How many levels `e` has (a literal or a name has one), found with an explicit stack. */
export function exprDepth(e: Expr): number {
  let deepest = 0;
  const stack: [Expr, number][] = [[e, 1]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, depth] = top;
    if (depth > deepest) deepest = depth;
    for (const child of exprChildren(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const EXPR_KINDS = new Set<string>(['Number', 'Text', 'Flag', 'None', 'List', 'Ref', 'Of', 'Binary', 'Unary', 'IfExpr', 'Index', 'Range', 'Comprehension']);

/** Is this AST node an expression? `Call` names both a statement (`rule`) and an expression (`callee`). */
function isExpr(node: { readonly kind?: unknown }): node is Expr {
  return typeof node.kind === 'string' && (EXPR_KINDS.has(node.kind) || (node.kind === 'Call' && 'callee' in node));
}

/**
 * Every outermost expression of a declaration (its parts in statements, conditions, counters …),
 * found by walking its fields with an explicit stack, so that any new kind of node is walked too.
 */
export function outermostExprs(d: Decl): Expr[] {
  const found: Expr[] = [];
  const stack: unknown[] = [d];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    if (isExpr(node as { kind?: unknown })) {
      found.push(node as Expr);
      continue;
    }
    const values = Object.values(node);
    for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]);
  }
  return found;
}

/** The first expression of `d` deeper than LIMITS.depth, with its depth, if there is one. */
export function tooDeep(d: Decl): { readonly span: Span; readonly depth: number } | null {
  for (const e of outermostExprs(d)) {
    const depth = exprDepth(e);
    if (depth > LIMITS.depth) return { span: e.span, depth };
  }
  return null;
}
