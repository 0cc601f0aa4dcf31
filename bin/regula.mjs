#!/usr/bin/env node
// The `regula` command. It runs the compiled JavaScript in dist/, which `npm install` builds (the
// `prepare` script; `npm run build` does it by hand). When a source file is newer than that build
// (you are editing Regula itself), it runs the TypeScript source through tsx instead, so the
// command never runs stale code (bin/build-stamp.mjs tells which).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsCurrent } from './build-stamp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// A reader that stops early (`regula play … | head`) is not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); else throw e; });

let main;
if (buildIsCurrent(root)) {
  ({ main } = await import(pathToFileURL(join(root, 'dist', 'cli', 'main.js')).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
