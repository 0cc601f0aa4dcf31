// A real editor's LSP client on `regula lsp`: Neovim, headless, runs test/language/nvim-client.lua,
// which opens a shipped ruleset and gets diagnostics, completion and hover, edits it and gets the
// error, then stops the server. Without `nvim` (0.7 or later) on the PATH it is skipped with a banner
// saying how to install it; REGULA_REQUIRE_NVIM=1 (CI, .ci/run) makes that a failure instead.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { announceSkip } from '../browser.js';
import { repoRoot } from '../helpers.js';
import { positionAt } from './lsp-client.js';

const HOW = 'install it with `apt-get update && apt-get install -y neovim` (as root; Debian 12 has 0.7.2)';

/** Neovim's version, if an `nvim` on the PATH answers `--version`. */
function nvimVersion(): [number, number] | null {
  const run = spawnSync('nvim', ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const found = /NVIM v(\d+)\.(\d+)/.exec(run.stdout ?? '');
  return found ? [Number(found[1]), Number(found[2])] : null;
}

const version = nvimVersion();
const missing = version === null ? 'no `nvim` on the PATH' : version[0] === 0 && version[1] < 7 ? `nvim ${version.join('.')} is older than 0.7` : null;
const required = process.env.REGULA_REQUIRE_NVIM === '1';
if (missing && !required) announceSkip('the Neovim LSP client test', `${missing}. To run it, ${HOW}.`);

it.runIf(missing && required)('has the Neovim it requires', () => {
  throw new Error(`The Neovim test is required (REGULA_REQUIRE_NVIM=1) but ${missing}: ${HOW}.`);
});

const work = mkdtempSync(join(tmpdir(), 'regula-nvim-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it.skipIf(missing)('Neovim opens a ruleset and gets diagnostics, completion and hover from regula lsp', () => {
  const file = join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules');
  const text = readFileSync(file, 'utf8');
  const out = join(work, 'results.json');
  const params = {
    cmd: [process.execPath, join(repoRoot, 'bin/regula.mjs'), 'lsp'],
    root: repoRoot,
    file,
    out,
    timeout: 60_000,
    completion: positionAt(text, text.indexOf('pay amount coins') + 'pay amount '.length),
    hover: positionAt(text, text.indexOf('rule temple on stop') + 'rule '.length),
    misspell: { find: 'pay amount coins', replace: 'pay amount coinz' },
  };
  const run = spawnSync('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${join(repoRoot, 'test/language/nvim-client.lua')}`], {
    cwd: work, env: { ...process.env, REGULA_NVIM: JSON.stringify(params) }, encoding: 'utf8', timeout: 240_000,
  });
  expect(run.error).toBeUndefined();
  const results = JSON.parse(readFileSync(out, 'utf8')) as {
    steps: string[]; error?: string; diagnostics: number; completion: string[]; hover: string; after_edit: string[]; stopped: boolean;
  };
  expect(results.error).toBeUndefined();
  expect(results.steps).toEqual(['started', 'diagnostics', 'completion', 'hover', 'edited', 'stopped']);
  expect(results.diagnostics).toBe(0);
  expect(results.completion).toEqual(expect.arrayContaining(['coins', 'points', 'donated']));
  expect(results.hover).toContain('> Hráč může věnovat chrámu 1, 2 nebo 3 mince ze své zásoby');
  expect(results.after_edit.join('\n')).toMatch(/`coinz` is not declared/);
  expect(results.stopped).toBe(true);
}, 300_000);
