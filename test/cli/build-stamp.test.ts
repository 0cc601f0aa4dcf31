// Which code `regula` runs: the build in dist/ while it is current, else the TypeScript source
// (bin/build-stamp.mjs). The build is incremental and rewrites only the files whose output changed,
// so the command's own file can be older than an edit the build has taken in; the stamp the build
// writes last tells when it ran.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the command, with no types of its own
import { buildIsCurrent } from '../../bin/build-stamp.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A checkout with files written at the given times (seconds since the epoch). */
function checkout(files: Record<string, number>): string {
  const root = mkdtempSync(join(tmpdir(), 'regula-stamp-'));
  roots.push(root);
  for (const [file, at] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '');
    utimesSync(join(root, file), at, at);
  }
  return root;
}

describe('the build regula runs', () => {
  it('is current when the build ran after the last edit, though it left the command file as it was', () => {
    expect(buildIsCurrent(checkout({ 'interpreter/a.ts': 200, 'dist/cli/main.js': 100, 'dist/.built': 300 }))).toBe(true);
  });

  it('is stale when a source was edited after the build', () => {
    expect(buildIsCurrent(checkout({ 'interpreter/a.ts': 400, 'dist/cli/main.js': 100, 'dist/.built': 300 }))).toBe(false);
  });

  it('falls back to the command file for a build with no stamp, and to the source where there is no build', () => {
    expect(buildIsCurrent(checkout({ 'grammar/a.ts': 200, 'dist/cli/main.js': 300 }))).toBe(true);
    expect(buildIsCurrent(checkout({ 'grammar/a.ts': 200, 'dist/cli/main.js': 100 }))).toBe(false);
    expect(buildIsCurrent(checkout({ 'grammar/a.ts': 200 }))).toBe(false);
  });

  it('is current in the npm package, which ships the build and no sources', () => {
    expect(buildIsCurrent(checkout({ 'dist/cli/main.js': 100 }))).toBe(true);
  });
});
