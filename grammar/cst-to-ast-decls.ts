// Declarations from the CST: takes a `decl` node (cst.generated.d.ts) and where to report, gives the
// A.Decl, reporting what only shows here (R0104 table rows, a column that is not a name, `per player`).
import type { IToken } from 'chevrotain';
import type * as A from './ast.js';
import type * as C from './cst.generated.js';
import { chosen, childrenOf, has, join, keep, lastTok, missing, nameOf, need, spanOf, str, sub, subs, tok, tokenSpan, toks } from './cst-read.js';
import { expr, optExpr } from './cst-to-ast-exprs.js';
import { block } from './cst-to-ast-stmts.js';
import { tableFromLines } from './cst-to-ast-table-lines.js';
import { diag, type Diagnostic } from './diagnostics.js';

/** What declarations need besides their node: the source text, and where to put diagnostics. */
export interface DeclContext {
  readonly source: string;
  readonly report: (d: Diagnostic) => void;
  /** The ruleset's components by name (a table made by lines reads their attributes' values). */
  readonly components: ReadonlyMap<string, A.ComponentDecl>;
}

export function decl(node: C.DeclCstNode, ctx: DeclContext): A.Decl {
  const d = need(chosen(childrenOf(node)));
  const span = spanOf(d);
  switch (d.name) {
    case 'gameDecl':
      return game(d, span);
    case 'componentDecl': {
      const parts = childrenOf(d);
      return { kind: 'Component', name: nameOf(need(tok(parts.name))), attrs: keep(subs(parts.attr), attr), meta: meta(parts.meta), span };
    }
    case 'tableDecl':
      return table(d, span, ctx);
    case 'zoneDecl':
      return zone(d, span, ctx);
    case 'counterDecl':
      return counter(d, span);
    case 'pieceDecl':
      return piece(d, span, ctx);
    case 'boardDecl': {
      const parts = childrenOf(d);
      return { kind: 'Board', name: nameOf(need(tok(parts.name))), shape: boardShape(d), meta: meta(parts.meta), span };
    }
    case 'defineDecl':
      return define(d);
    case 'ruleDecl':
      return rule(d);
    case 'eventDecl': {
      const parts = childrenOf(d);
      return { kind: 'Event', name: nameOf(need(tok(parts.name))), params: params(parts.params), meta: meta(parts.meta), span };
    }
    case 'powersDecl':
      return { kind: 'Powers', zone: nameOf(need(tok(childrenOf(d).zone))), meta: meta(childrenOf(d).meta), span };
    case 'powerDecl':
      return power(d, span);
    case 'setupDecl':
      return { kind: 'Setup', body: block(need(sub(childrenOf(d).body))), meta: meta(childrenOf(d).meta), span };
    case 'flowDecl':
      return { kind: 'Flow', body: block(need(sub(childrenOf(d).body))), meta: meta(childrenOf(d).meta), span };
    case 'recountDecl': {
      const parts = childrenOf(d);
      return { kind: 'Recount', counter: nameOf(need(tok(parts.counter))), expr: expr(need(sub(parts.expr))), meta: meta(parts.meta), span };
    }
    case 'winnerDecl':
      return winner(d, span);
    case 'variantDecl':
      return variant(d, span, ctx);
    default: {
      const never: never = d;
      return missing();
    }
  }
}

/** Every `cites` and `ambiguous` of a declaration (a rule may carry two `meta` parts). */
function meta(metas: C.MetaCstNode[] | undefined): A.Meta {
  const cites: A.Citation[] = [];
  const ambiguous: A.Ambiguity[] = [];
  for (const m of subs(metas)) {
    for (const c of subs(childrenOf(m).citation)) {
      const quote = tok(childrenOf(c).quote);
      const file = tok(childrenOf(c).file);
      if (quote) cites.push({ kind: 'Citation', quote: str(quote), file: file ? str(file) : null, span: spanOf(c) });
    }
    for (const a of subs(childrenOf(m).ambiguity)) {
      const quote = tok(childrenOf(a).quote);
      const note = tok(childrenOf(a).note);
      if (quote) ambiguous.push({ kind: 'Ambiguity', quote: str(quote), note: note ? str(note) : null, span: spanOf(a) });
    }
  }
  return { cites, ambiguous };
}

/** `per player`: `player` is an ordinary name, so its text is checked here. */
function isPlayer(t: IToken, ctx: DeclContext): boolean {
  if (t.image === 'player') return true;
  ctx.report(diag('R0102', tokenSpan(t), { expected: '`player`', found: `\`${t.image}\`` }));
  return false;
}

function game(d: C.GameDeclCstNode, span: A.Span): A.GameDecl {
  const parts = childrenOf(d);
  const rulebook = lastTok(parts.rulebook);
  const min = lastTok(parts.min);
  const max = lastTok(parts.max);
  // `players 2` is exactly two: the last `players` line has no `to` when its max comes before its min.
  const exact = min && (!max || max.startOffset < min.startOffset);
  return {
    kind: 'Game',
    title: str(need(tok(parts.title))),
    // Left at 0 when missing: later checks report an absent player count.
    minPlayers: Number(min?.image ?? 0),
    maxPlayers: Number((exact ? min : max)?.image ?? 0),
    rulebook: rulebook ? str(rulebook) : null,
    meta: meta(parts.meta),
    span,
  };
}

function attr(node: C.AttrCstNode): A.AttrDecl {
  const parts = childrenOf(node);
  const typeTok = tok(parts.type);
  const type: A.AttrType = typeTok
    ? { kind: typeTok.image as 'number' | 'text' | 'flag' }
    : {
        kind: 'enum',
        values: subs(parts.values).map((v) => {
          const t = need(tok(childrenOf(v).value));
          return t.image.startsWith('"') ? str(t) : t.image;
        }),
      };
  if (type.kind === 'enum' && type.values.length === 0) missing();
  return { kind: 'Attr', name: nameOf(need(tok(parts.name))), type, span: spanOf(node) };
}

/** The header row names the columns; every other row must have as many cells (R0104). */
function table(d: C.TableDeclCstNode, span: A.Span, ctx: DeclContext): A.TableDecl {
  const parts = childrenOf(d);
  const zone = tok(parts.zone);
  if (parts.tableLine?.length) {
    return {
      kind: 'Table',
      name: nameOf(need(tok(parts.name))),
      component: nameOf(need(tok(parts.component))),
      zone: zone ? nameOf(zone) : null,
      ...tableFromLines(parts.tableLine, cell, ctx.report, ctx.components.get(tok(parts.component)?.image ?? '')),
      meta: meta(parts.meta),
      span,
    };
  }
  const [header, ...body] = subs(parts.row);
  const columns = subs(childrenOf(need(header)).cell).map((c) => column(c, ctx));
  const rows = body.map((row) => {
    const cells = keep(subs(childrenOf(row).cell), cell);
    if (cells.length !== columns.length) {
      ctx.report(diag('R0104', spanOf(row), { found: cells.length, expected: columns.length }));
    }
    return cells;
  });
  return {
    kind: 'Table',
    name: nameOf(need(tok(parts.name))),
    component: nameOf(need(tok(parts.component))),
    zone: zone ? nameOf(zone) : null,
    columns,
    rows,
    meta: meta(parts.meta),
    span,
  };
}

/** A header cell: a name, or reported and kept by its text so the rows still line up. */
function column(c: C.CellCstNode, ctx: DeclContext): A.Name {
  const ident = tok(childrenOf(c).Name);
  if (ident) return nameOf(ident);
  const found = ctx.source.slice(spanOf(c).start, spanOf(c).end);
  ctx.report(diag('R0102', spanOf(c), { expected: 'a column name', found: `\`${found}\`` }));
  return { kind: 'Name', text: found, span: spanOf(c) };
}

function cell(node: C.CellCstNode): A.Cell {
  const span = spanOf(node);
  const parts = childrenOf(node);
  const num = tok(parts.Number);
  const text = tok(parts.String);
  const ident = tok(parts.Name);
  const value: A.CellValue = num
    ? (has(parts.Minus) ? -1 : 1) * Number(num.image)
    : text
      ? str(text)
      : ident
        ? ident.image
        : has(parts.Kw_yes)
          ? true
          : has(parts.Kw_no)
            ? false
            : missing();
  return { kind: 'Cell', value, span };
}

/** `zone hand of Card per player, ordered, private`: the last visibility named wins. */
function zone(d: C.ZoneDeclCstNode, span: A.Span, ctx: DeclContext): A.ZoneDecl {
  const parts = childrenOf(d);
  const options = toks(parts.option).map((t) => t.image);
  const visibility = options.filter((o): o is A.Visibility => o !== 'ordered').at(-1) ?? 'public';
  const component = tok(parts.component);
  const per = tok(parts.per);
  return {
    kind: 'Zone',
    name: nameOf(need(tok(parts.name))),
    component: component ? nameOf(component) : null,
    perPlayer: per ? isPlayer(per, ctx) : false,
    ordered: options.includes('ordered'),
    visibility,
    meta: meta(parts.meta),
    span,
  };
}

/** `counter c [per player | per X], from 0, at least 0, at most 9, private`: the last bound of each kind wins. */
function counter(d: C.CounterDeclCstNode, span: A.Span): A.CounterDecl {
  const parts = childrenOf(d);
  const per = tok(parts.per);
  const perThing = tok(parts.perThing);
  // `per player per X`: a second `per` after anything but `player` is reported by the checker (R0306).
  const owner: A.CounterOwner = !per ? { kind: 'global' }
    : perThing ? { kind: 'player-each', of: nameOf(perThing), ...(per.image === 'player' ? {} : { first: nameOf(per) }) }
    : per.image === 'player' ? { kind: 'player' } : { kind: 'each', of: nameOf(per) };
  const last = (nodes: C.ExprCstNode[] | undefined) => optExpr(subs(nodes).at(-1));
  const [initial, min, max] = [last(parts.initial), last(parts.min), last(parts.max)];
  const visibility = (tok(parts.visibility)?.image ?? 'public') as A.Visibility;
  return { kind: 'Counter', name: nameOf(need(tok(parts.name))), owner, initial, min, max, visibility, meta: meta(parts.meta), span };
}

/** `pieces pawns [N] per player` or `piece neutral in pawns`. */
function piece(d: C.PieceDeclCstNode, span: A.Span, ctx: DeclContext): A.PieceDecl {
  const parts = childrenOf(d);
  const collection = tok(parts.collection);
  const per = tok(parts.per);
  const count = tok(parts.count);
  return {
    kind: 'Piece',
    name: nameOf(need(tok(parts.name))),
    perPlayer: per ? isPlayer(per, ctx) : false,
    count: count ? Number(count.image) : 1,
    collection: collection ? nameOf(collection) : null,
    meta: meta(parts.meta),
    span,
  };
}

function boardShape(d: C.BoardDeclCstNode): A.BoardShape {
  const parts = childrenOf(d);
  const of = nameOf(need(tok(parts.of)));
  switch (need(tok(parts.shape)).image) {
    case 'track':
      return { kind: 'track', spaces: of, reversed: has(parts.Kw_reversed) };
    case 'graph':
      return { kind: 'graph', nodes: of, edges: subs(parts.adjacency).flatMap(edges) };
    case 'hex':
      return { kind: 'hex', cells: of };
    default:
      return { kind: 'square', cells: of };
  }
}

/** `A: B, C` — an edge from A to each of B and C. */
function edges(adjacency: C.AdjacencyCstNode): A.Edge[] {
  const parts = childrenOf(adjacency);
  const head = tok(parts.head);
  if (!head) return [];
  const from = nameOf(head);
  return toks(parts.targets).map((t): A.Edge => ({ kind: 'Edge', from, to: nameOf(t), span: join(from.span, tokenSpan(t)) }));
}

function params(nodes: C.ParamsCstNode[] | undefined): A.Name[] {
  const p = sub(nodes);
  return p ? toks(childrenOf(p).param).map(nameOf) : [];
}

function define(d: C.DefineDeclCstNode): A.DefineDecl {
  const parts = childrenOf(d);
  return {
    kind: 'Define',
    name: nameOf(need(tok(parts.name))),
    params: params(parts.params),
    body: expr(need(sub(parts.body))),
    meta: meta(parts.meta),
    span: spanOf(d),
  };
}

/** `rule X forbids choice when …`, or `rule X[(params)] [on event [where …]] { … }`. */
function rule(d: C.RuleDeclCstNode): A.RuleDecl | A.ForbidDecl {
  const parts = childrenOf(d);
  const name = nameOf(need(tok(parts.name)));
  if (has(parts.Kw_forbids)) {
    const choice = nameOf(need(tok(parts.choice)));
    return { kind: 'Forbid', name, choice, when: expr(need(sub(parts.when))), meta: meta(parts.meta), span: spanOf(d) };
  }
  const event = tok(parts.event);
  return {
    kind: 'Rule',
    name,
    params: params(parts.params),
    trigger: event ? { event: nameOf(event), where: optExpr(sub(parts.where)) } : null,
    body: block(need(sub(parts.body))),
    meta: meta(parts.meta),
    span: spanOf(d),
  };
}

function power(d: C.PowerDeclCstNode, span: A.Span): A.PowerDecl {
  const parts = childrenOf(d);
  const item = (n: C.DefineDeclCstNode | C.RuleDeclCstNode): A.PowerDecl['items'][number] => {
    switch (n.name) {
      case 'defineDecl':
        return define(n);
      case 'ruleDecl':
        return rule(n);
      default: {
        const never: never = n;
        return missing();
      }
    }
  };
  return { kind: 'Power', name: nameOf(need(tok(parts.name))), items: keep(subs(parts.items), item), meta: meta(parts.meta), span };
}

function winner(d: C.WinnerDeclCstNode, span: A.Span): A.WinnerDecl {
  const parts = childrenOf(d);
  const ordering = (o: C.OrderingCstNode): A.Ordering => ({
    direction: need(tok(childrenOf(o).direction)).image as A.Ordering['direction'],
    expr: expr(need(sub(childrenOf(o).expr))),
  });
  return { kind: 'Winner', team: has(parts.Kw_team), order: keep(subs(parts.ordering), ordering), meta: meta(parts.meta), span };
}

/** `variant id "Title" [when …] [excludes a, b] { add … replace … remove … }` */
function variant(d: C.VariantDeclCstNode, span: A.Span, ctx: DeclContext): A.VariantDecl {
  const parts = childrenOf(d);
  const when = sub(parts.when);
  // Built before the id is read: an overlay's own diagnostics stand even when the id is missing.
  const items = keep(subs(parts.overlay), (o) => overlay(o, ctx));
  return {
    kind: 'Variant',
    id: nameOf(need(tok(parts.id))),
    title: str(need(tok(parts.title))),
    when: when ? expr(when) : null,
    excludes: toks(parts.excludes).map(nameOf),
    items,
    meta: meta(parts.meta),
    span,
  };
}

function overlay(o: C.OverlayCstNode, ctx: DeclContext): A.OverlayItem {
  const parts = childrenOf(o);
  const op = need(tok(parts.op)).image;
  const span = spanOf(o);
  if (op === 'remove') return { kind: 'Remove', target: nameOf(need(tok(parts.target))), span };
  return { kind: op === 'add' ? 'Add' : 'Replace', decl: decl(need(sub(parts.decl)), ctx), span };
}
