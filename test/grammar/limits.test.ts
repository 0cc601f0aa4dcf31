// The parser's limits: size (R0808), tokens (R0809), nesting (R0801), expression depth (R0802) and
// number size (R0803) are reported where they are passed, at the limit a ruleset still parses, and
// far past it nothing overflows the stack or fills the memory.
import { describe, expect, it } from 'vitest';
import { LIMITS, parseRuleset } from '../../grammar/index.js';
import { textAt } from './helpers.js';

const N = LIMITS.nesting;
const codes = (source: string) => parseRuleset(source).diagnostics.map((d) => d.code);

/**
 * Each way of nesting, as a source with `n` levels: a define's body is one level, and so is each
 * expression or block inside another, each `not`, leading `-`, `of` and `else if`.
 */
const nestings: Record<string, (n: number) => string> = {
  parentheses: (n) => `define d = ${'('.repeat(n - 1)}1${')'.repeat(n - 1)}`,
  brackets: (n) => `define d = ${'['.repeat(n - 1)}1${']'.repeat(n - 1)}`,
  'index brackets': (n) => `define d = x${'[x'.repeat(n - 1)}${']'.repeat(n - 1)}`,
  arguments: (n) => `define d = ${'f('.repeat(n - 1)}1${')'.repeat(n - 1)}`,
  blocks: (n) => `flow { ${'if yes { '.repeat(n - 1)}${'}'.repeat(n - 1)} }`,
  // The flow's block, then each `else if`, then the block of the last one.
  'else if': (n) => `flow { if yes { } ${'else if yes { } '.repeat(n - 2)}}`,
  not: (n) => `define d = ${'not '.repeat(n - 1)}yes`,
  'leading minus': (n) => `define d = ${'- '.repeat(n - 1)}1`,
  of: (n) => `define d = ${'a of '.repeat(n - 1)}b`,
  'if expressions': (n) => `define d = ${'if yes then 1 else '.repeat(n - 1)}1`,
  quantifiers: (n) => `define d = ${'any x in players where '.repeat(n - 1)}yes`,
  variants: (n) => `${'variant v "V" { add '.repeat(n)}zone z${' }'.repeat(n)}`,
};

describe('nesting (R0801)', () => {
  for (const [way, nest] of Object.entries(nestings)) {
    it(`counts ${way}: ${N} levels parse, ${N + 1} are reported`, () => {
      expect(codes(nest(N))).toEqual([]);
      expect(codes(nest(N + 1))).toEqual(['R0801']);
    });
  }

  it('points at where the first level past the limit starts, and says what to do', () => {
    const source = `define d = ${'('.repeat(N + 5)}1${')'.repeat(N + 5)}`;
    const [d, ...rest] = parseRuleset(source).diagnostics;
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      code: 'R0801',
      severity: 'error',
      message: `Blocks and expressions are nested more than ${N} deep here: move the inner part into a \`define\`, a \`let\` or a rule of its own.`,
    });
    // The body is level 1, inside the first `(` is level 2, …, inside the N-th is level N + 1.
    expect(d!.span.start).toBe('define d = '.length + N);
    expect(textAt(source, d!.span)).toBe('(');
  });

  it('stops the parse there, whatever the depth, without overflowing the stack', () => {
    for (const nest of Object.values(nestings)) {
      const { ruleset, diagnostics } = parseRuleset(nest(10_000));
      expect(diagnostics.map((d) => d.code)).toEqual(['R0801']);
      expect(ruleset.decls).toEqual([]);
    }
  });

  it('keeps the lexer\'s errors from before the stop', () => {
    expect(codes(`zone a $\n${nestings.parentheses!(N + 1)}`)).toEqual(['R0101', 'R0801']);
  });

  it('leaves room for the next parse', () => {
    parseRuleset(nestings.blocks!(N + 1));
    expect(codes(nestings.blocks!(N))).toEqual([]);
  });
});

describe('expression depth (R0802)', () => {
  const chain = (operands: number, op = '+') => `define d = 1${` ${op} 1`.repeat(operands - 1)}`;

  it(`allows a chain of ${LIMITS.depth} operands and reports one of ${LIMITS.depth + 1}`, () => {
    expect(codes(chain(LIMITS.depth))).toEqual([]);
    const source = `zone z\n${chain(LIMITS.depth + 1)}\nzone y`;
    const { ruleset, diagnostics } = parseRuleset(source);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      code: 'R0802',
      message: `This expression is ${LIMITS.depth + 1} levels deep, more than the limit of ${LIMITS.depth} (a chain like \`a + b + c\` is a level per operator): split it into parts with \`let\` or \`define\`.`,
    });
    expect(textAt(source, diagnostics[0]!.span)).toMatch(/^1 \+ 1 \+ .* \+ 1$/);
    // The declaration is left out, so no later stage walks it; the others stay.
    expect(ruleset.decls.map((d) => d.kind)).toEqual(['Zone', 'Zone']);
  });

  it('counts nesting and chains together', () => {
    const nested = `define d = ${'(1 + '.repeat(30)}1${')'.repeat(30)}${' * 2'.repeat(LIMITS.depth - 30)}`;
    expect(codes(nested)).toEqual(['R0802']);
  });

  it('handles very long chains of every operator quickly', () => {
    for (const op of ['+', 'or']) {
      const started = performance.now();
      expect(codes(chain(5_000, op))).toEqual(['R0802']);
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });
});

describe('numbers (R0803)', () => {
  it('allows every whole number a game counts exactly, and no larger', () => {
    expect(codes(`define d = ${Number.MAX_SAFE_INTEGER}`)).toEqual([]);
    const [d] = parseRuleset('define d = 9007199254740992').diagnostics;
    expect(d).toMatchObject({
      code: 'R0803',
      message: 'Number 9007199254740992 is larger than 9,007,199,254,740,991, the largest whole number a game counts exactly: use a smaller one.',
    });
  });

  it('shortens a very long number in its message, in table cells too', () => {
    const digits = '7'.repeat(400);
    const source = `table t of C {\n  | name | copies |\n  | a | ${digits} |\n}`;
    const [d, ...rest] = parseRuleset(source).diagnostics;
    expect(rest).toEqual([]);
    expect(d!.message).toContain('Number 7777777777…7777777777 is larger than');
    expect(textAt(source, d!.span)).toBe(digits);
  });
});

describe('size (R0808) and tokens (R0809)', () => {
  it(`reads ${LIMITS.source} characters and refuses one more, pointing past the limit`, () => {
    const fill = (n: number) => `// ${'x'.repeat(n - 3)}`;
    expect(codes(fill(LIMITS.source))).toEqual([]);
    const [d, ...rest] = parseRuleset(fill(LIMITS.source + 1)).diagnostics;
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'R0808', span: { start: LIMITS.source, end: LIMITS.source + 1 } });
    expect(d!.message).toBe('The ruleset is 1,000,001 characters long, more than the limit of 1,000,000, so it is not read: check that this is the right file, or shorten it (a table row with `copies` stands for many rows).');
  });

  it(`parses ${LIMITS.tokens} tokens and refuses one more, at the first token past the limit`, () => {
    const list = (items: number) => `define d = [${Array.from({ length: items }, () => '1').join(', ')}]`;
    // define, d, =, [ and ] are five tokens; n items and their commas 2n - 1: 100,000 in all.
    const items = (LIMITS.tokens - 4) / 2;
    expect(codes(list(items))).toEqual([]);
    const source = list(items + 1);
    const [d, ...rest] = parseRuleset(source).diagnostics;
    expect(rest).toEqual([]);
    expect(d!.code).toBe('R0809');
    // Two more tokens (an item and its comma); the 100,001st is the last item, before the `]`.
    expect(d!.message).toContain(`has 100,002 tokens (words, numbers and symbols), more than the limit of 100,000`);
    expect(d!.span.start).toBe(source.length - 2);
  });

  it('answers a 4 MB sum at once, and a sum at the token limit in seconds, declarations left out', () => {
    const sum = (terms: number) => `define d = 1${' + 1'.repeat(terms)}`;
    let started = performance.now();
    expect(codes(sum(1_000_000))).toEqual(['R0808']);
    expect(performance.now() - started).toBeLessThan(2_000);
    started = performance.now();
    const parsed = parseRuleset(sum(LIMITS.tokens / 2 - 3));
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['R0802']);
    expect(parsed.ruleset.decls).toEqual([]);
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
