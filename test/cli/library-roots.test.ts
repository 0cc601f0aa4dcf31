// A rulebooks library that links out of the tree it is found in is refused, unless the person
// running regula names the folder it leads into in REGULA_LIBRARY_ROOTS (as .ci/run does for a
// ../shared the host makes a link); naming another folder trusts nothing more.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { findRulebook } from '../../cli/load.js';

const dir = mkdtempSync(join(tmpdir(), 'regula-roots-'));
mkdirSync(join(dir, 'outside'));
writeFileSync(join(dir, 'outside', 'book.txt'), 'A rule.\n');
mkdirSync(join(dir, 'tree', 'game'), { recursive: true });
symlinkSync(join(dir, 'outside'), join(dir, 'tree', 'rulebooks'));
const ruleset = join(dir, 'tree', 'game', 'game.rules');
writeFileSync(ruleset, '');
const was = process.env.REGULA_LIBRARY_ROOTS;
afterEach(() => {
  if (was === undefined) delete process.env.REGULA_LIBRARY_ROOTS;
  else process.env.REGULA_LIBRARY_ROOTS = was;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('refuses a library linked out of its tree', () => {
  delete process.env.REGULA_LIBRARY_ROOTS;
  expect(() => findRulebook(ruleset, 'book.txt')).toThrow(/is a link to .*outside .* where it is found/);
});

it('reads it where the folder it leads into is named as trusted, and only then', () => {
  process.env.REGULA_LIBRARY_ROOTS = join(dir, 'outside');
  expect(findRulebook(ruleset, 'book.txt')).toBe(join(dir, 'tree', 'rulebooks', 'book.txt'));
  process.env.REGULA_LIBRARY_ROOTS = join(dir, 'tree');
  expect(() => findRulebook(ruleset, 'book.txt')).toThrow(/is a link to/);
});
