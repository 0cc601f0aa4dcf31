// The VS Code extension's TextMate grammar is generated from grammar/tokens.ts: the committed file
// must be what scripts/generate-textmate.ts writes now (run `npm run generate:textmate` when not).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { KEYWORDS } from '../../grammar/tokens.js';
import { TEXTMATE_PATH, textmateGrammar } from '../../scripts/generate-textmate.js';

it('keeps the committed TextMate grammar current with the lexer\'s keywords', () => {
  expect(readFileSync(TEXTMATE_PATH, 'utf8')).toBe(textmateGrammar());
});

it('highlights every keyword, and not a name that merely starts with one', () => {
  const grammar = JSON.parse(textmateGrammar());
  const keyword = new RegExp(`^${grammar.repository.keyword.match}$`, 'u');
  for (const word of KEYWORDS) expect(keyword.test(word), word).toBe(true);
  const anywhere = new RegExp(grammar.repository.keyword.match, 'u');
  expect(anywhere.test('pieces-at')).toBe(false);
  expect(anywhere.test('player-count')).toBe(false);
  expect(anywhere.test('forbidsx')).toBe(false);
});
