// The checker's API on hand-built ASTs (no parser involved), and on the real ruleset when present.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Citation, Decl, Expr, Meta, Name, Ruleset, Span, Stmt } from '../../grammar/ast.js';
import { parseRuleset } from '../../grammar/index.js';
import { check } from '../../interpreter/checker/index.js';

// ─── A tiny AST builder: spans are made up but distinct, so diagnostics can be told apart ───

let offset = 0;
const span = (): Span => ({ start: offset, end: (offset += 5) });
const name = (text: string): Name => ({ kind: 'Name', text, span: span() });
const ref = (text: string): Expr => ({ kind: 'Ref', name: name(text), span: span() });
const noMeta: Meta = { cites: [], ambiguous: [] };
const cite = (quote: string, file: string | null = null): Citation => ({ kind: 'Citation', quote, file, span: span() });
const block = (...stmts: Stmt[]) => ({ kind: 'Block' as const, stmts, span: span() });
const game = (rulebook: string | null, meta: Meta = noMeta): Decl =>
  ({ kind: 'Game', title: 'T', minPlayers: 2, maxPlayers: 4, rulebook, meta, span: span() });
const zone = (text: string, perPlayer = false): Decl =>
  ({ kind: 'Zone', name: name(text), component: null, perPlayer, ordered: false, visibility: 'public', meta: noMeta, span: span() });
const flow = (...stmts: Stmt[]): Decl => ({ kind: 'Flow', body: block(...stmts), meta: noMeta, span: span() });
const ruleset = (...decls: Decl[]): Ruleset => ({ kind: 'Ruleset', decls, span: { start: 0, end: offset } });
const move = (what: Expr, to: Expr): Stmt => ({ kind: 'Move', what, to, position: null, span: span() });

const run = (r: Ruleset, rulebook?: { file: string; text: string } | null) =>
  check(r, { file: 'hand-built.rules', source: '', rulebook });

describe('check on hand-built ASTs', () => {
  it('reports an undeclared zone with the closest one as a suggestion, and sets the file', () => {
    const found = run(ruleset(game(null), zone('hands', true), zone('deck'), flow(move(ref('deck'), ref('hand')))));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      code: 'R0201', severity: 'error', message: 'Zone `hand` is not declared.', suggestion: 'hands', file: 'hand-built.rules',
    });
  });

  it('reports a missing flow', () => {
    expect(run(ruleset(game(null))).map((d) => d.code)).toEqual(['R0401']);
  });

  it('gives diagnostics in source order', () => {
    const found = run(ruleset(game(null), flow(move(ref('a'), ref('b')), move(ref('c'), ref('d')))));
    const starts = found.map((d) => d.span.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(found.map((d) => d.message)).toEqual([
      'Name `a` is not declared.', 'Zone `b` is not declared.', 'Name `c` is not declared.', 'Zone `d` is not declared.',
    ]);
  });
});

describe('citations', () => {
  const cited = (...cites: Citation[]) => ruleset(game('book.txt', { cites, ambiguous: [] }), flow());
  const book = { file: 'book.txt', text: 'First line\n  of   the book.\nSecond LINE.' };

  it('are not verified without the rulebook text', () => {
    expect(run(cited(cite('not in any book')), null)).toEqual([]);
  });

  it('match across whitespace but not across case', () => {
    const found = run(cited(cite('line of the book.'), cite('second line.'), cite('Second\nLINE.')), book);
    expect(found.map((d) => d.message)).toEqual(['Cited words are not in book.txt: "second line.".']);
    expect(found[0]!.severity).toBe('warning');
  });

  it('quote at most 60 characters in the message', () => {
    const long = 'x'.repeat(100);
    expect(run(cited(cite(long)), book)[0]!.message).toBe(`Cited words are not in book.txt: "${'x'.repeat(60)}".`);
  });

  it('from another file are not verified', () => {
    expect(run(cited(cite('whatever', 'faq.txt')), book)).toEqual([]);
  });

  it('need a rulebook in the game header', () => {
    const r = ruleset(game(null, { cites: [cite('words')], ambiguous: [] }), flow());
    expect(run(r, null).map((d) => d.code)).toEqual(['R0207']);
  });
});

describe('the real rulesets', () => {
  const root = join(import.meta.dirname, '..', '..');
  const path = join(root, 'rulesets', 'tokaido', 'tokaido.cs.rules');
  const bookPath = join(root, '..', 'shared', 'rulebooks', 'tokaido.cs.txt');

  it.skipIf(!existsSync(path))('tokaido.cs.rules checks without errors', () => {
    const source = readFileSync(path, 'utf8');
    const rulebook = existsSync(bookPath) ? { file: 'tokaido.cs.txt', text: readFileSync(bookPath, 'utf8') } : null;
    const found = check(parseRuleset(source, path).ruleset, { file: path, source, rulebook });
    expect(found.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`)).toEqual([]);
  });
});
