// Misspelt keywords: takes the tokens of a ruleset and the place a parse error was found, gives the
// word near it that is a keyword with a letter or two wrong, and the keyword it was meant to be.
// A guess is kept only when writing that keyword makes the whole declaration parse, so a real name
// that happens to look like a keyword is never "corrected".
import type { IToken } from 'chevrotain';
import { editDistance } from './diagnostics.js';
import { NestingTooDeep } from './limits.js';
import { parser } from './parser.js';
import { Identifier, KEYWORDS, lexer } from './tokens.js';

export interface Misspelling {
  /** Index in the token vector of the misspelt word. */
  readonly index: number;
  readonly keyword: string;
}

/**
 * How far from the error a misspelling is looked for: the words of its line, and a few more. Mostly
 * it is before: `gaix 3 points` fails at `3`, and `movq (first c in hand) to pile` only at `to`,
 * read as a call of `movq`. Lookahead makes it sometimes after: `at mosq 3` fails at `at`.
 */
const LOOK_BACK = 8;
const LOOK_AHEAD = 2;

/**
 * The misspelt keyword that explains the error at `tokens[at]` (at = tokens.length: the end of the
 * file), looked for around it, nearest first. `from` and `to` bound the declaration the error is in:
 * only that stretch is parsed again.
 */
export function misspeltKeyword(tokens: readonly IToken[], at: number, from: number, to: number): Misspelling | undefined {
  for (const i of around(tokens, at, from, to)) {
    const word = tokens[i]!;
    if (word.tokenType !== Identifier) continue;
    for (const keyword of keywordsNear(word.image)) {
      const fixed = [...tokens.slice(from, i), asKeyword(keyword, word), ...tokens.slice(i + 1, to)];
      if (parsesCleanly(fixed)) return { index: i, keyword };
    }
  }
  return undefined;
}

/** Token indexes from `at` outwards (at, at-1, at+1, at-2, …) within [from, to): the window, then the rest of its line. */
function around(tokens: readonly IToken[], at: number, from: number, to: number): number[] {
  const line = (tokens[Math.min(at, to - 1)] ?? tokens[at - 1])?.startLine;
  const near = (i: number, d: number) => d <= LOOK_BACK || tokens[i]!.startLine === line;
  const order: number[] = [];
  for (let d = 0; at - d >= from || at + d < to; d++) {
    const back = at - d;
    const ahead = at + d;
    const before = order.length;
    if (back >= from && back < to && near(back, d)) order.push(back);
    if (d > 0 && d <= LOOK_AHEAD && ahead >= from && ahead < to) order.push(ahead);
    if (order.length === before && d > LOOK_BACK) break;
  }
  return order;
}

/** Keywords one edit from `word` (two for words of five letters or more), the closest first. */
function keywordsNear(word: string): string[] {
  const limit = word.length < 5 ? 1 : 2;
  return KEYWORDS.map((k) => [k, editDistance(word, k)] as const)
    .filter(([, d]) => d <= limit)
    .sort((a, b) => a[1] - b[1])
    .map(([k]) => k);
}

/** The keyword as the lexer would read it, at the place of the misspelt word. */
function asKeyword(keyword: string, at: IToken): IToken {
  const [read] = lexer.tokenize(keyword).tokens;
  return { ...at, image: keyword, tokenType: read!.tokenType, tokenTypeIdx: read!.tokenTypeIdx };
}

function parsesCleanly(tokens: IToken[]): boolean {
  parser.input = tokens;
  try {
    parser.ruleset();
  } catch (e) {
    if (e instanceof NestingTooDeep) return false;
    throw e;
  }
  return parser.errors.length === 0;
}
