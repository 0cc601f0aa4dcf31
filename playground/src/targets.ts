// Moves as clicks on the table, with no DOM: takes the decision's options (move id and value) and
// the model, gives each move as the things to click in turn — a space, a piece, a card, or one of
// several spaces (a column named by a thing whose data are a grid coordinate) — and, for the clicks
// made so far, what can be clicked next and which moves are complete. Moves whose value names
// nothing on the table (a number, a menu's line) are left to the button list.
import type { Model } from '../../interpreter/runtime/index.js';
import type { Value } from '../../interpreter/runtime/index.js';

/** One click: any of these ids (spaces, pieces or cards) counts. */
export interface Part {
  readonly ids: readonly string[];
}

export interface ClickMove {
  readonly move: string;
  readonly parts: readonly Part[];
}

type Ref = { space: string } | { card: string } | { piece: string };
const isRef = (v: Value): v is Ref => typeof v === 'object' && v !== null && !Array.isArray(v) && ('space' in v || 'card' in v || 'piece' in v);

/** The clicks that make each move; moves that cannot be clicked are left out. */
export function clickMoves(model: Model, options: readonly { readonly id: string; readonly value: Value }[]): ClickMove[] {
  const out: ClickMove[] = [];
  for (const o of options) {
    const items = Array.isArray(o.value) ? o.value : [o.value];
    if (!items.length) continue;
    const parts = items.map((v) => (isRef(v) ? partOf(model, v) : null));
    if (parts.every((p): p is Part => p !== null)) out.push({ move: o.id, parts });
  }
  return out;
}

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
  return { ids: [ref.card] };
}

export interface ClickState {
  /** What the next click may be, over every move still possible. */
  readonly next: ReadonlySet<string>;
  /** Moves whose every click has been made. */
  readonly complete: readonly string[];
  /** Moves the clicks so far are the start of. */
  readonly candidates: readonly ClickMove[];
}

/**
 * Where the clicks `chosen` (ids, one per part) leave the decision. When the moves have parts of
 * different lengths they are sets (some cards, some spaces) and are clicked in any order;
 * otherwise the order is the move's (a piece's square, then where it goes).
 */
export function clickState(moves: readonly ClickMove[], chosen: readonly string[]): ClickState {
  const sets = new Set(moves.map((m) => m.parts.length)).size > 1;
  const fits = (m: ClickMove) => m.parts.length >= chosen.length && (sets
    ? chosen.every((id) => m.parts.some((p) => p.ids.includes(id))) && new Set(chosen).size === chosen.length
    : chosen.every((id, i) => m.parts[i]!.ids.includes(id)));
  const candidates = moves.filter(fits);
  const next = new Set<string>();
  for (const m of candidates) {
    if (m.parts.length <= chosen.length) continue;
    if (!sets) for (const id of m.parts[chosen.length]!.ids) next.add(id);
    else for (const p of m.parts) for (const id of p.ids) if (!chosen.includes(id)) next.add(id);
  }
  return { next, candidates, complete: candidates.filter((m) => m.parts.length === chosen.length).map((m) => m.move) };
}
