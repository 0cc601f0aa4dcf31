// Plain-text rendering of a ruleset's coverage of its rulebook: the totals, then every passage
// not cited or cited only in part (by its rulebook line), then the declarations that cite nothing.
import type { Coverage } from '../interpreter/tools/index.js';

const SHOWN = 110;

export function formatCoverage(c: Coverage, file: string): string {
  const count = (status: string) => c.passages.filter((p) => p.status === status).length;
  const total = c.passages.length;
  const percent = total ? Math.round((100 * count('cited')) / total) : 100;
  const lines = [
    `${file} against ${c.rulebook}: ${count('cited')} of ${total} passages cited (${percent}%), ${count('partly')} in part, ${count('not cited')} not at all.`,
  ];
  const list = (status: string, title: string) => {
    const passages = c.passages.filter((p) => p.status === status);
    if (!passages.length) return;
    lines.push('', title);
    for (const p of passages) lines.push(`  line ${p.line}${status === 'partly' ? ` (${Math.round(100 * p.share)}% quoted)` : ''}: ${p.text.length > SHOWN ? `${p.text.slice(0, SHOWN - 1)}…` : p.text}`);
  };
  list('not cited', 'Passages no declaration cites:');
  list('partly', 'Passages cited only in part:');
  // Rules are what must cite their passage; other declarations are often the ruleset's own helpers.
  const rules = c.uncited.filter((u) => u.key.startsWith('rule '));
  const others = c.uncited.filter((u) => !u.key.startsWith('rule '));
  if (rules.length) {
    lines.push('', `Rules that cite nothing (${rules.length}):`);
    for (const u of rules) lines.push(`  ${u.key}   (line ${u.at.split(':').at(-2)})`);
  }
  if (others.length) lines.push('', `Other declarations that cite nothing (${others.length}): ${others.map((u) => u.key).join(', ')}`);
  return lines.join('\n');
}
