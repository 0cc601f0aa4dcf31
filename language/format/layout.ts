// The canonical layout of a ruleset: takes the parser's CST and the comments found between its
// tokens, gives a Doc (doc.ts) that prints every token and every comment, in their order, with
// only the whitespace between them decided here. Which rule lays out which node is by its name.
import type { CstElement, CstNode, IToken } from 'chevrotain';
import {
  blankline, breakParent, fill, freshLine, group, hardline, ifBreak, indent, join, line, lineSuffix, softline, type Doc,
} from './doc.js';

export interface Comment {
  readonly text: string;
  /** An empty line comes before it (in the gap it was found in). */
  readonly blankBefore: boolean;
}

/** The comments and blank lines around one token. */
export interface Around {
  /** Own-line comments before the token. */
  readonly leading: readonly Comment[];
  /** A comment after the token on its line. */
  readonly trailing?: string;
  /** An empty line comes before the token or its first leading comment. */
  readonly blankBefore: boolean;
  /** An empty line comes between the last leading comment and the token. */
  readonly blankAfterComments: boolean;
}

const NONE: Around = { leading: [], blankBefore: false, blankAfterComments: false };

/** Every comment in the gaps between `tokens` (which must be in order), by the token it belongs to. */
export function commentsAround(source: string, tokens: readonly IToken[]): { byOffset: Map<number, Around>; atEnd: Around } {
  const byOffset = new Map<number, Around>();
  const trailing = new Map<number, string>();
  let atEnd: Around = NONE;
  for (let i = 0; i <= tokens.length; i++) {
    const prev = tokens[i - 1];
    const gapStart = prev ? prev.endOffset! + 1 : 0;
    const gapEnd = i < tokens.length ? tokens[i]!.startOffset : source.length;
    const gap = source.slice(gapStart, gapEnd);
    const leading: Comment[] = [];
    let from = 0;
    for (const m of gap.matchAll(/\/\/[^\n\r]*/g)) {
      const before = gap.slice(from, m.index);
      const text = m[0].trimEnd();
      if (prev && from === 0 && !/[\n\r]/.test(before)) trailing.set(prev.startOffset, text);
      else leading.push({ text, blankBefore: newlines(before) >= 2 });
      from = m.index + m[0].length;
    }
    // Blank lines count from the end of a trailing comment.
    const rest = gap.slice(from);
    const around: Around = {
      leading,
      blankBefore: leading.length ? leading[0]!.blankBefore : newlines(rest) >= 2,
      blankAfterComments: leading.length > 0 && newlines(rest) >= 2,
    };
    if (i < tokens.length) byOffset.set(tokens[i]!.startOffset, around);
    else atEnd = around;
  }
  for (const [offset, text] of trailing) byOffset.set(offset, { ...(byOffset.get(offset) ?? NONE), trailing: text });
  return { byOffset, atEnd };
}

const newlines = (s: string): number => (s.match(/\r\n|\n|\r/g) ?? []).length;

type Item = { readonly tok: IToken } | { readonly node: CstNode };
/** One line of a `{ … }` list, with the token it starts with. */
interface Entry { readonly doc: Doc; readonly first: IToken | undefined }

const isNode = (el: CstElement): el is CstNode => 'children' in el;
const startOf = (el: CstElement): number => (isNode(el) ? el.location?.startOffset ?? NaN : el.startOffset);

/** A node's tokens and sub-nodes in text order (empty sub-nodes, such as a `meta` with nothing, left out). */
function itemsOf(node: CstNode): Item[] {
  const all: CstElement[] = [];
  for (const list of Object.values(node.children)) for (const el of list) if (Number.isFinite(startOf(el))) all.push(el);
  all.sort((a, b) => startOf(a) - startOf(b));
  return all.map((el) => (isNode(el) ? { node: el } : { tok: el }));
}

const isTok = (item: Item | undefined, image?: string): item is { tok: IToken } =>
  !!item && 'tok' in item && (image === undefined || item.tok.image === image);
const isNamed = (item: Item | undefined, name: string): item is { node: CstNode } => !!item && 'node' in item && item.node.name === name;

function lastToken(item: Item): IToken | undefined {
  if ('tok' in item) return item.tok;
  const items = itemsOf(item.node);
  for (let k = items.length - 1; k >= 0; k--) {
    const t = lastToken(items[k]!);
    if (t) return t;
  }
  return undefined;
}

function firstToken(item: Item): IToken | undefined {
  if ('tok' in item) return item.tok;
  for (const i of itemsOf(item.node)) {
    const t = firstToken(i);
    if (t) return t;
  }
  return undefined;
}

const NO_SPACE_BEFORE = new Set([',', ')', ']', ':']);
const NO_SPACE_AFTER = new Set(['(', '[']);

// Expressions that hold exactly one sub-expression and nothing else, down to a primary.
const PASS_THROUGH = new Set([
  'expr', 'andExpr', 'notExpr', 'compareExpr', 'sumExpr', 'productExpr', 'unaryExpr', 'onExpr', 'ofExpr', 'postfixExpr', 'primary',
]);

export class Layout {
  constructor(
    private readonly around: Map<number, Around>,
    private readonly atEnd: Around,
  ) {}

  /** Whether an item has no bracket, parenthesis or comment in it. */
  private atom(item: Item): boolean {
    return tokensOf(item).every((t) => {
      const a = this.info(t);
      return !a.leading.length && !a.trailing && !['(', '[', 'if'].includes(t.image);
    });
  }

  private info(t: IToken): Around {
    return this.around.get(t.startOffset) ?? NONE;
  }

  /** Tokens whose leading (or trailing) comments are printed around a whole list entry instead. */
  private readonly leadingDone = new Set<number>();
  private readonly trailingDone = new Set<number>();

  /** A token with its comments: own-line ones on lines of their own before it, a trailing one after it. */
  private tok(t: IToken): Doc {
    const a = this.info(t);
    return [this.leadingDone.has(t.startOffset) ? '' : this.leading(a), t.image, this.trailingDone.has(t.startOffset) ? '' : this.trailing(a)];
  }

  /**
   * A list entry (a declaration, a statement, a row…) with the comments before its first token and
   * after its last printed outside it, so that they do not break the groups inside it.
   */
  private entry(item: Item, print: () => Doc = () => this.item(item)): Entry {
    const first = firstToken(item);
    const last = lastToken(item);
    const before = first ? this.leading(this.info(first)) : '';
    const after = last ? this.trailing(this.info(last)) : '';
    if (first) this.leadingDone.add(first.startOffset);
    if (last) this.trailingDone.add(last.startOffset);
    return { doc: [before, print(), after], first };
  }

  /** A closing token whose leading comments were printed before it: the token and its trailing comment. */
  private closeTok(t: IToken): Doc {
    return [t.image, this.trailingDone.has(t.startOffset) ? '' : this.trailing(this.info(t))];
  }

  private leading(a: Around): Doc {
    if (!a.leading.length) return '';
    const parts: Doc[] = [];
    a.leading.forEach((c, i) => parts.push(i === 0 ? freshLine : c.blankBefore ? blankline : hardline, c.text));
    parts.push(a.blankAfterComments ? blankline : hardline);
    return parts;
  }

  private trailing(a: Around): Doc {
    return a.trailing ? [lineSuffix(` ${a.trailing}`), breakParent] : '';
  }

  /** The line break before an item of a list: an empty line where the author left one. */
  private separator(item: Item): Doc {
    const t = firstToken(item);
    return t && this.info(t).blankBefore ? blankline : hardline;
  }

  /** Comments before a closing token (`}` or the end of the file), each on its own line, after `items` items. */
  private closingComments(a: Around, items: number): Doc {
    return a.leading.map((c, i) => [items === 0 && i === 0 ? hardline : c.blankBefore ? blankline : hardline, c.text]);
  }

  // ─── Generic joins ───────────────────────────────────────────────────────

  private item(item: Item): Doc {
    return 'tok' in item ? this.tok(item.tok) : this.node(item.node);
  }

  /** Items joined by spaces, except around `( [ ) ] , :` and before an argument list. */
  private spaced(items: readonly Item[]): Doc {
    const out: Doc[] = [];
    items.forEach((item, i) => {
      const prev = items[i - 1];
      if (prev) {
        const tight = (isTok(item) && NO_SPACE_BEFORE.has(item.tok.image))
          || (isTok(prev) && NO_SPACE_AFTER.has(prev.tok.image))
          || isNamed(item, 'args') || isNamed(item, 'params');
        if (!tight) out.push(' ');
      }
      out.push(this.item(item));
    });
    return out;
  }

  /** Items as one group whose clauses (starting at one of `at`'s keywords) go on lines of their own when it breaks. */
  private clauses(items: readonly Item[], at: ReadonlySet<string>): Doc {
    const segments: Item[][] = [[]];
    for (const item of items) {
      if (isTok(item) && at.has(item.tok.image) && segments.at(-1)!.length) segments.push([]);
      segments.at(-1)!.push(item);
    }
    const [head, ...rest] = segments;
    return group([this.spaced(head!), ...rest.map((s) => indent([line, this.spaced(s)]))]);
  }

  /** Items as entries of a list, each printed as it is. */
  private entries(items: readonly Item[]): Entry[] {
    return items.map((i) => this.entry(i));
  }

  /** `{ … }` with one entry a line (an empty line kept where the author left one); `{ }` when empty. */
  private list(open: IToken, entries: readonly Entry[], close: IToken): Doc {
    const end = this.info(close);
    if (!entries.length && !end.leading.length) return [this.tok(open), ' ', this.tok(close)];
    const body: Doc[] = [];
    entries.forEach((e, i) => body.push(i > 0 && e.first && this.info(e.first).blankBefore ? blankline : hardline, e.doc));
    body.push(this.closingComments(end, entries.length));
    return [this.tok(open), indent(body), hardline, this.closeTok(close)];
  }

  // ─── Nodes ───────────────────────────────────────────────────────────────

  node(n: CstNode): Doc {
    const items = itemsOf(n);
    switch (n.name) {
      case 'ruleset': return this.ruleset(items);
      case 'decl':
      case 'stmt':
        return this.spaced(items);
      case 'citation': return this.spaced(items);
      case 'ambiguity': return this.clauses(items, new Set(['because']));
      case 'gameDecl': return this.gameDecl(n, items);
      case 'componentDecl': return this.componentDecl(n, items);
      case 'attr': return this.attr(items);
      case 'tableDecl': return this.tableDecl(n, items);
      case 'boardDecl': return this.boardDecl(n, items);
      case 'adjacency': return this.spaced(items);
      case 'defineDecl': return this.defineDecl(n, items);
      case 'ruleDecl': return this.ruleDecl(n, items);
      case 'powerDecl': return this.blockDecl(n, items, (open, inner, close) => this.list(open, this.entries(inner), close));
      case 'variantDecl':
        return this.blockDecl(n, items, (open, inner, close) => this.list(open, this.entries(inner), close), new Set(['when', 'excludes']));
      case 'setupDecl':
      case 'flowDecl':
        return this.blockDecl(n, items, undefined);
      case 'recountDecl':
        return this.withMeta(n, group(this.assignment(items.filter((i) => !isNamed(i, 'meta')), 'as')));
      case 'zoneDecl':
      case 'counterDecl':
      case 'pieceDecl':
      case 'eventDecl':
      case 'powersDecl':
      case 'winnerDecl':
        return this.withMeta(n, this.clauses(items.filter((i) => !isNamed(i, 'meta')), new Set(['then'])));
      case 'overlay': return this.spaced(items);
      case 'block': return this.block(items);
      case 'chooseStmt': return this.chooseStmt(items);
      case 'menuOption': return this.menuOption(items);
      case 'forEachStmt': return this.withBlock(items, new Set(['to', 'where']));
      case 'pickStmt': return this.clauses(items, new Set(['where']));
      case 'expr':
      case 'andExpr':
      case 'sumExpr':
        return this.chain(items);
      case 'unaryExpr':
        // `-1`, but `- cost of c`: a minus sign set apart reads as applying to all that follows.
        return isTok(items[0], '-') && !isNumber(items[1]) ? this.spaced(items) : items.map((i) => this.item(i));
      case 'postfixExpr':
        return items.map((i) => this.item(i));
      case 'primary': return this.primary(items);
      case 'args':
      case 'listExpr':
        return this.bracketed(items);
      case 'ifExpr': return this.ifExpr(n);
      case 'filterQuant':
      case 'connectedQuant':
        return this.clauses(items, new Set(['where', 'while']));
      case 'foldQuant': return this.clauses(items, new Set(['for', 'where', 'while']));
      case 'sortQuant': return this.clauses(items, new Set(['where', 'by']));
      default:
        // Statements, the rest of the expressions, rows and cells: their tokens, spaced.
        return this.spaced(items);
    }
  }

  private ruleset(items: readonly Item[]): Doc {
    const decls = items.filter((i) => isNamed(i, 'decl'));
    const out: Doc[] = [];
    decls.forEach((d, i) => out.push(i === 0 ? '' : this.separator(d), this.entry(d).doc));
    const end = this.atEnd;
    end.leading.forEach((c, i) => {
      if (i === 0 && decls.length === 0) out.push(c.text);
      else out.push(c.blankBefore ? blankline : hardline, c.text);
    });
    if (decls.length || end.leading.length) out.push(hardline);
    return out;
  }

  private metaDocs(n: CstNode): Doc[] {
    const meta = (n.children['meta'] as CstNode[] | undefined)?.[0];
    return meta ? itemsOf(meta).map((i) => this.item(i)) : [];
  }

  /**
   * A declaration's head, then its `cites` and `ambiguous` lines, each on a line of its own indented
   * under the head; then, if it has a body, the `{` on a line of its own (after a head alone, ` {`).
   */
  private withMeta(n: CstNode, head: Doc, id?: symbol, beforeBody = false): Doc {
    const metas = this.metaDocs(n);
    return group([head, indent(metas.map((m) => [line, m])), metas.length ? breakParent : '', beforeBody ? line : ''], id);
  }

  /** A declaration with a `{ … }` body: its cites always under its head, the `{` then on a line of its own. */
  private blockDecl(
    n: CstNode, items: readonly Item[],
    body: ((open: IToken, inner: Item[], close: IToken) => Doc) | undefined,
    breakAt: ReadonlySet<string> = new Set(),
  ): Doc {
    const metaAt = items.findIndex((i) => isNamed(i, 'meta'));
    const openAt = body ? items.findIndex((i) => isTok(i, '{')) : items.findIndex((i) => isNamed(i, 'block'));
    const headEnd = metaAt >= 0 ? metaAt : openAt;
    const head = this.clauses(items.slice(0, headEnd), breakAt);
    const decl = this.withMeta(n, head, undefined, true);
    if (!body) return [decl, this.item(items[openAt]!)];
    const close = items.at(-1) as { tok: IToken };
    return [decl, body((items[openAt] as { tok: IToken }).tok, items.slice(openAt + 1, -1), close.tok)];
  }

  private gameDecl(n: CstNode, items: readonly Item[]): Doc {
    return this.blockDecl(n, items, (open, inner, close) => {
      // `players 2 to 4` and `rulebook "…"`, one a line.
      const lines: Item[][] = [];
      for (const i of inner) {
        if (isTok(i, 'players') || isTok(i, 'rulebook') || !lines.length) lines.push([]);
        lines.at(-1)!.push(i);
      }
      return this.list(open, lines.map((l) => ({ doc: this.spaced(l), first: firstToken(l[0]!) })), close);
    });
  }

  private componentDecl(n: CstNode, items: readonly Item[]): Doc {
    const metaAt = items.findIndex((i) => isNamed(i, 'meta'));
    const openAt = items.findIndex((i) => isTok(i, '{'));
    const id = Symbol('component');
    const head = this.withMeta(n, this.spaced(items.slice(0, metaAt >= 0 ? metaAt : openAt)), id, true);
    const open = (items[openAt] as { tok: IToken }).tok;
    const close = (items.at(-1) as { tok: IToken }).tok;
    const inner = items.slice(openAt + 1, -1);
    // Attributes and their commas: `{ a: text, b: number }` on one line when it fits, else filling
    // the lines between the braces.
    const end = this.info(close);
    if (!inner.length && !end.leading.length) return [head, this.tok(open), ' ', this.tok(close)];
    const attrs = this.withCommas(inner);
    const body = (l: Doc, d: Doc) => [this.tok(open), indent([l, d, this.closingComments(end, inner.length)]), l, this.closeTok(close)];
    return [head, ifBreak(body(hardline, fill(attrs)), group(body(line, fill(attrs))), id)];
  }

  /** `a, b, c` as fill parts: each item with its comma, the lines between them. */
  private withCommas(inner: readonly Item[]): Doc[] {
    const parts: Doc[] = [];
    inner.forEach((i, k) => {
      if (isTok(i, ',')) parts[parts.length - 1] = [parts.at(-1)!, this.item(i)];
      else parts.push(...(k === 0 ? [] : [line]), this.item(i));
    });
    return parts;
  }

  private attr(items: readonly Item[]): Doc {
    // `kind: slot | hole`
    return this.spaced(items);
  }

  private tableDecl(n: CstNode, items: readonly Item[]): Doc {
    return this.blockDecl(n, items, (open, rows, close) => {
      // Lines that make the rows (`each rank from 1 to 13`): one a line.
      if (rows.some((r) => isNamed(r, 'tableLine'))) return this.list(open, this.entries(rows), close);
      // Columns as wide as their widest cell, so the `|`s line up.
      const cellsOf = (row: Item) => itemsOf((row as { node: CstNode }).node).filter((i) => isNamed(i, 'cell'));
      const text = (cell: Item) => itemsOf((cell as { node: CstNode }).node).map((i) => (i as { tok: IToken }).tok.image).join('');
      const widths: number[] = [];
      for (const row of rows) cellsOf(row).forEach((c, k) => (widths[k] = Math.max(widths[k] ?? 0, width(text(c)))));
      return this.list(open, rows.map((row) => this.entry(row, () => {
        const out: Doc[] = [];
        let k = 0;
        for (const i of itemsOf((row as { node: CstNode }).node)) {
          if (isTok(i)) {
            out.push(k === 0 ? '' : ' ', this.tok(i.tok));
          } else {
            const cell = (i as { node: CstNode }).node;
            out.push(' ', itemsOf(cell).map((t) => this.item(t)), ' '.repeat((widths[k] ?? 0) - width(text(i))));
            k++;
          }
        }
        return out;
      })), close);
    });
  }

  private boardDecl(n: CstNode, items: readonly Item[]): Doc {
    const metaAt = items.findIndex((i) => isNamed(i, 'meta'));
    const openAt = items.findIndex((i) => isTok(i, '{'));
    if (openAt < 0) return this.withMeta(n, this.spaced(items.filter((i) => !isNamed(i, 'meta'))));
    const closeAt = items.findIndex((i) => isTok(i, '}'));
    const head = this.spaced(items.slice(0, openAt));
    const body = this.list((items[openAt] as { tok: IToken }).tok, this.entries(items.slice(openAt + 1, closeAt)), (items[closeAt] as { tok: IToken }).tok);
    return this.withMeta(n, [head, ' ', body]);
  }

  /** `NAME = VALUE`: the value on the next line, indented, when the whole does not fit. */
  private assignment(items: readonly Item[], operator: string): Doc {
    const at = items.findIndex((i) => isTok(i, operator));
    return [this.spaced(items.slice(0, at + 1)), indent([line, this.spaced(items.slice(at + 1))])];
  }

  private defineDecl(n: CstNode, items: readonly Item[]): Doc {
    return this.withMeta(n, group(this.assignment(items.filter((i) => !isNamed(i, 'meta')), '=')));
  }

  private ruleDecl(n: CstNode, items: readonly Item[]): Doc {
    if (items.some((i) => isTok(i, 'forbids'))) {
      return this.withMeta(n, this.clauses(items.filter((i) => !isNamed(i, 'meta')), new Set(['when'])));
    }
    return this.blockDecl(n, items, undefined, new Set(['where']));
  }

  // ─── Statements ──────────────────────────────────────────────────────────

  private block(items: readonly Item[]): Doc {
    const open = (items[0] as { tok: IToken }).tok;
    const close = (items.at(-1) as { tok: IToken }).tok;
    return this.list(open, this.entries(items.slice(1, -1)), close);
  }

  /** A statement that ends in a block: its clauses, then ` {`. */
  private withBlock(items: readonly Item[], at: ReadonlySet<string>): Doc {
    const last = items.at(-1)!;
    return [this.clauses(items.slice(0, -1), at), ' ', this.item(last)];
  }

  private chooseStmt(items: readonly Item[]): Doc {
    const openAt = items.findIndex((i) => isTok(i, '{'));
    if (openAt < 0) return this.clauses(items, new Set(['where', 'as']));
    const close = (items.at(-1) as { tok: IToken }).tok;
    const options = this.entries(items.slice(openAt + 1, -1));
    return [this.spaced(items.slice(0, openAt)), ' ', this.list((items[openAt] as { tok: IToken }).tok, options, close)];
  }

  /** `"label" when COND { … }`: a body of one statement stays on the option's line when it fits. */
  private menuOption(items: readonly Item[]): Doc {
    const body = items.at(-1) as { node: CstNode };
    const inner = itemsOf(body.node);
    const open = (inner[0] as { tok: IToken }).tok;
    const close = (inner.at(-1) as { tok: IToken }).tok;
    const stmts = inner.slice(1, -1);
    const head = this.spaced(items.slice(0, -1));
    if (stmts.length !== 1 || this.info(close).leading.length) return [head, ' ', this.list(open, this.entries(stmts), close)];
    // One group: the body goes to its own lines before the condition is broken.
    return group([head, ' ', this.tok(open), indent([line, this.item(stmts[0]!)]), line, this.closeTok(close)]);
  }

  // ─── Expressions ─────────────────────────────────────────────────────────

  /** `a and b and c`: when too long, each operator starts a line under the first operand. */
  private chain(items: readonly Item[]): Doc {
    if (items.length === 1) return this.item(items[0]!);
    const [first, ...rest] = items;
    const tail: Doc[] = [];
    for (let k = 0; k < rest.length; k += 2) tail.push(indent([line, this.item(rest[k]!), ' ', this.item(rest[k + 1]!)]));
    return group([indent(this.item(first!)), tail]);
  }

  private primary(items: readonly Item[]): Doc {
    if (isTok(items[0], '(')) return items.map((i) => this.item(i));
    return this.spaced(items);
  }

  /** `( a, b )` and `[ a, b ]`: on one line, or one item a line between the brackets. */
  private bracketed(items: readonly Item[]): Doc {
    const open = items[0]!;
    const close = items.at(-1)!;
    const inner = items.slice(1, -1);
    if (!inner.length) return [this.item(open), this.item(close)];
    // A list of short values (no brackets or parentheses in them, no comments) fills its lines
    // rather than taking one a value.
    if (inner.every((i) => this.atom(i))) {
      return group([this.item(open), indent([softline, fill(this.withCommas(inner))]), softline, this.item(close)]);
    }
    const parts: Doc[] = [];
    inner.forEach((i, k) => {
      if (isTok(i, ',')) parts.push(this.item(i));
      else parts.push(k === 0 ? '' : line, this.item(i));
    });
    return group([this.item(open), indent([softline, parts]), softline, this.item(close)]);
  }

  /** `if a then b else if c then d else e`: when too long, each `else` starts a line. */
  private ifExpr(n: CstNode): Doc {
    const branches: Doc[] = [];
    let current: CstNode | undefined = n;
    let prefix: Doc = '';
    while (current) {
      const items = itemsOf(current);
      const thenAt = items.findIndex((i) => isTok(i, 'then'));
      const elseAt = items.findIndex((i) => isTok(i, 'else'));
      branches.push(group([prefix, this.spaced(items.slice(0, thenAt)), indent([line, this.spaced(items.slice(thenAt, elseAt))])]));
      const elseItem = items[elseAt + 1]!;
      const nested = 'node' in elseItem ? onlyIf(elseItem.node) : undefined;
      if (nested) {
        prefix = [this.tok((items[elseAt] as { tok: IToken }).tok), ' '];
        current = nested;
      } else {
        branches.push(this.spaced(items.slice(elseAt)));
        current = undefined;
      }
    }
    return group(join(line, branches));
  }
}

function tokensOf(item: Item): IToken[] {
  return 'tok' in item ? [item.tok] : itemsOf(item.node).flatMap(tokensOf);
}

/** The one token an expression is, if it is a single token. */
function singleToken(item: Item): IToken | undefined {
  if ('tok' in item) return item.tok;
  const items = itemsOf(item.node);
  return items.length === 1 ? singleToken(items[0]!) : undefined;
}

const isNumber = (item: Item | undefined): boolean => !!item && singleToken(item)?.tokenType.name === 'Number';

/** The `if … then … else …` an expression is, when it is nothing else (no operator, no parentheses). */
function onlyIf(n: CstNode): CstNode | undefined {
  let current = n;
  for (;;) {
    if (current.name === 'ifExpr') return current;
    if (!PASS_THROUGH.has(current.name)) return undefined;
    const items = itemsOf(current);
    if (items.length !== 1 || !('node' in items[0]!)) return undefined;
    current = items[0].node;
  }
}

const width = (s: string): number => {
  let n = 0;
  for (const ch of s) if (!/\p{M}/u.test(ch)) n++;
  return n;
};
