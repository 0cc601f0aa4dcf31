// Comparing two encodings of one game in play: the same seeded games run through both, one's
// random agents choosing and the other following, stopping where they part; and the outcomes of
// the same seeds played in each on its own, side by side.
import { randomAgent } from '../agents.js';
import { NO_VARIANTS, type SideVariants } from './compare-structure.js';
import type { GameDefinition } from '../definition/index.js';
import { applyInPlace, legalMoves, setup, type LegalMoves } from '../runtime.js';
import { simulate, type SimulationReport } from './simulate.js';
import type { GameState } from '../state.js';

export type PlayDifferenceKind = 'decision' | 'moves' | 'effect' | 'end' | 'error';

/** Each kind of difference in words, to go before its `where`. */
export const DIFFERENCE_TEXT: Readonly<Record<PlayDifferenceKind, string>> = {
  decision: 'a different decision at', moves: 'different legal moves at', effect: 'a different effect at', end: 'a different end:', error: 'a rule error at',
};

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
  /** The moves both made before it: replaying them in either encoding reaches the point. */
  readonly moves: readonly string[];
}

/** Differences of one kind at one place, with how often they were met and the first example. */
export interface PlayDifferenceGroup {
  readonly kind: PlayDifferenceKind;
  readonly where: string;
  readonly games: number;
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
    const differences = compareGame(first, second, game);
    o.onProgress?.(i + 1, games.length);
    return differences;
  });
  return summarizePlay(found);
}

/** Each side's results over the same seeds, played on its own: win shares and mean scores by seat. */
export interface OutcomeComparison {
  readonly players: number;
  readonly first: SimulationReport;
  readonly second: SimulationReport;
}

/**
 * Plays the same seeds in each encoding independently, its own random agents choosing, and sets
 * the outcomes side by side: whether a change moves the balance between seats, or the scores.
 */
export function compareOutcomes(first: GameDefinition, second: GameDefinition, o: PlayComparisonOptions): OutcomeComparison[] {
  const variants = o.variants ?? NO_VARIANTS;
  const counts = o.players ?? sharedPlayerCounts(first, second);
  const total = counts.length * 2 * o.games;
  let before = 0;
  const side = (def: GameDefinition, players: number, chosen: readonly string[]) => {
    const offset = before;
    before += o.games;
    return simulate(def, { players, variants: chosen, games: o.games, seed: o.seed, onProgress: (done) => o.onProgress?.(offset + done, total) });
  };
  return counts.map((players) => ({ players, first: side(first, players, variants.first), second: side(second, players, variants.second) }));
}

/** One game played in both encodings. */
export interface ComparedGame {
  readonly players: number;
  readonly seed: string;
  readonly variants: SideVariants;
  /** Whose random agents choose; the other encoding follows. */
  readonly leader: 'first' | 'second';
  readonly maxMoves: number;
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
  const groups = new Map<string, { kind: PlayDifferenceKind; where: string; games: number; example: PlayDifference }>();
  for (const differences of perGame) {
    const seen = new Set<string>();
    for (const d of differences) {
      const key = `${d.kind}|${d.where}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const group = groups.get(key);
      if (group) group.games++;
      else groups.set(key, { kind: d.kind, where: d.where, games: 1, example: d });
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
export function compareGame(first: GameDefinition, second: GameDefinition, spec: ComparedGame): PlayDifference[] {
  const moves: string[] = [];
  const found: PlayDifference[] = [];
  const differ = (kind: PlayDifferenceKind, where: string, detail: string[], move?: string): PlayDifference[] => {
    found.push({
      kind, where, ...(move === undefined ? {} : { move }), detail,
      players: spec.players, seed: spec.seed, variants: spec.variants, leader: spec.leader, moves: [...moves],
    });
    return found;
  };
  const states: [GameState | null, GameState | null] = [null, null];
  const defs = [first, second] as const;
  const sideVariants = [spec.variants.first, spec.variants.second] as const;
  const started = defs.map((def, i) => attempt(() => { states[i] = setup(def, spec.players, spec.seed, sideVariants[i]); }));
  if (started[0] || started[1]) return differ('error', 'setting up', errorLines(started));
  const [a, b] = states as [GameState, GameState];
  const [leader, follower] = spec.leader === 'first' ? [a, b] : [b, a];
  const resynchronize = () => follow(leader, follower);
  let effect = compareEffects(a, b);
  if (effect) {
    differ('effect', 'setting up', effect);
    resynchronize();
  }
  const agents = Array.from({ length: spec.players }, (_, seat) => randomAgent(`${spec.seed}:${seat}`));
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
    const lead = spec.leader === 'first' ? la : lb;
    const other = spec.leader === 'first' ? lb : la;
    const move = agents[lead.player]!.choose(lead.moves, { def: spec.leader === 'first' ? first : second, seat: lead.player, view: () => { throw new Error('comparison agents do not look'); } });
    if (la.player !== lb.player || la.choice !== lb.choice) {
      return differ('decision', where, [`first: ${describeDecision(la)}`, `second: ${describeDecision(lb)}`]);
    }
    const options = movesDifference(la, lb);
    if (options) {
      differ('moves', where, options);
      if (!other.moves.includes(move)) return found; // the follower cannot make the leader's move
    }
    const applied = [attempt(() => applyInPlace(first, a, move)), attempt(() => applyInPlace(second, b, move))];
    if (applied[0] || applied[1]) return differ('error', where, errorLines(applied), move);
    effect = compareEffects(a, b);
    if (effect) {
      differ('effect', where, effect, move);
      resynchronize();
    }
    moves.push(move);
  }
  return found;
}

/** Puts the leader's counters, zones, pieces and chance into the follower, where both have them. */
function follow(leader: GameState, follower: GameState): void {
  for (const name of Object.keys(leader.counters)) if (name in follower.counters) follower.counters[name] = structuredClone(leader.counters[name]!);
  for (const zone of Object.keys(leader.zones)) if (zone in follower.zones) follower.zones[zone] = [...leader.zones[zone]!];
  for (const piece of Object.keys(leader.pieces)) if (piece in follower.pieces) follower.pieces[piece] = { ...leader.pieces[piece]! };
  follower.rng = structuredClone(leader.rng);
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

const describeDecision = (l: LegalMoves): string => `P${l.player + 1} to decide \`${l.choice}\` in rule \`${l.rule}\``;
const describeResult = (s: GameState): string =>
  s.result ? `scores ${s.result.scores.join(', ')}; winners ${s.result.winners.map((w) => `P${w + 1}`).join(', ') || 'none'}` : 'no result';

/** The moves only one encoding allows at the same decision. */
function movesDifference(a: LegalMoves, b: LegalMoves): string[] | null {
  const inB = new Set(b.moves);
  const inA = new Set(a.moves);
  const onlyA = a.moves.filter((m) => !inB.has(m));
  const onlyB = b.moves.filter((m) => !inA.has(m));
  if (!onlyA.length && !onlyB.length) return null;
  return [
    `P${a.player + 1} decides; legal in both: ${a.moves.filter((m) => inB.has(m)).join(', ') || '(none)'}`,
    ...(onlyA.length ? [`only in the first: ${onlyA.join(', ')}`] : []),
    ...(onlyB.length ? [`only in the second: ${onlyB.join(', ')}`] : []),
  ];
}

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
  const list = (cards: readonly string[]) => (cards.length ? cards.join(', ') : 'nothing');
  return `only in the first ${list(onlyA)}; only in the second ${list(left)}`;
}

/**
 * What the last move did, compared where both encodings can be compared: the counters and zones
 * of the same name in both, the pieces, and whether the game is ending. (Each encoding may keep
 * bookkeeping of its own under other names; that is not compared.)
 */
function compareEffects(a: GameState, b: GameState): string[] | null {
  const out: string[] = [];
  const show = (v: unknown) => JSON.stringify(v);
  for (const name of Object.keys(a.counters)) {
    if (!(name in b.counters)) continue;
    if (show(a.counters[name]) !== show(b.counters[name])) out.push(`counter ${name}: first ${show(a.counters[name])}, second ${show(b.counters[name])}`);
  }
  for (const zone of Object.keys(a.zones)) {
    if (!(zone in b.zones)) continue;
    if (show(a.zones[zone]) !== show(b.zones[zone])) out.push(`zone ${zone}: ${zoneDifference(a.zones[zone]!, b.zones[zone]!)}`);
  }
  for (const piece of Object.keys(a.pieces)) {
    if (!(piece in b.pieces)) continue;
    if (show(a.pieces[piece]) !== show(b.pieces[piece])) out.push(`piece ${piece}: first at ${show(a.pieces[piece])}, second at ${show(b.pieces[piece])}`);
  }
  if (a.ending !== b.ending) out.push(`the game is ending: first ${a.ending ? 'yes' : 'no'}, second ${b.ending ? 'yes' : 'no'}`);
  return out.length ? out : null;
}
