// Turns the CST of parser.ts into the AST of ast.ts: takes the `ruleset` CST node and the source,
// gives the Ruleset plus the diagnostics only visible here (R0104 table rows, `per player`).
import type { CstElement, CstNode, IToken } from 'chevrotain';
import type * as A from './ast.js';
import { diag, type Diagnostic } from './diagnostics.js';

/** A part recovery left out: the node that needs it is dropped, its siblings are kept. */
class Missing extends Error {}

const isNode = (el: CstElement): el is CstNode => 'children' in el;
const isReal = (t: IToken) => !t.isInsertedInRecovery && Number.isFinite(t.startOffset);

function toks(node: CstNode, key: string): IToken[] {
  return (node.children[key] ?? []).filter((el): el is IToken => !isNode(el) && isReal(el));
}
const tok = (node: CstNode, key: string): IToken | undefined => toks(node, key)[0];
const lastTok = (node: CstNode, key: string): IToken | undefined => toks(node, key).at(-1);
const has = (node: CstNode, key: string) => tok(node, key) !== undefined;

function subs(node: CstNode, key: string): CstNode[] {
  return (node.children[key] ?? []).filter(isNode);
}
const sub = (node: CstNode, key: string): CstNode | undefined => subs(node, key)[0];

function missing(): never {
  throw new Missing();
}
function need<T>(value: T | undefined): T {
  return value === undefined ? missing() : value;
}

function tokenSpan(t: IToken): A.Span {
  return { start: t.startOffset, end: (t.endOffset ?? t.startOffset) + 1 };
}

/** First to last real token; recovery can leave NaN in chevrotain's own locations. */
function spanOf(el: CstElement): A.Span {
  if (!isNode(el)) return tokenSpan(el);
  const loc = el.location;
  if (loc && Number.isFinite(loc.startOffset) && Number.isFinite(loc.endOffset)) {
    return { start: loc.startOffset, end: (loc.endOffset as number) + 1 };
  }
  let start = Infinity;
  let end = -Infinity;
  for (const child of Object.values(el.children).flat()) {
    if (!isNode(child) && !isReal(child)) continue;
    const s = spanOf(child);
    if (Number.isFinite(s.start)) start = Math.min(start, s.start);
    if (Number.isFinite(s.end)) end = Math.max(end, s.end);
  }
  if (!Number.isFinite(start)) missing();
  return { start, end };
}

const join = (a: A.Span, b: A.Span): A.Span => ({ start: a.start, end: b.end });
const nameOf = (t: IToken): A.Name => ({ kind: 'Name', text: t.image, span: tokenSpan(t) });

/** The text of a String token, quotes dropped and `\"` `\\` unescaped. */
export function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(["\\])/g, '$1');
}
const str = (t: IToken) => unquote(t.image);

// Build sub-parts that may be missing after recovery: a thrown Missing drops just that one.
function keep<T>(items: readonly CstNode[], build: (n: CstNode) => T): T[] {
  const out: T[] = [];
  for (const item of items) {
    try {
      out.push(build(item));
    } catch (e) {
      if (!(e instanceof Missing)) throw e;
    }
  }
  return out;
}

export function cstToAst(cst: CstNode, source: string): { ruleset: A.Ruleset; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const report = (d: Diagnostic) => diagnostics.push(d);

  // ─── Declarations ──────────────────────────────────────────────────────────

  function meta(owner: CstNode): A.Meta {
    const cites: A.Citation[] = [];
    const ambiguous: A.Ambiguity[] = [];
    for (const m of subs(owner, 'meta')) {
      for (const c of subs(m, 'citation')) {
        const quote = tok(c, 'quote');
        const fileTok = tok(c, 'file');
        if (quote) cites.push({ kind: 'Citation', quote: str(quote), file: fileTok ? str(fileTok) : null, span: spanOf(c) });
      }
      for (const a of subs(m, 'ambiguity')) {
        const quote = tok(a, 'quote');
        const note = tok(a, 'note');
        if (quote) ambiguous.push({ kind: 'Ambiguity', quote: str(quote), note: note ? str(note) : null, span: spanOf(a) });
      }
    }
    return { cites, ambiguous };
  }

  /** `per player`: `player` is an ordinary name, so its text is checked here. */
  function isPlayer(t: IToken): boolean {
    if (t.image === 'player') return true;
    report(diag('R0102', tokenSpan(t), { expected: '`player`', found: `\`${t.image}\`` }));
    return false;
  }

  function decl(node: CstNode): A.Decl {
    const [key, [el] = []] = Object.entries(node.children)[0] ?? ['', []];
    const d = need(el && isNode(el) ? el : undefined);
    const span = spanOf(d);
    const name = () => nameOf(need(tok(d, 'name')));
    switch (key) {
      case 'gameDecl': {
        const rulebook = lastTok(d, 'rulebook');
        return {
          kind: 'Game',
          title: str(need(tok(d, 'title'))),
          // Left at 0 when missing: later checks report an absent player count.
          minPlayers: Number(lastTok(d, 'min')?.image ?? 0),
          maxPlayers: Number(lastTok(d, 'max')?.image ?? 0),
          rulebook: rulebook ? str(rulebook) : null,
          meta: meta(d),
          span,
        };
      }
      case 'componentDecl':
        return { kind: 'Component', name: name(), attrs: keep(subs(d, 'attr'), attr), meta: meta(d), span };
      case 'tableDecl':
        return table(d, span);
      case 'zoneDecl': {
        const options = toks(d, 'option').map((t) => t.image);
        const visibility = options.filter((o): o is A.Visibility => o !== 'ordered').at(-1) ?? 'public';
        const component = tok(d, 'component');
        const per = tok(d, 'per');
        return {
          kind: 'Zone',
          name: name(),
          component: component ? nameOf(component) : null,
          perPlayer: per ? isPlayer(per) : false,
          ordered: options.includes('ordered'),
          visibility,
          meta: meta(d),
          span,
        };
      }
      case 'counterDecl': {
        const per = tok(d, 'per');
        const owner: A.CounterOwner = !per
          ? { kind: 'global' }
          : per.image === 'player'
            ? { kind: 'player' }
            : { kind: 'each', of: nameOf(per) };
        const opt = (label: string) => {
          const e = subs(d, label).at(-1);
          return e ? expr(e) : null;
        };
        const [initial, min, max] = [opt('initial'), opt('min'), opt('max')];
        const visibility = (tok(d, 'visibility')?.image ?? 'public') as A.Visibility;
        return { kind: 'Counter', name: name(), owner, initial, min, max, visibility, meta: meta(d), span };
      }
      case 'pieceDecl': {
        const collection = tok(d, 'collection');
        const per = tok(d, 'per');
        return {
          kind: 'Piece',
          name: name(),
          perPlayer: per ? isPlayer(per) : false,
          count: tok(d, 'count') ? Number(tok(d, 'count')!.image) : 1,
          collection: collection ? nameOf(collection) : null,
          meta: meta(d),
          span,
        };
      }
      case 'boardDecl':
        return { kind: 'Board', name: name(), shape: boardShape(d), meta: meta(d), span };
      case 'defineDecl':
        return define(d);
      case 'ruleDecl':
        return rule(d);
      case 'eventDecl':
        return { kind: 'Event', name: name(), params: params(d), meta: meta(d), span };
      case 'powersDecl':
        return { kind: 'Powers', zone: nameOf(need(tok(d, 'zone'))), meta: meta(d), span };
      case 'powerDecl':
        return {
          kind: 'Power',
          name: name(),
          items: keep(subs(d, 'items'), (n) => (n.name === 'defineDecl' ? define(n) : rule(n))),
          meta: meta(d),
          span,
        };
      case 'setupDecl':
        return { kind: 'Setup', body: block(need(sub(d, 'body'))), meta: meta(d), span };
      case 'flowDecl':
        return { kind: 'Flow', body: block(need(sub(d, 'body'))), meta: meta(d), span };
      case 'recountDecl':
        return { kind: 'Recount', counter: nameOf(need(tok(d, 'counter'))), expr: expr(need(sub(d, 'expr'))), meta: meta(d), span };
      case 'winnerDecl':
        return {
          kind: 'Winner',
          team: has(d, 'Kw_team'),
          order: keep(subs(d, 'ordering'), (o) => ({
            direction: need(tok(o, 'direction')).image as 'most' | 'least',
            expr: expr(need(sub(o, 'expr'))),
          })),
          meta: meta(d),
          span,
        };
      case 'variantDecl':
        return variant(d, span);
      default:
        return missing();
    }
  }

  function attr(node: CstNode): A.AttrDecl {
    const typeTok = tok(node, 'type');
    const type: A.AttrType = typeTok
      ? { kind: typeTok.image as 'number' | 'text' | 'flag' }
      : {
          kind: 'enum',
          values: subs(node, 'values').map((v) => {
            const t = need(tok(v, 'value'));
            return t.image.startsWith('"') ? str(t) : t.image;
          }),
        };
    if (type.kind === 'enum' && type.values.length === 0) missing();
    return { kind: 'Attr', name: nameOf(need(tok(node, 'name'))), type, span: spanOf(node) };
  }

  function cell(node: CstNode): A.Cell {
    const span = spanOf(node);
    const num = tok(node, 'Number');
    const text = tok(node, 'String');
    const ident = tok(node, 'Identifier');
    const value: A.CellValue = num
      ? (has(node, 'Minus') ? -1 : 1) * Number(num.image)
      : text
        ? str(text)
        : ident
          ? ident.image
          : has(node, 'Kw_yes')
            ? true
            : has(node, 'Kw_no')
              ? false
              : missing();
    return { kind: 'Cell', value, span };
  }

  function table(d: CstNode, span: A.Span): A.TableDecl {
    const [header, ...body] = subs(d, 'row');
    const columns = subs(need(header), 'cell').map((c): A.Name => {
      const ident = tok(c, 'Identifier');
      if (ident) return nameOf(ident);
      const found = source.slice(spanOf(c).start, spanOf(c).end);
      report(diag('R0102', spanOf(c), { expected: 'a column name', found: `\`${found}\`` }));
      return { kind: 'Name', text: found, span: spanOf(c) };
    });
    const rows = body.map((row) => {
      const cells = keep(subs(row, 'cell'), cell);
      if (cells.length !== columns.length) {
        report(diag('R0104', spanOf(row), { found: cells.length, expected: columns.length }));
      }
      return cells;
    });
    const zone = tok(d, 'zone');
    return {
      kind: 'Table',
      name: nameOf(need(tok(d, 'name'))),
      component: nameOf(need(tok(d, 'component'))),
      zone: zone ? nameOf(zone) : null,
      columns,
      rows,
      meta: meta(d),
      span,
    };
  }

  function boardShape(d: CstNode): A.BoardShape {
    const of = nameOf(need(tok(d, 'of')));
    switch (need(tok(d, 'shape')).image) {
      case 'track':
        return { kind: 'track', spaces: of, reversed: has(d, 'Kw_reversed') };
      case 'graph': {
        const edges = subs(d, 'adjacency').flatMap((adj) => {
          const head = tok(adj, 'head');
          if (!head) return [];
          const from = nameOf(head);
          return toks(adj, 'targets').map((t): A.Edge => ({ kind: 'Edge', from, to: nameOf(t), span: join(from.span, tokenSpan(t)) }));
        });
        return { kind: 'graph', nodes: of, edges };
      }
      case 'hex':
        return { kind: 'hex', cells: of };
      default:
        return { kind: 'square', cells: of };
    }
  }

  function params(d: CstNode): A.Name[] {
    const p = sub(d, 'params');
    return p ? toks(p, 'param').map(nameOf) : [];
  }

  function define(d: CstNode): A.DefineDecl {
    return {
      kind: 'Define',
      name: nameOf(need(tok(d, 'name'))),
      params: params(d),
      body: expr(need(sub(d, 'body'))),
      meta: meta(d),
      span: spanOf(d),
    };
  }

  function rule(d: CstNode): A.RuleDecl | A.ForbidDecl {
    const name = nameOf(need(tok(d, 'name')));
    if (has(d, 'Kw_forbids')) {
      const choice = nameOf(need(tok(d, 'choice')));
      return { kind: 'Forbid', name, choice, when: expr(need(sub(d, 'when'))), meta: meta(d), span: spanOf(d) };
    }
    const event = tok(d, 'event');
    const where = sub(d, 'where');
    return {
      kind: 'Rule',
      name,
      params: params(d),
      trigger: event ? { event: nameOf(event), where: where ? expr(where) : null } : null,
      body: block(need(sub(d, 'body'))),
      meta: meta(d),
      span: spanOf(d),
    };
  }

  function variant(d: CstNode, span: A.Span): A.VariantDecl {
    const when = sub(d, 'when');
    const items = keep(subs(d, 'overlay'), (o): A.OverlayItem => {
      const op = need(tok(o, 'op')).image;
      const s = spanOf(o);
      if (op === 'remove') return { kind: 'Remove', target: nameOf(need(tok(o, 'target'))), span: s };
      return { kind: op === 'add' ? 'Add' : 'Replace', decl: decl(need(sub(o, 'decl'))), span: s };
    });
    return {
      kind: 'Variant',
      id: nameOf(need(tok(d, 'id'))),
      title: str(need(tok(d, 'title'))),
      when: when ? expr(when) : null,
      excludes: toks(d, 'excludes').map(nameOf),
      items,
      meta: meta(d),
      span,
    };
  }

  // ─── Statements ────────────────────────────────────────────────────────────

  function block(node: CstNode): A.Block {
    return { kind: 'Block', stmts: keep(subs(node, 'stmt'), stmt), span: spanOf(node) };
  }

  const optExpr = (node: CstNode, key: string) => {
    const e = sub(node, key);
    return e ? expr(e) : null;
  };

  /** `from A [to B]`: with `to`, the whole numbers A…B. */
  function rangeOr(node: CstNode, key: string): A.Expr {
    const from = expr(need(sub(node, key)));
    const toNode = sub(node, 'to');
    if (!toNode) return from;
    const to = expr(toNode);
    return { kind: 'Range', from, to, span: join(from.span, to.span) };
  }

  function args(node: CstNode): A.Expr[] {
    const a = sub(node, 'args');
    return a ? subs(a, 'arg').map(expr) : [];
  }

  function stmt(node: CstNode): A.Stmt {
    const s = need(Object.values(node.children).flat().find(isNode));
    const span = spanOf(s);
    const e = (key: string) => expr(need(sub(s, key)));
    const variable = () => nameOf(need(tok(s, 'variable')));
    switch (s.name) {
      case 'letStmt':
        return { kind: 'Let', name: nameOf(need(tok(s, 'name'))), value: e('value'), span };
      case 'gainStmt':
      case 'loseStmt':
      case 'addStmt':
      case 'setStmt':
        return {
          kind: 'Change',
          op: need(tok(s, 'op')).image as A.ChangeStmt['op'],
          amount: e('amount'),
          counter: nameOf(need(tok(s, 'counter'))),
          target: optExpr(s, 'target'),
          span,
        };
      case 'moveStmt':
        return { kind: 'Move', what: e('what'), to: e('to'), position: (tok(s, 'position')?.image as 'top' | 'bottom') ?? null, span };
      case 'drawStmt':
        return { kind: 'Draw', count: e('count'), from: e('from'), to: e('to'), span };
      case 'shuffleStmt':
        return { kind: 'Shuffle', zone: e('zone'), span };
      case 'chooseStmt':
        return choose(s, span);
      case 'ifStmt':
        return ifStmt(s);
      case 'forEachStmt':
        return {
          kind: 'ForEach',
          variable: variable(),
          list: rangeOr(s, 'list'),
          where: optExpr(s, 'where'),
          simultaneous: has(s, 'Kw_simultaneously'),
          body: block(need(sub(s, 'body'))),
          span,
        };
      case 'repeatStmt':
        return {
          kind: 'Repeat',
          mode: need(tok(s, 'mode')).image as A.RepeatStmt['mode'],
          expr: e('expr'),
          body: block(need(sub(s, 'body'))),
          span,
        };
      case 'turnStmt':
        return { kind: 'Turn', player: e('player'), body: block(need(sub(s, 'body'))), span };
      case 'phaseStmt': {
        const title = tok(s, 'title');
        return {
          kind: 'Phase',
          level: need(tok(s, 'level')).image as A.PhaseStmt['level'],
          title: title ? str(title) : '',
          timeLimit: optExpr(s, 'timed'),
          body: block(need(sub(s, 'body'))),
          span,
        };
      }
      case 'fireStmt':
        return { kind: 'Fire', event: nameOf(need(tok(s, 'event'))), args: args(s), span };
      case 'callStmt':
        return { kind: 'Call', rule: nameOf(need(tok(s, 'rule'))), args: args(s), span };
      case 'endStmt':
        return { kind: 'EndGame', afterRound: has(s, 'Kw_after'), span };
      case 'rankStmt':
        return {
          kind: 'Rank',
          variable: variable(),
          list: e('list'),
          by: e('by'),
          ties: (tok(s, 'ties')?.image as 'share' | 'skip') ?? 'share',
          body: block(need(sub(s, 'body'))),
          span,
        };
      case 'pickStmt':
        return { kind: 'Random', variable: variable(), from: e('from'), where: optExpr(s, 'where'), span };
      case 'revealStmt':
        return { kind: 'Reveal', what: e('what'), span };
      case 'sayStmt':
        return { kind: 'Say', text: str(need(tok(s, 'text'))), span };
      default:
        return missing();
    }
  }

  function choose(s: CstNode, span: A.Span): A.ChooseStmt | A.MenuStmt {
    const optional = has(s, 'Kw_may');
    const by = optExpr(s, 'by');
    if (!has(s, 'variable') && subs(s, 'menuOption').length > 0) {
      const options = keep(subs(s, 'menuOption'), (o): A.MenuOption => ({
        kind: 'MenuOption',
        label: str(need(tok(o, 'label'))),
        when: optExpr(o, 'when'),
        body: block(need(sub(o, 'body'))),
        span: spanOf(o),
      }));
      return { kind: 'Menu', optional, by, options, span };
    }
    const verb = tok(s, 'verb');
    const template = need(verb ? verb : tok(s, 'template'));
    let label: A.Label;
    let name: A.Name;
    if (verb) {
      name = nameOf(verb);
      label = { kind: 'verb', verb: name };
    } else {
      const text = str(template);
      label = { kind: 'template', text, span: tokenSpan(template) };
      name = { kind: 'Name', text: text.trim().split(/\s+/)[0] || text, span: tokenSpan(template) };
    }
    const pass = tok(s, 'passLabel');
    return {
      kind: 'Choose',
      name,
      optional,
      subset: has(s, 'Kw_any'),
      variable: nameOf(need(tok(s, 'variable'))),
      from: rangeOr(s, 'from'),
      where: optExpr(s, 'where'),
      label,
      passLabel: pass ? str(pass) : null,
      by,
      span,
    };
  }

  function ifStmt(s: CstNode): A.IfStmt {
    const elseIf = sub(s, 'elseIf');
    const elseBlock = sub(s, 'else');
    return {
      kind: 'If',
      cond: expr(need(sub(s, 'cond'))),
      then: block(need(sub(s, 'then'))),
      else: elseIf ? ifStmt(elseIf) : elseBlock ? block(elseBlock) : null,
      span: spanOf(s),
    };
  }

  // ─── Expressions ───────────────────────────────────────────────────────────

  /** `operand (op operand)*`, folded to the left. */
  function chain(node: CstNode, part: (n: CstNode) => A.Expr): A.Expr {
    const operands = subs(node, 'operands').map(part);
    const ops = toks(node, 'ops');
    let left = need(operands[0]);
    for (let i = 1; i < operands.length; i++) {
      const right = operands[i]!;
      const op = need(ops[i - 1]).image as A.BinaryOp;
      left = { kind: 'Binary', op, left, right, span: join(left.span, right.span) };
    }
    return left;
  }

  function expr(node: CstNode): A.Expr {
    switch (node.name) {
      case 'expr': case 'andExpr': case 'sumExpr': case 'productExpr':
        return chain(node, expr);
      case 'notExpr': case 'unaryExpr': {
        const operand = expr(need(sub(node, 'operand')));
        const not = tok(node, 'Kw_not');
        const minus = tok(node, 'Minus');
        if (not) return { kind: 'Unary', op: 'not', operand, span: join(tokenSpan(not), operand.span) };
        if (minus) return { kind: 'Unary', op: '-', operand, span: join(tokenSpan(minus), operand.span) };
        return operand;
      }
      case 'compareExpr': {
        const [l, r] = subs(node, 'operands').map(expr);
        const left = need(l);
        if (!r) return left;
        const op = toks(node, 'op').map((t) => t.image).join(' ') as A.BinaryOp;
        return { kind: 'Binary', op, left, right: r, span: join(left.span, r.span) };
      }
      case 'ofExpr': {
        const target = expr(need(sub(node, 'target')));
        const property = tok(node, 'property');
        if (!property) return target;
        return { kind: 'Of', property: nameOf(property), target, span: join(tokenSpan(property), target.span) };
      }
      case 'postfixExpr': {
        let target = primary(need(sub(node, 'primary')));
        const closes = toks(node, 'close');
        subs(node, 'index').forEach((ix, i) => {
          const index = expr(ix);
          const close = closes[i];
          const end = close ? tokenSpan(close).end : index.span.end;
          target = { kind: 'Index', target, index, span: { start: target.span.start, end } };
        });
        return target;
      }
      default:
        return missing();
    }
  }

  function primary(node: CstNode): A.Expr {
    const span = spanOf(node);
    const lit = tok(node, 'literal');
    if (lit) {
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
    const inner = sub(node, 'inner');
    // The parentheses have no node of their own; the inner expression's span takes them in.
    if (inner) return { ...expr(inner), span };
    const list = sub(node, 'listExpr');
    if (list) return { kind: 'List', items: subs(list, 'items').map(expr), span };
    const ife = sub(node, 'ifExpr');
    if (ife) {
      const part = (key: string) => expr(need(sub(ife, key)));
      return { kind: 'IfExpr', cond: part('cond'), then: part('then'), else: part('else'), span };
    }
    const q = sub(node, 'filterQuant') ?? sub(node, 'foldQuant') ?? sub(node, 'sortQuant') ?? sub(node, 'connectedQuant');
    if (q) {
      const quant = need(tok(q, 'quantifier'));
      if (sub(q, 'args')) return { kind: 'Call', callee: nameOf(quant), args: args(q), span };
      return {
        kind: 'Comprehension',
        quantifier: quant.image as A.Quantifier,
        variable: nameOf(need(tok(q, 'variable'))),
        list: expr(need(sub(q, 'list'))),
        where: optExpr(q, 'where'),
        keys: subs(q, 'key').map(expr),
        span,
      };
    }
    const name = nameOf(need(tok(node, 'name')));
    if (sub(node, 'args')) return { kind: 'Call', callee: name, args: args(node), span };
    return { kind: 'Ref', name, span };
  }

  const decls = keep(subs(cst, 'decl'), decl);
  return { ruleset: { kind: 'Ruleset', decls, span: { start: 0, end: source.length } }, diagnostics };
}
