// Runs the examples of docs/language.md: every ```regula block is a complete ruleset that must parse,
// cite its rulebook word for word and check without errors; every ```regula fragment block must parse.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRuleset, renderDiagnostic, type Diagnostic, type Ruleset } from '../../grammar/index.js';
import { examples } from './examples.js';

const root = join(import.meta.dirname, '..', '..');
const docPath = join(root, 'docs', 'language.md');
const rulebookDir = join(root, '..', 'shared', 'rulebooks');

type Check = (
  ruleset: Ruleset,
  options: { file: string; source: string; rulebook: { file: string; text: string } | null },
) => readonly Diagnostic[];

// interpreter/check.ts is written in parallel with these docs: until it exists the blocks are only
// parsed, and the checking tests report themselves as skipped.
const checkPath = join(root, 'interpreter', 'checker', 'index.ts');
const check: Check | null = existsSync(checkPath)
  ? ((await import(pathToFileURL(checkPath).href)) as { check: Check }).check
  : null;

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const rulebookCache = new Map<string, string | null>();
function rulebookText(file: string): string | null {
  if (!rulebookCache.has(file)) {
    const path = join(rulebookDir, file);
    rulebookCache.set(file, existsSync(path) ? readFileSync(path, 'utf8') : null);
  }
  return rulebookCache.get(file)!;
}

/** Every quotation in the AST (`cites` and `ambiguous`), with the file it quotes. */
function quotations(ruleset: Ruleset, headerFile: string | null): { quote: string; file: string | null }[] {
  const out: { quote: string; file: string | null }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    const n = node as { kind?: string; quote?: string; file?: string | null };
    if (n.kind === 'Citation') out.push({ quote: n.quote!, file: n.file ?? headerFile });
    else if (n.kind === 'Ambiguity') out.push({ quote: n.quote!, file: headerFile });
    Object.values(node).forEach(walk);
  };
  walk(ruleset);
  return out;
}

const render = (ds: readonly Diagnostic[], source: string, file: string) => ds.map((d) => renderDiagnostic(d, source, file)).join('\n');

const markdown = readFileSync(docPath, 'utf8');
const blocks = examples(markdown);

describe('docs/language.md', () => {
  it('has examples of both kinds', () => {
    expect(blocks.some((b) => !b.fragment)).toBe(true);
    expect(blocks.some((b) => b.fragment)).toBe(true);
  });

  if (check === null) it.skip('checks the complete examples: interpreter/check.ts does not exist yet', () => {});
});

for (const block of blocks) {
  const file = `docs/language.md:${block.line}`;
  describe(block.name, () => {
    const parsed = parseRuleset(block.source, file);
    const game = parsed.ruleset.decls.find((d) => d.kind === 'Game');
    const rulebookFile = game?.kind === 'Game' ? game.rulebook : null;

    it(block.fragment ? 'parses (fragment)' : 'parses', () => {
      const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
      expect(render(errors, block.source, file)).toBe('');
      if (!block.fragment) expect(game, 'a complete example starts with a `game` header').toBeDefined();
    });

    if (block.fragment) return;

    it('quotes its rulebook word for word', () => {
      const quotes = quotations(parsed.ruleset, rulebookFile);
      const missing: string[] = [];
      for (const q of quotes) {
        const text = q.file === null ? null : rulebookText(q.file);
        if (text === null) missing.push(`no rulebook to quote from: "${q.quote}"`);
        else if (!collapse(text).includes(collapse(q.quote))) missing.push(`not in ${q.file}: "${q.quote}"`);
      }
      expect(missing).toEqual([]);
    });

    it.skipIf(check === null)('checks without errors', () => {
      const text = rulebookFile === null ? null : rulebookText(rulebookFile);
      const diagnostics = check!(parsed.ruleset, {
        file, source: block.source, rulebook: rulebookFile !== null && text !== null ? { file: rulebookFile, text } : null,
      });
      const bad = diagnostics.filter((d) => d.severity === 'error' || d.code === 'R0501');
      expect(render(bad, block.source, file)).toBe('');
    });
  });
}
