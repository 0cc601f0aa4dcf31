// Comparing two encodings of one game in play: the same seeded games run through both, one's
// random agents choosing and the other following, stopping where they part; and the outcomes of
// the same seeds played in each on its own, side by side.
import { randomAgent } from '../runtime/index.js';
import { NO_VARIANTS, type SideVariants } from './compare-structure.js';
import type { GameDefinition } from '../definition/index.js';
import { applyInPlace, label, legalMoves, modelOf, setup, type LegalMoves, type Model } from '../runtime/index.js';
import { Tally, type SimulationReport } from './simulate.js';
import type { GameState } from '../runtime/index.js';

export type PlayDifferenceKind = 'decision' | 'moves' | 'effect' | 'end' | 'error';


/**
 * Where a game parts, as the log tells it: whose move, and which (`a different effect of P1's move
 * advance 9`), not the engine's rule and choice names; for a group, its example.
 */
export function pointInWords(d: PlayDifference): string {
  const who = d.decision ? `P${d.decision.player + 1}` : null;
  switch (d.kind) {
    case 'effect': return d.move ? `a different effect of ${who}'s move ${d.move}` : 'a different setup';
    case 'moves': return `different legal moves when ${who} decides${d.moves.length ? `, after the move ${d.moves.at(-1)}` : ', at the first move'}`;
    case 'decision': return `a different player or decision ${d.moves.length ? `after the move ${d.moves.at(-1)}` : 'at the start'}`;
    case 'error': return d.move ? `a rule error on ${who}'s move ${d.move}` : 'a rule error while setting up';
    case 'end': return `a different end: ${d.where}`;
  }
}

/** A point where one game, played the same way in both encodings, goes differently. */
export interface PlayDifference {
  readonly kind: PlayDifferenceKind;
  /** Where it happens in words, the same for every game that parts there: `choice \`buy\` in rule \`village\``. */
  readonly where: string;
  /** The move whose effect differs (for an effect or an error after a move). */
  readonly move?: string;
  /** What differs, a line each. */
  readonly detail: readonly string[];
  readonly players: number;
  readonly seed: string;
  /** The variants each encoding was played with. */
  readonly variants: SideVariants;
  /** Which encoding chose the moves (its random agents); the other followed. */
  readonly leader: 'first' | 'second';
  /** The leader's moves were steered toward a difference (compare-search.ts), not random. */
  readonly steered?: boolean;
  /** The moves both made before it: replaying them in either encoding reaches the point. */
  readonly moves: readonly string[];
  /** Met after an earlier difference in the same game (the games went on from the leader's position): it may follow from that one. */
  readonly afterEarlier?: boolean;
  /** Who was deciding, and the moves the first encoding offered them there, as the log shows them. */
  readonly decision?: { readonly player: number; readonly moves: readonly string[] };
}

/** Differences of one kind at one place, with how often they were met and the first example. */
export interface PlayDifferenceGroup {
  readonly kind: PlayDifferenceKind;
  readonly where: string;
  readonly games: number;
  /** Games where it is the first difference met: it cannot follow from another one. */
  readonly firstIn: number;
  /** The shortest game where it comes first, or else the shortest game. */
  readonly example: PlayDifference;
}

export interface PlayComparison {
  readonly games: number;
  /** Games that went the same way in both, to the same result. */
  readonly agreed: number;
  readonly groups: readonly PlayDifferenceGroup[];
}

export interface PlayComparisonOptions {
  /** Player counts to play (default: every count both encodings allow). */
  readonly players?: readonly number[];
  /** Games per player count and per leading encoding. */
  readonly games: number;
  readonly seed: string | number;
  /** The variants each encoding is played with (by default none). */
  readonly variants?: SideVariants;
  readonly maxMoves?: number;
  /** The second's names in the first's words (compareStructure's pairing): its counters, zones, pieces and rules read as the first's. */
  readonly names?: Readonly<Record<string, string>>;
  readonly onProgress?: (done: number, total: number) => void;
}

/** The player counts both encodings allow. */
export function sharedPlayerCounts(a: GameDefinition, b: GameDefinition): number[] {
  const out: number[] = [];
  for (let n = Math.max(a.players.min, b.players.min); n <= Math.min(a.players.max, b.players.max); n++) out.push(n);
  return out;
}

/**
 * Plays the same games in both encodings: one encoding's random agents choose, the other follows
 * move by move, and each game stops at the first point where the two differ — whose decision it
 * is or which moves are legal, what a move does to the shared counters, zones and pieces, or how
 * the game ends. Each encoding leads half the games, so options only one of them offers are met.
 */
export function comparePlay(first: GameDefinition, second: GameDefinition, o: PlayComparisonOptions): PlayComparison {
  const games = comparisonGames(first, second, o);
  const found = games.map((game, i) => {
    const differences = compareGame(first, second, game, o.names);
    o.onProgress?.(i + 1, games.length);
    return differences;
  });
  return summarizePlay(found);
}

/** Each side's results over the same seeds, played on its own: win shares and mean scores by seat. */
export interface OutcomeComparison {
  readonly players: number;
  /** The variants each side was played with, when any. */
  readonly variants?: SideVariants;
  readonly first: SimulationReport;
  readonly second: SimulationReport;
  /** Games a rule error stopped on that side (left out of its report), with the first error met. */
  readonly errors?: { readonly first: SideErrors | null; readonly second: SideErrors | null };
}

export interface SideErrors {
  readonly games: number;
  readonly seed: string;
  readonly message: string;
}

/**
 * Plays the same seeds in each encoding independently, its own random agents choosing, and sets
 * the outcomes side by side: whether a change moves the balance between seats, or the scores. A
 * game a rule error stops is counted apart, so one failing side never loses the comparison.
 */
export function compareOutcomes(first: GameDefinition, second: GameDefinition, o: PlayComparisonOptions): OutcomeComparison[] {
  const variants = o.variants ?? NO_VARIANTS;
  const counts = o.players ?? sharedPlayerCounts(first, second);
  const total = counts.length * 2 * o.games;
  let done = 0;
  const side = (def: GameDefinition, players: number, chosen: readonly string[]): [SimulationReport, SideErrors | null] => {
    const tally = new Tally(def, { players, variants: chosen, seed: o.seed });
    let errors = null as SideErrors | null;
    for (let g = 0; g < o.games; g++) {
      const message = attempt(() => tally.play(g));
      if (message) errors = { games: (errors?.games ?? 0) + 1, seed: errors?.seed ?? `${o.seed}/${g}`, message: errors?.message ?? message };
      o.onProgress?.(++done, total);
    }
    return [tally.report(), errors];
  };
  return counts.map((players) => {
    const [a, errorsA] = side(first, players, variants.first);
    const [b, errorsB] = side(second, players, variants.second);
    return { players, first: a, second: b, ...(errorsA || errorsB ? { errors: { first: errorsA, second: errorsB } } : {}) };
  });
}

/** One game played in both encodings. */
export interface ComparedGame {
  readonly players: number;
  readonly seed: string;
  readonly variants: SideVariants;
  /** Whose random agents choose; the other encoding follows. */
  readonly leader: 'first' | 'second';
  readonly maxMoves: number;
  /** A chooser steers the leader's moves (a search), instead of its random agents. */
  readonly steered?: boolean;
  /**
   * For showing only: the first's counter and zone names the second encoding's encoder calls
   * otherwise (`won` → `gewonnen`), told beside them; where the second side is the first with one
   * declaration of the other put in, its state still has the first's names.
   */
  readonly secondCalls?: Readonly<Record<string, string>>;
}

/** The games a comparison plays: per player count, `games` seeds, each led once by each encoding. */
export function comparisonGames(first: GameDefinition, second: GameDefinition, o: PlayComparisonOptions): ComparedGame[] {
  const out: ComparedGame[] = [];
  for (const players of o.players ?? sharedPlayerCounts(first, second)) {
    for (let g = 0; g < o.games; g++) {
      for (const leader of ['first', 'second'] as const) {
        out.push({ players, seed: `${o.seed}/${players}/${g}`, variants: o.variants ?? NO_VARIANTS, leader, maxMoves: o.maxMoves ?? 100_000 });
      }
    }
  }
  return out;
}

/** Every game's differences grouped by kind and place (counted once per game), most frequent first. */
export function summarizePlay(perGame: readonly (readonly PlayDifference[])[]): PlayComparison {
  const groups = new Map<string, { kind: PlayDifferenceKind; where: string; games: number; firstIn: number; example: PlayDifference }>();
  // A difference met first in its game is the better example: nothing before it can explain it.
  const better = (d: PlayDifference, than: PlayDifference) =>
    !d.afterEarlier && than.afterEarlier ? true : !!d.afterEarlier === !!than.afterEarlier && d.moves.length < than.moves.length;
  for (const differences of perGame) {
    const seen = new Set<string>();
    for (const d of differences) {
      const key = `${d.kind}|${d.where}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const group = groups.get(key);
      if (!group) groups.set(key, { kind: d.kind, where: d.where, games: 1, firstIn: d.afterEarlier ? 0 : 1, example: d });
      else {
        group.games++;
        if (!d.afterEarlier) group.firstIn++;
        if (better(d, group.example)) group.example = d;
      }
    }
  }
  return {
    games: perGame.length, agreed: perGame.filter((d) => d.length === 0).length,
    groups: [...groups.values()].sort((x, y) => y.games - x.games),
  };
}

/** Stops a game's comparison after this many differences: by then the two games have little in common. */
const MAX_DIFFERENCES_PER_GAME = 12;

/**
 * Plays one game in both encodings, one's random agents choosing and the other following, and
 * lists every point where they part. After a move whose effect differs, the follower's counters,
 * zones, pieces and chance are set to the leader's, so the game goes on from the same position and
 * later differences are found too; it stops where the follower cannot follow (a different
 * decision, a move it does not allow, an error, the end).
 */
/**
 * Chooses the leader's move at a decision instead of its random agent: a search steered toward a
 * situation (compare-search.ts). It sees both encodings' states, and must not change them.
 */
export type Chooser = (legal: LegalMoves, leader: { readonly def: GameDefinition; readonly state: GameState }, follower: { readonly def: GameDefinition; readonly state: GameState }) => string;

export function compareGame(first: GameDefinition, second: GameDefinition, spec: ComparedGame, names: Readonly<Record<string, string>> = {}, choose?: Chooser): PlayDifference[] {
  const words = wordsOf(names);
  const moves: string[] = [];
  const found: PlayDifference[] = [];
  let deciding: LegalMoves | null = null;
  const differ = (kind: PlayDifferenceKind, where: string, detail: string[], move?: string): PlayDifference[] => {
    found.push({
      kind, where, ...(move === undefined ? {} : { move }), detail, ...(deciding ? { decision: { player: deciding.player, moves: deciding.moves } } : {}),
      players: spec.players, seed: spec.seed, variants: spec.variants, leader: spec.leader, moves: [...moves], ...(spec.steered ? { steered: true } : {}),
      ...(found.length ? { afterEarlier: true } : {}),
    });
    return found;
  };
  const states: [GameState | null, GameState | null] = [null, null];
  const defs = [first, second] as const;
  const sideVariants = [spec.variants.first, spec.variants.second] as const;
  const started = defs.map((def, i) => attempt(() => { states[i] = setup(def, spec.players, spec.seed, sideVariants[i]); }));
  if (started[0] || started[1]) return differ('error', 'setting up', errorLines(started));
  const [a, b] = states as [GameState, GameState];
  const calls = spec.secondCalls;
  const shown = namesIn(modelOf(first, a), calls ? (n) => calls[n] ?? words.toSecond(n) : words.toSecond);
  const resynchronize = () => (spec.leader === 'first' ? follow(a, b, words.toSecond) : follow(b, a, words.toFirst));
  let effect = compareEffects(a, inWords(b, words.toFirst), shown);
  if (effect) {
    differ('effect', 'setting up', effect);
    resynchronize();
  }
  const agents = Array.from({ length: spec.players }, (_, seat) => randomAgent(`${spec.seed}:${seat}`));
  const shared = sharedNames(a, inWords(b, words.toFirst));
  while (moves.length < spec.maxMoves && found.length < MAX_DIFFERENCES_PER_GAME) {
    const la = legalMoves(first, a);
    const lb = legalMoves(second, b);
    if (!la || !lb) {
      if (la || lb) return differ('end', la ? 'the second encoding ends the game, the first goes on' : 'the first encoding ends the game, the second goes on', [
        `first: ${la ? describeDecision(la) : `over, ${describeResult(a)}`}`,
        `second: ${lb ? describeDecision(lb) : `over, ${describeResult(b)}`}`,
      ]);
      if (JSON.stringify(a.result) !== JSON.stringify(b.result)) {
        return differ('end', 'the final result', [`first: ${describeResult(a)}`, `second: ${describeResult(b)}`]);
      }
      return found;
    }
    const where = `choice \`${la.choice}\` in rule \`${la.rule}\``;
    deciding = la;
    const lead = spec.leader === 'first' ? la : lb;
    const move = choose
      ? choose(lead, spec.leader === 'first' ? { def: first, state: a } : { def: second, state: b }, spec.leader === 'first' ? { def: second, state: b } : { def: first, state: a })
      : agents[lead.player]!.choose(lead.moves, { def: spec.leader === 'first' ? first : second, seat: lead.player, view: () => { throw new Error('comparison agents do not look'); } });
    // The same decision is the same player deciding in the same rule; what the choice is called is wording.
    if (la.player !== lb.player || la.rule !== words.toFirst(lb.rule)) {
      return differ('decision', where, [`first: ${describeDecision(la)}`, `second: ${describeDecision(lb)}`]);
    }
    const matched = matchMoves(first, a, la, second, b, lb, shared, words.toFirst);
    // (After a different effect, the follower's legal moves were worked out before it took the
    // leader's position: a difference here is marked as met after an earlier one.)
    if (matched.detail) differ('moves', where, matched.detail);
    // The move each encoding makes: the leader's, and the follower's that does the same.
    const moveA = spec.leader === 'first' ? move : matched.toFirst.get(move);
    const moveB = spec.leader === 'second' ? move : matched.toSecond.get(move);
    if (moveA === undefined || moveB === undefined) return found; // the follower cannot make the leader's move
    const applied = [attempt(() => applyInPlace(first, a, moveA)), attempt(() => applyInPlace(second, b, moveB))];
    if (applied[0] || applied[1]) return differ('error', where, errorLines(applied), move);
    effect = compareEffects(a, inWords(b, words.toFirst), shown);
    if (effect) {
      differ('effect', where, effect, move);
      resynchronize();
    }
    moves.push(move);
  }
  return found;
}

/** The counters, zones and pieces both encodings have, by name: what their effects are compared on. */
interface SharedNames {
  readonly counters: readonly string[];
  readonly zones: readonly string[];
  readonly pieces: readonly string[];
}

function sharedNames(a: Pick<GameState, 'counters' | 'zones' | 'pieces'>, b: Pick<GameState, 'counters' | 'zones' | 'pieces'>): SharedNames {
  const both = (x: object, y: object) => Object.keys(x).filter((k) => k in y);
  return { counters: both(a.counters, b.counters), zones: both(a.zones, b.zones), pieces: both(a.pieces, b.pieces) };
}

/** What a move does, as far as both encodings can be compared: the shared state after it, and who decides next. */
function effectOf(def: GameDefinition, state: GameState, move: string, shared: SharedNames, say: Say): string {
  const next = structuredClone(state);
  const error = attempt(() => applyInPlace(def, next, move));
  if (error) return `error ${error}`;
  const pick = <T>(from: Record<string, T>, names: readonly string[]) => names.map((n) => from[n]);
  const l = legalMoves(def, next);
  const seen = inWords(next, say);
  return JSON.stringify([
    pick(seen.counters, shared.counters), pick(seen.zones, shared.zones), pick(seen.pieces, shared.pieces),
    next.ending, next.over, next.result, next.rng, l ? [l.player, say(l.rule), l.moves.length] : null,
  ]);
}

/** Says a name or an id of one encoding in the other's words. */
type Say = (name: string) => string;

/** The second encoding's names in the first's words and back: `spaces:13` is `cells:13` where the second calls the table `cells`. */
function wordsOf(names: Readonly<Record<string, string>>): { readonly toFirst: Say; readonly toSecond: Say } {
  const back = Object.fromEntries(Object.entries(names).map(([k, v]) => [v, k]));
  const sayer = (map: Readonly<Record<string, string>>): Say => {
    if (!Object.keys(map).length) return identity;
    return (s) => {
      const cut = s.search(/[:#@]/);
      const head = cut < 0 ? s : s.slice(0, cut);
      const other = map[head];
      return other === undefined ? s : other + (cut < 0 ? '' : s.slice(cut));
    };
  };
  return { toFirst: sayer(names), toSecond: sayer(back) };
}

/** A state's counters, zones and pieces with every name and id said the other way (the state itself untouched). */
function inWords(state: GameState, say: Say): Pick<GameState, 'counters' | 'zones' | 'pieces' | 'ending'> {
  const value = (v: unknown): unknown => (typeof v === 'string' ? say(v) : Array.isArray(v) ? v.map(value)
    : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [say(k), value(x)])) : v);
  const rekey = <T>(r: Record<string, T>, f: (x: T) => T) => Object.fromEntries(Object.entries(r).map(([k, x]) => [say(k), f(x)]));
  if (say === identity) return state;
  return {
    counters: rekey(state.counters, (c) => value(c) as typeof c),
    zones: rekey(state.zones, (z) => z.map(say)),
    pieces: rekey(state.pieces, (p) => ({ ...p, space: p.space === null ? null : say(p.space) })),
    ending: state.ending,
  };
}
const identity: Say = (s) => s;

interface MatchedMoves {
  /** Each move of either encoding's list, and the move of the other encoding that does the same. */
  readonly toFirst: ReadonlyMap<string, string>;
  readonly toSecond: ReadonlyMap<string, string>;
  /** What is left unmatched, when something is. */
  readonly detail: string[] | null;
}

/**
 * Pairs the two encodings' moves at the same decision by what they do, not by what they are
 * called: a move of the same id is the same move; of the others, two that change the shared
 * state the same way (and lead to the same next decision) are paired when the pairing is unique.
 */
function matchMoves(first: GameDefinition, a: GameState, la: LegalMoves, second: GameDefinition, b: GameState, lb: LegalMoves, shared: SharedNames, secondInFirst: Say): MatchedMoves {
  const toFirst = new Map<string, string>();
  const toSecond = new Map<string, string>();
  const inA = new Set(la.moves);
  const inB = new Set(lb.moves);
  for (const m of la.moves) if (inB.has(m)) { toFirst.set(m, m); toSecond.set(m, m); }
  let onlyA = la.moves.filter((m) => !inB.has(m));
  let onlyB = lb.moves.filter((m) => !inA.has(m));
  if (onlyA.length && onlyB.length) {
    const byEffect = (def: GameDefinition, state: GameState, ids: readonly string[], say: Say) => {
      const out = new Map<string, string[]>();
      for (const m of ids) {
        const e = effectOf(def, state, m, shared, say);
        out.set(e, [...(out.get(e) ?? []), m]);
      }
      return out;
    };
    const effectsA = byEffect(first, a, onlyA, identity);
    const effectsB = byEffect(second, b, onlyB, secondInFirst);
    for (const [e, ms] of effectsA) {
      const other = effectsB.get(e);
      if (ms.length === 1 && other?.length === 1) { toSecond.set(ms[0]!, other[0]!); toFirst.set(other[0]!, ms[0]!); }
    }
    onlyA = onlyA.filter((m) => !toSecond.has(m));
    onlyB = onlyB.filter((m) => !toFirst.has(m));
  }
  if (!onlyA.length && !onlyB.length) return { toFirst, toSecond, detail: null };
  const both = la.moves.filter((m) => toSecond.has(m)).map((m) => (toSecond.get(m) === m ? m : `${m} (second: ${toSecond.get(m)})`));
  return {
    toFirst, toSecond, detail: [
      `P${la.player + 1} decides; legal in both: ${both.join(', ') || '(none)'}`,
      ...(onlyA.length ? [`only in the first: ${onlyA.join(', ')}`] : []),
      ...(onlyB.length ? [`only in the second: ${onlyB.join(', ')}`] : []),
    ],
  };
}

/** Puts the leader's counters, zones, pieces and chance into the follower, where both have them (`say`: the leader's names in the follower's words). */
function follow(leaderState: GameState, follower: GameState, say: Say): void {
  const leader = inWords(leaderState, say);
  for (const name of Object.keys(leader.counters)) if (name in follower.counters) follower.counters[name] = structuredClone(leader.counters[name]!);
  for (const zone of Object.keys(leader.zones)) if (zone in follower.zones) follower.zones[zone] = [...leader.zones[zone]!];
  for (const piece of Object.keys(leader.pieces)) if (piece in follower.pieces) follower.pieces[piece] = { ...leader.pieces[piece]! };
  const rng = leaderState.rng;
  follower.rng = structuredClone(rng);
  follower.ending = leader.ending;
}

function attempt(f: () => void): string | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof Error) return e.message; // a rule's fault, or a setup the other encoding refuses
    throw e;
  }
}

const errorLines = (errors: readonly (string | null)[]): string[] =>
  [`first: ${errors[0] ?? 'no error'}`, `second: ${errors[1] ?? 'no error'}`];

/** Whose decision it is and what they may do, as the log shows moves: `P3 chooses among take 1, take 2, pass`. */
const describeDecision = (l: LegalMoves): string => `P${l.player + 1} chooses among ${movesShown(l.moves)}`;

/** A decision's moves, the first six and how many. */
export const movesShown = (moves: readonly string[]): string => moves.slice(0, 6).join(', ') + (moves.length > 6 ? `, … (${moves.length} moves)` : '');
const describeResult = (s: GameState): string =>
  s.result ? `scores ${s.result.scores.join(', ')}; winners ${s.result.winners.map((w) => `P${w + 1}`).join(', ') || 'none'}` : 'no result';

/** How two zones' cards differ: which cards only one has, or the order. */
function zoneDifference(a: readonly string[], b: readonly string[]): string {
  const left = [...b];
  const onlyA: string[] = [];
  for (const card of a) {
    const i = left.indexOf(card);
    if (i < 0) onlyA.push(card);
    else left.splice(i, 1);
  }
  if (!onlyA.length && !left.length) return `the same ${a.length} cards in another order`;
  const list = (cards: readonly string[]) => cards.join(', ');
  return [onlyA.length ? `only in the first ${list(onlyA)}` : '', left.length ? `only in the second ${list(left)}` : ''].filter(Boolean).join('; ');
}

/**
 * What the last move did, compared where both encodings can be compared — the counters and zones
 * of the same name in both, the pieces, and whether the game is ending — told in words, a line
 * per value that differs: `coins of P2: first 5, second 6`. (Each encoding may keep bookkeeping
 * of its own under other names; that is not compared.)
 */
function compareEffects(a: GameState, b: Pick<GameState, 'counters' | 'zones' | 'pieces' | 'ending'>, names: Names): string[] | null {
  const out: string[] = [];
  const same = equal;
  for (const name of Object.keys(a.counters)) {
    if (!(name in b.counters)) continue;
    const [x, y] = [a.counters[name]!, b.counters[name]!];
    if (same(x, y)) continue;
    const called = names.called(name);
    if (typeof x === 'number' || typeof y === 'number') out.push(`${called}: first ${JSON.stringify(x)}, second ${JSON.stringify(y)}`);
    else if (Array.isArray(x) && Array.isArray(y)) {
      x.forEach((v, seat) => { if (v !== y[seat]) out.push(`${called} of P${seat + 1}: first ${v}, second ${y[seat] ?? 'none'}`); });
    } else {
      const rx = x as Record<string, number>, ry = y as Record<string, number>;
      for (const k of new Set([...Object.keys(rx), ...Object.keys(ry)])) if ((rx[k] ?? 0) !== (ry[k] ?? 0)) out.push(`${called} of ${names.owner(k)}: first ${rx[k] ?? 0}, second ${ry[k] ?? 0}`);
    }
  }
  for (const zone of Object.keys(a.zones)) {
    if (!(zone in b.zones)) continue;
    if (!same(a.zones[zone], b.zones[zone])) out.push(`${zoneName(zone, names.called)}: ${zoneDifference(a.zones[zone]!.map(names.card), b.zones[zone]!.map(names.card))}`);
  }
  for (const piece of Object.keys(a.pieces)) {
    if (!(piece in b.pieces)) continue;
    if (!same(a.pieces[piece], b.pieces[piece])) out.push(`${names.piece(piece)}: first ${placeOf(a.pieces[piece]!, names)}, second ${placeOf(b.pieces[piece]!, names)}`);
  }
  if (a.ending !== b.ending) out.push(`the game is ending: first ${a.ending ? 'yes' : 'no'}, second ${b.ending ? 'yes' : 'no'}`);
  return out.length ? out : null;
}

/** Whether two plain-JSON values are the same: what JSON.stringify would say, without the text (this runs after every move). */
function equal(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x)) {
    if (!Array.isArray(y) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!equal(x[i], y[i])) return false;
    return true;
  }
  if (Array.isArray(y)) return false;
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  if (kx.length !== ky.length) return false;
  for (let i = 0; i < kx.length; i++) {
    if (kx[i] !== ky[i] || !equal((x as Record<string, unknown>)[kx[i]!], (y as Record<string, unknown>)[kx[i]!])) return false;
  }
  return true;
}

/** `hand@1` → `hand of P2`; with `called`, the zone as each side names it (`hand (second: ruka) of P2`). */
function zoneName(key: string, called: (name: string) => string = (n) => n): string {
  const at = key.lastIndexOf('@');
  return at < 0 ? called(key) : `${called(key.slice(0, at))} of P${Number(key.slice(at + 1)) + 1}`;
}

/** `{ space: 'spaces:13', slot: 0 }` → `on 13 (spot 1)`, the space as the log names it. */
function placeOf(p: { space: string | null; slot: number }, names: Names): string {
  if (p.space === null) return 'off the board';
  return `on ${names.space(p.space)} (spot ${p.slot + 1})`;
}

/** Cards, pieces and spaces as the log names them (`Ace`, not `Ace#2`; `P2`, not `pawns#1`). */
interface Names {
  readonly card: (id: string) => string;
  readonly piece: (id: string) => string;
  readonly space: (id: string) => string;
  /** A counter's owner: a piece, a card or a space, by its name. */
  readonly owner: (id: string) => string;
  /** A counter or zone as each side calls it: `won`, or `won (second: gewonnen)` where the second's encoder named it otherwise. */
  readonly called: (name: string) => string;
}

function namesIn(model: Model, toSecond: Say = identity): Names {
  const card = (id: string) => label(model, { card: id });
  const piece = (id: string) => (model.pieces.has(id) ? label(model, { piece: id }) : id);
  const space = (id: string) => label(model, { space: id });
  const called = (name: string) => {
    const other = toSecond(name);
    return other === name ? name : `${name} (second: ${other})`;
  };
  return { card, piece, space, called, owner: (id) => (model.pieces.has(id) ? piece(id) : model.things.has(id) ? card(id) : id) };
}
