// Test helpers: parse a lone expression, statement list or declaration, and print expressions as
// compact S-expressions so precedence tests read at a glance.
import { expect } from 'vitest';
import { parseRuleset, type Decl, type Expr, type Stmt } from '../../grammar/index.js';

/** Parses source that must be free of diagnostics. */
export function parseClean(source: string) {
  const result = parseRuleset(source);
  expect(result.diagnostics).toEqual([]);
  return result.ruleset;
}

export function parseDecl(source: string): Decl {
  const decls = parseClean(source).decls;
  expect(decls).toHaveLength(1);
  return decls[0]!;
}

export function parseStmts(source: string): readonly Stmt[] {
  const flow = parseDecl(`flow { ${source} }`);
  if (flow.kind !== 'Flow') throw new Error(`expected a flow, got ${flow.kind}`);
  return flow.body.stmts;
}

export function parseStmt(source: string): Stmt {
  const stmts = parseStmts(source);
  expect(stmts).toHaveLength(1);
  return stmts[0]!;
}

export function parseExpr(source: string): Expr {
  const define = parseDecl(`define x = ${source}`);
  if (define.kind !== 'Define') throw new Error(`expected a define, got ${define.kind}`);
  return define.body;
}

/** `a + b * c` → `(+ a (* b c))`. */
export function show(e: Expr): string {
  switch (e.kind) {
    case 'Number':
      return String(e.value);
    case 'Text':
      return JSON.stringify(e.value);
    case 'Flag':
      return e.value ? 'yes' : 'no';
    case 'None':
      return 'none';
    case 'List':
      return `[${e.items.map(show).join(' ')}]`;
    case 'Ref':
      return e.name.text;
    case 'Of':
      return e.on ? `(of ${e.property.text} ${show(e.target)} on ${show(e.on)})` : `(of ${e.property.text} ${show(e.target)})`;
    case 'Call':
      return `(${e.callee.text}() ${e.args.map(show).join(' ')})`.replace(' )', ')');
    case 'Binary':
      return `(${e.op} ${show(e.left)} ${show(e.right)})`;
    case 'Unary':
      return `(${e.op} ${show(e.operand)})`;
    case 'IfExpr':
      return `(if ${show(e.cond)} ${show(e.then)} ${show(e.else)})`;
    case 'Index':
      return `(index ${show(e.target)} ${show(e.index)})`;
    case 'Range':
      return `(range ${show(e.from)} ${show(e.to)})`;
    case 'Comprehension': {
      const where = e.where ? ` where ${show(e.where)}` : '';
      const keys = e.keys.length ? ` keys ${e.keys.map(show).join(' ')}` : '';
      return `(${e.quantifier} ${e.variable.text} in ${show(e.list)}${where}${keys})`;
    }
  }
}

/** The source text a span covers. */
export const textAt = (source: string, span: { start: number; end: number }) => source.slice(span.start, span.end);
