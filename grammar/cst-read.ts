// Reading CST nodes as error recovery may leave them: takes nodes typed by cst.generated.d.ts, gives
// their real tokens, sub-nodes, spans and names. A part that must be there and is not throws Missing.
import type { CstElement, CstNode, IToken } from 'chevrotain';
import type * as A from './ast.js';

/** A part recovery left out: the node that needs it is dropped, its siblings are kept (see `keep`). */
export class Missing extends Error {}

export function missing(): never {
  throw new Missing();
}

export function need<T>(value: T | undefined): T {
  return value === undefined ? missing() : value;
}

/** Build each node, dropping the ones a thrown Missing says are incomplete. */
export function keep<N, T>(nodes: readonly N[], build: (node: N) => T): T[] {
  const out: T[] = [];
  for (const node of nodes) {
    try {
      out.push(build(node));
    } catch (e) {
      if (!(e instanceof Missing)) throw e;
    }
  }
  return out;
}

/**
 * A node's children by label. The generated types mark a label required when the grammar always
 * consumes it, but recovery can stop a rule anywhere, so every label is read as optional.
 */
export function childrenOf<N extends CstNode>(node: N): Partial<N['children']> {
  return node.children as Partial<N['children']>;
}

const isNode = (el: CstElement): el is CstNode => 'children' in el;
/** Tokens recovery inserted stand for text that is not there: they are not read. */
const isReal = (t: IToken) => !t.isInsertedInRecovery && Number.isFinite(t.startOffset);

export const toks = (tokens: readonly IToken[] | undefined): IToken[] => (tokens ?? []).filter(isReal);
export const tok = (tokens: readonly IToken[] | undefined): IToken | undefined => toks(tokens)[0];
export const lastTok = (tokens: readonly IToken[] | undefined): IToken | undefined => toks(tokens).at(-1);
export const has = (tokens: readonly IToken[] | undefined): boolean => tok(tokens) !== undefined;

export const subs = <N extends CstNode>(nodes: readonly N[] | undefined): readonly N[] => nodes ?? [];
export const sub = <N extends CstNode>(nodes: readonly N[] | undefined): N | undefined => nodes?.[0];

export function tokenSpan(t: IToken): A.Span {
  return { start: t.startOffset, end: (t.endOffset ?? t.startOffset) + 1 };
}

/** First to last real token; recovery can leave NaN in chevrotain's own locations. */
export function spanOf(el: CstElement): A.Span {
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

export const join = (a: A.Span, b: A.Span): A.Span => ({ start: a.start, end: b.end });
export const nameOf = (t: IToken): A.Name => ({ kind: 'Name', text: t.image, span: tokenSpan(t) });

/** The text of a String token, quotes dropped and `\"` `\\` unescaped. */
export function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(["\\])/g, '$1');
}
export const str = (t: IToken): string => unquote(t.image);

/** The one child node of a rule that is a choice between sub-rules (`decl`, `stmt`), if any. */
export function chosen<C extends Record<string, readonly CstNode[] | undefined>>(children: C): NonNullable<C[keyof C]>[number] | undefined {
  return Object.values(children).flat()[0] as NonNullable<C[keyof C]>[number] | undefined;
}
