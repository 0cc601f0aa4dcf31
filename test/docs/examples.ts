// The ```regula blocks of a Markdown page, shared by the tests that parse, check and play the
// examples of docs/language.md.

export interface Example {
  readonly heading: string;
  readonly name: string;
  readonly line: number; // of the opening fence, from 1
  readonly fragment: boolean;
  readonly source: string;
}

/** Every ```regula and ```regula fragment block, named after the nearest heading above it. */
export function examples(markdown: string, file = 'docs/language.md'): Example[] {
  const lines = markdown.split('\n');
  const found: Example[] = [];
  const perHeading = new Map<string, number>();
  let heading = '(top of the file)';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^(`{3,})(.*)$/.exec(line);
    if (fence) {
      const info = fence[2]!.trim();
      const close = lines.findIndex((l, j) => j > i && l.startsWith(fence[1]!) && l.trim() === fence[1]);
      if (close < 0) throw new Error(`${file}:${i + 1}: a code block is never closed.`);
      if (info === 'regula' || info === 'regula fragment') {
        const n = (perHeading.get(heading) ?? 0) + 1;
        perHeading.set(heading, n);
        found.push({
          heading, name: n === 1 ? heading : `${heading} (${n})`, line: i + 1,
          fragment: info === 'regula fragment', source: lines.slice(i + 1, close).join('\n') + '\n',
        });
      } else if (/^regula\b/.test(info)) {
        throw new Error(`${file}:${i + 1}: unknown info string \`${info}\`: use \`regula\` or \`regula fragment\`.`);
      }
      i = close;
      continue;
    }
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) heading = h[1]!.trim();
  }
  // Names that repeat under different headings of the same title stay distinct by line.
  const seen = new Set<string>();
  return found.map((e) => {
    const name = seen.has(e.name) ? `${e.name} (line ${e.line})` : e.name;
    seen.add(name);
    return { ...e, name };
  });
}

/**
 * The lines (from 1) a `## title` section spans: from its heading to the next `## ` heading (or the
 * end). Headings inside code blocks do not count. `null` when the page has no such section.
 */
export function sectionLines(markdown: string, title: string): { from: number; to: number } | null {
  const lines = markdown.split('\n');
  let from = -1;
  let inCode = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^`{3,}/.test(line)) inCode = !inCode;
    if (inCode || !/^## /.test(line)) continue;
    if (from >= 0) return { from: from + 1, to: i };
    if (line.slice(3).trim() === title) from = i;
  }
  return from >= 0 ? { from: from + 1, to: lines.length } : null;
}
