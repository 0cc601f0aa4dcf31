// The canonical formatter: takes a ruleset's text, gives the same ruleset laid out the one way
// (format/layout.ts decides how), or the syntax errors that stop it. The result is checked before it
// is given: the same tokens and comments in the same order, and the same AST (spans aside).
import type { CstNode, IToken } from 'chevrotain';
import { parseRuleset, type Diagnostic } from '../grammar/index.js';
import { parser } from '../grammar/parser.js';
import { lexer } from '../grammar/tokens.js';
import { print } from './format/doc.js';
import { commentsAround, Layout } from './format/layout.js';

/** Lines are kept under this many columns where a break is allowed; longer strings stay whole. */
export const FORMAT_WIDTH = 100;

export type FormatResult =
  | { readonly ok: true; readonly text: string; readonly changed: boolean }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** The formatter's own result failed its check: a bug here, never the user's text. */
export class FormatSafetyError extends Error {}

/**
 * Formats a ruleset. A text with syntax errors (or past the grammar's limits) is not formatted:
 * its error diagnostics are given instead, and the text should be left as it is.
 */
export function format(source: string, file?: string): FormatResult {
  const parsed = parseRuleset(source, file);
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) return { ok: false, diagnostics: errors };

  const tokens = lexer.tokenize(source).tokens;
  parser.input = tokens;
  const cst = parser.ruleset() as CstNode;
  if (parser.errors.length) return { ok: false, diagnostics: parsed.diagnostics };
  const { byOffset, atEnd } = commentsAround(source, tokens);
  const text = print(new Layout(byOffset, atEnd).node(cst), FORMAT_WIDTH);

  verify(source, text, tokens, parsed.ruleset);
  return { ok: true, text, changed: text !== source };
}

/** Throws FormatSafetyError unless `text` has the tokens, comments and AST of `source`. */
function verify(source: string, text: string, tokens: readonly IToken[], ast: unknown): void {
  const again = lexer.tokenize(text);
  const images = (ts: readonly IToken[]) => ts.map((t) => `${t.tokenType.name} ${t.image}`);
  const before = images(tokens);
  const after = images(again.tokens);
  const at = before.findIndex((t, i) => t !== after[i]);
  if (again.errors.length || at >= 0 || before.length !== after.length) {
    throw new FormatSafetyError(`the formatted text reads differently from token ${at} (${before[at] ?? 'the end'} became ${after[at] ?? 'the end'})`);
  }
  const comments = (s: string, ts: readonly IToken[]) => {
    const { byOffset, atEnd } = commentsAround(s, ts);
    return [...byOffset.values(), atEnd].flatMap((a) => [...a.leading.map((c) => c.text), ...(a.trailing ? [a.trailing] : [])]).sort();
  };
  if (JSON.stringify(comments(source, tokens)) !== JSON.stringify(comments(text, again.tokens))) {
    throw new FormatSafetyError('a comment was lost or changed');
  }
  const reparsed = parseRuleset(text);
  if (reparsed.diagnostics.some((d) => d.severity === 'error')) throw new FormatSafetyError('the formatted text has errors');
  if (JSON.stringify(withoutSpans(reparsed.ruleset)) !== JSON.stringify(withoutSpans(ast))) {
    throw new FormatSafetyError('the formatted text means something else');
  }
}

/** A copy of an AST with every span left out, to compare what two texts mean. */
export function withoutSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSpans);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== 'span') out[k] = withoutSpans(v);
    return out;
  }
  return value;
}
