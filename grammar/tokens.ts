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

export const Identifier = createToken({
  name: 'Identifier',
  label: 'a name',
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
  'because',
] as const;
export type Keyword = (typeof KEYWORDS)[number];

/** Keyword token types by their text: `K.game`, `K.of`. */
export const K = Object.fromEntries(
  KEYWORDS.map((word) => [
    word,
    createToken({ name: `Kw_${word}`, label: `\`${word}\``, pattern: word, longer_alt: Identifier }),
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
