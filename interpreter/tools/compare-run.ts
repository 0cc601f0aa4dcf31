// A whole comparison of two encodings in play, as `regula diff` and the playground run it: every
// player count and every variant the rulebooks allow (each alone, and all together), each report
// entry played on its own (counterfactuals), pairs of entries that touch the same things played
// together to find interactions, a steered search for each difference the first round did not
// reach, and the outcomes — in rounds of one seed per setting, so a time budget cuts them evenly,
// and says what it cut.
import type { GameDefinition } from '../definition/index.js';
import { checkSetup } from '../runtime/index.js';
import { Tally } from './simulate.js';
import { compareGame, summarizePlay, type ComparedGame, type OutcomeComparison, type PlayDifference, type SideErrors } from './compare-play.js';
import { withDeclaration, type CausedGroup, type CounterfactualPlay } from './compare-cause.js';
import { searchFocus, steeredChooser, type SearchFocus } from './compare-search.js';
import type { SideVariants, StructureComparison } from './compare-structure.js';

/** One way to set a game up: a player count and the variants each side is played with. */
export interface CompareSetting {
  readonly players: number;
  readonly variants: SideVariants;
}

export interface EncodingComparisonOptions {
  /** Games per setting (each played twice, each encoding's random agents leading once). */
  readonly games: number;
  readonly seed: string | number;
  /** Player counts (default: every count both encodings allow). */
  readonly players?: readonly number[];
  /** The variants of each side; given, only these are played (default: none, each one alone, and all together). */
  readonly variants?: SideVariants;
  readonly maxMoves?: number;
  /**
   * Seconds the play may take, in all; past it the searches and the rounds left are not played
   * (the first game of every setting always is), and the report says so. 0 or absent: no limit.
   */
  readonly budgetSeconds?: number;
  /** The clock, in milliseconds (default Date.now); a test may give its own. */
  readonly now?: () => number;
  readonly onProgress?: (done: number, total: number, what: string) => void;
}

/** Two entries whose differences, applied together, change play otherwise than each does alone. */
export interface Interaction {
  /** The two entries, by their declarations. */
  readonly entries: readonly [readonly string[], readonly string[]];
  /** Games played with both applied. */
  readonly played: number;
  /** Of them, games where the first point the two encodings part is not what either alone gives there. */
  readonly games: number;
  /** The shortest such game: where it parts with both applied, and with each alone (null: not by that point). */
  readonly example: {
    readonly together: PlayDifference | null;
    readonly alone: readonly [PlayDifference | null, PlayDifference | null];
    readonly game: ComparedGame;
  };
}

/** A search steered toward a difference no game reached. */
export interface DifferenceSearch {
  readonly entry: readonly string[];
  /** What it steered toward: the rules to make run, the counters and zones to change. */
  readonly focus: SearchFocus;
  /** Steered games played. */
  readonly games: number;
  /** The differences the games that reached it show (empty: it was not reached). */
  readonly found: readonly CausedGroup[];
  /** The search was cut short by the time budget before its games were played. */
  readonly cut: boolean;
}

/** What was played, and what the time budget left out. */
export interface PlayCoverage {
  readonly settings: readonly CompareSetting[];
  /** The variants' titles, in the first encoding's words, by id. */
  readonly variantTitles: Readonly<Record<string, string>>;
  /** Games per setting asked for, and played in every setting (a setting may have one more). */
  readonly gamesPerSetting: { readonly asked: number; readonly played: number };
  /** Games played in both encodings, counterfactuals, interactions and searches included. */
  readonly games: number;
  readonly seconds: number;
  readonly budgetSeconds: number | null;
  /** Pairs of entries that touch one thing, and how many of them were played together (at most 20). */
  readonly pairs: { readonly touching: number; readonly played: number };
  /** What the budget cut: the games per setting not played, and the searches not made. */
  readonly cut: { readonly gamesPerSetting: number; readonly searches: number } | null;
}

export interface EncodingComparison {
  readonly play: CounterfactualPlay & { readonly interactions: readonly Interaction[]; readonly searches: readonly DifferenceSearch[] };
  readonly outcomes: readonly OutcomeComparison[];
  readonly coverage: PlayCoverage;
}

/** Pairs of entries played together for interactions, at most (those that share the most names first). */
const MAX_PAIRS = 20;
/** Steered games per difference searched, at most. */
const SEARCH_GAMES = 32;

/**
 * Plays two encodings against each other as a translator needs: see the file's opening comment.
 * `entries` are the report's entries by their declarations (entryDeclarations).
 */
export function compareEncodings(first: GameDefinition, second: GameDefinition, structure: StructureComparison, entries: readonly (readonly string[])[], o: EncodingComparisonOptions): EncodingComparison {
  const now = o.now ?? Date.now;
  const start = now();
  const budget = o.budgetSeconds && o.budgetSeconds > 0 ? o.budgetSeconds * 1000 : null;
  const end = budget === null ? Infinity : start + budget;
  const names = structure.pairing.names;
  const toSecond = Object.fromEntries(Object.entries(names).map(([k, v]) => [v, k]));
  const counts = o.players ?? shared(first, second);
  const settings = settingsOf(first, second, counts, o.variants, toSecond);
  const maxMoves = o.maxMoves ?? 100_000;

  const hybrids = entries.map((keys) => keys.reduce((def, key) => withDeclaration(def, second, key, structure), first));
  // A variant only the second has is chosen on its side alone, for the entries that bring it.
  const extra = entries.map((keys, i) => keys.filter((k) => k.startsWith('variant ')).map((k) => k.slice(8))
    .filter((id) => hybrids[i]!.variants.some((v) => v.id === id && v.when === null) && !first.variants.some((v) => v.id === id))
    .flatMap((id) => counts.map((players): CompareSetting => ({ players, variants: { first: [], second: [id] } }))));
  const touching = interactionCandidates(first, structure, entries);
  const pairs = touching.slice(0, MAX_PAIRS);
  const pairHybrids = pairs.map(([i, j]) => [...entries[i]!, ...entries[j]!].reduce((def, key) => withDeclaration(def, second, key, structure), first));

  const full: PlayDifference[][] = [];
  const perEntry: PlayDifference[][][] = entries.map(() => []);
  const firstOf = entries.map(() => new Map<string, PlayDifference | null>());
  const perPair = pairs.map(() => ({ played: 0, games: 0, example: null as Interaction['example'] | null }));
  let played = 0;
  const fits = fitsCache();
  const sides = (s: CompareSetting, def: GameDefinition) => fits(first, s.players, s.variants.first) && fits(def, s.players, s.variants.second);
  const seedOf = (s: CompareSetting, g: number) => (s.variants.first.length || s.variants.second.length
    ? `${o.seed}/${s.players}/${[...new Set([...s.variants.first, ...s.variants.second])].join('+')}/${g}` : `${o.seed}/${s.players}/${g}`);

  // Outcomes: the same seeds played in each on its own, per player count, with the variants asked for.
  const base = o.variants ?? { first: [], second: [] };
  const tallies = counts.map((players) => ({
    players,
    first: new Tally(first, { players, variants: base.first, seed: o.seed }), second: new Tally(second, { players, variants: base.second, seed: o.seed }),
    errors: { first: null as SideErrors | null, second: null as SideErrors | null },
  }));

  // A steered search for a difference no game reached, while the budget lasts.
  const searches: DifferenceSearch[] = [];
  const search = (i: number): void => {
    const keys = entries[i]!;
    const focus = searchFocus(first, structure, keys);
    // Nothing to steer toward (a declaration no rule of the first uses): a search would be random play again.
    if (!focus.rules.length && !focus.names.length) return;
    // Every other game at the most players: more pieces on the table, more of the situations a rule can meet.
    const usable = [...settings, ...extra[i]!].filter((s) => sides(s, hybrids[i]!)).sort((x, y) => y.players - x.players);
    const most = usable.filter((s) => s.players === usable[0]?.players);
    const found: PlayDifference[][] = [];
    let games = 0;
    let searchCut = false;
    for (let k = 0; k < SEARCH_GAMES && usable.length; k++) {
      if (now() > end) { searchCut = true; break; }
      const [s, n] = k % 2 === 0 ? [most[(k / 2) % most.length]!, Math.floor(k / 2 / most.length)] : [usable[((k - 1) / 2) % usable.length]!, Math.floor((k - 1) / 2 / usable.length)];
      const seed = `search/${seedOf(s, n)}${k % 2 ? '' : '/most'}`;
      const spec: ComparedGame = { players: s.players, seed, variants: s.variants, leader: k % 2 ? 'first' : 'second', maxMoves, steered: true, secondCalls: toSecond };
      const differences = compareGame(first, hybrids[i]!, spec, {}, steeredChooser(focus, seed));
      games++;
      played++;
      o.onProgress?.(k + 1, SEARCH_GAMES, `steered games searching for ${keys.join(', ')}`);
      if (differences.length) {
        found.push(differences);
        break;
      }
    }
    const groupsFound = summarizePlay(found).groups.map((g) => ({ ...g, causes: keys }));
    searches.push({ entry: keys, focus, games, found: groupsFound, cut: searchCut && !found.length });
  };


  const steps = o.games * settings.length;
  let step = 0;
  let gamesPlayed = 0;
  let cut = false;
  rounds: for (let g = 0; g < o.games; g++) {
    for (const s of settings) {
      // The first game of every setting is played whatever the budget: a report without games says nothing.
      if (g > 0 && now() > end) { cut = true; break rounds; }
      for (const leader of ['first', 'second'] as const) {
        const spec = (variants: SideVariants): ComparedGame => ({ players: s.players, seed: seedOf(s, g), variants, leader, maxMoves, secondCalls: toSecond });
        const id = `${seedOf(s, g)}|${leader}`;
        full.push(compareGame(first, second, spec({ first: s.variants.first, second: s.variants.second.map((v) => toSecond[v] ?? v) }), names));
        played++;
        entries.forEach((_, i) => {
          if (!sides(s, hybrids[i]!)) return;
          const found = compareGame(first, hybrids[i]!, spec(s.variants), {});
          perEntry[i]!.push(found);
          firstOf[i]!.set(id, found[0] ?? null);
          played++;
        });
        pairs.forEach(([i, j], p) => {
          if (!sides(s, pairHybrids[p]!)) return;
          const found = compareGame(first, pairHybrids[p]!, spec(s.variants), {});
          played++;
          const tally = perPair[p]!;
          tally.played++;
          const alone = [firstOf[i]!.get(id) ?? null, firstOf[j]!.get(id) ?? null] as const;
          if (additive(found[0] ?? null, alone[0], alone[1])) return;
          tally.games++;
          const length = (d: PlayDifference | null) => d?.moves.length ?? Infinity;
          const shorter = !tally.example || Math.min(length(found[0] ?? null), ...alone.map(length)) < Math.min(length(tally.example.together), ...tally.example.alone.map(length));
          if (shorter) tally.example = { together: found[0] ?? null, alone, game: spec(s.variants) };
        });
      }
      // The extra settings of an entry (a variant only the second has) go with the first setting of their player count.
      entries.forEach((_, i) => {
        for (const x of extra[i]!) {
          if (x.players !== s.players || s.variants.first.length || !sides(x, hybrids[i]!)) continue;
          for (const leader of ['first', 'second'] as const) {
            perEntry[i]!.push(compareGame(first, hybrids[i]!, { players: x.players, seed: seedOf(x, g), variants: x.variants, leader, maxMoves, secondCalls: toSecond }, {}));
            played++;
          }
        }
      });
      o.onProgress?.(++step, steps, `settings played (round ${g + 1} of ${o.games}: ${played} games)`);
    }
    for (const t of tallies) {
      for (const side of ['first', 'second'] as const) {
        const message = attempt(() => t[side].play(g));
        if (message) t.errors[side] = { games: (t.errors[side]?.games ?? 0) + 1, seed: t.errors[side]?.seed ?? `${o.seed}/${g}`, message: t.errors[side]?.message ?? message };
      }
    }
    gamesPlayed = g + 1;
    // After the first round, the differences no game reached yet are searched for, before more
    // rounds: a steered game is likelier to reach one than another round of random ones.
    if (g === 0) entries.forEach((_, i) => { if (!perEntry[i]!.some((found) => found.length)) search(i); });
  }

  const groups: CausedGroup[] = [];
  const unreached: (readonly string[])[] = [];
  entries.forEach((keys, i) => {
    const summary = summarizePlay(perEntry[i]!);
    if (!summary.groups.length) unreached.push(keys);
    groups.push(...summary.groups.map((g) => ({ ...g, causes: keys })));
  });
  // A search for a difference a later round reached after all is left out: the random games are its evidence.
  const shownSearches = searches.filter((x) => unreached.includes(x.entry));

  const summary = summarizePlay(full);
  const interactions: Interaction[] = pairs.flatMap(([i, j], p) => {
    const t = perPair[p]!;
    return t.games && t.example ? [{ entries: [entries[i]!, entries[j]!] as const, played: t.played, games: t.games, example: t.example }] : [];
  });
  const variantTitles = Object.fromEntries(first.variants.map((v) => [v.id, v.title]));
  for (const v of second.variants) if (!(v.id in variantTitles) && !((names[v.id] ?? '') in variantTitles)) variantTitles[v.id] = v.title;
  const skippedSearches = shownSearches.filter((x) => x.cut).length;
  return {
    play: {
      games: summary.games, agreed: summary.agreed, groups,
      unreached: unreached.filter((keys) => !shownSearches.some((x) => x.entry === keys && x.found.length)), interactions, searches: shownSearches,
    },
    outcomes: tallies.map((t) => ({
      players: t.players, variants: base, first: t.first.report(), second: t.second.report(),
      ...(t.errors.first || t.errors.second ? { errors: t.errors } : {}),
    })),
    coverage: {
      settings, variantTitles, gamesPerSetting: { asked: o.games, played: gamesPlayed }, games: played, pairs: { touching: touching.length, played: pairs.length },
      seconds: (now() - start) / 1000, budgetSeconds: budget === null ? null : budget / 1000,
      cut: cut || skippedSearches ? { gamesPerSetting: o.games - gamesPlayed, searches: skippedSearches } : null,
    },
  };
}

/** The player counts both encodings allow. */
function shared(a: GameDefinition, b: GameDefinition): number[] {
  const out: number[] = [];
  for (let n = Math.max(a.players.min, b.players.min); n <= Math.min(a.players.max, b.players.max); n++) out.push(n);
  return out;
}

/**
 * The settings to play: every player count with no variant, each variant the players may choose
 * (in both encodings) alone, and all of them together when they go together — or, when variants
 * are given, only those. A setting either encoding refuses is left out.
 */
export function settingsOf(first: GameDefinition, second: GameDefinition, counts: readonly number[], given: SideVariants | undefined, toSecond: Readonly<Record<string, string>> = {}): CompareSetting[] {
  const fits = fitsCache();
  const sets: SideVariants[] = [];
  if (given && (given.first.length || given.second.length)) sets.push(given);
  else {
    const chosen = first.variants.filter((v) => v.when === null && second.variants.some((w) => w.id === (toSecond[v.id] ?? v.id) && w.when === null)).map((v) => v.id);
    sets.push({ first: [], second: [] }, ...chosen.map((id) => ({ first: [id], second: [id] })));
    const together: string[] = [];
    for (const id of chosen) {
      const v = first.variants.find((x) => x.id === id)!;
      if (together.some((t) => v.excludes.includes(t) || first.variants.find((x) => x.id === t)!.excludes.includes(id))) continue;
      together.push(id);
    }
    if (together.length > 1) sets.push({ first: together, second: together });
  }
  const out: CompareSetting[] = [];
  for (const players of counts) {
    for (const variants of sets) {
      if (fits(first, players, variants.first) && fits(second, players, variants.second.map((v) => toSecond[v] ?? v))) out.push({ players, variants });
    }
  }
  return out;
}

function fitsCache(): (def: GameDefinition, players: number, variants: readonly string[]) => boolean {
  const cache = new Map<GameDefinition, Map<string, boolean>>();
  return (def, players, variants) => {
    const key = `${players}|${variants.join('+')}`;
    let m = cache.get(def);
    if (!m) cache.set(def, (m = new Map()));
    let ok = m.get(key);
    if (ok === undefined) {
      ok = attempt(() => checkSetup(def, players, variants)) === null;
      m.set(key, ok);
    }
    return ok;
  };
}

/**
 * Whether the first point two encodings part, with two entries' differences applied together,
 * is what each alone gives: the earlier of the two, told the same way; where both part at the same
 * move, the same kind of difference with the lines of both. Anything else — a point neither alone
 * has, one of them gone, the two told as one (both touch one choice) — is an interaction.
 */
export function additive(together: PlayDifference | null, a: PlayDifference | null, b: PlayDifference | null): boolean {
  const at = (d: PlayDifference | null) => (d ? d.moves.length : Infinity);
  const earliest = Math.min(at(a), at(b));
  if (earliest === Infinity) return together === null;
  if (!together || at(together) !== earliest) return false;
  const there = [a, b].filter((d): d is PlayDifference => !!d && at(d) === earliest);
  if (there.some((d) => d.kind !== together.kind || d.where !== together.where)) return false;
  const lines = new Set(there.flatMap((d) => d.detail));
  return together.detail.length === lines.size && together.detail.every((l) => lines.has(l));
}

/**
 * The pairs of entries worth playing together: those whose declarations, on either side, name the
 * same zone, counter, define, rule or event of the game — two changes that touch one thing; those
 * that share the most names first.
 */
export function interactionCandidates(first: GameDefinition, structure: StructureComparison, entries: readonly (readonly string[])[]): [number, number][] {
  const declared = new Set<string>();
  for (const d of first.decls) {
    const name = (d as { name?: { text?: string } }).name?.text;
    if (name && d.kind !== 'Game') declared.add(name);
  }
  const touched = entries.map((keys) => {
    const out = new Set<string>();
    for (const d of structure.differences) {
      if (!keys.includes(d.key)) continue;
      const own = d.key.slice(d.key.indexOf(' ') + 1);
      for (const text of [d.first?.text ?? '', d.second?.text ?? '']) {
        // The declaration's own header names itself: what it touches is in its body.
        const body = text.slice(text.indexOf('\n') + 1);
        for (const m of body.matchAll(/[a-z][\w-]*/g)) if (declared.has(m[0]) && m[0] !== own) out.add(m[0]);
      }
      out.add(own);
    }
    return out;
  });
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const shared = [...touched[i]!].filter((n) => touched[j]!.has(n)).length;
      if (shared) pairs.push([i, j, shared]);
    }
  }
  return pairs.sort((x, y) => y[2] - x[2]).map(([i, j]) => [i, j]);
}

function attempt(f: () => void): string | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof Error) return e.message;
    throw e;
  }
}
