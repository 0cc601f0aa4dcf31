// Diagnostic fixtures: each `fixtures/*.rules` file carries the diagnostics it must produce as
// comments on the offending line (`// error R0201: Zone `hand` is not declared. Did you mean `hands`?`,
// or `// [line 3] warning …` for another line). The checker must give exactly those, no others.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lineColumn, type Diagnostic } from '../../grammar/diagnostics.js';
import { parseRuleset } from '../../grammar/index.js';
import { check } from '../../interpreter/checker/index.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.rules')).sort();

/** `line: severity code: message` — one string per diagnostic, so a failure shows a readable diff. */
function expectedIn(source: string): string[] {
  const out: string[] = [];
  source.split('\n').forEach((text, i) => {
    const re = /\/\/ (?:\[line (\d+)\] )?(error|warning) (R\d{4}): (.*?)(?=\s*\/\/ (?:\[line \d+\] )?(?:error|warning) R\d{4}:|$)/g;
    for (const m of text.matchAll(re)) out.push(`${m[1] ?? i + 1}: ${m[2]} ${m[3]}: ${m[4]!.trim()}`);
  });
  return out.sort();
}

function shown(d: Diagnostic, source: string): string {
  const hint = d.suggestion ? ` Did you mean \`${d.suggestion}\`?` : '';
  return `${lineColumn(source, d.span.start).line}: ${d.severity} ${d.code}: ${d.message}${hint}`;
}

describe('check fixtures', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThan(5));

  for (const name of fixtures) {
    it(name, () => {
      const path = join(dir, name);
      const source = readFileSync(path, 'utf8');
      const parsed = parseRuleset(source, name);
      expect(parsed.diagnostics.map((d) => d.message), 'the fixture must parse').toEqual([]);
      const bookPath = path.replace(/\.rules$/, '.txt');
      const rulebook = existsSync(bookPath) ? { file: name.replace(/\.rules$/, '.txt'), text: readFileSync(bookPath, 'utf8') } : null;
      const found = check(parsed.ruleset, { file: name, source, rulebook });
      expect(found.every((d) => d.file === name)).toBe(true);
      expect(found.map((d) => shown(d, source)).sort()).toEqual(expectedIn(source));
    });
  }
});
