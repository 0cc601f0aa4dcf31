// Statements from the CST: takes a `block` node (cst.generated.d.ts), gives the A.Block with every
// statement recovery left whole; a statement missing a part is dropped, its siblings kept.
import type * as A from './ast.js';
import type * as C from './cst.generated.js';
import { chosen, childrenOf, has, join, keep, missing, nameOf, need, spanOf, str, sub, subs, tok, tokenSpan } from './cst-read.js';
import { args, expr, optExpr, splitThing, type ExprNode } from './cst-to-ast-exprs.js';

export function block(node: C.BlockCstNode): A.Block {
  return { kind: 'Block', stmts: keep(subs(childrenOf(node).stmt), stmt), span: spanOf(node) };
}

const body = (nodes: C.BlockCstNode[] | undefined): A.Block => block(need(sub(nodes)));
const required = (nodes: C.ExprCstNode[] | undefined): A.Expr => expr(need(sub(nodes)));

function stmt(node: C.StmtCstNode): A.Stmt {
  const s = need(chosen(childrenOf(node)));
  const span = spanOf(s);
  switch (s.name) {
    case 'letStmt': {
      const parts = childrenOf(s);
      return { kind: 'Let', name: nameOf(need(tok(parts.name))), value: required(parts.value), span };
    }
    case 'gainStmt':
    case 'loseStmt':
    case 'addStmt':
    case 'setStmt':
      return change(s, span);
    case 'moveStmt': {
      const parts = childrenOf(s);
      const position = (tok(parts.position)?.image as 'top' | 'bottom') ?? null;
      // `off the board` is a move to no space: `to` is the literal none, spanning those words.
      const off = tok(parts.off);
      const to: A.Expr = off ? { kind: 'None', span: join(tokenSpan(off), tokenSpan(need(tok(parts.Kw_board)))) } : required(parts.to);
      return { kind: 'Move', what: required(parts.what), to, position, span };
    }
    case 'drawStmt': {
      const parts = childrenOf(s);
      return { kind: 'Draw', count: required(parts.count), from: required(parts.from), to: required(parts.to), span };
    }
    case 'shuffleStmt':
      return { kind: 'Shuffle', zone: required(childrenOf(s).zone), span };
    case 'chooseStmt':
      return isMenu(s) ? menu(s, span) : choose(s, span);
    case 'ifStmt':
      return ifStmt(s);
    case 'forEachStmt':
      return forEach(s, span);
    case 'repeatStmt': {
      const parts = childrenOf(s);
      const mode = need(tok(parts.mode)).image as A.RepeatStmt['mode'];
      return { kind: 'Repeat', mode, expr: required(parts.expr), body: body(parts.body), span };
    }
    case 'turnStmt':
      return { kind: 'Turn', player: required(childrenOf(s).player), body: body(childrenOf(s).body), span };
    case 'phaseStmt':
      return phase(s, span);
    case 'fireStmt':
      return { kind: 'Fire', event: nameOf(need(tok(childrenOf(s).event))), args: args(sub(childrenOf(s).args)), span };
    case 'callStmt':
      return { kind: 'Call', rule: nameOf(need(tok(childrenOf(s).rule))), args: args(sub(childrenOf(s).args)), span };
    case 'endStmt':
      return { kind: 'EndGame', afterRound: has(childrenOf(s).Kw_after), span };
    case 'rankStmt':
      return rank(s, span);
    case 'pickStmt': {
      const parts = childrenOf(s);
      const variable = nameOf(need(tok(parts.variable)));
      return { kind: 'Random', variable, from: required(parts.from), where: optExpr(sub(parts.where)), span };
    }
    case 'revealStmt':
      return { kind: 'Reveal', what: required(childrenOf(s).what), span };
    case 'sayStmt':
      return { kind: 'Say', text: str(need(tok(childrenOf(s).text))), span };
    default: {
      const never: never = s;
      return missing();
    }
  }
}

/** `gain 3 coins [to p]`, `lose|pay … [from p]`, `add 1 to c [of t]`, `set c [of t] to 5`. */
function change(s: C.GainStmtCstNode | C.LoseStmtCstNode | C.AddStmtCstNode | C.SetStmtCstNode, span: A.Span): A.ChangeStmt {
  const parts = childrenOf(s);
  // The thing comes after the counter (`gain 3 scored on c`) or inside the owner (`set scored of p on c`).
  const split = splitThing(optExpr(sub(parts.target)));
  const thing = sub<ExprNode>(parts.thing);
  return {
    kind: 'Change',
    op: need(tok(parts.op)).image as A.ChangeStmt['op'],
    amount: required(parts.amount),
    counter: nameOf(need(tok(parts.counter))),
    target: split.target,
    on: thing ? expr(thing) : split.on,
    span,
  };
}

/** `from A [to B]`: with `to`, the whole numbers A…B. */
function rangeOr(fromNodes: C.ExprCstNode[] | undefined, toNodes: C.ExprCstNode[] | undefined): A.Expr {
  const from = required(fromNodes);
  const toNode = sub(toNodes);
  if (!toNode) return from;
  const to = expr(toNode);
  return { kind: 'Range', from, to, span: join(from.span, to.span) };
}

/** `[may] choose [by P] { options }` rather than a choice of a variable from a list. */
const isMenu = (s: C.ChooseStmtCstNode): boolean =>
  !has(childrenOf(s).variable) && subs(childrenOf(s).menuOption).length > 0;

function menu(s: C.ChooseStmtCstNode, span: A.Span): A.MenuStmt {
  const parts = childrenOf(s);
  const optional = has(parts.Kw_may);
  const by = optExpr(sub(parts.by));
  const options = keep(subs(parts.menuOption), (o): A.MenuOption => {
    const option = childrenOf(o);
    const variable = tok(option.variable);
    return {
      kind: 'MenuOption',
      label: str(need(tok(option.label))),
      each: variable ? { variable: nameOf(variable), list: expr(need(sub(option.list))) } : null,
      when: optExpr(sub(option.when)),
      body: body(option.body),
      span: spanOf(o),
    };
  });
  const name = tok(parts.menuName);
  return { kind: 'Menu', name: name ? nameOf(name) : null, optional, by, options, span };
}

function choose(s: C.ChooseStmtCstNode, span: A.Span): A.ChooseStmt {
  const parts = childrenOf(s);
  const optional = has(parts.Kw_may);
  const by = optExpr(sub(parts.by));
  const { name, label } = choiceLabel(s);
  const pass = tok(parts.passLabel);
  return {
    kind: 'Choose',
    name,
    optional,
    subset: has(parts.Kw_any),
    count: chooseCount(sub(parts.count)),
    variable: nameOf(need(tok(parts.variable))),
    from: rangeOr(parts.from, parts.to),
    where: optExpr(sub(parts.where)),
    label,
    passLabel: pass ? str(pass) : null,
    by,
    span,
  };
}

/** `choose 3 cards from …`, `choose n cards from …`, `choose (n + 1) cards from …`: the number of things. */
function chooseCount(node: C.ChooseCountCstNode | undefined): A.Expr | null {
  if (!node) return null;
  const parts = childrenOf(node);
  const span = spanOf(node);
  const number = tok(parts.number);
  if (number) return { kind: 'Number', value: Number(number.image), span };
  const name = tok(parts.name);
  if (name) return { kind: 'Ref', name: nameOf(name), span };
  return { ...expr(need(sub(parts.inner))), span };
}

/** `as advance` names the choice by its verb; `as "buy {card}"` by the template's first word. */
function choiceLabel(s: C.ChooseStmtCstNode): { name: A.Name; label: A.Label } {
  const parts = childrenOf(s);
  const verb = tok(parts.verb);
  const template = tok(parts.template);
  if (verb) {
    const name = nameOf(verb);
    // `as lay "play {spot} at end"`: named by the word, its ids from the template.
    if (template) return { name, label: { kind: 'template', text: str(template), span: tokenSpan(template) } };
    return { name, label: { kind: 'verb', verb: name } };
  }
  const text = str(need(template));
  return {
    name: { kind: 'Name', text: text.trim().split(/\s+/)[0] || text, span: tokenSpan(template!) },
    label: { kind: 'template', text, span: tokenSpan(template!) },
  };
}

function ifStmt(s: C.IfStmtCstNode): A.IfStmt {
  const parts = childrenOf(s);
  const elseIf = sub(parts.elseIf);
  const elseBlock = sub(parts.else);
  return {
    kind: 'If',
    cond: required(parts.cond),
    then: body(parts.then),
    else: elseIf ? ifStmt(elseIf) : elseBlock ? block(elseBlock) : null,
    span: spanOf(s),
  };
}

function forEach(s: C.ForEachStmtCstNode, span: A.Span): A.ForEachStmt {
  const parts = childrenOf(s);
  return {
    kind: 'ForEach',
    variable: nameOf(need(tok(parts.variable))),
    list: rangeOr(parts.list, parts.to),
    where: optExpr(sub(parts.where)),
    simultaneous: has(parts.Kw_simultaneously),
    body: body(parts.body),
    span,
  };
}

/** `phase "T" [timed N]`, `step "T"`, `round ["T"]`, each with a block. */
function phase(s: C.PhaseStmtCstNode, span: A.Span): A.PhaseStmt {
  const parts = childrenOf(s);
  const title = tok(parts.title);
  return {
    kind: 'Phase',
    level: need(tok(parts.level)).image as A.PhaseStmt['level'],
    title: title ? str(title) : '',
    timeLimit: optExpr(sub(parts.timed)),
    body: body(parts.body),
    span,
  };
}

function rank(s: C.RankStmtCstNode, span: A.Span): A.RankStmt {
  const parts = childrenOf(s);
  return {
    kind: 'Rank',
    variable: nameOf(need(tok(parts.variable))),
    list: required(parts.list),
    by: required(parts.by),
    ties: (tok(parts.ties)?.image as 'share' | 'skip') ?? 'share',
    body: body(parts.body),
    span,
  };
}
