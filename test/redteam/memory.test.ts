// No ruleset makes `regula check` need more than 1 GB: the costliest shapes just inside the size and
// token limits (R0808, R0809) — a list of 50,000 items, 16,000 defines of unknown names — and a 4 MB
// sum just past them are checked by bin/regula.mjs with its heap held to 1 GB, each to its diagnostics.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LIMITS } from '../../grammar/index.js';
import { repoRoot } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'regula-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const game = (body: string) => `game "Big" { players 2 to 2 }\ncounter score per player\n${body}\nflow { end the game }\nwinner most score\n`;

const shapes: [string, string, number][] = [
  ['a list at the token limit', game(`define many = [1${', 1'.repeat(LIMITS.tokens / 2 - 20)}]`), 0],
  ['16,000 defines of unknown names', game(Array.from({ length: 16_000 }, (_, i) => `define d${i} = unknown${i} + 1`).join('\n')), 1],
  ['a 4 MB sum', game(`define long = 1${' + 1'.repeat(1_000_000)}`), 1],
];

it.each(shapes)('%s: checked with the heap held to 1 GB', async (what, source, code) => {
  const path = join(dir, `${what.replace(/\W+/g, '-')}.rules`);
  writeFileSync(path, source);
  const r = await new Promise<{ code: number | null; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=1024', join(repoRoot, 'bin/regula.mjs'), 'check', path], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => { if (err.length < 100_000) err += chunk.toString('utf8'); });
    child.on('close', (status) => resolve({ code: status, err }));
  });
  expect(r.err).not.toMatch(/heap out of memory|Allocation failed/);
  expect(r.code, r.err.slice(0, 2000)).toBe(code);
}, 180_000);
