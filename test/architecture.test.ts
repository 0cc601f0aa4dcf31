// The layout of docs/architecture.md, kept by a test: a stage's folder is entered only through its
// index.ts, the checker does not import the runtime, and the runtime imports neither the checker
// nor a tool.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const STAGES = ['interpreter/checker', 'interpreter/definition', 'interpreter/compiler', 'interpreter/runtime', 'interpreter/tools'];

/** Every TypeScript file of the product and its tests, with the repository files it imports. */
function imports(): { file: string; target: string }[] {
  const out: { file: string; target: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'fixtures'].includes(entry.name)) walk(path);
      } else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const text = readFileSync(join(repoRoot, path), 'utf8');
        for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
          const target = relative(repoRoot, resolve(repoRoot, dirname(path), m[1]!)).replace(/\.js$/, '.ts');
          out.push({ file: path, target });
        }
      }
    }
  };
  for (const dir of ['grammar', 'interpreter', 'cli', 'bench', 'playground/src', 'test', 'scripts', 'rulesets']) walk(dir);
  return out;
}

const all = imports();
const stageOf = (path: string) => STAGES.find((s) => path.startsWith(`${s}/`)) ?? null;
const isRuntime = (path: string) => path.startsWith('interpreter/runtime/');

it('enters each stage only through its index.ts', () => {
  const bad = all.filter(({ file, target }) => {
    const stage = stageOf(target);
    return stage !== null && stageOf(file) !== stage && target !== `${stage}/index.ts`;
  });
  expect(bad.map(({ file, target }) => `${file} imports ${target}`)).toEqual([]);
});

it('keeps the checker off the runtime, and the runtime off the checker and the tools', () => {
  const bad = all.filter(({ file, target }) =>
    (file.startsWith('interpreter/checker/') && isRuntime(target))
    || (isRuntime(file) && (target.startsWith('interpreter/checker/') || target.startsWith('interpreter/tools/'))));
  expect(bad.map(({ file, target }) => `${file} imports ${target}`)).toEqual([]);
});

it('leaves no file loose at the top of interpreter/: every file belongs to a stage', () => {
  expect(readdirSync(join(repoRoot, 'interpreter')).filter((f) => f.endsWith('.ts'))).toEqual([]);
});

it('finds the imports it checks', () => {
  expect(all.length).toBeGreaterThan(100);
});
