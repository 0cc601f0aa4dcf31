// Where a citation's words are in the rulebook: takes the file's text and a quotation (compared
// as the checker compares them, runs of whitespace as one space), gives the line it starts on,
// the paragraph's number (paragraphs are parted by blank lines) and the paragraph's text.

export interface Located {
  /** 1-based line where the quoted words start. */
  readonly line: number;
  /** 1-based number of the paragraph they start in. */
  readonly paragraph: number;
  readonly text: string;
}

export function locateQuote(rulebook: string, quote: string): Located | undefined {
  const wanted = quote.replace(/\s+/g, ' ').trim();
  if (!wanted) return undefined;
  const { flat, at } = flattened(rulebook);
  const found = flat.indexOf(wanted);
  if (found < 0) return undefined;
  const offset = at[found]!;
  const lines = rulebook.split('\n');
  let line = 0;
  for (let start = 0; line < lines.length && start + lines[line]!.length < offset; line++) start += lines[line]!.length + 1;
  let paragraph = 0;
  let blank = true;
  for (let k = 0; k <= line; k++) {
    const empty = !lines[k]!.trim();
    if (!empty && blank) paragraph++;
    blank = empty;
  }
  let first = line;
  while (first > 0 && lines[first - 1]!.trim()) first--;
  let last = line;
  while (last + 1 < lines.length && lines[last + 1]!.trim()) last++;
  return { line: line + 1, paragraph, text: lines.slice(first, last + 1).join('\n').trim() };
}

let lastFlat: { text: string; flat: string; at: number[] } | null = null;

/** The text flattened as the checker flattens it, with each character's offset in the original (the last text kept). */
function flattened(rulebook: string): { flat: string; at: number[] } {
  if (lastFlat?.text === rulebook) return lastFlat;
  let flat = '';
  const at: number[] = [];
  let space = false;
  for (let i = 0; i < rulebook.length; i++) {
    const ch = rulebook[i]!;
    if (/\s/.test(ch)) {
      space = flat.length > 0;
      continue;
    }
    if (space) {
      flat += ' ';
      at.push(i - 1);
      space = false;
    }
    flat += ch;
    at.push(i);
  }
  lastFlat = { text: rulebook, flat, at };
  return lastFlat;
}
