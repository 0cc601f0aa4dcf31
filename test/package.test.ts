// The npm package as a user gets it: `npm pack` builds dist/ (the `prepare` script), ships the
// library and the `regula` command but no tests, and the library parses, checks and plays a game.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

let files: string[] = [];

beforeAll(() => {
  const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts=false'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  files = packed[0].files.map((f: { path: string }) => f.path);
}, 120_000);

describe('the npm package', () => {
  it('ships the library, its types and the command, and no tests, bench or rulesets', () => {
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    expect(files).toContain('dist/cli/main.js');
    expect(files).toContain('bin/regula.mjs');
    expect(files.filter((f) => /(^|\/)test\/|\.test\.|^bench\/|^dist\/bench\/|^rulesets\//.test(f))).toEqual([]);
  });

  it('points main, types and exports at files it ships', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    for (const path of [pkg.main, pkg.types, pkg.exports['.'].import, pkg.exports['.'].types, pkg.bin.regula]) {
      expect(files).toContain(path.replace(/^\.\//, ''));
    }
  });

  it('is usable as a library: parse, check, compile and play a game', async () => {
    const lib = await import(pathToFileURL(join(repoRoot, 'dist/index.js')).href);
    const source = readFileSync(join(repoRoot, 'rulesets/connect-four/connect-four.rules'), 'utf8');
    const compiled = lib.compileSource(source, 'connect-four.rules');
    expect(compiled.diagnostics.filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
    const state = lib.playGame(compiled.definition, { players: 2, seed: 1, agents: [lib.randomAgent('a'), lib.randomAgent('b')] });
    expect(state.over).toBe(true);
  });

  it('runs the built command, compiled JavaScript with no TypeScript loader', () => {
    const script = `const { main } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, 'dist/cli/main.js')).href)});
      process.exitCode = await main(['info', 'rulesets/connect-four/connect-four.rules', '--json']);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).players).toEqual({ min: 2, max: 2 });
  });
});
