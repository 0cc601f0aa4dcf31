#!/usr/bin/env node
// The `regula` command. It runs the compiled JavaScript in dist/, which `npm install` builds (the
// `prepare` script; `npm run build` does it by hand). When a source file is newer than that build
// (you are editing Regula itself), it runs the TypeScript source through tsx instead, so the
// command never runs stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'cli', 'main.js');

/** The newest modification time of the TypeScript sources the build compiles. */
function newestSource() {
  let newest = 0;
  for (const folder of ['grammar', 'interpreter', 'cli', 'bench', 'language']) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir, { recursive: true })) {
      if (String(file).endsWith('.ts')) newest = Math.max(newest, statSync(join(dir, String(file))).mtimeMs);
    }
  }
  return newest;
}

// A reader that stops early (`regula play … | head`) is not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); else throw e; });

let main;
if (existsSync(built) && statSync(built).mtimeMs >= newestSource()) {
  ({ main } = await import(built));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
