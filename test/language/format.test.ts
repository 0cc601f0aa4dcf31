// regula fmt and language/format.ts: on every shipped ruleset, every test fixture and every example
// of docs/language.md, formatting keeps the meaning (the same AST, spans aside) and every comment,
// is idempotent, and gives the same text whatever the whitespace it starts from.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../grammar/index.js';
import { lexer } from '../../grammar/tokens.js';
import { format, withoutSpans } from '../../language/format.js';
import { repoRoot } from '../helpers.js';

function rulesFiles(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.rules') && !e.name.includes('.tmp.'))
    .map((e) => relative(repoRoot, join(e.parentPath, e.name)))
    .sort();
}

/** The ```regula blocks of docs/language.md. */
function docExamples(): { name: string; source: string }[] {
  const lines = readFileSync(join(repoRoot, 'docs/language.md'), 'utf8').split('\n');
  const out: { name: string; source: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```regula( fragment)?\s*$/.test(lines[i]!)) continue;
    const close = lines.findIndex((l, j) => j > i && l.trim() === '```');
    out.push({ name: `docs/language.md:${i + 1}`, source: `${lines.slice(i + 1, close).join('\n')}\n` });
    i = close;
  }
  return out;
}

const shipped = rulesFiles('rulesets');
const corpus = [
  ...[...shipped, ...rulesFiles('test')].map((f) => ({ name: f, source: readFileSync(join(repoRoot, f), 'utf8') })),
  ...docExamples(),
];

/** Every comment, in order: what is between the tokens and starts with `//`. */
function comments(source: string): string[] {
  const found: string[] = [];
  let last = 0;
  for (const t of [...lexer.tokenize(source).tokens, null]) {
    const gap = source.slice(last, t ? t.startOffset : source.length);
    for (const m of gap.matchAll(/\/\/[^\n\r]*/g)) found.push(m[0].trimEnd());
    if (t) last = t.endOffset! + 1;
  }
  return found;
}

function formatted(source: string, name: string): string {
  const r = format(source, name);
  if (!r.ok) throw new Error(`${name}: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  return r.text;
}

/** A small deterministic generator (mulberry32), so a failing scramble can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The same tokens and comments with other whitespace between them: spaces and line breaks added or
 * taken away wherever the language allows. What stays: a comment ends its line, a comment that
 * followed code on its line still does, and an empty line (between declarations, statements or
 * comments) stays an empty line.
 */
function scramble(source: string, seed: number, mode: 'random' | 'tight' | 'dense'): string {
  const next = random(seed);
  const tokens = lexer.tokenize(source).tokens;
  let i = 0;
  // Punctuation needs no space beside it (`<` `=` and the like aside: together they are one token).
  const bare = (k: number) => '{}()[],:|'.includes(tokens[k]?.image ?? 'x');
  const pick = () => (mode === 'dense' ? (bare(i - 1) || bare(i) ? '' : ' ')
    : mode === 'tight' ? ' ' : [' ', '   ', '\n', '\n      ', ' \t', '\n '][Math.floor(next() * 6)]!);
  let out = '';
  let last = 0;
  for (i = 0; i <= tokens.length; i++) {
    const end = i < tokens.length ? tokens[i]!.startOffset : source.length;
    const gap = source.slice(last, end);
    let rebuilt = '';
    let from = 0;
    for (const m of gap.matchAll(/\/\/[^\n\r]*/g)) {
      const before = gap.slice(from, m.index);
      const trailing = i > 0 && from === 0 && !/\n/.test(before);
      const fresh = from > 0 || (i === 0 && !out);
      if (trailing) rebuilt += ' ';
      else rebuilt += (fresh ? '' : '\n') + (/\n[ \t]*\r?\n/.test(before) ? '\n' : '') + (mode === 'random' ? pick().replace(/\n/g, '') : '');
      rebuilt += `${m[0]}\n`;
      from = m.index + m[0].length;
    }
    const rest = gap.slice(from);
    if (/\n[ \t]*\r?\n/.test(rest)) rebuilt += from > 0 ? '\n' : '\n\n';
    else if (i > 0 && i < tokens.length) rebuilt += from > 0 ? '' : pick();
    out += rebuilt;
    if (i < tokens.length) out += tokens[i]!.image;
    last = i < tokens.length ? tokens[i]!.endOffset! + 1 : source.length;
  }
  return out;
}

describe('format', () => {
  it('finds the corpus', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(8);
    expect(corpus.length).toBeGreaterThan(60);
  });

  for (const { name, source } of corpus) {
    it(`keeps the meaning and every comment of ${name}, and is idempotent`, () => {
      const once = formatted(source, name);
      expect(withoutSpans(parseRuleset(once).ruleset)).toEqual(withoutSpans(parseRuleset(source).ruleset));
      expect(comments(once)).toEqual(comments(source));
      expect(formatted(once, name)).toBe(once);
      expect(once.endsWith('\n') || once === '').toBe(true);
      expect(once).not.toMatch(/[ \t]+\n/);
    });

    it(`gives ${name} the same text from scrambled whitespace`, () => {
      const canonical = formatted(source, name);
      for (const seed of [1, 2, 3]) expect(formatted(scramble(source, seed, 'random'), name)).toBe(canonical);
      expect(formatted(scramble(source, 0, 'tight'), name)).toBe(canonical);
      expect(formatted(scramble(source, 0, 'dense'), name)).toBe(canonical);
    });
  }

  it('keeps the shipped rulesets as they are: they are formatted', () => {
    for (const f of shipped) {
      const source = readFileSync(join(repoRoot, f), 'utf8');
      expect(formatted(source, f), f).toBe(source);
    }
  });

  it('lays a declaration out the canonical way', () => {
    const source = [
      'game "G" cites "x" { players 2 to 4 rulebook "g.txt" }',
      'component Card { name : text , cost:number }',
      'table cards of Card { | name | cost | | Apple | 1 | | "Big pear" | -2 | }',
      'rule buy cites "a" ambiguous "b" because "c" { choose c from cards as buy',
      'if cost of c > 1 { gain 1 points } else { lose - cost of c points } }',
    ].join('\n');
    expect(formatted(source, 't.rules')).toBe([
      'game "G"',
      '  cites "x"',
      '{',
      '  players 2 to 4',
      '  rulebook "g.txt"',
      '}',
      'component Card { name: text, cost: number }',
      'table cards of Card {',
      '  | name       | cost |',
      '  | Apple      | 1    |',
      '  | "Big pear" | -2   |',
      '}',
      'rule buy',
      '  cites "a"',
      '  ambiguous "b" because "c"',
      '{',
      '  choose c from cards as buy',
      '  if cost of c > 1 {',
      '    gain 1 points',
      '  } else {',
      '    lose - cost of c points',
      '  }',
      '}',
      '',
    ].join('\n'));
  });

  it('keeps comments where they are: on their own lines, or after code on its line', () => {
    const source = 'define a = 1 // one\n\n// about b\n\ndefine b = 2\nflow {\n  // first\n  end the game // done\n  // last\n}\n';
    expect(formatted(source, 't.rules')).toBe(source);
  });

  it('refuses a text with syntax errors', () => {
    const r = format('rule x {\n  gain 1\n}\n', 't.rules');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.code).toBe('R0102');
  });
});

describe('regula fmt', () => {
  const regula = (...args: string[]) => {
    const r = spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), 'fmt', ...args], { cwd: repoRoot, encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  it('--check passes every shipped ruleset', () => {
    const r = regula('--check', ...shipped);
    expect(r.err).toBe('');
    expect(r.out).toBe('');
    expect(r.code).toBe(0);
  });

  it('rewrites a file in place, and --check then lists it no more', () => {
    const dir = mkdtempSync(join(tmpdir(), 'regula-fmt-'));
    try {
      const path = join(dir, 'a.rules');
      writeFileSync(path, 'define  a =1\ndefine b= a+ 1 // b\n');
      const check = regula('--check', path);
      expect(check.code).toBe(1);
      expect(check.out).toContain(`${path}: would be reformatted (line 1: - define  a =1 / + define a = 1)`);
      expect(readFileSync(path, 'utf8')).toBe('define  a =1\ndefine b= a+ 1 // b\n');
      const r = regula(path);
      expect(r.code).toBe(0);
      expect(readFileSync(path, 'utf8')).toBe('define a = 1\ndefine b = a + 1 // b\n');
      expect(readdirSync(dir)).toEqual(['a.rules']);
      expect(regula('--check', path).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file with a syntax error, with its diagnostics, and leaves it untouched', () => {
    const dir = mkdtempSync(join(tmpdir(), 'regula-fmt-'));
    try {
      const path = join(dir, 'broken.rules');
      const text = 'define  a =1\nrule x {\n  gain 1\n}\n';
      writeFileSync(path, text);
      for (const args of [[path], ['--check', path]]) {
        const r = regula(...args);
        expect(r.code).toBe(1);
        expect(r.err).toContain('error R0102');
        expect(r.err).toContain(`${path}: not formatted`);
        expect(readFileSync(path, 'utf8')).toBe(text);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
