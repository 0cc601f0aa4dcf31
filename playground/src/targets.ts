// Moves as clicks on the table, with no DOM: takes the decision's options (move id and value) and
// the model, gives each move as the things to click in turn — a space, a piece, a card, or one of
// several spaces (a column named by a thing whose data are a grid coordinate) — and, for the clicks
// made so far, what can be clicked next and which moves are complete. Moves whose value names
// nothing on the table (a number) are left to the button list; a menu's line is too, unless the
// decision it leads to is made on the table: then that decision's moves are clicked, each made
// `via` the menu's line (the look-ahead itself, playing a line on a copy of the state, is the
// caller's: see `clickMovesAhead`).
import type { Model } from '../../interpreter/runtime/index.js';
import type { Value } from '../../interpreter/runtime/index.js';

/** One click: any of these ids (spaces, pieces or cards) counts. */
export interface Part {
  readonly ids: readonly string[];
}

export interface ClickMove {
  readonly move: string;
  readonly parts: readonly Part[];
  /** The menu's line played first, when `move` is one of the decision that line leads to. */
  readonly via?: string;
}

/** The moves a click move plays, in order. */
export const movesOf = (m: ClickMove): string[] => (m.via === undefined ? [m.move] : [m.via, m.move]);

/** An option of a decision as the runtime gives it; `branch` marks a menu's line. */
export interface OptionLike {
  readonly id: string;
  readonly value: Value;
  readonly branch?: number;
}

type Ref = { space: string } | { card: string } | { piece: string };
const isRef = (v: Value): v is Ref => typeof v === 'object' && v !== null && !Array.isArray(v) && ('space' in v || 'card' in v || 'piece' in v);

/** The clicks that make each move; moves that cannot be clicked are left out. */
export function clickMoves(model: Model, options: readonly OptionLike[]): ClickMove[] {
  const out: ClickMove[] = [];
  for (const o of options) {
    const items = Array.isArray(o.value) ? o.value : [o.value];
    if (!items.length) continue;
    const parts = items.map((v) => (isRef(v) ? partOf(model, v) : null));
    if (parts.every((p): p is Part => p !== null)) out.push({ move: o.id, parts });
  }
  return out;
}

/**
 * The clicks that make each move, and, for a menu's line that cannot be clicked itself, the clicks
 * of the decision it leads to: `next(id)` gives that decision's options (null when the line ends
 * the game, passes the decision to another seat or fails). A menu has few lines, so asking for
 * each is cheap; a line whose next decision has nothing on the table stays the list's.
 */
export function clickMovesAhead(model: Model, options: readonly OptionLike[], next: (id: string) => readonly OptionLike[] | null): ClickMove[] {
  const direct = clickMoves(model, options);
  const clickable = new Set(direct.map((m) => m.move));
  const out = [...direct];
  for (const o of options) {
    if (o.branch === undefined || clickable.has(o.id)) continue;
    const after = next(o.id);
    if (after) for (const m of clickMoves(model, after)) out.push({ ...m, via: o.id });
  }
  return out;
}

/** How many of the decision's own options can be made on the table (a menu's line through the move it leads to). */
export const optionsOnTable = (moves: readonly ClickMove[]): number => new Set(moves.map((m) => m.via ?? m.move)).size;

function partOf(model: Model, ref: Ref): Part | null {
  if ('space' in ref) return { ids: [ref.space] };
  if ('piece' in ref) return { ids: [ref.piece] };
  const thing = model.things.get(ref.card);
  if (!thing || thing.zone !== null || model.spaceBoard.has(ref.card)) return { ids: [ref.card] };
  // A thing that is no card of a zone and no space (a column of a grid, say): the spaces of a grid
  // whose coordinates it names, if its data are only such coordinates.
  const coords = Object.entries(thing.attrs).filter(([k]) => k !== 'name');
  if (!coords.length) return { ids: [ref.card] };
  for (const board of model.boards.values()) {
    if (board.decl.shape.kind !== 'square' && board.decl.shape.kind !== 'hex') continue;
    const spaces = board.order.filter((id) => coords.every(([k, v]) => model.things.get(id)!.attrs[k] === v));
    if (spaces.length) return { ids: spaces };
  }
  // A row naming one space among its data (a card laid at a city's end of a route): that space.
  const named = new Set<string>();
  for (const [, v] of coords) {
    if (typeof v !== 'string') continue;
    for (const board of model.boards.values()) for (const id of board.order) if (model.things.get(id)!.attrs.name === v) named.add(id);
  }
  return { ids: named.size === 1 ? [...named] : [ref.card] };
}

/**
 * The moves as far as the table draws them: each part's ids cut to those drawn, and a move with a
 * part drawn nowhere (a card of a zone the seat sees only the backs of, a piece off the board)
 * left to the list.
 */
export function drawnOnly(moves: readonly ClickMove[], drawn: ReadonlySet<string>): ClickMove[] {
  const out: ClickMove[] = [];
  for (const m of moves) {
    const parts = m.parts.map((p) => ({ ids: p.ids.filter((id) => drawn.has(id)) }));
    if (parts.every((p) => p.ids.length)) out.push({ ...m, parts });
  }
  return out;
}

export interface ClickState {
  /** What the next click may be, over every move still possible. */
  readonly next: ReadonlySet<string>;
  /** Moves whose every click has been made. */
  readonly complete: readonly ClickMove[];
  /** Moves the clicks so far are the start of. */
  readonly candidates: readonly ClickMove[];
}

/**
 * Where the clicks `chosen` (ids, one per part) leave the decision. When the moves of one decision
 * have parts of different lengths they are sets (some cards, some spaces) and are clicked in any
 * order; otherwise the order is the move's (a piece's square, then where it goes). Moves made via
 * a menu's line are of the decision that line leads to, so each line's moves are judged apart.
 */
export function clickState(moves: readonly ClickMove[], chosen: readonly string[]): ClickState {
  const lengths = new Map<string | undefined, Set<number>>();
  for (const m of moves) lengths.set(m.via, (lengths.get(m.via) ?? new Set()).add(m.parts.length));
  const isSet = (m: ClickMove) => lengths.get(m.via)!.size > 1;
  const fits = (m: ClickMove) => m.parts.length >= chosen.length && (isSet(m)
    ? chosen.every((id) => m.parts.some((p) => p.ids.includes(id))) && new Set(chosen).size === chosen.length
    : chosen.every((id, i) => m.parts[i]!.ids.includes(id)));
  const candidates = moves.filter(fits);
  const next = new Set<string>();
  for (const m of candidates) {
    if (m.parts.length <= chosen.length) continue;
    if (!isSet(m)) for (const id of m.parts[chosen.length]!.ids) next.add(id);
    else for (const p of m.parts) for (const id of p.ids) if (!chosen.includes(id)) next.add(id);
  }
  return { next, candidates, complete: candidates.filter((m) => m.parts.length === chosen.length) };
}
