// How much of its rulebook a ruleset encodes: which passages some declaration cites, which it
// cites only in part or not at all, which hold no rule (flavour), and which declarations cite
// nothing. What a translator or a reviewer reads to find the rules still missing.
//
// Flavour — a story, the credits, a component list, an example, advice, a cross-reference — has no
// rule to encode. A ruleset marks it with a line comment `// flavour "…"` quoting the rulebook the
// way `cites "…"` does (anywhere in the file; what follows the quote is free text, a reason), or
// `// flavour "…" to "…"` for everything from the first words to the last (the credits). A
// passage the flavour marks quote at least half of, and no citation touches, is `flavour`: out of
// the share of rule passages cited. In a passage that mixes the two (a heading with the player
// count), the words marked flavour leave the measure, and the rest is cited or not as usual. A
// mark whose words are not in the rulebook is listed in `unfound`, an error as a misquoted
// citation is.
import type { Meta } from '../../grammar/ast.js';
import { locate, type GameDefinition } from '../definition/index.js';
import { declLabel } from '../definition/index.js';

export type PassageStatus = 'cited' | 'partly' | 'not cited' | 'flavour';

export interface Passage {
  /** 1-based line of the rulebook where the passage starts. */
  readonly line: number;
  readonly text: string;
  readonly status: PassageStatus;
  /** The share of its characters that citations quote, from 0 to 1, leaving out those only flavour marks quote. */
  readonly share: number;
  /** The declarations whose citations quote some of it. */
  readonly citedBy: readonly { readonly key: string; readonly at: string }[];
}

export interface Coverage {
  readonly rulebook: string;
  /** The rulebook's sentences (and list items) long enough to hold a rule, in order. */
  readonly passages: readonly Passage[];
  /** Declarations that cite nothing and mark nothing ambiguous, with where they are. */
  readonly uncited: readonly { readonly key: string; readonly at: string }[];
  /** The `// flavour "…"` marks, in source order, with where they are. */
  readonly flavour: readonly FlavourMark[];
  /** The flavour marks whose words are not in the rulebook: errors, as a misquoted citation is. */
  readonly unfound: readonly FlavourMark[];
}

export interface FlavourMark {
  readonly quote: string;
  /** The last words, when the mark runs from `quote` to them. */
  readonly to?: string;
  /** `file:line:col` of the quote in the ruleset. */
  readonly at: string;
}

/** The counts a summary line gives: rule passages are those not marked flavour. */
export interface CoverageTotals {
  readonly passages: number;
  readonly cited: number;
  readonly partly: number;
  readonly notCited: number;
  readonly flavour: number;
  /** Cited rule passages, of all rule passages, as a whole percentage (100 when there are none). */
  readonly percent: number;
}

export function coverageTotals(c: Coverage): CoverageTotals {
  const count = (status: PassageStatus) => c.passages.filter((p) => p.status === status).length;
  const [cited, flavour] = [count('cited'), count('flavour')];
  const rules = c.passages.length - flavour;
  return { passages: c.passages.length, cited, partly: count('partly'), notCited: count('not cited'), flavour, percent: rules ? Math.floor((100 * cited) / rules) : 100 };
}

/** A sentence shorter than this (a heading, a page number) joins the next one. */
const MIN_PASSAGE = 40;
/** A passage at least this much quoted counts as cited. */
const CITED_SHARE = 0.5;

const collapse = (text: string): string => text.replace(/\s+/g, ' ');

/**
 * The `// flavour "…"` and `// flavour "…" to "…"` comments of a ruleset's source, each with the
 * offset of its first quote. Strings are stepped over, so `//` inside a quotation starts no comment.
 */
export function flavourMarks(source: string): { quote: string; to?: string; offset: number }[] {
  const marks: { quote: string; to?: string; offset: number }[] = [];
  const token = /"(?:[^"\\]|\\[\s\S])*"?|\/\/[^\n\r]*/g;
  const mark = /^(\/\/\s*flavour\s+)("(?:[^"\\]|\\.)*")(?:\s+to\s+("(?:[^"\\]|\\.)*"))?/;
  const unquote = (image: string) => image.slice(1, -1).replace(/\\(["\\])/g, '$1');
  for (let m = token.exec(source); m; m = token.exec(source)) {
    const found = m[0].startsWith('//') ? mark.exec(m[0]) : null;
    if (!found) continue;
    const offset = m.index + found[1]!.length;
    marks.push(found[3] ? { quote: unquote(found[2]!), to: unquote(found[3]), offset } : { quote: unquote(found[2]!), offset });
  }
  return marks;
}

/**
 * The rulebook as one line with runs of whitespace made one space (as citations are compared),
 * each character's line remembered, cut into sentences: after . ! ? before a capital, a digit or
 * a quotation mark, and before list bullets. Works for texts wrapped by hand and for texts with a
 * paragraph a line.
 */
function sentences(text: string): { flat: string; spans: { line: number; start: number; end: number }[] } {
  let flat = '';
  const lineOf: number[] = [];
  let line = 1;
  let space = false;
  for (const ch of text) {
    if (/\s/.test(ch)) {
      if (ch === '\n') line++;
      space = flat.length > 0;
      continue;
    }
    if (space) { flat += ' '; lineOf.push(line); space = false; }
    flat += ch;
    lineOf.push(line);
  }
  const cuts = [0];
  const boundary = /(?<=[.!?…])\s(?=[\p{Lu}\d"„“«(*])|\s(?=[·•▪]\s|[-–—]\s|\d+[.)]\s)/gu;
  for (let m = boundary.exec(flat); m; m = boundary.exec(flat)) cuts.push(m.index + 1);
  cuts.push(flat.length + 1);
  const spans: { line: number; start: number; end: number }[] = [];
  let start = 0;
  for (let k = 1; k < cuts.length; k++) {
    const end = Math.min(cuts[k]! - 1, flat.length);
    if (end - start < MIN_PASSAGE && k < cuts.length - 1) continue; // too short: joins the next
    if (end > start) spans.push({ line: lineOf[start] ?? 1, start, end });
    start = cuts[k]!;
  }
  return { flat, spans };
}

/** Measures the citations of a ruleset (its base rules and every variant) against its rulebook's text. */
export function coverage(def: GameDefinition, rulebook: { readonly file: string; readonly text: string }): Coverage {
  const { flat, spans } = sentences(rulebook.text);
  // Every declaration that cites, the variants' own and those their overlays bring.
  const citing: { key: string; at: string; meta: Meta }[] = [
    ...def.decls.map((d) => ({ key: declLabel(d), at: locate(def, d.span.start), meta: d.meta })),
    ...def.variants.flatMap((v) => [
      { key: `variant ${v.id}`, at: locate(def, v.span.start), meta: v.meta },
      ...v.items.flatMap((it) => ('decl' in it ? [{ key: `${declLabel(it.decl)} (variant ${v.id})`, at: locate(def, it.decl.span.start), meta: it.decl.meta }] : [])),
    ]),
  ];
  const covered = new Uint8Array(flat.length);
  const quoted: { start: number; end: number; by: number }[] = [];
  citing.forEach(({ meta }, by) => {
    const quotes = [...meta.cites.filter((c) => c.file === null).map((c) => c.quote), ...meta.ambiguous.map((a) => a.quote)];
    for (const quote of quotes) {
      const q = collapse(quote).trim();
      if (!q) continue;
      for (let at = flat.indexOf(q); at >= 0; at = flat.indexOf(q, at + 1)) {
        covered.fill(1, at, at + q.length);
        quoted.push({ start: at, end: at + q.length, by });
      }
    }
  });
  const flavour: FlavourMark[] = [];
  const unfound: FlavourMark[] = [];
  const story = new Uint8Array(flat.length);
  for (const { quote, to, offset } of flavourMarks(def.source.text)) {
    const q = collapse(quote).trim();
    const at = q ? flat.indexOf(q) : -1;
    const where: FlavourMark = to === undefined ? { quote, at: locate(def, offset) } : { quote, to, at: locate(def, offset) };
    flavour.push(where);
    if (to === undefined) {
      if (at < 0) { unfound.push(where); continue; }
      for (let from = at; from >= 0; from = flat.indexOf(q, from + 1)) story.fill(1, from, from + q.length);
    } else {
      // From the first words to the first place after them where the last words end.
      const last = collapse(to).trim();
      const end = at < 0 || !last ? -1 : flat.indexOf(last, at);
      if (end < 0) { unfound.push(where); continue; }
      story.fill(1, at, end + last.length);
    }
  }
  const passages = spans.map((s) => {
    // A character both cited and marked flavour is a rule's: the citation wins.
    let count = 0;
    let told = 0;
    for (let i = s.start; i < s.end; i++) { count += covered[i]!; told += story[i]! & (1 - covered[i]!); }
    const length = s.end - s.start;
    const share = count / (length - told || 1);
    const status: PassageStatus = !count && told >= CITED_SHARE * length ? 'flavour' : share >= CITED_SHARE ? 'cited' : share > 0 ? 'partly' : 'not cited';
    const by = [...new Set(quoted.filter((q) => q.start < s.end && q.end > s.start).map((q) => q.by))];
    return { line: s.line, text: flat.slice(s.start, s.end), status, share, citedBy: by.map((i) => ({ key: citing[i]!.key, at: citing[i]!.at })) };
  });

  const uncited: { key: string; at: string }[] = [];
  for (const d of def.decls) {
    if (d.kind === 'Game' || d.meta.cites.length || d.meta.ambiguous.length) continue;
    uncited.push({ key: declLabel(d), at: locate(def, d.span.start) });
  }
  return { rulebook: rulebook.file, passages, uncited, flavour, unfound };
}
