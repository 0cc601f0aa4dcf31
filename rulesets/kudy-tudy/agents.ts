// Agents for Kudy? Tudy! (kudy-tudy.cs.rules): a clue giver that plans journeys to the places marked
// on its own map card and picks words that tell the target from the other places along the line,
// and a guesser that reads the announced directions and words and stops on the best match.
//
// They know this ruleset only through its names: the choices `head`, `aim`, `describe`, `flip`,
// the menu `plan another move` / `done` and `stop`; the tables `places` (x, y, tags),
// `word-cards`, `map-fronts` / `map-backs` (dot-1…dot-4, star-1, star-2); the zones `words`,
// `passport`, `white-k` / `black-k`; the counters `day`, `heading`, `announced`; the pieces
// `figures#seat` and `stop-k`. Everything else comes from the player's own view (`context.view()`),
// so a clue giver sees only its own map and words, and a guesser only what has been announced.
import { randomAgent, type Agent, type AgentContext } from '../../interpreter/runtime/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { modelFor } from '../../interpreter/runtime/index.js';
import type { PlayerView } from '../../interpreter/runtime/index.js';

// ─── What the ruleset's tables say ──────────────────────────────────────────

export interface Place {
  readonly id: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly tags: ReadonlySet<string>;
}

export interface City {
  readonly places: ReadonlyMap<string, Place>;
  readonly byLabel: ReadonlyMap<string, Place>;
  readonly at: ReadonlyMap<string, Place>;
  /** Word card id → the word on its white side (which is also the tag it names). */
  readonly wordOf: ReadonlyMap<string, string>;
  /** Map face id → place label → points (● 1, ★ 2). */
  readonly marks: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

const cities = new WeakMap<GameDefinition, Map<string, City>>();

/** The city, the words and the map faces of the compiled ruleset, read from its tables. */
export function cityOf(def: GameDefinition, players: number, variants: readonly string[] = []): City {
  let byKey = cities.get(def);
  if (!byKey) cities.set(def, (byKey = new Map()));
  const key = `${players}|${variants.join(',')}`;
  const known = byKey.get(key);
  if (known) return known;
  const model = modelFor(def, players, variants);
  const places = new Map<string, Place>();
  const wordOf = new Map<string, string>();
  const marks = new Map<string, Map<string, number>>();
  for (const thing of model.things.values()) {
    if (thing.table === 'places') {
      const tags = new Set(String(thing.attrs.tags ?? '').split(/\s+/).filter(Boolean));
      places.set(thing.id, { id: thing.id, label: thing.label, x: Number(thing.attrs.x), y: Number(thing.attrs.y), tags });
    } else if (thing.table === 'word-cards') {
      wordOf.set(thing.id, thing.label);
    } else if (thing.table === 'map-fronts' || thing.table === 'map-backs') {
      const m = new Map<string, number>();
      for (const k of ['dot-1', 'dot-2', 'dot-3', 'dot-4']) m.set(String(thing.attrs[k]), 1);
      for (const k of ['star-1', 'star-2']) m.set(String(thing.attrs[k]), 2);
      marks.set(thing.id, m);
    }
  }
  const city: City = {
    places,
    byLabel: new Map([...places.values()].map((p) => [p.label, p])),
    at: new Map([...places.values()].map((p) => [`${p.x},${p.y}`, p])),
    wordOf,
    marks,
  };
  byKey.set(key, city);
  return city;
}

export const DIRECTIONS = ['north', 'east', 'south', 'west'] as const;
export type Direction = (typeof DIRECTIONS)[number];
const STEP: Record<Direction, readonly [number, number]> = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] };

/** The places in a straight line from `from` towards `dir`, nearest first (as `line-from` in the ruleset). */
export function lineFrom(city: City, from: Place, dir: Direction): Place[] {
  const out: Place[] = [];
  const [dx, dy] = STEP[dir];
  for (let x = from.x + dx, y = from.y + dy; ; x += dx, y += dy) {
    const p = city.at.get(`${x},${y}`);
    if (!p) return out;
    out.push(p);
  }
}

// ─── How well words describe a place ────────────────────────────────────────

/** A clue: the words under one arrow, by the side that is up. */
export interface Clue {
  readonly white: readonly string[];
  readonly black: readonly string[];
}

/** One point for every white word the place has as a tag and every black word it has not. */
export function fit(place: Place, clue: Clue): number {
  let n = 0;
  for (const w of clue.white) if (place.tags.has(w)) n++;
  for (const w of clue.black) if (!place.tags.has(w)) n++;
  return n;
}

/** The guess for a line (nearest first): the best fit; of equal fits, the nearest place. */
export function bestGuess(line: readonly Place[], clue: Clue): Place | undefined {
  let best: Place | undefined;
  let bestFit = -1;
  for (const p of line) {
    const f = fit(p, clue);
    if (f > bestFit) { best = p; bestFit = f; }
  }
  return best;
}

/** How far the target is from being the guess: the fit it lacks against each rival (nearer rivals win ties). */
function deficit(line: readonly Place[], target: Place, clue: Clue): number {
  const own = fit(target, clue);
  const at = line.indexOf(target);
  let d = 0;
  line.forEach((q, i) => {
    if (q !== target) d += Math.max(0, fit(q, clue) - own + (i < at ? 1 : 0));
  });
  return d;
}

/**
 * The fewest words (greedily) from `words` that make `target` the guess on `line`, or null.
 * Each card is one word; a card may show its white or its black side.
 */
export function clueFor(line: readonly Place[], target: Place, words: readonly string[]): Clue | null {
  const white: string[] = [];
  const black: string[] = [];
  const left = [...words];
  for (;;) {
    const clue = { white, black };
    if (white.length + black.length > 0 && deficit(line, target, clue) === 0) return { white: [...white], black: [...black] };
    let pick: { i: number; side: 'white' | 'black'; d: number; gain: number } | null = null;
    left.forEach((w, i) => {
      for (const side of ['white', 'black'] as const) {
        const trial = side === 'white' ? { white: [...white, w], black } : { white, black: [...black, w] };
        const d = deficit(line, target, trial);
        const gain = fit(target, trial) - fit(target, clue);
        if (!pick || d < pick.d || (d === pick.d && gain > pick.gain)) pick = { i, side, d, gain };
      }
    });
    if (!pick) return null;
    const p = pick as { i: number; side: 'white' | 'black'; d: number; gain: number };
    const current = deficit(line, target, clue);
    if (white.length + black.length > 0 && p.d >= current) return null; // no word helps any more
    (p.side === 'white' ? white : black).push(left[p.i]!);
    left.splice(p.i, 1);
  }
}

// ─── Planning a journey ─────────────────────────────────────────────────────

export interface Step {
  readonly dir: Direction;
  readonly target: Place;
  readonly clue: Clue;
}

export interface PlanInput {
  readonly city: City;
  readonly start: Place;
  readonly words: readonly string[];
  /** Place label → points on the map face in use today. */
  readonly marks: ReadonlyMap<string, number>;
  /** Arrows available today (3 on day one, 5 on day two). */
  readonly arrows: number;
}

/** Each further move is a little less likely to be guessed right: later points count for less. */
const CONFIDENCE = 0.8;

const without = (words: readonly string[], used: Clue): string[] => {
  const left = [...words];
  for (const w of [...used.white, ...used.black]) left.splice(left.indexOf(w), 1);
  return left;
};

/**
 * The journey worth most: moves to marked places (each counted once, later ones discounted), with
 * a few unmarked places as stepping stones; every move's words must make its target the guess.
 */
export function planJourney(input: PlanInput): Step[] {
  const { city, start, marks, arrows } = input;
  let best: { value: number; steps: Step[] } = { value: 0, steps: [] };

  const search = (pos: Place, words: readonly string[], visited: ReadonlySet<string>, steps: Step[], value: number) => {
    if (value > best.value + 1e-9) best = { value, steps: [...steps] };
    const k = steps.length;
    if (k >= arrows || words.length === 0) return;
    // The most the remaining moves could add: the biggest marks not yet visited.
    let bound = 0;
    const rest = [...marks].filter(([label]) => !visited.has(label)).map(([, v]) => v).sort((a, b) => b - a);
    for (let j = 0; j < Math.min(rest.length, arrows - k); j++) bound += rest[j]! * CONFIDENCE ** (k + j + 1);
    if (value + bound <= best.value + 1e-9) return;
    for (const dir of DIRECTIONS) {
      const line = lineFrom(city, pos, dir);
      for (const target of line) {
        const points = visited.has(target.label) ? 0 : marks.get(target.label) ?? 0;
        // An unmarked place is worth stopping on only if a marked one lies straight on from it.
        if (points === 0 && !steppingStone(city, target, marks, visited)) continue;
        const clue = clueFor(line, target, words);
        if (!clue) continue;
        const seen = points > 0 ? new Set([...visited, target.label]) : visited;
        steps.push({ dir, target, clue });
        search(target, without(words, clue), seen, steps, value + points * CONFIDENCE ** (k + 1));
        steps.pop();
      }
    }
  };
  search(start, input.words, new Set(), [], 0);
  if (best.steps.length > 0) return best.steps;
  return fallbackMove(input);
}

function steppingStone(city: City, from: Place, marks: ReadonlyMap<string, number>, visited: ReadonlySet<string>): boolean {
  return DIRECTIONS.some((d) => lineFrom(city, from, d).some((p) => (marks.get(p.label) ?? 0) > 0 && !visited.has(p.label)));
}

/** No marked place can be described: one move whose words pick out some place, the nearest to a mark if possible. */
function fallbackMove(input: PlanInput): Step[] {
  const { city, start, words, marks } = input;
  const distanceToMark = (p: Place) => Math.min(99, ...[...marks.keys()].map((l) => city.byLabel.get(l)).filter((m): m is Place => !!m).map((m) => Math.abs(m.x - p.x) + Math.abs(m.y - p.y)));
  let choice: Step | null = null;
  let score = Infinity;
  for (const dir of DIRECTIONS) {
    const line = lineFrom(city, start, dir);
    for (const target of line) {
      const clue = clueFor(line, target, words);
      if (clue && distanceToMark(target) < score) { choice = { dir, target, clue }; score = distanceToMark(target); }
    }
  }
  if (choice) return [choice];
  const dir = DIRECTIONS.find((d) => lineFrom(city, start, d).length > 0)!;
  return [{ dir, target: lineFrom(city, start, dir)[0]!, clue: { white: [words[0]!], black: [] } }];
}

// ─── Reading the view ───────────────────────────────────────────────────────

const cardsOf = (view: PlayerView, key: string): readonly string[] => view.zones[key]?.cards ?? [];
const placeOfPiece = (city: City, view: PlayerView, piece: string): Place | undefined => {
  const space = view.pieces[piece]?.space;
  return space ? city.places.get(space) : undefined;
};
/** This player's arrows' private headings: how many are already turned. */
const arrowsTurned = (view: PlayerView, seat: number): number => {
  const heading = (view.counters.heading ?? {}) as Record<string, number>;
  return Object.entries(heading).filter(([id, v]) => id.startsWith(`arrows#${seat}.`) && v > 0).length;
};
const counter = (view: PlayerView, name: string): number => Number(view.counters[name] ?? 0);

/** The move whose `+`-joined names are exactly these words (in any order). */
function subsetMove(moves: readonly string[], verb: string, words: readonly string[]): string | undefined {
  const want = [...words].sort().join('+') || 'nothing';
  return moves.find((m) => m.startsWith(`${verb} `) && m.slice(verb.length + 1).split('+').sort().join('+') === want);
}

/** The name of the choice waiting for this agent. */
function choiceName(moves: readonly string[], view: PlayerView, seat: number): string {
  const decision = view.decision;
  if (decision && decision.player === seat && decision.choice !== 'secret') return decision.choice;
  return moves[0]?.split(' ')[0] ?? '';
}

// ─── The agents ─────────────────────────────────────────────────────────────

/** Plans each day's journey on its first planning choice and then plays it out choice by choice. */
export function clueGiverAgent(seed: string | number, seat: number): Agent {
  const fallback = randomAgent(`${seed}:${seat}:clue`);
  let plan: Step[] = [];
  let k = 0; // the move being planned, from 0
  return {
    name: 'kudy-tudy-clue-giver',
    choose(moves, context) {
      const view = context.view();
      const city = cityOf(context.def, view.players, view.variants);
      const name = choiceName(moves, view, seat);
      const pick = (move: string | undefined) => (move && moves.includes(move) ? move : fallback.choose(moves, context));
      switch (name) {
        case 'head': {
          k = arrowsTurned(view, seat);
          if (k === 0) {
            const start = placeOfPiece(city, view, `figures#${seat}`)!;
            const face = cardsOf(view, `passport@${seat}`)[0] ?? '';
            const words = cardsOf(view, `words@${seat}`).map((id) => city.wordOf.get(id)!);
            plan = planJourney({ city, start, words, marks: city.marks.get(face) ?? new Map(), arrows: counter(view, 'day') >= 2 ? 5 : 3 });
          }
          return pick(plan[k] && `head ${plan[k]!.dir}`);
        }
        case 'aim': return pick(plan[k] && `aim ${plan[k]!.target.label}`);
        case 'describe': return pick(plan[k] && subsetMove(moves, 'describe', [...plan[k]!.clue.white, ...plan[k]!.clue.black]));
        case 'flip': return pick(plan[k] && subsetMove(moves, 'flip', plan[k]!.clue.black));
        case 'menu': return pick(k + 1 < plan.length ? 'plan another move' : 'done');
        default: return fallback.choose(moves, context);
      }
    },
  };
}

/** Places each stop on the place along the announced direction that fits the announced words best. */
export function guesserAgent(seed: string | number, seat: number): Agent {
  const fallback = randomAgent(`${seed}:${seat}:guess`);
  return {
    name: 'kudy-tudy-guesser',
    choose(moves, context) {
      const view = context.view();
      if (choiceName(moves, view, seat) !== 'stop') return fallback.choose(moves, context);
      const city = cityOf(context.def, view.players, view.variants);
      const traveller = view.turnOf;
      const options = moves.map((m) => {
        const [, k, ...rest] = m.split(' ');
        return { move: m, k: Number(k), place: city.byLabel.get(rest.join(' ')) };
      });
      const k = options[0]?.k ?? 1;
      if (traveller === null || options.some((o) => !o.place)) return fallback.choose(moves, context);
      const origin = k === 1 ? placeOfPiece(city, view, `figures#${traveller}`) : placeOfPiece(city, view, `stop-${k - 1}`);
      const words = (zone: string) => cardsOf(view, `${zone}-${k}@${traveller}`).map((id) => city.wordOf.get(id)!);
      const clue = { white: words('white'), black: words('black') };
      const distance = (p: Place) => (origin ? Math.abs(p.x - origin.x) + Math.abs(p.y - origin.y) : 0);
      const line = options.map((o) => o.place!).sort((a, b) => distance(a) - distance(b));
      const guess = bestGuess(line, clue);
      return options.find((o) => o.place === guess)?.move ?? fallback.choose(moves, context);
    },
  };
}

/** Both roles in one seat: the clue giver plans, the guesser places stops. */
export function kudyTudyAgent(seed: string | number, seat: number): Agent {
  const clues = clueGiverAgent(seed, seat);
  const guesses = guesserAgent(seed, seat);
  return {
    name: 'kudy-tudy',
    choose(moves, context) {
      // Only the team's stops are made by choosing `stop …`; every other choice belongs to planning.
      const view = context.view();
      const once: AgentContext = { def: context.def, seat: context.seat, view: () => view };
      return (choiceName(moves, view, seat) === 'stop' ? guesses : clues).choose(moves, once);
    },
  };
}

/** The agent `regula play --agent rulesets/kudy-tudy/agents.ts` uses: clues when travelling, guesses otherwise. */
export default kudyTudyAgent;
