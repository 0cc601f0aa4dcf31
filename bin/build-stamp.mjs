// Whether the compiled command in dist/ is current: built after the last change to any TypeScript
// source it is compiled from. The build is incremental, so it rewrites only the files whose output
// changed (dist/cli/main.js may be older than an edit that changed something else); it ends by
// writing dist/.built (`node bin/build-stamp.mjs --stamp`), whose time is the build's.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_FOLDERS = ['grammar', 'interpreter', 'cli', 'bench', 'language'];

/** The newest modification time of the TypeScript sources the build compiles (0 where there are none, as in the npm package). */
function newestSource(root) {
  let newest = 0;
  for (const folder of SOURCE_FOLDERS) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir, { recursive: true })) {
      if (String(file).endsWith('.ts')) newest = Math.max(newest, statSync(join(dir, String(file))).mtimeMs);
    }
  }
  return newest;
}

/** When the build last ran: its stamp, else (a build from before the stamp) the command's own file; null if there is no build. */
function builtAt(root) {
  for (const file of [join(root, 'dist', '.built'), join(root, 'dist', 'cli', 'main.js')]) {
    if (existsSync(file)) return statSync(file).mtimeMs;
  }
  return null;
}

/** Whether dist/ holds a build of the current sources. */
export function buildIsCurrent(root) {
  const at = builtAt(root);
  return at !== null && existsSync(join(root, 'dist', 'cli', 'main.js')) && at >= newestSource(root);
}

if (process.argv[2] === '--stamp') {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  writeFileSync(join(root, 'dist', '.built'), `${new Date().toISOString()}\n`);
}
