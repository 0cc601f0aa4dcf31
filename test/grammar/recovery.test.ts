// Recovery from a typo: a keyword misspelt by one character anywhere in a shipped ruleset gives at
// most three diagnostics, the first of them at the typo, as `regula check` and the playground show
// them (compileSource: parse, then check only what parsed). And a misspelt keyword is named as such.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineColumn, parseRuleset, renderDiagnostic, type Diagnostic, type Ruleset } from '../../grammar/index.js';
import { KEYWORDS, lexer } from '../../grammar/tokens.js';
import { compileSource } from '../../interpreter/compiler/index.js';
import { repoRoot } from '../helpers.js';
import { shippedRulesets } from '../settings.js';

/** Keyword places tried per ruleset, spread evenly over the file (REGULA_TYPO_PLACES: more, by hand). */
const PLACES = Number(process.env.REGULA_TYPO_PLACES ?? 48);
const MAX_DIAGNOSTICS = 3;

const keywords = new Set<string>(KEYWORDS);

/** The n-th of three one-character typos of `word`: drop, double or change a letter, at a place that varies with n. */
function typo(word: string, n: number): string {
  const at = Math.floor(n / 3) % word.length;
  const letter = word[at]!;
  switch (n % 3) {
    case 0: return word.length > 1 ? word.slice(0, at) + word.slice(at + 1) : `${word}${word}`;
    case 1: return word.slice(0, at) + letter + word.slice(at);
    default: return word.slice(0, at) + (letter === 'q' ? 'z' : 'q') + word.slice(at + 1);
  }
}

/** Where the names of the AST start. */
function nameOffsets(ruleset: Ruleset): Set<number> {
  const found = new Set<number>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    const n = node as { kind?: string; span?: { start: number } };
    if (n.kind === 'Name' && n.span) found.add(n.span.start);
    Object.values(node).forEach(walk);
  };
  walk(ruleset);
  return found;
}

const key = (d: Diagnostic) => `${d.code} ${d.message}`;

describe.each(shippedRulesets(repoRoot))('a one-character keyword typo in %s', (path) => {
  it(`gives at most ${MAX_DIAGNOSTICS} diagnostics, the first at the typo`, () => {
    const source = readFileSync(join(repoRoot, path), 'utf8');
    const before = new Set(compileSource(source, path).diagnostics.map(key));
    // A keyword the grammar takes as a name there (`number: number`) is a name: its typo renames.
    const names = nameOffsets(parseRuleset(source).ruleset);
    // So is a table cell (`| off |`): it is data, whatever its spelling.
    const tokens = lexer.tokenize(source).tokens;
    const places = tokens.filter((t, i) => keywords.has(t.image) && !names.has(t.startOffset) && tokens[i - 1]?.image !== '|');
    const step = Math.max(1, Math.floor(places.length / PLACES));
    const problems: string[] = [];
    let tried = 0;
    for (let i = 0; i < places.length; i += step, tried++) {
      const word = places[i]!;
      const misspelt = typo(word.image, tried);
      const start = word.startOffset;
      const text = source.slice(0, start) + misspelt + source.slice(word.endOffset! + 1);
      const found = compileSource(text, path).diagnostics.filter((d) => !before.has(key(d)));
      const { line } = lineColumn(text, start);
      const where = `${path}:${line}: \`${word.image}\` → \`${misspelt}\``;
      const shown = () => found.map((d) => renderDiagnostic(d, text, path)).join('\n');
      if (found.length > MAX_DIAGNOSTICS) problems.push(`${where} gives ${found.length} diagnostics:\n${shown()}`);
      // A typo that makes another keyword (`for` → `or`) is a different sentence, wrong further on.
      if (keywords.has(misspelt)) continue;
      if (found.length === 0) problems.push(`${where} is accepted without a word`);
      else if (found[0]!.span.start !== start) problems.push(`${where}: the first diagnostic is not at the typo:\n${shown()}`);
    }
    expect(tried).toBeGreaterThanOrEqual(Math.min(PLACES, places.length));
    expect(problems).toEqual([]);
  });
});

describe('a misspelt keyword', () => {
  const first = (source: string) => parseRuleset(source).diagnostics;

  it('is named at the word itself, with the keyword it was meant to be, when the error shows only later', () => {
    const source = 'rule r {\n  gaix 3 coins\n}\n';
    const [d, ...rest] = first(source);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'R0106', suggestion: 'gain' });
    expect(source.slice(d!.span.start, d!.span.end)).toBe('gaix');
    expect(renderDiagnostic(d!, source)).toContain('`gaix` is not a keyword, and as a name it does not fit here. Did you mean `gain`?');
  });

  it('is suggested where the parser stops at it, even with its first letter lost', () => {
    const source = 'zone deck\nule r {\n  shuffle deck\n}\n';
    const [d, ...rest] = first(source);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'R0102', suggestion: 'rule' });
    expect(source.slice(d!.span.start, d!.span.end)).toBe('ule');
  });

  it('is suggested only when the keyword makes the declaration read: a real name is left alone', () => {
    // `hand` is one letter from `and`, but `move card to and x` does not read either.
    const source = 'rule r {\n  move card to hand x\n}\n';
    const [d] = first(source);
    expect(d?.code).toBe('R0102');
    expect(d?.suggestion).toBeUndefined();
  });
});

describe('a declaration left open', () => {
  it('is one error where the next declaration starts, and the declarations after it are read as usual', () => {
    const source = 'counter score per player\nrule opening {\n  gain 1 score\n\nrule closing {\n  say "two"\n}\nzone pile\n';
    const { ruleset, diagnostics } = parseRuleset(source);
    expect(diagnostics.map((d) => [d.code, d.message, source.slice(d.span.start, d.span.end)])).toEqual([
      ['R0102', 'Expected a statement or `}` but found `rule`.', 'rule'],
    ]);
    expect(diagnostics[0]!.span.start).toBe(source.indexOf('rule closing'));
    expect(ruleset.decls.map((d) => d.kind)).toEqual(['Counter', 'Rule', 'Rule', 'Zone']);
  });
});
