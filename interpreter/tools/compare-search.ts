// A search for a game that reaches a difference no random game reached: the leader's moves are
// steered toward the situation the differing declarations read. At each decision every legal move
// is tried one step ahead in both encodings: a move whose effect already differs is taken at once;
// otherwise moves that make the differing rules run, then the rules that feed them, or that change
// what their conditions read (the counters and zones named where they decide: `where`, `if`, `by`,
// …), are preferred, with some random moves among them so the games do not all go alike.
import type { GameDefinition } from '../definition/index.js';
import { applyInPlace, legalMoves, seedRng, nextUint, type GameState, type RngState } from '../runtime/index.js';
import type { Chooser } from './compare-play.js';
import type { StructureComparison } from './compare-structure.js';

/** What a search steers toward: the rules that differ, the rules that feed what they read, the counters and zones to change. */
export interface SearchFocus {
  /** The rules the difference is in: where they run, the two encodings may part. */
  readonly rules: readonly string[];
  /** Rules that change what the differing rules read (they name it): running them leads toward the situation. */
  readonly feeding: readonly string[];
  /** Counters and zones the differing declarations decide on. */
  readonly names: readonly string[];
}

/** Lines where a declaration decides: what their names read is the situation it needs. */
const DECIDING = /\b(where|if|by|when|while|rank|sorted|any|all|count|unless|then)\b/;

/**
 * The focus of an entry: the rules its declarations hold or that use them (on either side), the
 * counters and zones of the game named on their deciding lines (with the defines those lines
 * call, three deep), and the rules that name those counters and zones.
 */
export function searchFocus(first: GameDefinition, structure: StructureComparison, keys: readonly string[]): SearchFocus {
  const texts = structure.differences.filter((d) => keys.includes(d.key)).flatMap((d) => [d.first?.text ?? '', d.second?.text ?? '']);
  const textOf = (d: { span: { start: number; end: number } }) => first.source.text.slice(d.span.start, d.span.end);
  const nameOf = (d: unknown) => (d as { name?: { text?: string } }).name?.text;
  const decls = first.decls.map((d) => ({ kind: d.kind, name: nameOf(d), text: textOf(d as unknown as { span: { start: number; end: number } }) }));
  // The rules a declaration holds (a power's, a variant's), or is (a rule).
  const rulesIn = (text: string) => [...text.matchAll(/(?:^|\n)\s*(?:add |replace )?rule ([\w-]+)/g)].map((m) => m[1]!);
  const mentions = (text: string, name: string) => new RegExp(`(?<![\\w-])${name.replace(/[-]/g, '\\-')}(?![\\w-])`).test(text);
  const rules = new Set<string>();
  for (const t of texts) rulesIn(t).forEach((r) => rules.add(r));
  // A define, counter or zone that differs acts through the rules that use it.
  const own = keys.filter((k) => /^(define|counter|zone) /.test(k)).map((k) => k.slice(k.indexOf(' ') + 1));
  for (const d of decls) if (own.some((n) => mentions(d.text, n))) rulesIn(d.text).forEach((r) => rules.add(r));
  const stateNames = new Set(decls.filter((d) => d.kind === 'Counter' || d.kind === 'Zone').map((d) => d.name!));
  const defines = new Map(decls.filter((d) => d.kind === 'Define').map((d) => [d.name!, d.text]));
  const names = new Set<string>();
  const read = (line: string, depth: number) => {
    for (const m of line.matchAll(/[a-z][\w-]*/g)) {
      const w = m[0];
      if (stateNames.has(w)) names.add(w);
      else if (depth > 0 && defines.has(w)) for (const l of defines.get(w)!.split('\n')) read(l, depth - 1);
    }
  };
  for (const t of texts) for (const line of t.split('\n')) if (DECIDING.test(line)) read(line, 3);
  const feeding = new Set<string>();
  for (const d of decls) if ([...names].some((n) => mentions(d.text, n))) rulesIn(d.text).filter((r) => !rules.has(r)).forEach((r) => feeding.add(r));
  return { rules: [...rules], feeding: [...feeding], names: [...names] };
}

/** Moves tried ahead at one decision, at most: past it, a random sample of them. */
const LOOK_AT = 12;
/** How often a random move is made instead of the best, so that games differ. */
const WANDER = 0.2;

/** The shared state of a game as one text, to tell whether a move did the same in both encodings. */
const shape = (s: GameState): string => JSON.stringify([s.counters, s.zones, s.pieces, s.over, s.result, s.pending?.player, s.pending?.options.map((o) => o.id)]);

/**
 * A chooser for compareGame that steers the leader toward the focus: a move that already acts
 * differently in the two encodings first, then moves that run the focus rules or change the focus
 * counters and zones, ties and a fifth of decisions at random (seeded: the same seed, the same games).
 */
export function steeredChooser(focus: SearchFocus, seed: string): Chooser {
  const rng: RngState = seedRng(`steer:${seed}`);
  const pick = <T>(xs: readonly T[]): T => xs[nextUint(rng) % xs.length]!;
  const rules = new Set(focus.rules);
  const feeding = new Set(focus.feeding);
  return (legal, leader, follower) => {
    if (legal.moves.length === 1) return legal.moves[0]!;
    if (nextUint(rng) % 1000 < WANDER * 1000) return pick(legal.moves);
    const followerMoves = new Set(legalMoves(follower.def, follower.state)?.moves ?? []);
    let moves = legal.moves;
    if (moves.length > LOOK_AT) {
      const shuffled = [...moves];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = nextUint(rng) % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      moves = shuffled.slice(0, LOOK_AT);
    }
    let best: string[] = [];
    let bestScore = -1;
    for (const move of moves) {
      const ahead = structuredClone(leader.state);
      let ran = false;
      let fed = false;
      try {
        applyInPlace(leader.def, ahead, move, { onRule: (r) => { if (rules.has(r.name.text)) ran = true; else if (feeding.has(r.name.text)) fed = true; } });
      } catch {
        continue; // a move that fails is the comparison's to find, not the search's to prefer
      }
      // Where no differing rule ran, the two encodings do the same (a rule's difference shows only where it runs).
      if (followerMoves.has(move) && (ran || !rules.size)) {
        const other = structuredClone(follower.state);
        try {
          applyInPlace(follower.def, other, move);
          if (shape(other) !== shape(ahead)) return move; // it acts differently now: the situation is reached
        } catch {
          return move;
        }
      }
      let score = (ran ? 4 : 0) + (fed ? 2 : 0);
      for (const name of focus.names) {
        const before = JSON.stringify(pickNamed(leader.state, name));
        if (JSON.stringify(pickNamed(ahead, name)) !== before) score += 1;
      }
      if (score > bestScore) [best, bestScore] = [[move], score];
      else if (score === bestScore) best.push(move);
    }
    return best.length ? pick(best) : pick(legal.moves);
  };
}

/** A counter's values, or every zone of that name (one per player or owner). */
function pickNamed(state: GameState, name: string): unknown {
  if (name in state.counters) return state.counters[name];
  const out: unknown[] = [];
  for (const key of Object.keys(state.zones)) if (key === name || key.startsWith(`${name}@`)) out.push(state.zones[key]);
  return out;
}
