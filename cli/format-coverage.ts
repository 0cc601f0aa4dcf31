// Plain-text rendering of a ruleset's coverage of its rulebook: the totals, then every flavour mark
// not found in the rulebook (an error), every passage not cited or cited only in part (by its
// rulebook line), then the declarations that cite nothing.
import { coverageTotals, type Coverage } from '../interpreter/tools/index.js';

const SHOWN = 110;

export function formatCoverage(c: Coverage, file: string): string {
  const t = coverageTotals(c);
  const lines = [
    `${file} against ${c.rulebook}: ${t.cited} of ${t.passages - t.flavour} rule passages cited (${t.percent}%), ${t.partly} in part, ${t.notCited} not at all; ${t.flavour} flavour.`,
  ];
  const clip = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text);
  for (const u of c.unfound) {
    const mark = u.to === undefined ? `"${clip(u.quote)}"` : `"${clip(u.quote)}" to "${clip(u.to)}"`;
    lines.push(`${u.at}: error: the flavour mark ${mark} is not in ${c.rulebook}${u.to === undefined ? '' : ' (or its last words do not follow its first)'}; copy the words, do not retype them.`);
  }
  const list = (status: string, title: string) => {
    const passages = c.passages.filter((p) => p.status === status);
    if (!passages.length) return;
    lines.push('', title);
    for (const p of passages) lines.push(`  line ${p.line}${status === 'partly' ? ` (${Math.round(100 * p.share)}% quoted)` : ''}: ${clip(p.text)}`);
  };
  list('not cited', 'Passages no declaration cites (cite them, or mark them `// flavour "…"`):');
  list('partly', 'Passages cited only in part:');
  // Rules are what must cite their passage; other declarations are often the ruleset's own helpers.
  const rules = c.uncited.filter((u) => u.key.startsWith('rule ') || u.key === 'winner');
  const others = c.uncited.filter((u) => !rules.includes(u));
  if (rules.length) {
    lines.push('', `Rules that cite nothing (${rules.length}):`);
    for (const u of rules) lines.push(`  ${u.key}   (line ${u.at.split(':').at(-2)})`);
  }
  if (others.length) lines.push('', `Other declarations that cite nothing (${others.length}): ${others.map((u) => u.key).join(', ')}`);
  return lines.join('\n');
}
