// The complete ```regula examples of docs/language.md by their heading, so a feature's tests play
// the very example its documentation shows (test/docs checks them all; these run them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers.js';

/** The first complete example under the heading `title` (a fragment block is skipped). */
export function docExample(title: string): string {
  const lines = readFileSync(join(repoRoot, 'docs', 'language.md'), 'utf8').split('\n');
  const at = lines.findIndex((l) => /^#{1,6}\s/.test(l) && l.replace(/^#+\s+/, '').trim() === title);
  if (at < 0) throw new Error(`docs/language.md has no heading "${title}"`);
  for (let i = at + 1; i < lines.length && !/^#{1,6}\s/.test(lines[i]!); i++) {
    if (lines[i] !== '```regula') continue;
    const close = lines.findIndex((l, j) => j > i && l === '```');
    return lines.slice(i + 1, close).join('\n') + '\n';
  }
  throw new Error(`docs/language.md has no complete example under "${title}"`);
}
