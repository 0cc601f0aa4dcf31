// cli/files.ts, the one way commands read and write files: what it reads (a regular file, to its
// end, within the limit, UTF-8 without its byte-order mark) and what it refuses, each in one line;
// and, through bin/regula.mjs as a user runs it, that a device or a FIFO never makes it hang.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWritable, FileError, readInputFile } from '../../cli/files.js';
import { repoRoot } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'regula-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, data: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};
const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FileError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('readInputFile', () => {
  it('reads UTF-8 text whole, without a byte-order mark, up to the limit and not a byte more', () => {
    expect(readInputFile(file('bom.txt', '\ufeffhráč'), 'file')).toBe('hráč');
    expect(readInputFile(file('ten.txt', 'x'.repeat(10)), 'file', 10)).toBe('x'.repeat(10));
    expect(refusal(() => readInputFile(file('eleven.txt', 'x'.repeat(11)), 'moves file', 10))).toMatch(/^moves file .*eleven\.txt cannot be read: it is 11 bytes, over the limit of 10 bytes for a moves file; is it the right file\?$/);
  });

  it('reads a file that reports no size (/proc) to its end', () => {
    if (process.platform !== 'linux') return;
    expect(readInputFile('/proc/self/status', 'file')).toMatch(/^Name:/);
  });

  it('refuses what is not a regular file of text, saying what it is', () => {
    mkdirSync(join(dir, 'folder'));
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    const cases: [string, RegExp][] = [
      [join(dir, 'folder'), /it is a folder, not a file\.$/],
      [join(dir, 'fifo'), /it is a named pipe \(FIFO\), not a regular file\.$/],
      ['/dev/zero', /it is a device, not a regular file\.$/],
      [join(dir, 'none.txt'), /there is no such file; check the path\.$/],
      [file('nul.bin', Buffer.from([0x61, 0, 0x62])), /it holds binary data \(a NUL byte at byte 1\), not text\.$/],
      [file('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])), /it is not UTF-8 text; save it as UTF-8\.$/],
      [join(dir, 'nul.bin', 'x'), /a part of the path is a file, not a folder\.$/],
    ];
    for (const [path, reason] of cases) {
      const message = refusal(() => readInputFile(path, 'ruleset'));
      expect(message).toMatch(reason);
      expect(message).not.toContain('\n');
    }
  });
});

describe('checkWritable', () => {
  it('accepts a new file in a folder that exists, an existing file and /dev/null', () => {
    expect(() => checkWritable(join(dir, 'new.html'), '--report')).not.toThrow();
    expect(() => checkWritable(file('old.html', ''), '--report')).not.toThrow();
    expect(() => checkWritable('/dev/null', '--report')).not.toThrow();
  });

  it('refuses a folder, a missing folder, a file as a folder and a FIFO before any work', () => {
    mkdirSync(join(dir, 'out'), { recursive: true });
    expect(refusal(() => checkWritable(join(dir, 'out'), '--report'))).toBe(`--report ${join(dir, 'out')}: it is a folder; give the name of a file in it, such as ${join(dir, 'out', 'out.html')}.`);
    expect(refusal(() => checkWritable(join(dir, 'no', 'r.html'), '--report'))).toMatch(/the folder .*no does not exist; create it first \(mkdir -p .*no\)\.$/);
    expect(refusal(() => checkWritable(join(file('plain.txt', ''), 'r.html'), '--save'))).toMatch(/plain\.txt\/r\.html: it cannot be written \(a part of the path is a file, not a folder\)\.$/);
    expect(refusal(() => checkWritable(join(dir, 'fifo'), '--save'))).toMatch(/it is a named pipe \(FIFO\), not a regular file; give the name of a regular file\.$/);
  });
});

/** `regula ARGS` as a user runs it, ended after `ms` if it has not finished. */
function regula(ms: number, ...args: string[]): Promise<{ code: number | null; err: string; hung: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin/regula.mjs'), ...args], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    let hung = false;
    child.stderr.on('data', (chunk: Buffer) => { err += chunk.toString('utf8'); });
    const timer = setTimeout(() => { hung = true; child.kill('SIGKILL'); }, ms);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, err, hung }); });
  });
}

describe('through bin/regula.mjs', () => {
  const C4 = 'rulesets/connect-four/connect-four.rules';
  it.each([
    ['a ruleset that is /dev/zero', ['check', '/dev/zero'], /error R0702: \/dev\/zero cannot be read: it is a device/],
    ['a moves file that is a FIFO', ['play', C4, '--moves', join(dir, 'fifo')], /error: moves file .*fifo cannot be read: it is a named pipe/],
    ['a saved game that is /dev/zero', ['replay', C4, '/dev/zero'], /\/dev\/zero cannot be read: it is a device/],
    ['a report into a folder', ['sim', C4, '--games', '1', '--report', dir], /error: --report .*: it is a folder/],
  ])('%s: one line, exit 2, no hang', async (_what, args, says) => {
    const r = await regula(60_000, ...args);
    expect(r.hung, 'hung').toBe(false);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(says);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  }, 70_000);
});
