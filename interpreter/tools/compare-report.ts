// A comparison of two encodings in a translator's terms: takes the structural differences, the
// play differences with their causes, and the translators' notes on where the two rulebooks
// disagree; gives one entry per difference of the rules — the declarations on each side, the two
// rulebooks' passages side by side, the ambiguity notes that touch it, the games where it shows —
// each classified as "the rulebooks differ" or "the encodings differ where the rulebooks agree".
import type { CausedGroup, CausedPlay } from './compare-cause.js';
import type { OutcomeComparison } from './compare-play.js';
import type { DeclDifference, StructureComparison } from './compare-structure.js';
import type { PairedDeclaration } from './compare-pairing.js';

/**
 * One place where two rulebooks disagree, as a translator records it next to the two encodings
 * (`<game>.differences.json`): the declarations that encode it and a passage from each rulebook.
 */
export interface TranslationNote {
  readonly title: string;
  readonly declarations: readonly string[];
  /** Passages of the first encoding's rulebook (word for word). */
  readonly first: readonly string[];
  /** Passages of the second encoding's rulebook (word for word). */
  readonly second: readonly string[];
  /** How each encoding reads its passages, in a sentence or two. */
  readonly note?: string;
  /**
   * `differ` (the default): the rulebooks say different things. `gap`: one rulebook is silent or
   * ambiguous where the other is precise, and the encoders had to choose.
   */
  readonly kind?: 'differ' | 'gap';
  /** For a gap: what each encoding chose, in a sentence (else its `ambiguous … because …` notes say it). */
  readonly choices?: { readonly first?: string; readonly second?: string };
}

/** The notes file: which two encodings it is about, and where their rulebooks disagree. */
export interface TranslationNotes {
  readonly first: string;
  readonly second: string;
  readonly differences: readonly TranslationNote[];
}

export type Classification = 'rulebooks differ' | 'rulebook silent' | 'encodings differ' | 'variant';

export const CLASSIFICATION_TEXT: Readonly<Record<Classification, string>> = {
  'rulebooks differ': 'the rulebooks differ',
  'rulebook silent': 'one rulebook is silent or ambiguous where the other is precise',
  'encodings differ': 'the encodings differ where the rulebooks agree',
  variant: 'what the variant changes',
};

/** What each kind of entry means and what to do about it, a sentence each, for the report's readers. */
export const CLASSIFICATION_EXPLAINED: Readonly<Record<Classification, string>> = {
  'rulebooks differ': 'the two translations say different things; both encodings follow their own, and the translators\' notes record it',
  'rulebook silent': 'one translation leaves open what the other says, or says it unclearly; each encoder chose a reading (shown), which is a note for the translators, not an error',
  'encodings differ': 'the translations agree but the encodings do not: one encoding should be changed to match the other',
  variant: 'what choosing the variant changes',
};

export interface AmbiguityNote {
  readonly side: 'first' | 'second';
  readonly key: string;
  readonly quote: string;
  readonly because: string | null;
}

export interface ReportEntry {
  readonly title: string;
  readonly classification: Classification;
  /** The rulebooks' passages side by side: the notes' when the rulebooks differ, else what each declaration cites. */
  readonly passages: { readonly first: readonly string[]; readonly second: readonly string[] };
  readonly note: string | null;
  /** For a gap in one rulebook: what each encoding chose there. */
  readonly choices: { readonly first: readonly string[]; readonly second: readonly string[] } | null;
  /** For an entry the notes do not explain: how to make it go away. */
  readonly advice: string | null;
  readonly declarations: readonly DeclDifference[];
  /** Notes the declared `ambiguous … because …` attach to these declarations, on either side. */
  readonly ambiguities: readonly AmbiguityNote[];
  /** The play differences these declarations cause. */
  readonly play: readonly CausedGroup[];
  /** Played with only this difference applied, no game reached it: what situation would show it. */
  readonly unreached: string | null;
}

export interface ComparisonReport {
  readonly first: string;
  readonly second: string;
  /** The rulebook each encoding cites (its header's `rulebook`), when it names one. */
  readonly rulebooks: { readonly first: string | null; readonly second: string | null };
  readonly same: number;
  /** Declarations paired though their encoders named them differently: `define listed-price` ↔ `define printed-price`. */
  readonly renamed: readonly PairedDeclaration[];
  readonly entries: readonly ReportEntry[];
  /** Notes naming declarations that no longer differ: the notes need updating. */
  readonly staleNotes: readonly string[];
  /** Play differences no declaration could be found for. */
  readonly untraced: readonly CausedGroup[];
  readonly play: { readonly games: number; readonly agreed: number } | null;
  readonly outcomes: readonly OutcomeComparison[] | null;
}

export interface ReportInput {
  readonly first: string;
  readonly second: string;
  readonly rulebooks?: { readonly first: string | null; readonly second: string | null };
  readonly structure: StructureComparison;
  readonly play: (CausedPlay & { readonly unreached?: readonly (readonly string[])[] }) | null;
  readonly outcomes: readonly OutcomeComparison[] | null;
  readonly notes: TranslationNotes | null;
  /** One encoding compared with itself under other variants: a designer's question, not a translator's. */
  readonly variantsOnly?: boolean;
}

/** Groups the differences by the rule they concern, noted differences first, in the notes' order. */
export function comparisonReport(input: ReportInput): ComparisonReport {
  const { structure, notes } = input;
  // A note may name a declaration as either encoding calls it.
  const byKey = new Map(structure.differences.flatMap((d) => [[d.key, d] as const, ...(d.secondKey ? [[d.secondKey, d] as const] : [])]));
  const taken = new Set<string>();
  const groups = [...(input.play?.groups ?? [])];
  const placed = new Set<CausedGroup>();
  const playOf = (keys: readonly string[]) => groups.filter((g) => !placed.has(g) && g.causes.some((c) => keys.includes(c))).map((g) => (placed.add(g), g));
  const ambiguitiesOf = (ds: readonly DeclDifference[]): AmbiguityNote[] => ds.flatMap((d) => (['first', 'second'] as const).flatMap((side) =>
    (d[side]?.ambiguous ?? []).map((a) => ({ side, key: d.key, quote: a.quote, because: a.because }))));
  const entries: ReportEntry[] = [];
  const staleNotes: string[] = [];
  const unreachedText = (keys: readonly string[]): string | null => {
    if (!input.play?.unreached?.some((u) => u.length === keys.length && u.every((k) => keys.includes(k)))) return null;
    const acting = keys.filter((k) => !/^(zone|counter|event|component|table) /.test(k));
    return `not reached: in ${input.play.games} games played with only this difference, no game came to a point where ${(acting.length ? acting : keys).map((k) => `\`${k}\``).join(' or ')} acts differently; a game that does — where ${acting.length > 1 ? 'these rules apply' : 'this rule applies'} in a case the two encodings treat differently (the lines above) — would show it`;
  };
  for (const n of notes?.differences ?? []) {
    const declarations = n.declarations.map((k) => byKey.get(k)).filter((d): d is DeclDifference => !!d);
    for (const k of n.declarations) if (!byKey.has(k)) staleNotes.push(`${n.title}: ${k} does not differ`);
    const keys = [...new Set(declarations.map((d) => d.key))];
    declarations.forEach((d) => taken.add(d.key));
    const ambiguities = ambiguitiesOf(declarations);
    const chosen = (side: 'first' | 'second') => (n.choices?.[side] ? [n.choices[side]!] : ambiguities.filter((a) => a.side === side && a.because).map((a) => a.because!));
    entries.push({
      title: n.title, classification: n.kind === 'gap' ? 'rulebook silent' : 'rulebooks differ', passages: { first: n.first, second: n.second }, note: n.note ?? null, advice: null,
      choices: n.kind === 'gap' ? { first: chosen('first'), second: chosen('second') } : null,
      declarations: declarations.filter((d, i) => declarations.indexOf(d) === i), ambiguities, play: playOf(keys), unreached: unreachedText(keys),
    });
  }
  for (const d of structure.differences) {
    if (taken.has(d.key)) continue;
    const ambiguities = ambiguitiesOf([d]);
    const reading = (side: 'first' | 'second') => ambiguities.filter((a) => a.side === side && a.because).map((a) => a.because!);
    // Encoders who marked the declaration ambiguous, and read it differently, read unclear or missing
    // text: a gap to record, not an error. (The same reading written two ways is an error.)
    const gap = !input.variantsOnly && ambiguities.length > 0 && JSON.stringify(reading('first')) !== JSON.stringify(reading('second'));
    const record = `record it with a passage from each rulebook in the translators' notes (${notesName(input)})`;
    entries.push({
      title: d.secondKey ? `${d.key} ↔ ${d.secondKey}` : d.key,
      classification: input.variantsOnly ? 'variant' : gap ? 'rulebook silent' : 'encodings differ',
      passages: { first: d.first?.cites ?? [], second: d.second?.cites ?? [] }, note: null,
      choices: gap ? { first: reading('first'), second: reading('second') } : null,
      advice: input.variantsOnly ? null : gap
        ? `The encoders read unclear or missing text differently: if one rulebook leaves it open, ${record} as a gap ("kind": "gap"); if both say the same, write \`${d.key}\` the same way in both encodings.`
        : d.status === 'changed'
          ? `If the two rulebooks say the same here, write \`${d.key}\` the same way in both encodings (the lines above are what differs); if they do not, ${record}.`
          : `If the two rulebooks say the same here, give the other encoding the same \`${d.key}\`, or express it the other's way; if they do not, ${record}.`,
      declarations: [d], ambiguities, play: playOf([d.key]), unreached: unreachedText([d.key]),
    });
  }
  // Each kind together, in the order a translator deals with them: disagreements, gaps, then errors.
  const rank: Readonly<Record<Classification, number>> = { 'rulebooks differ': 0, 'rulebook silent': 1, 'encodings differ': 2, variant: 3 };
  entries.sort((x, y) => rank[x.classification] - rank[y.classification]);
  return {
    first: input.first, second: input.second, rulebooks: input.rulebooks ?? { first: null, second: null }, same: structure.same.length, renamed: structure.renamed, entries, staleNotes,
    untraced: groups.filter((g) => !placed.has(g)),
    play: input.play ? { games: input.play.games, agreed: input.play.agreed } : null,
    outcomes: input.outcomes,
  };
}

const notesName = (input: ReportInput): string => {
  const base = (p: string) => p.slice(p.lastIndexOf('/') + 1).replace(/\.[^.]*\.rules$|\.rules$/, '');
  return `${base(input.first)}.differences.json`;
};

/** Checks the shape of a notes file; returns what is wrong, or nothing. */
export function notesProblems(value: unknown): string[] {
  const out: string[] = [];
  const v = value as Partial<TranslationNotes> | null;
  if (!v || typeof v !== 'object') return ['the notes are not a JSON object'];
  if (typeof v.first !== 'string' || typeof v.second !== 'string') out.push('`first` and `second` must name the two encodings');
  if (!Array.isArray(v.differences)) return [...out, '`differences` must be a list'];
  v.differences.forEach((n, i) => {
    const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
    if (typeof n?.title !== 'string') out.push(`difference ${i + 1}: \`title\` must be text`);
    if (!strings(n?.declarations) || !n.declarations.length) out.push(`difference ${i + 1}: \`declarations\` must list the declarations it concerns`);
    if (!strings(n?.first) || !strings(n?.second)) out.push(`difference ${i + 1}: \`first\` and \`second\` must list passages`);
    if (n?.kind !== undefined && n.kind !== 'differ' && n.kind !== 'gap') out.push(`difference ${i + 1}: \`kind\` must be "differ" or "gap"`);
  });
  return out;
}

/** The notes as they read from the second encoding's point of view: first and second swapped. */
export function swapNotes(n: TranslationNotes): TranslationNotes {
  return {
    first: n.second, second: n.first,
    differences: n.differences.map((d) => ({ ...d, first: d.second, second: d.first, ...(d.choices ? { choices: { first: d.choices.second, second: d.choices.first } } : {}) })),
  };
}

/**
 * The declarations of each entry the report will have, in its order before sorting: the notes'
 * (as the comparison keys them), then each other difference alone — what counterfactual play applies.
 */
export function entryDeclarations(structure: StructureComparison, notes: TranslationNotes | null): string[][] {
  const byKey = new Map(structure.differences.flatMap((d) => [[d.key, d] as const, ...(d.secondKey ? [[d.secondKey, d] as const] : [])]));
  const taken = new Set<string>();
  const out: string[][] = [];
  for (const n of notes?.differences ?? []) {
    const keys = [...new Set(n.declarations.map((k) => byKey.get(k)?.key).filter((k): k is string => !!k))];
    keys.forEach((k) => taken.add(k));
    if (keys.length) out.push(keys);
  }
  for (const d of structure.differences) if (!taken.has(d.key)) out.push([d.key]);
  return out;
}
