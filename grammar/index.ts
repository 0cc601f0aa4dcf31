// The grammar's entry point: takes Regula source text, gives a (possibly partial) Ruleset AST and
// every lexer, parser and table-shape diagnostic, sorted by position.
import { EOF, type CstNode, type IRecognitionException, type IToken } from 'chevrotain';
import type { Ruleset, Span } from './ast.js';
import { cstToAst } from './cst-to-ast.js';
import { diag, editDistance, type Diagnostic } from './diagnostics.js';
import { grouped, LIMITS, NestingTooDeep, tooDeep } from './limits.js';
import { parser } from './parser.js';
import { Identifier, KEYWORDS, lexer, T } from './tokens.js';
import { misspeltKeyword } from './typos.js';

export type * from './ast.js';
export * from './diagnostics.js';
export { LIMITS } from './limits.js';

export interface ParseResult {
  readonly ruleset: Ruleset;
  readonly diagnostics: Diagnostic[];
}

export function parseRuleset(source: string, file?: string): ParseResult {
  const found: Diagnostic[] = [];
  // Past the size and token limits nothing more is read: the later stages' memory grows with them.
  if (source.length > LIMITS.source) {
    const at = { start: LIMITS.source, end: LIMITS.source + 1 };
    return unread(source, [diag('R0808', at, { size: grouped(source.length), limit: grouped(LIMITS.source) })], file);
  }
  const lexed = lexer.tokenize(source);
  const past = lexed.tokens[LIMITS.tokens];
  if (past) return unread(source, [diag('R0809', tokenSpan(past), { count: grouped(lexed.tokens.length), limit: grouped(LIMITS.tokens) })], file);

  for (const e of lexed.errors) {
    const text = source.slice(e.offset, e.offset + e.length);
    found.push(diag('R0101', { start: e.offset, end: e.offset + e.length }, { text }));
  }

  // An unterminated string runs to the end of the file. It is parsed as a string so the text
  // before it still yields declarations, and errors from where it starts on are not reported.
  let unterminatedAt = Infinity;
  const tokens = lexed.tokens.map((t): IToken => {
    if (t.tokenType !== T.UnterminatedString) return t;
    unterminatedAt = Math.min(unterminatedAt, t.startOffset);
    const lineEnd = source.slice(t.startOffset).search(/\r?\n/);
    const end = lineEnd < 0 ? source.length : t.startOffset + lineEnd;
    found.push(diag('R0103', { start: t.startOffset, end: Math.max(end, t.startOffset + 1) }));
    return { ...t, tokenType: T.String, tokenTypeIdx: T.String.tokenTypeIdx!, image: `${t.image}"` };
  });

  for (const t of tokens) {
    // A number past the exact whole numbers would be read as a nearby one, or as Infinity.
    if (t.tokenType === T.Number && Number(t.image) > LIMITS.number) {
      found.push(diag('R0803', tokenSpan(t), { text: shorten(t.image), limit: grouped(LIMITS.number) }));
    }
  }

  const declStarts = tokens.flatMap((t, i) => (t.startColumn === 1 && DECLARATION_WORDS.has(t.image) ? [i] : []));
  let parsed;
  try {
    parsed = parseTokens(tokens, declStarts);
  } catch (e) {
    // Nesting past the limit stops the parse: what was read so far is not given back.
    if (!(e instanceof NestingTooDeep)) throw e;
    found.push(diag('R0801', tokenSpan(e.token), { limit: grouped(LIMITS.nesting) }));
    return unread(source, found, file);
  }
  const { cst } = parsed;
  const lastToken = tokens.at(-1);
  const atEnd: Span = lastToken
    ? { start: lastToken.endOffset ?? lastToken.startOffset, end: (lastToken.endOffset ?? lastToken.startOffset) + 1 }
    : { start: Math.max(0, source.length - 1), end: source.length };
  // After one error, recovery often trips again further along the same declaration: those
  // follow-on errors say nothing new, so one parse error per top-level declaration is reported.
  const reportedDecls = new Set<number>();
  let guesses = 0;
  for (const { e, decl } of parsed.errors) {
    const span = errorSpan(e, atEnd);
    if (span.start >= unterminatedAt || reportedDecls.has(decl)) continue;
    reportedDecls.add(decl);
    // A misspelt keyword is said as such, at the word itself: the error is often a word or two later.
    // Guessing parses the declaration again per candidate, so only the first few errors get one.
    const at = e.token.tokenType === EOF || !Number.isFinite(e.token.startOffset) ? tokens.length : tokenIndex(tokens, e.token.startOffset);
    const typo = guesses++ < MAX_GUESSES ? misspeltKeyword(tokens, at, declStarts[decl - 1] ?? 0, declStarts[decl] ?? tokens.length) : undefined;
    if (typo && typo.index !== at) {
      const word = tokens[typo.index]!;
      found.push(diag('R0106', tokenSpan(word), { word: word.image }, { suggestion: typo.keyword }));
      continue;
    }
    const suggestion = typo?.keyword ?? (e.token.tokenType === Identifier ? keywordLike(e.token.image) : undefined);
    found.push({ ...diag('R0102', span), message: e.message, ...(suggestion ? { suggestion } : {}) });
  }

  const built = cstToAst(cst, source);
  found.push(...built.diagnostics);
  // A declaration with an expression too deep for the later stages is reported and left out, so
  // nothing downstream walks it.
  const decls = built.ruleset.decls.filter((d) => {
    const deep = tooDeep(d);
    if (deep) found.push(diag('R0802', deep.span, { depth: grouped(deep.depth), limit: grouped(LIMITS.depth) }));
    return !deep;
  });
  return { ruleset: { ...built.ruleset, decls }, diagnostics: finish(found, file) };
}

/** No declarations, only the diagnostics that say why the text was not read. */
function unread(source: string, found: readonly Diagnostic[], file: string | undefined): ParseResult {
  return { ruleset: { kind: 'Ruleset', decls: [], span: { start: 0, end: source.length } }, diagnostics: finish(found, file) };
}

function finish(found: readonly Diagnostic[], file: string | undefined): Diagnostic[] {
  return found.map((d) => (file === undefined ? d : { ...d, file })).sort((a, b) => a.span.start - b.span.start);
}

/** A parse error, and the declaration it is in: the count of declaration starts before it. */
interface ParseError {
  readonly e: IRecognitionException;
  readonly decl: number;
}

/**
 * Parses the tokens. When they do not read, each declaration (from a declaration word at the start
 * of a line to the next) is parsed again on its own, so that recovering from an error, say a `{`
 * never closed, cannot carry the parser on into the declarations after it. A file that reads is
 * parsed once, as a whole: a declaration word at the start of a line inside a block stays in it.
 */
function parseTokens(tokens: IToken[], declStarts: readonly number[]): { cst: CstNode; errors: ParseError[] } {
  parser.input = tokens;
  const whole = parser.ruleset();
  // Without declaration words at line starts, the whole text is one part: decl 0.
  if (parser.errors.length === 0 || declStarts.length === 0) return { cst: whole, errors: parser.errors.map((e) => ({ e, decl: 0 })) };
  const bounds = [...(declStarts[0] === 0 ? [] : [0]), ...declStarts, tokens.length];
  const decls: CstNode[] = [];
  const errors: ParseError[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const decl = declStarts[0] === 0 ? k + 1 : k;
    const next = tokens[bounds[k + 1]!];
    parser.input = tokens.slice(bounds[k], bounds[k + 1]);
    const part = parser.ruleset();
    decls.push(...((part.children.decl ?? []) as CstNode[]));
    // The end of a part is where the next declaration starts: say so, and point there.
    for (const e of parser.errors) errors.push({ e: e.token.tokenType === EOF && next ? atNext(e, next) : e, decl });
  }
  return { cst: { ...whole, children: { ...whole.children, decl: decls } }, errors };
}

function atNext(e: IRecognitionException, next: IToken): IRecognitionException {
  const message = e.message.replace(/the end of the file\.$/, `${shown(next)}.`);
  return { name: e.name, message, token: next, resyncedTokens: e.resyncedTokens, context: e.context };
}

/** A token as a message names it: `rule`, or a long one cut to its start. */
function shown(t: IToken): string {
  const [firstLine = ''] = t.image.split(/\r?\n/);
  const cut = firstLine.slice(0, 24);
  return `\`${cut}${cut === t.image ? '' : '…'}\``;
}

/** Errors past this many are reported without looking for a misspelt keyword behind them. */
const MAX_GUESSES = 5;

/** The index of the token that starts at `offset` (tokens are in order). */
function tokenIndex(tokens: readonly IToken[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.startOffset < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const tokenSpan = (t: IToken): Span => ({ start: t.startOffset, end: (t.endOffset ?? t.startOffset) + 1 });

/** A long digit string cut to its start and end, so a message stays one line. */
const shorten = (digits: string): string => (digits.length > 24 ? `${digits.slice(0, 10)}…${digits.slice(-10)}` : digits);

const DECLARATION_WORDS = new Set([
  'game', 'component', 'table', 'zone', 'counter', 'pieces', 'piece', 'board', 'define', 'rule', 'event',
  'powers', 'power', 'setup', 'flow', 'recount', 'winner', 'variant',
]);

/** A keyword a misspelt word was probably meant to be (`wher` → `where`), if one is that close. */
function keywordLike(word: string): string | undefined {
  const limit = word.length < 5 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of KEYWORDS) {
    if (k[0] !== word[0]) continue;
    const d = editDistance(word, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= limit ? best : undefined;
}

function errorSpan(e: IRecognitionException, atEnd: Span): Span {
  const t = e.token;
  if (t.tokenType === EOF || !Number.isFinite(t.startOffset)) return atEnd;
  return { start: t.startOffset, end: (t.endOffset ?? t.startOffset) + 1 };
}
