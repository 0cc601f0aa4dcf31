// Citations: every `cites "…"` without `in "file"` and every `ambiguous "…"` must be words of
// the rulebook, and every `cites "…" in "file"` words of that file (component lists and the like),
// compared exactly after runs of whitespace become one space (R0501); citing with no `rulebook` in
// the game header is an error (R0207).
import type { Ruleset, Span } from '../../grammar/ast.js';
import type { Reporter } from './report.js';
import { everyMeta } from './symbols.js';

const collapse = (text: string): string => text.replace(/\s+/g, ' ');

export interface CitedFile {
  readonly file: string;
  readonly text: string;
}

export function checkCitations(
  ruleset: Ruleset, rulebook: CitedFile | null | undefined, reporter: Reporter, references: readonly CitedFile[] = [],
): void {
  const quotes: { quote: string; span: Span }[] = [];
  for (const meta of everyMeta(ruleset)) {
    for (const c of meta.cites) {
      if (c.file === null) quotes.push(c);
      else {
        const other = references.find((r) => r.file === c.file);
        if (other && !collapse(other.text).includes(collapse(c.quote).trim())) reporter.report('R0501', c.span, { file: c.file, quote: c.quote.slice(0, 60) });
      }
    }
    for (const a of meta.ambiguous) quotes.push(a);
  }
  const game = ruleset.decls.find((d) => d.kind === 'Game');
  if (game?.kind === 'Game' && game.rulebook === null && quotes[0]) reporter.report('R0207', quotes[0].span);
  if (!rulebook) return;
  const text = collapse(rulebook.text);
  for (const { quote, span } of quotes) {
    if (!text.includes(collapse(quote).trim())) reporter.report('R0501', span, { file: rulebook.file, quote: quote.slice(0, 60) });
  }
}
