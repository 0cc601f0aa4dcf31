// The checker's limits: players (R0806), things the tables make (R0804), pieces per player (R0805)
// and depth through defines (R0807), each reported where it is passed, none at the limit.
import { describe, expect, it } from 'vitest';
import { LIMITS, parseRuleset } from '../../grammar/index.js';
import { check } from '../../interpreter/checker/index.js';

const errors = (source: string) => {
  const parsed = parseRuleset(source, 'limits.rules');
  expect(parsed.diagnostics).toEqual([]);
  return check(parsed.ruleset, { file: 'limits.rules', source }).filter((d) => d.severity === 'error');
};
const codes = (source: string) => errors(source).map((d) => d.code);
const at = (source: string, span: { start: number; end: number }) => source.slice(span.start, span.end);

const header = (players = '2 to 4') => `game "Limits" { players ${players} }\n`;
const game = (body: string, players?: string) => `${header(players)}counter c per player\nflow { say "go" }\n${body}\n`;

describe('players (R0806)', () => {
  it(`allows 1 to ${LIMITS.players}`, () => {
    expect(codes(game('', `1 to ${LIMITS.players}`))).toEqual([]);
  });

  it('reports none, more than the limit, and a first number past the second', () => {
    for (const players of ['0 to 2', `2 to ${LIMITS.players + 1}`, '4 to 3']) expect(codes(game('', players))).toEqual(['R0806']);
    const [d] = errors(game('', '2 to 1000000'));
    expect(d!.message).toBe('A game takes from 1 to at most 100 players, and the first number may not exceed the second; this says 2 to 1,000,000.');
  });
});

describe('things (R0804)', () => {
  const table = (name: string, rows: string) => `component C { name: text }\nzone deck of C\ntable ${name} of C in deck {\n  | name | copies |\n${rows}}\n`;

  it(`allows ${LIMITS.things} things in all`, () => {
    expect(codes(game(table('t', `  | a | ${LIMITS.things - 1} |\n  | b | 1 |\n`)))).toEqual([]);
  });

  it('reports a huge copy count at its cell', () => {
    // (Past 2^53 a number is the parser's R0803 already.)
    const source = game(table('t', '  | a | 1000000000000000 |\n'));
    const found = errors(source);
    expect(found.map((d) => d.code)).toEqual(['R0804']);
    expect(found[0]!.message).toBe(
      'The tables make 1,000,000,000,000,000 things by this row, more than the limit of 10,000: lower `copies` or use fewer rows.',
    );
    expect(at(source, found[0]!.span)).toBe('1000000000000000');
  });

  it('counts every table, rows without copies as one, and reports the row that passes the limit', () => {
    const rows = Array.from({ length: 10 }, (_, i) => `  | r${i} |\n`).join('');
    const source = game(
      `component C { name: text }\nzone deck of C\ntable t of C in deck {\n  | name | copies |\n  | a | ${LIMITS.things - 5} |\n}\n` +
        `table u of C in deck {\n  | name |\n${rows}}\n`,
    );
    const found = errors(source);
    expect(found.map((d) => d.code)).toEqual(['R0804']);
    expect(at(source, found[0]!.span)).toBe('r5');
  });
});

describe('pieces (R0805)', () => {
  it(`allows ${LIMITS.piecesPerPlayer} per player and reports more`, () => {
    expect(codes(game(`pieces stones ${LIMITS.piecesPerPlayer} per player`))).toEqual([]);
    const [d, ...rest] = errors(game('pieces stones 5000000 per player'));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'R0805', message: 'Pieces `stones` are 5,000,000 per player, more than the limit of 1,000: use fewer.' });
  });
});

describe('depth through defines (R0807)', () => {
  /** `d0` uses `d1` … uses `d{n}`, each one level deeper than the last. */
  const chain = (n: number) =>
    Array.from({ length: n }, (_, i) => `define d${i} = d${i + 1} + 1\n`).join('') + `define d${n} = 1\n`;

  it('allows a chain of defines within the limit, and not one longer', () => {
    // d{n} is 1 level; each define above it adds 2 (the `+` and its operand).
    const n = Math.floor((LIMITS.depth - 1) / 2);
    expect(codes(game(chain(n)))).toEqual([]);
    expect(codes(game(chain(n + 1)))).toEqual(['R0807']);
  });

  it('reports one chain once, at the define where it passes the limit, with its path', () => {
    const source = game(chain(150));
    const found = errors(source);
    expect(found.map((d) => d.code)).toEqual(['R0807']);
    expect(found[0]!.message).toBe(
      'Working this out goes 201 levels deep through the defines it uses (`d51` → `d52` → `d53` → … → `d149` → `d150`), more than the limit of 200: shorten the chain of defines or the expressions in it.',
    );
    expect(at(source, found[0]!.span)).toBe('d51 + 1');
  });

  it('reports a rule\'s expression that passes the limit only with the defines it uses', () => {
    // `d0` is 181 levels deep, and the chain puts it 31 levels down.
    const source = game(`${chain(90)}rule r { gain d0${' + 1'.repeat(30)} c }\n`);
    const found = errors(source);
    expect(found.map((d) => d.code)).toEqual(['R0807']);
    expect(at(source, found[0]!.span)).toMatch(/^d0( \+ 1)+$/);
  });

  it('stops the checker before its other passes, however long the chain', () => {
    const source = game(`${chain(5_000)}rule r { gain undeclared-thing c }\n`);
    expect(codes(source)).toEqual(['R0807']);
  });

  it('counts a define that uses itself once around the loop: its recursion is the runtime\'s to bound', () => {
    const source = game('define f(n) = if n = 0 then 0 else 1 + f(n - 1)\ndefine g = f(10) + h\ndefine h = g');
    expect(codes(source)).toEqual([]);
  });
});

describe('suggestions for unknown names', () => {
  it('are worked out for the first hundred only, so thousands of unknown names among thousands check in seconds', () => {
    const n = 8_000;
    const source = `${header()}counter c per player\nflow { say "go" }\n${Array.from({ length: n }, (_, i) => `define d${i} = dd${i} + 1\n`).join('')}`;
    const started = performance.now();
    const found = errors(source);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(found).toHaveLength(n);
    expect(found[0]!.suggestion).toBe('d0');
    expect(found.filter((d) => d.suggestion !== undefined)).toHaveLength(100);
  });
});
