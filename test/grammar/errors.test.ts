// Diagnostics: R0101 stray characters, R0102 syntax errors with recovery, R0103 unterminated strings,
// R0104 table rows of the wrong width; the parse always returns what it could read.
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../grammar/index.js';
import { textAt } from './helpers.js';

const codes = (source: string) => parseRuleset(source).diagnostics.map((d) => d.code);

describe('syntax errors (R0102)', () => {
  it('say what was expected and what was found, at the offending token', () => {
    const source = 'setup move x to y }';
    const [d, ...rest] = parseRuleset(source).diagnostics;
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'R0102', severity: 'error', message: 'Expected `{` but found `move`.' });
    expect(textAt(source, d!.span)).toBe('move');
  });

  it('recover and report a second error later in the file', () => {
    const source = 'flow { draw 1 a to b  say "ok" }\nzone z\nrule r { gain coins }\ncounter c';
    const { ruleset, diagnostics } = parseRuleset(source);
    expect(diagnostics.map((d) => [d.code, d.message, textAt(source, d.span)])).toEqual([
      ['R0102', 'Expected `from` but found `a`.', 'a'],
      ['R0102', 'Expected a name but found `}`.', '}'],
    ]);
    expect(ruleset.decls.map((d) => d.kind)).toEqual(['Flow', 'Zone', 'Rule', 'Counter']);
    // Recovery reads `draw 1 a` as if the missing `from` were there, so the draw is kept.
    const flow = ruleset.decls[0];
    expect(flow?.kind === 'Flow' && flow.body.stmts.map((s) => s.kind)).toEqual(['Draw', 'Say']);
  });

  it('skip junk between declarations and carry on', () => {
    const source = 'zone a  foo bar  zone b';
    const { ruleset, diagnostics } = parseRuleset(source);
    expect(diagnostics.map((d) => d.message)).toEqual(['Expected a declaration but found `foo`.']);
    expect(ruleset.decls.map((d) => d.kind === 'Zone' && d.name.text)).toEqual(['a', 'b']);
  });

  it('name the missing kind of thing', () => {
    expect(parseRuleset('flow { gain }').diagnostics[0]?.message).toBe('Expected an expression but found `}`.');
    expect(parseRuleset('flow { 3 }').diagnostics[0]?.message).toBe('Expected a statement or `}` but found `3`.');
    expect(parseRuleset('zone where').diagnostics[0]?.message).toBe('Expected a name but found the keyword `where`, which is reserved: write another name, such as `my-where`.');
  });

  it('point at the last character when the file ends too soon', () => {
    const source = 'define x = 1 +\n';
    const [d] = parseRuleset(source).diagnostics;
    expect(d?.message).toBe('Expected an expression but found the end of the file.');
    expect(d?.span).toEqual({ start: 13, end: 14 });
    expect(parseRuleset('flow {').diagnostics[0]?.span).toEqual({ start: 5, end: 6 });
  });

  it('check that `per` is followed by `player`', () => {
    const source = 'zone hand per ployer';
    const [d] = parseRuleset(source).diagnostics;
    expect(d?.message).toBe('Expected `player` but found `ployer`.');
    expect(textAt(source, d!.span)).toBe('ployer');
  });

  it('carry the file name when one is given', () => {
    expect(parseRuleset('zone', 'x.rules').diagnostics[0]?.file).toBe('x.rules');
  });
});

describe('lexer errors (R0101)', () => {
  it('report a stray character and keep parsing around it', () => {
    const source = 'zone a § zone b';
    const { ruleset, diagnostics } = parseRuleset(source);
    expect(diagnostics.map((d) => [d.code, d.message, textAt(source, d.span)])).toEqual([['R0101', 'Unexpected character `§`.', '§']]);
    expect(ruleset.decls).toHaveLength(2);
  });
});

describe('unterminated strings (R0103)', () => {
  it('give one diagnostic at the opening quote, not a cascade', () => {
    const source = 'zone a\nrule r { say "never closed }\n';
    const { ruleset, diagnostics } = parseRuleset(source);
    expect(diagnostics.map((d) => d.code)).toEqual(['R0103']);
    expect(diagnostics[0]!.span.start).toBe(source.indexOf('"'));
    expect(ruleset.decls[0]?.kind).toBe('Zone');
  });
});

describe('table rows (R0104)', () => {
  it('report a row whose cell count differs from the header', () => {
    const source = 'table t of M {\n  | a | b |\n  | 1 | 2 | 3 |\n  | 4 | 5 |\n}';
    const { ruleset, diagnostics } = parseRuleset(source);
    expect(diagnostics.map((d) => [d.code, d.message, textAt(source, d.span)])).toEqual([
      ['R0104', 'Table row has 3 cells but the header has 2 columns.', '| 1 | 2 | 3 |'],
    ]);
    expect(ruleset.decls[0]?.kind === 'Table' && ruleset.decls[0].rows).toHaveLength(2);
  });

  it('is the only diagnostic for an otherwise clean file', () => {
    expect(codes('table t of M { | a | | 1 | 2 | }')).toEqual(['R0104']);
  });
});

describe('always a result', () => {
  it.each(['', '   // only a comment', '}', '{{{', '"', 'rule', 'variant v "V" { add }'])('for %j', (source) => {
    const { ruleset, diagnostics } = parseRuleset(source);
    expect(ruleset.kind).toBe('Ruleset');
    for (const d of diagnostics) {
      expect(Number.isFinite(d.span.start) && Number.isFinite(d.span.end)).toBe(true);
      expect(d.span.start).toBeGreaterThanOrEqual(0);
      expect(d.span.end).toBeLessThanOrEqual(Math.max(source.length, 1));
    }
  });
});
