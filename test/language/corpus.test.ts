// The language service on every shipped ruleset, not only the ones the hand-written cases use: for
// each kind of name a ruleset declares (a zone, a counter, a define, a rule, …), its first few names
// are tried as an editor would — hover the declaration, go to it from a use, list its references,
// complete it from its first letters, rename it (the renamed text must check as cleanly as before),
// and misspell a use (the quick fix must restore it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRulebook } from '../../cli/load.js';
import { LanguageService, type Analysis, type Declared, type Edit } from '../../language/index.js';
import { repoRoot } from '../helpers.js';
import { shippedRulesets } from '../settings.js';

const service = new LanguageService({
  docs: readFileSync(join(repoRoot, 'docs/language.md'), 'utf8'),
  readCited: (file, name) => {
    const path = findRulebook(file, name);
    return path ? readFileSync(path, 'utf8') : null;
  },
});

const PER_KIND = 2; // names tried of each kind in each ruleset: enough to meet every kind, quick enough for CI
const KINDS = ['zone', 'counter', 'define', 'table', 'component', 'pieces', 'board', 'rule', 'choice'] as const;

const apply = (text: string, edits: readonly Edit[]) =>
  [...edits].sort((x, y) => y.span.start - x.span.start).reduce((t, e) => t.slice(0, e.span.start) + e.newText + t.slice(e.span.end), text);
const errorsOf = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);

/** The first few declared names of each kind that are used somewhere, with their uses. */
function samples(a: Analysis): { decl: Declared; uses: number[] }[] {
  const out: { decl: Declared; uses: number[] }[] = [];
  for (const kind of KINDS) {
    const seen = new Set<string>();
    for (const decl of a.declared) {
      if (decl.kind !== kind || seen.has(decl.key) || seen.size >= PER_KIND) continue;
      const uses = a.uses.filter((u) => u.key === decl.key).map((u) => u.span.start);
      if (uses.length === 0) continue;
      seen.add(decl.key);
      out.push({ decl, uses });
    }
  }
  return out;
}

describe('the language service on every shipped ruleset', () => {
  for (const ruleset of shippedRulesets(repoRoot)) {
    it(ruleset, () => {
      const file = join(repoRoot, ruleset);
      const text = readFileSync(file, 'utf8');
      const a = service.analysis(file, text);
      expect(errorsOf(a)).toEqual([]);
      const tried = samples(a);
      expect(tried.length, 'some declared names with uses').toBeGreaterThan(3);
      for (const { decl, uses } of tried) {
        const where = `${ruleset}: ${decl.kind} ${decl.name}`;
        const hover = service.hover(a, decl.span.start);
        expect(hover?.text, `${where}: hover`).toContain(decl.name);

        const use = uses[0]!;
        expect(service.definition(a, use).map((s) => s.start), `${where}: definition`).toContain(decl.span.start);
        const refs = service.references(a, decl.span.start).map((s) => s.start);
        for (const u of uses) expect(refs, `${where}: references`).toContain(u);

        const typed = a.source.slice(use, use + Math.min(2, decl.name.length));
        const probe = service.analysis(file, a.source.slice(0, use) + typed + a.source.slice(use + decl.name.length));
        const offered = service.completion(probe, use + typed.length).items.map((c) => c.label);
        expect(offered, `${where}: completion after "${typed}"`).toContain(decl.name);

        const renamed = service.rename(a, use, `${decl.name}-renamed`);
        if ('refused' in renamed) throw new Error(`${where}: rename refused: ${renamed.refused}`);
        expect(renamed.edits.length, `${where}: rename edits`).toBe(refs.length);
        const after = service.analysis(`${file}.renamed`, apply(a.source, renamed.edits));
        expect(errorsOf(after), `${where}: the renamed text checks`).toEqual([]);

        // A misspelling that is itself a declared name (`take-card` beside `take-cards`) is no misspelling.
        if (decl.name.length > 4 && !a.declared.some((d) => d.name === decl.name.slice(0, -1))) {
          const misspelt = `${decl.name.slice(0, -1)}`;
          const broken = service.analysis(`${file}.misspelt`, a.source.slice(0, use) + misspelt + a.source.slice(use + decl.name.length));
          const fixes = service.codeActions(broken, { start: use, end: use + misspelt.length }).filter((f) => f.kind === 'quickfix');
          const fixed = fixes.map((f) => apply(broken.source, f.edits));
          expect(fixed, `${where}: a quick fix for "${misspelt}"`).toContain(a.source);
        }
      }
    });
  }
});
