// Expressions from the CST: takes an expression node of any precedence level (cst.generated.d.ts),
// gives the A.Expr it stands for, operators folded to the left. Throws Missing when a part is absent.
import type { IToken } from 'chevrotain';
import type * as A from './ast.js';
import type * as C from './cst.generated.js';
import { childrenOf, join, missing, nameOf, need, spanOf, str, sub, subs, tok, tokenSpan, toks } from './cst-read.js';

/** The nodes of the precedence levels, loosest first: each one's operands are the next level. */
export type ExprNode =
  | C.ExprCstNode
  | C.AndExprCstNode
  | C.NotExprCstNode
  | C.CompareExprCstNode
  | C.SumExprCstNode
  | C.ProductExprCstNode
  | C.UnaryExprCstNode
  | C.OnExprCstNode
  | C.OfExprCstNode
  | C.PostfixExprCstNode;

export function expr(node: ExprNode): A.Expr {
  switch (node.name) {
    case 'expr':
    case 'andExpr':
    case 'sumExpr':
    case 'productExpr':
      return leftChain(node);
    case 'notExpr':
    case 'unaryExpr':
      return prefixed(node);
    case 'compareExpr':
      return comparison(node);
    case 'onExpr':
      return onThing(node);
    case 'ofExpr':
      return property(node);
    case 'postfixExpr':
      return indexed(node);
    default: {
      const never: never = node;
      return missing();
    }
  }
}

export const optExpr = (node: ExprNode | undefined): A.Expr | null => (node ? expr(node) : null);

/** `( [Expr (',' Expr)*] )` of a call, or none when there is no argument list. */
export function args(node: C.ArgsCstNode | undefined): A.Expr[] {
  return node ? subs(childrenOf(node).arg).map(expr) : [];
}

/** `operand (op operand)*`, folded to the left. */
function leftChain(node: C.ExprCstNode | C.AndExprCstNode | C.SumExprCstNode | C.ProductExprCstNode): A.Expr {
  const parts = childrenOf(node);
  const operands = subs<ExprNode>(parts.operands).map(expr);
  const ops = toks(parts.ops);
  let left = need(operands[0]);
  for (let i = 1; i < operands.length; i++) {
    const right = operands[i]!;
    const op = need(ops[i - 1]).image as A.BinaryOp;
    left = { kind: 'Binary', op, left, right, span: join(left.span, right.span) };
  }
  return left;
}

/** `not X` and `- X`; without the operator, the operand alone. */
function prefixed(node: C.NotExprCstNode | C.UnaryExprCstNode): A.Expr {
  const operand = expr(need(sub<ExprNode>(childrenOf(node).operand)));
  const op = node.name === 'notExpr' ? tok(childrenOf(node).Kw_not) : tok(childrenOf(node).Minus);
  if (!op) return operand;
  return { kind: 'Unary', op: node.name === 'notExpr' ? 'not' : '-', operand, span: join(tokenSpan(op), operand.span) };
}

/** `a = b`, `a not in b`, `a is not b`: at most one comparison, its words joined into one operator. */
function comparison(node: C.CompareExprCstNode): A.Expr {
  const [l, r] = subs(childrenOf(node).operands).map(expr);
  const left = need(l);
  if (!r) return left;
  const op = toks(childrenOf(node).op).map((t) => t.image).join(' ') as A.BinaryOp;
  return { kind: 'Binary', op, left, right: r, span: join(left.span, r.span) };
}

/** `cost of card`; without `of`, the target alone. */
function property(node: C.OfExprCstNode): A.Expr {
  const parts = childrenOf(node);
  const target = expr(need(sub<ExprNode>(parts.target)));
  const name = tok(parts.property);
  if (!name) return target;
  return { kind: 'Of', property: nameOf(name), target, span: join(tokenSpan(name), target.span) };
}

/**
 * `scored of p on c` is the counter `scored` of p for the thing c; `scored on c` the current
 * player's, as `scored of player on c`. Anything else before `on` keeps its form, and the checker
 * says that `on` does not fit it.
 */
function onThing(node: C.OnExprCstNode): A.Expr {
  const parts = childrenOf(node);
  const target = expr(need(sub<ExprNode>(parts.target)));
  const thingNode = sub<ExprNode>(parts.thing);
  if (!thingNode) return target;
  return withThing(target, expr(thingNode));
}

export function withThing(target: A.Expr, on: A.Expr): A.Expr {
  const span = join(target.span, on.span);
  if (target.kind === 'Of' && !target.on) return { ...target, on, span };
  if (target.kind === 'Ref') return { kind: 'Of', property: target.name, target: { kind: 'Ref', name: { kind: 'Name', text: 'player', span: target.name.span }, span: target.name.span }, on, span };
  return { kind: 'Of', property: { kind: 'Name', text: 'on', span: on.span }, target, on, span };
}

/**
 * `set scored of p on c to 1` parses its owner as the expression `p on c`: the owner is `p`, the
 * thing `c`. (The current player written out, `player on c`, comes back as `player`.)
 */
export function splitThing(target: A.Expr | null): { target: A.Expr | null; on: A.Expr | null } {
  if (target?.kind !== 'Of' || !target.on) return { target, on: null };
  // `of players[1] on c`: nothing named before `on` (withThing's placeholder shares the thing's span).
  if (target.property.span === target.on.span) return { target: target.target, on: target.on };
  const implicit = target.target.kind === 'Ref' && target.target.span === target.property.span;
  const owner: A.Expr = implicit ? { kind: 'Ref', name: target.property, span: target.property.span } : { kind: 'Of', property: target.property, target: target.target, span: join(target.property.span, target.target.span) };
  return { target: owner, on: target.on };
}

/** `primary[i][j]`: each index wraps what came before it, its span running to its `]`. */
function indexed(node: C.PostfixExprCstNode): A.Expr {
  const parts = childrenOf(node);
  let target = primary(need(sub(parts.primary)));
  const closes = toks(parts.close);
  subs(parts.index).forEach((ix, i) => {
    const index = expr(ix);
    const close = closes[i];
    const end = close ? tokenSpan(close).end : index.span.end;
    target = { kind: 'Index', target, index, span: { start: target.span.start, end } };
  });
  return target;
}

function primary(node: C.PrimaryCstNode): A.Expr {
  const span = spanOf(node);
  const parts = childrenOf(node);
  const lit = tok(parts.literal);
  if (lit) return literal(lit, span);
  const inner = sub(parts.inner);
  // The parentheses have no node of their own; the inner expression's span takes them in.
  if (inner) return { ...expr(inner), span };
  const list = sub(parts.listExpr);
  if (list) return { kind: 'List', items: subs(childrenOf(list).items).map(expr), span };
  const ifExpr = sub(parts.ifExpr);
  if (ifExpr) return conditional(ifExpr, span);
  const quant = sub(parts.filterQuant) ?? sub(parts.foldQuant) ?? sub(parts.sortQuant) ?? sub(parts.connectedQuant);
  if (quant) return quantified(quant, span);
  const name = nameOf(need(tok(parts.name)));
  const call = sub(parts.args);
  if (call) return { kind: 'Call', callee: name, args: args(call), span };
  return { kind: 'Ref', name, span };
}

/** A number, string, `yes`, `no` or `none`. */
function literal(lit: IToken, span: A.Span): A.Expr {
  switch (lit.tokenType.name) {
    case 'Number':
      return { kind: 'Number', value: Number(lit.image), span };
    case 'String':
      return { kind: 'Text', value: str(lit), span };
    case 'Kw_none':
      return { kind: 'None', span };
    default:
      return { kind: 'Flag', value: lit.image === 'yes', span };
  }
}

/** `if C then A else B` */
function conditional(node: C.IfExprCstNode, span: A.Span): A.Expr {
  const parts = childrenOf(node);
  const part = (e: C.ExprCstNode[] | undefined) => expr(need(sub(e)));
  return { kind: 'IfExpr', cond: part(parts.cond), then: part(parts.then), else: part(parts.else), span };
}

type QuantNode = C.FilterQuantCstNode | C.FoldQuantCstNode | C.SortQuantCstNode | C.ConnectedQuantCstNode;
/** What the four quantifier rules may hold between them; each has some of these parts. */
type QuantParts = Partial<C.FilterQuantCstChildren & C.FoldQuantCstChildren & C.SortQuantCstChildren & C.ConnectedQuantCstChildren>;

/** `count x in L where C`, `sum E for x in L`, `best x in L by K` …, or the built-in call `count(…)`. */
function quantified(node: QuantNode, span: A.Span): A.Expr {
  const parts: QuantParts = node.children;
  const quantifier = need(tok(parts.quantifier));
  const call = sub(parts.args);
  if (call) return { kind: 'Call', callee: nameOf(quantifier), args: args(call), span };
  return {
    kind: 'Comprehension',
    quantifier: quantifier.image as A.Quantifier,
    variable: nameOf(need(tok(parts.variable))),
    list: expr(need(sub(parts.list))),
    where: optExpr(sub(parts.where)),
    ...(tok(parts.filter)?.image === 'while' ? { stops: true as const } : {}),
    keys: subs(parts.key).map(expr),
    span,
  };
}
