// Chevrotain tokens for Regula: takes nothing, gives the token types (`T`, keywords `K`) and one
// reused `lexer`. See docs/grammar.md § Tokens.
import { createToken, Lexer, type TokenType } from 'chevrotain';

// Chevrotain drops the `u` flag when it makes regexes sticky, so `\p{L}` needs a custom matcher.
const IDENT = /[\p{L}_][\p{L}0-9_]*(?:-[\p{L}0-9_]+)*/uy;

// The lexer picks candidate tokens by first char; it needs to know every char a name may start
// with. High surrogates stand in for letters beyond the BMP.
function identStartChars(): number[] {
  const chars: number[] = [];
  const letter = /\p{L}/u;
  for (let c = 0; c < 0xd800; c++) if (c === 95 || letter.test(String.fromCharCode(c))) chars.push(c);
  for (let c = 0xd800; c < 0xdc00; c++) chars.push(c);
  for (let c = 0xe000; c < 0x10000; c++) if (letter.test(String.fromCharCode(c))) chars.push(c);
  return chars;
}

/**
 * Where a name goes, the parser takes `Name`: a plain identifier or a contextual keyword (one of
 * SOFT_KEYWORDS), so a zone may be called `grid` and a counter `round`. `CallName` is the narrower
 * set that may start a statement as a rule's name: not the words that begin or continue statements.
 */
export const Name = createToken({ name: 'Name', label: 'a name', pattern: Lexer.NA });
export const CallName = createToken({ name: 'CallName', label: 'a name', pattern: Lexer.NA });

export const Identifier = createToken({
  name: 'Identifier',
  label: 'a name',
  categories: [Name, CallName],
  pattern: {
    exec(text: string, offset: number) {
      IDENT.lastIndex = offset;
      return IDENT.exec(text);
    },
  },
  start_chars_hint: identStartChars(),
  line_breaks: false,
});

export const KEYWORDS = [
  'game', 'players', 'to', 'rulebook', 'component', 'number', 'text', 'flag', 'table', 'of', 'in',
  'zone', 'per', 'ordered', 'public', 'private', 'hidden', 'counter', 'from', 'at', 'least', 'most',
  'pieces', 'piece', 'board', 'track', 'reversed', 'graph', 'hex', 'square', 'grid', 'define', 'rule',
  'on', 'where', 'forbids', 'when', 'event', 'powers', 'come', 'power', 'setup', 'flow', 'recount',
  'as', 'winner', 'then', 'team', 'variant', 'excludes', 'add', 'replace', 'remove', 'let', 'gain',
  'lose', 'pay', 'set', 'move', 'top', 'bottom', 'draw', 'shuffle', 'may', 'choose', 'any', 'or',
  'by', 'if', 'else', 'for', 'each', 'simultaneously', 'repeat', 'until', 'while', 'times', 'turn',
  'phase', 'timed', 'step', 'round', 'fire', 'end', 'the', 'after', 'this', 'rank', 'ties', 'share',
  'skip', 'pick', 'random', 'reveal', 'say', 'connected', 'and', 'not', 'is', 'yes', 'no', 'none', 'count', 'sum',
  'max', 'min', 'mod', 'every', 'all', 'first', 'last', 'best', 'worst', 'sorted', 'cites', 'ambiguous',
  'because', 'off',
] as const;
export type Keyword = (typeof KEYWORDS)[number];

/**
 * Keywords that only mean something where the grammar expects them, and elsewhere are names.
 * Left out (reserved everywhere): words that start an expression (`if`, `count`, `sum`, `none` …),
 * operators and words that continue an expression or a clause after one (`of`, `in`, `and`, `where`,
 * `by`, `then`, `for`, `when` …), `top`/`bottom` (`move x to top of pile` would read as a property),
 * and the citation words. `first` and `last` start an expression only as `first x in …`, which the
 * parser tells from a name by the two tokens after them, so they are names elsewhere.
 */
export const RESERVED_KEYWORDS: ReadonlySet<Keyword> = new Set<Keyword>([
  'of', 'in', 'as', 'where', 'by', 'then', 'else', 'for', 'when', 'until', 'while', 'times', 'ties',
  'is', 'not', 'and', 'or', 'mod', 'if', 'yes', 'no', 'none', 'any', 'each', 'count', 'sum', 'max',
  'min', 'every', 'all', 'best', 'worst', 'sorted', 'connected', 'top', 'bottom',
  'cites', 'ambiguous', 'because',
]);
export const SOFT_KEYWORDS: readonly Keyword[] = KEYWORDS.filter((k) => !RESERVED_KEYWORDS.has(k));

/**
 * Soft keywords that cannot name a rule run as a statement (`move(…)` would read as `move …`):
 * the words that begin a statement, and those that continue one after a name or an expression.
 */
export const STATEMENT_KEYWORDS: ReadonlySet<Keyword> = new Set<Keyword>([
  'let', 'gain', 'lose', 'pay', 'add', 'set', 'move', 'draw', 'shuffle', 'may', 'choose',
  'simultaneously', 'repeat', 'turn', 'phase', 'step', 'round', 'fire', 'end', 'rank', 'pick',
  'reveal', 'say', 'to', 'from', 'after',
]);

/** Keyword token types by their text: `K.game`, `K.of`. */
export const K = Object.fromEntries(
  KEYWORDS.map((word) => [
    word,
    createToken({
      name: `Kw_${word}`,
      label: `\`${word}\``,
      pattern: word,
      longer_alt: Identifier,
      categories: RESERVED_KEYWORDS.has(word) ? [] : STATEMENT_KEYWORDS.has(word) ? [Name] : [Name, CallName],
    }),
  ]),
) as Record<Keyword, TokenType>;

const punct = (name: string, text: string) => createToken({ name, label: `\`${text}\``, pattern: text });

export const T = {
  Whitespace: createToken({ name: 'Whitespace', pattern: /\s+/, group: Lexer.SKIPPED, line_breaks: true }),
  Comment: createToken({ name: 'Comment', pattern: /\/\/[^\n\r]*/, group: Lexer.SKIPPED }),
  String: createToken({ name: 'String', label: 'a string', pattern: /"(?:[^"\\]|\\[\s\S])*"/, line_breaks: true }),
  // Matches only when String failed: an opening quote with no closing one, up to the end of the file.
  UnterminatedString: createToken({
    name: 'UnterminatedString',
    label: 'a string',
    pattern: /"(?:[^"\\]|\\[\s\S])*\\?/,
    line_breaks: true,
  }),
  Number: createToken({ name: 'Number', label: 'a number', pattern: /[0-9]+/ }),
  LBrace: punct('LBrace', '{'),
  RBrace: punct('RBrace', '}'),
  LParen: punct('LParen', '('),
  RParen: punct('RParen', ')'),
  LBracket: punct('LBracket', '['),
  RBracket: punct('RBracket', ']'),
  Comma: punct('Comma', ','),
  Colon: punct('Colon', ':'),
  Pipe: punct('Pipe', '|'),
  NotEq: punct('NotEq', '!='),
  LtEq: punct('LtEq', '<='),
  GtEq: punct('GtEq', '>='),
  Eq: punct('Eq', '='),
  Lt: punct('Lt', '<'),
  Gt: punct('Gt', '>'),
  Plus: punct('Plus', '+'),
  Minus: punct('Minus', '-'),
  Star: punct('Star', '*'),
  Slash: punct('Slash', '/'),
};

// Longer keywords first: a keyword that is a prefix of another (`piece`/`pieces`) would otherwise
// win, and its longer_alt would then turn the longer one into a name.
const keywordTypes = [...KEYWORDS].sort((a, b) => b.length - a.length).map((word) => K[word]);

/** Every token type, in the order the lexer tries them. */
export const allTokens: TokenType[] = [
  Name,
  CallName,
  T.Whitespace,
  T.Comment,
  T.String,
  T.UnterminatedString,
  T.Number,
  ...keywordTypes,
  Identifier,
  T.LBrace, T.RBrace, T.LParen, T.RParen, T.LBracket, T.RBracket, T.Comma, T.Colon, T.Pipe,
  T.NotEq, T.LtEq, T.GtEq, T.Eq, T.Lt, T.Gt, T.Plus, T.Minus, T.Star, T.Slash,
];

export const lexer = new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: true });
