// Keyword documentation from the language reference: takes the text of docs/language.md (read at
// load time: it is the one source, nothing here is a copy), gives for a keyword the passage that
// explains it, with the section it comes from.

export interface DocSection {
  readonly title: string;
  readonly level: number;
  /** The level-2 section it is part of (its own title at level 2). */
  readonly part: string;
  /** The section's text below its heading, up to the next heading. */
  readonly body: string;
}

export function sectionsOf(markdown: string): DocSection[] {
  const out: DocSection[] = [];
  let current: { title: string; level: number; part: string; lines: string[] } | null = null;
  let part = '';
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      if (current) out.push({ title: current.title, level: current.level, part: current.part, body: current.lines.join('\n').trim() });
      const level = heading[1]!.length;
      if (level <= 2) part = heading[2]!.trim();
      current = { title: heading[2]!.trim(), level, part, lines: [] };
    } else current?.lines.push(line);
  }
  if (current) out.push({ title: current.title, level: current.level, part: current.part, body: current.lines.join('\n').trim() });
  return out;
}

export interface KeywordDoc {
  readonly keyword: string;
  readonly section: string;
  /** Markdown: the row, paragraph or example that explains the keyword. */
  readonly text: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first paragraph and the first example of a section, kept short. */
function summary(body: string): string {
  const blocks = body.split(/\n\s*\n/);
  const prose = blocks.find((b) => !b.startsWith('```') && !b.startsWith('|') && b.trim()) ?? '';
  const example = /```regula[^\n]*\n([\s\S]*?)```/.exec(body)?.[1];
  const lines = example?.split('\n').slice(0, 12).join('\n').trimEnd();
  return [prose.trim(), lines ? '```regula\n' + lines + '\n```' : ''].filter(Boolean).join('\n\n');
}

/**
 * Finds where docs/language.md explains `keyword`: a table row naming it first (`| \`ordered\` | …`),
 * else a heading naming it (`### Counters: \`gain\`, …`, or its plural in words), else the section
 * whose prose names it in code most often.
 */
export function keywordDoc(sections: readonly DocSection[], keyword: string): KeywordDoc | undefined {
  const word = escape(keyword);
  const named = new RegExp('`' + word + '(?=[`\\s(])');
  const prose = (body: string) => body.replace(/```[\s\S]*?```/g, '');
  const firstParagraph = (body: string, test: RegExp) => prose(body).split(/\n\s*\n/).find((p) => test.test(p))?.trim();
  const inHeading = sections.find((s) => named.test(s.title))
    ?? sections.find((s) => new RegExp(`^${word}s?\\b`, 'i').test(s.title.replace(/^The /, '')));
  if (inHeading) {
    const paragraph = firstParagraph(inHeading.body, named);
    const example = summary(inHeading.body);
    return { keyword, section: inHeading.title, text: paragraph && !example.startsWith(paragraph) ? `${paragraph}\n\n${example}` : example };
  }
  for (const s of sections) {
    const row = s.body.split('\n').find((l) => new RegExp('^\\|\\s*`' + word + '[`\\s]').test(l));
    if (row) {
      const cells = row.split('|').map((c) => c.trim()).filter(Boolean);
      return { keyword, section: s.title, text: `${cells[0]}: ${cells.slice(1).join(' — ')}` };
    }
  }
  // The section whose prose names it most often; else one with a code span that uses the word.
  const tests = [new RegExp(named.source, 'g'), new RegExp('`[^`\\n]*\\b' + word + '\\b[^`\\n]*`', 'g')];
  for (const test of tests) {
    let best: DocSection | undefined;
    let bestCount = 0;
    for (const s of sections) {
      if (s.part.startsWith('Worked fragments')) continue; // whole games: not where a keyword is explained
      const count = prose(s.body).match(test)?.length ?? 0;
      if (count > bestCount) [best, bestCount] = [s, count];
    }
    if (best) {
      const paragraph = firstParagraph(best.body, new RegExp(test.source));
      return { keyword, section: best.title, text: paragraph ?? summary(best.body) };
    }
  }
  return undefined;
}

/** Every keyword's documentation, worked out once per text. */
export class KeywordDocs {
  private readonly sections: DocSection[];
  private readonly cache = new Map<string, KeywordDoc | undefined>();

  constructor(markdown: string) {
    this.sections = sectionsOf(markdown);
  }

  get(keyword: string): KeywordDoc | undefined {
    if (!this.cache.has(keyword)) this.cache.set(keyword, keywordDoc(this.sections, keyword));
    return this.cache.get(keyword);
  }

  /** A section by its title (`Built-in functions`), for signature help. */
  section(title: string): DocSection | undefined {
    return this.sections.find((s) => s.title === title);
  }
}
