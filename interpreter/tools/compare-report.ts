// A comparison of two encodings in a translator's terms: takes the structural differences, the
// play differences with their causes, and the translators' notes on where the two rulebooks
// disagree; gives one entry per difference of the rules — the declarations on each side, the two
// rulebooks' passages side by side, the ambiguity notes that touch it, the games where it shows —
// each classified as "the rulebooks differ" or "the encodings differ where the rulebooks agree".
import type { CausedGroup, CausedPlay } from './compare-cause.js';
import { pointInWords, type ComparedGame, type OutcomeComparison, type PlayDifference } from './compare-play.js';
import type { DifferenceSearch, Interaction, PlayCoverage } from './compare-run.js';
import type { DeclDifference, SideVariants, StructureComparison } from './compare-structure.js';
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
  /** The other entries whose differences, applied with this one, change play otherwise than each alone. */
  readonly interactions: readonly EntryInteraction[];
  /** For a difference no game reached: the search steered toward it, and what it found. */
  readonly search: DifferenceSearch | null;
}

export interface EntryInteraction {
  /** The other entry's title. */
  readonly with: string;
  readonly games: number;
  readonly played: number;
  /** The shortest such game: where it parts with both applied, with this entry's alone, and with the other's alone. */
  readonly together: PlayDifference | null;
  readonly alone: PlayDifference | null;
  readonly other: PlayDifference | null;
  readonly game: ComparedGame;
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
  /** What was played (player counts, variants, games) and what the time budget cut. */
  readonly coverage: PlayCoverage | null;
}

export interface ReportInput {
  readonly first: string;
  readonly second: string;
  readonly rulebooks?: { readonly first: string | null; readonly second: string | null };
  readonly structure: StructureComparison;
  readonly play: (CausedPlay & {
    readonly unreached?: readonly (readonly string[])[];
    readonly interactions?: readonly Interaction[];
    readonly searches?: readonly DifferenceSearch[];
  }) | null;
  readonly coverage?: PlayCoverage | null;
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
    const search = searchOf(keys);
    const steered = search?.games ? `, nor any of ${search.games} games steered toward it (${focusText(search)}),` : '';
    const what = keys.length > 1 ? 'one of these declarations' : 'this declaration';
    return `not reached: no game played with only this difference${steered} came to a point where it acts differently. A game where ${what} applies in a case the two encodings treat differently (the lines above; the passages say when) would show it${!search?.cut ? '' : search.games ? '; the time budget ran out before the search was done' : '; the time budget ran out before a search for one (games steered toward it) could start'}.`;
  };
  const searchOf = (keys: readonly string[]) => input.play?.searches?.find((x) => x.entry.length === keys.length && x.entry.every((k) => keys.includes(k))) ?? null;
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
      interactions: [], search: searchOf(keys), keys,
    } as ReportEntry & { keys: readonly string[] });
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
      interactions: [], search: searchOf([d.key]), keys: [d.key],
    } as ReportEntry & { keys: readonly string[] });
  }
  // Each interaction is told on both its entries, each naming the other.
  const sameKeys = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((k) => y.includes(k));
  const withKeys = entries as (ReportEntry & { keys: readonly string[]; interactions: EntryInteraction[] })[];
  for (const x of input.play?.interactions ?? []) {
    const [a, b] = x.entries.map((keys) => withKeys.find((e) => sameKeys(e.keys, keys)));
    if (!a || !b) continue;
    const common = { games: x.games, played: x.played, together: x.example.together, game: x.example.game };
    a.interactions.push({ with: b.title, ...common, alone: x.example.alone[0], other: x.example.alone[1] });
    b.interactions.push({ with: a.title, ...common, alone: x.example.alone[1], other: x.example.alone[0] });
  }
  for (const e of withKeys) delete (e as { keys?: unknown }).keys;
  // Each kind together, in the order a translator deals with them: disagreements, gaps, then errors.
  const rank: Readonly<Record<Classification, number>> = { 'rulebooks differ': 0, 'rulebook silent': 1, 'encodings differ': 2, variant: 3 };
  entries.sort((x, y) => rank[x.classification] - rank[y.classification]);
  return {
    first: input.first, second: input.second, rulebooks: input.rulebooks ?? { first: null, second: null }, same: structure.same.length, renamed: structure.renamed, entries, staleNotes,
    untraced: groups.filter((g) => !placed.has(g)),
    play: input.play ? { games: input.play.games, agreed: input.play.agreed } : null,
    outcomes: input.outcomes, coverage: input.coverage ?? null,
  };
}

/** What a steered search preferred, in a phrase. */
function focusText(x: DifferenceSearch): string {
  const parts = [
    x.focus.rules.length ? 'moves that make the rules above apply' : '',
    x.focus.feeding.length ? 'moves that lead to them' : '',
    x.focus.names.length ? `moves that change ${x.focus.names.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length ? `preferring ${parts.join(', then ')}` : 'with moves at random';
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

// ─── What was played, in words ───────────────────────────────────────────────

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const titled = (ids: readonly string[], titles: Readonly<Record<string, string>>) => ids.map((id) => titles[id] ?? id).join(' + ');

/**
 * What was played: the player counts, the variants by their titles (each alone, all together),
 * the games per setting and in all, the time it took — and what the time budget cut, with how to
 * have it all (`raise`: how the reader gives more time).
 */
export function coverageLines(c: PlayCoverage, raise = 'raise it with --budget SECONDS (0: no limit) to play them'): string[] {
  const counts = [...new Set(c.settings.map((s) => s.players))];
  const span = counts.length > 1 && counts.at(-1)! - counts[0]! === counts.length - 1 ? `${counts[0]}–${counts.at(-1)}` : counts.join(', ');
  const sets = [...new Map(c.settings.map((s) => [JSON.stringify(s.variants), s.variants])).values()];
  const sides = (v: SideVariants) => (JSON.stringify(v.first) === JSON.stringify(v.second) ? titled(v.first, c.variantTitles)
    : `${titled(v.first, c.variantTitles) || 'no variant'} in the first, ${titled(v.second, c.variantTitles) || 'no variant'} in the second`);
  const named = sets.map((v) => (v.first.length || v.second.length ? sides(v) : 'no variant'));
  const seconds = c.seconds < 10 ? c.seconds.toFixed(1) : c.seconds.toFixed(0);
  const lines = [`Played: ${span} players, each with ${named.join('; ')} — ${plural(c.settings.length, 'setting')}, ${plural(c.gamesPerSetting.played, 'game')} each (each encoding's moves leading once), ${plural(c.games, 'game')} compared in all, in ${seconds} s${c.budgetSeconds === null ? ' (no time budget)' : ` of a ${c.budgetSeconds} s budget`}.`];
  if (c.pairs.touching) {
    lines.push(`Played together, to find interactions: ${c.pairs.played < c.pairs.touching ? `${c.pairs.played} of the ${c.pairs.touching}` : `the ${plural(c.pairs.touching, 'pair')} of`} differences that touch one thing (a zone, counter, rule or definition both name)${c.pairs.played < c.pairs.touching ? ', those sharing the most first' : ''}.`);
  }
  if (c.cut) {
    const what = [
      c.cut.gamesPerSetting ? `${plural(c.cut.gamesPerSetting, 'game')} of ${c.gamesPerSetting.asked} per setting` : '',
      c.cut.searches ? `the search for ${plural(c.cut.searches, 'difference')} no game reached` : '',
    ].filter(Boolean).join(' and ');
    lines.push(`The time budget cut ${what}: ${raise}.`);
  }
  return lines;
}

/** A game as a reader sets it up again: the players, the variants by their titles, the seed, and whose moves were played. */
export function gameInWords(e: Pick<ComparedGame, 'players' | 'variants' | 'seed' | 'leader' | 'steered'>, titles: Readonly<Record<string, string>>): string {
  const { first, second } = e.variants;
  const chosen = !first.length && !second.length ? ''
    : JSON.stringify(first) === JSON.stringify(second) ? `, ${titled(first, titles)}` : `, ${titled(first, titles) || 'no variant'} in the first, ${titled(second, titles) || 'no variant'} in the second`;
  return `${e.players} players${chosen}, seed ${e.seed}, ${e.steered ? 'moves steered toward the difference' : 'random moves'} among those the ${e.leader} encoding offers`;
}

/** The moves that reach a point, as the log shows them. */
export function movesInWords(d: PlayDifference): string {
  const moves = [...d.moves, ...(d.move ? [d.move] : [])];
  return moves.length ? moves.join(' · ') : '(before any move)';
}

/**
 * An interaction told on one of its entries: how often, then one game — where it parts with both
 * differences applied, with this one alone, and with the other alone — and its moves.
 */
export function interactionLines(x: EntryInteraction, titles: Readonly<Record<string, string>>): string[] {
  const at = (d: PlayDifference | null) => (d ? d.moves.length : Infinity);
  const until = Math.min(at(x.together), at(x.alone), at(x.other));
  const part = (d: PlayDifference | null) => (d && at(d) === until ? `${pointInWords(d)}${d.detail.length ? ` — ${d.detail.join('; ')}` : ''}` : 'nothing differs there');
  const reached = [x.together, x.alone, x.other].find((d): d is PlayDifference => !!d && at(d) === until);
  return [
    `interacts with “${x.with}”: in ${x.games} of ${plural(x.played, 'game')} played with both differences applied, the games part otherwise than with each alone:`,
    `with both: ${part(x.together)}`,
    `with only this one: ${part(x.alone)}`,
    `with only “${x.with}”: ${part(x.other)}`,
    `game: ${gameInWords(x.game, titles)}: ${reached ? movesInWords(reached) : '(to its end)'}`,
  ];
}
