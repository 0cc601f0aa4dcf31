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
 * Where a misspelling is looked for: anywhere in the declaration before the error, and a little
 * after it, nearest first. Mostly it is just before: `gaix 3 points` fails at `3`. It may be far
 * before: `eeach (each … )` is a call of `eeach` over many lines, and fails only at the `for` after
 * it. Lookahead makes it sometimes after: `at mosq 3` fails at `at`.
 */
const LOOK_AHEAD = 2;
/** Words one edit from a keyword tried at most: each try parses the declaration again. */
const MAX_TRIED = 16;

/**
 * The misspelt keyword that explains the error at `tokens[at]` (at = tokens.length: the end of the
 * file). `from` and `to` bound the declaration the error is in: only that stretch is parsed again.
 */
export function misspeltKeyword(tokens: readonly IToken[], at: number, from: number, to: number): Misspelling | undefined {
  let tried = 0;
  for (const i of around(at, from, to)) {
    const word = tokens[i]!;
    if (word.tokenType !== Identifier) continue;
    const near = keywordsNear(word.image);
    if (near.length === 0) continue;
    if (tried++ >= MAX_TRIED) return undefined;
    for (const keyword of near) {
      const fixed = [...tokens.slice(from, i), asKeyword(keyword, word), ...tokens.slice(i + 1, to)];
      if (parsesCleanly(fixed)) return { index: i, keyword };
    }
  }
  return undefined;
}

/** Token indexes from `at` outwards within [from, to): at, at-1, at+1, at-2, at+2, at-3, … */
function around(at: number, from: number, to: number): number[] {
  const order: number[] = [];
  for (let d = 0; at - d >= from || (d <= LOOK_AHEAD && at + d < to); d++) {
    if (at - d >= from && at - d < to) order.push(at - d);
    if (d > 0 && d <= LOOK_AHEAD && at + d < to && at + d >= from) order.push(at + d);
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
