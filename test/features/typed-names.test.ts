// A thing's name is of the type its component declares (issue 30): `name: number` reads back as a
// number, so `name of c + 1` adds and `name of c = 2` finds the thing — through `regula check` and
// `regula play`, as a user runs them. The label (move ids, logs) stays the same text.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { docExample } from './docs-example.js';

const dir = mkdtempSync(join(tmpdir(), 'regula-typed-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const run = runCli;

/** The columns: numbered by name, found by their number, and the number added to. */
const columns = (rules: string) => `game "Columns" {
  players 2
}

component Column { name: number, height: number }
table columns of Column {
  | name | height |
  | 2    | 3      |
  | 3    | 5      |
  | 12   | 2      |
}

counter score per player

flow {
  for each p in players {
    turn of p {
      choose c from columns as climb
${rules}
    }
  }
  end the game
}

winner most score
`;

describe('the documented example (docs/language.md § Names that are numbers)', () => {
  it('plays as it says: column 2 is found by its number, and 12 + 1 is 13', async () => {
    const rules = file('documented.rules', docExample('Names that are numbers'));
    const moves = file('documented.txt', 'climb 2\nclimb 12\n');
    const { code, out } = await run('play', rules, '--moves', moves, '--json');
    expect(code).toBe(0);
    expect((JSON.parse(out) as { final: { scores: number[] } }).final.scores).toEqual([103, 13]);
  });
});

describe('a name declared a number', () => {
  const rules = file('columns.rules', columns(`      gain name of c + 1 score
      if first k in columns where name of k = 2 is c {
        gain 100 score
      }`));

  it('checks clean', async () => {
    expect(await run('check', rules)).toMatchObject({ code: 0, err: '' });
  });

  it('adds as a number and is found by its number when played', async () => {
    const moves = file('moves.txt', 'climb 2\nclimb 12\n');
    const { code, out } = await run('play', rules, '--moves', moves, '--json');
    expect(code).toBe(0);
    const game = JSON.parse(out) as { final: { scores: number[] }; log: { text: string }[] };
    // Column 2: 2 + 1, and it is the column named 2 (+100); column 12: 12 + 1, not "121".
    expect(game.final.scores).toEqual([103, 13]);
    expect(game.log.map((e) => e.text)).toContain('P2: score +13 → 13');
    // Its label in move ids and the log is the name as written.
    expect(game.log.map((e) => e.text)).toContain('P1: climb 2');
  });

  it('is a number to the checker', async () => {
    // `name of c` is a number, so giving it where a yes/no is wanted names a number.
    const wrong = file('wrong.rules', columns(`      if name of c {
        gain 1 score
      }`));
    const { code, err } = await run('check', wrong);
    expect(code).toBe(1);
    expect(err).toContain('error R0301: Expected a yes/no value here, but this is a number.');
  });

  it('is a number when a table line makes the names (`each name from 1 to 3`)', async () => {
    const lines = file('lines.rules', columns(`      gain name of c + 10 score`).replace(`table columns of Column {
  | name | height |
  | 2    | 3      |
  | 3    | 5      |
  | 12   | 2      |
}`, `table columns of Column {
  each name from 1 to 3
  height 4
}`));
    expect(await run('check', lines)).toMatchObject({ code: 0, err: '' });
    const moves = file('lines.txt', 'climb 3\nclimb 1\n');
    const { code, out } = await run('play', lines, '--moves', moves, '--json');
    expect(code).toBe(0);
    expect((JSON.parse(out) as { final: { scores: number[] } }).final.scores).toEqual([13, 11]);
  });

  it('stays text when the component declares no name, or a text one', async () => {
    const text = file('text.rules', columns(`      if name of c = "12" {
        gain 1 score
      }`).replace('name: number, ', ''));
    expect(await run('check', text)).toMatchObject({ code: 0 });
    const moves = file('moves12.txt', 'climb 12\nclimb 3\n');
    const { out } = await run('play', text, '--moves', moves, '--json');
    expect((JSON.parse(out) as { final: { scores: number[] } }).final.scores).toEqual([1, 0]);
  });
});
