// Lexing: names with hyphens and non-ASCII letters, keywords only as whole words, strings, comments.
import { describe, expect, it } from 'vitest';
import { lexer } from '../../grammar/tokens.js';

const lex = (source: string) => {
  const result = lexer.tokenize(source);
  expect(result.errors).toEqual([]);
  return result.tokens.map((t) => [t.tokenType.name, t.image]);
};

describe('names', () => {
  it('joins hyphenated parts and reads any Unicode letter', () => {
    expect(lex('meal-deck Zen-emon Würzburg žluťoučký _tmp a-1 ΑΒΓ')).toEqual([
      ['Identifier', 'meal-deck'],
      ['Identifier', 'Zen-emon'],
      ['Identifier', 'Würzburg'],
      ['Identifier', 'žluťoučký'],
      ['Identifier', '_tmp'],
      ['Identifier', 'a-1'],
      ['Identifier', 'ΑΒΓ'],
    ]);
  });

  it('reads letters beyond the Basic Multilingual Plane', () => {
    expect(lex('𝒜bc')).toEqual([['Identifier', '𝒜bc']]);
  });

  it('leaves a hyphen outside a name unless a letter, digit or _ follows it', () => {
    expect(lex('a - b x- 1')).toEqual([
      ['Identifier', 'a'],
      ['Minus', '-'],
      ['Identifier', 'b'],
      ['Identifier', 'x'],
      ['Minus', '-'],
      ['Number', '1'],
    ]);
  });

  it('treats a keyword that starts a longer name as part of that name', () => {
    expect(lex('pieces-at end-game counts gamer to2 ofá')).toEqual([
      ['Identifier', 'pieces-at'],
      ['Identifier', 'end-game'],
      ['Identifier', 'counts'],
      ['Identifier', 'gamer'],
      ['Identifier', 'to2'],
      ['Identifier', 'ofá'],
    ]);
  });

  it('tells apart keywords that are prefixes of each other', () => {
    expect(lex('piece pieces power powers count')).toEqual([
      ['Kw_piece', 'piece'],
      ['Kw_pieces', 'pieces'],
      ['Kw_power', 'power'],
      ['Kw_powers', 'powers'],
      ['Kw_count', 'count'],
    ]);
  });
});

describe('other tokens', () => {
  it('reads strings across lines with escaped quotes and backslashes', () => {
    expect(lex('"a \\"b\\" \\\\\nc"')).toEqual([['String', '"a \\"b\\" \\\\\nc"']]);
  });

  it('skips comments and whitespace', () => {
    expect(lex('a // b c\n  d')).toEqual([
      ['Identifier', 'a'],
      ['Identifier', 'd'],
    ]);
  });

  it('reads two-character operators as one token', () => {
    expect(lex('<= >= != < > = / *').map(([type]) => type)).toEqual(['LtEq', 'GtEq', 'NotEq', 'Lt', 'Gt', 'Eq', 'Slash', 'Star']);
  });

  it('marks a string without a closing quote as unterminated', () => {
    const { tokens } = lexer.tokenize('say "open\nmore');
    expect(tokens.map((t) => t.tokenType.name)).toEqual(['Kw_say', 'UnterminatedString']);
  });
});
