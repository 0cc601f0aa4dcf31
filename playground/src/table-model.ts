// What the table shows, worked out from the rules and one player's view, with no DOM: takes the
// model (the rules in force: boards, spaces, zones, counters, pieces as declared) and a PlayerView,
// gives boards with their spaces, connections, per-space counters and the pieces on them, the
// shared zones, and each seat's counters, zones and pieces off the board. Every value comes from
// the view: a zone the viewer may not read has `cards: null`, another seat's private counter is
// `null` (the view says 0 there, which is not its value). No game's names here.
import type { CellValue } from '../../grammar/ast.js';
import type { Model, PlayerView } from '../../interpreter/runtime/index.js';
import { cardLabel, splitZoneKey } from '../../interpreter/runtime/index.js';

export type BoardKind = 'track' | 'graph' | 'hex' | 'square';

export interface SpaceInfo {
  readonly id: string;
  readonly label: string;
  readonly attrs: Readonly<Record<string, CellValue>>;
  /** A grid's coordinates (x, y for a square grid, q, r for a hex grid); 0, 0 for tracks and graphs. */
  readonly col: number;
  readonly row: number;
  /** The board's per-space counters as the viewer sees them, in declaration order (absent: not visible). */
  readonly counters: readonly (readonly [string, number])[];
}

export interface PieceOnTable {
  readonly id: string;
  readonly label: string;
  readonly owner: number | null;
  readonly slot: number;
  /** The piece's own counters that are not 0, as the viewer sees them (a crowned man, a wounded figure). */
  readonly counters: readonly (readonly [string, number])[];
}

export interface BoardInfo {
  readonly name: string;
  readonly kind: BoardKind;
  readonly spaces: readonly SpaceInfo[];
  readonly edges: readonly (readonly [string, string])[];
  /** The attribute whose values tint the spaces (a short list of kinds: terrain, type, region), if any. */
  readonly tint: string | null;
  /** Attributes that are flags: a space with one set is drawn marked (a lake, a space off the play area). */
  readonly flags: readonly string[];
}

export interface CardInfo {
  readonly id: string;
  readonly label: string;
  /** The card's data besides its name, as `key: value` pairs. */
  readonly data: readonly (readonly [string, string])[];
}

export interface ZoneInfo {
  readonly key: string;
  readonly name: string;
  readonly owner: number | null;
  readonly count: number;
  /** The cards the viewer may see, in order; null when they are hidden from the viewer. */
  readonly cards: readonly CardInfo[] | null;
  readonly ordered: boolean;
  readonly visibility: 'public' | 'private' | 'hidden';
}

export interface CounterInfo {
  readonly name: string;
  /** Null when the value is hidden from the viewer. */
  readonly value: number | null;
}

export interface SeatInfo {
  readonly seat: number;
  readonly counters: readonly CounterInfo[];
  readonly zones: readonly ZoneInfo[];
  /** Pieces of this seat not on any board, counted by collection. */
  readonly offBoard: readonly { readonly collection: string; readonly count: number }[];
}

export interface TableInfo {
  readonly boards: readonly BoardInfo[];
  /** Space id → the pieces standing on it, by slot. */
  readonly piecesAt: ReadonlyMap<string, readonly PieceOnTable[]>;
  readonly shared: readonly ZoneInfo[];
  readonly globals: readonly CounterInfo[];
  readonly seats: readonly SeatInfo[];
}

const GRID_COORDINATES: Record<string, readonly [string, string]> = { square: ['x', 'y'], hex: ['q', 'r'] };

/** The table as `view` lets its seat see it, laid out by the rules in `model`. */
export function describeTable(model: Model, view: PlayerView): TableInfo {
  const perSpace = [...model.counters.values()].filter((c) => c.owner.kind === 'each' && model.boards.has(c.owner.of.text));
  const boards = [...model.boards.entries()].map(([name, b]): BoardInfo => {
    const kind = b.decl.shape.kind;
    const [cx, cy] = GRID_COORDINATES[kind] ?? [null, null];
    const spaces = b.order.map((id): SpaceInfo => {
      const thing = model.things.get(id)!;
      const counters = perSpace.filter((c) => c.owner.kind === 'each' && c.owner.of.text === name)
        .map((c) => [c.name.text, (view.counters[c.name.text] as Record<string, number> | undefined)?.[id]] as const)
        .filter((e): e is readonly [string, number] => typeof e[1] === 'number');
      return { id, label: thing.label, attrs: thing.attrs, col: cx ? Number(thing.attrs[cx]) || 0 : 0, row: cy ? Number(thing.attrs[cy]) || 0 : 0, counters };
    });
    const edges: [string, string][] = [];
    for (const [a, near] of b.neighbours) for (const c of near) if (a < c) edges.push([a, c]);
    return { name, kind, spaces, edges, tint: tintOf(spaces, [cx, cy, 'name']), flags: flagsOf(spaces) };
  });

  const perPiece = [...model.counters.values()].filter((c) => c.owner.kind === 'each' && model.collections.has(c.owner.of.text));
  const pieceCounters = (id: string) => perPiece
    .map((c) => [c.name.text, (view.counters[c.name.text] as Record<string, number> | undefined)?.[id]] as const)
    .filter((e): e is readonly [string, number] => typeof e[1] === 'number' && e[1] !== 0);
  const piecesAt = new Map<string, PieceOnTable[]>();
  const off = new Map<number, Map<string, number>>();
  for (const [id, at] of Object.entries(view.pieces)) {
    const info = model.pieces.get(id);
    const owner = info?.owner ?? null;
    if (at.space === null) {
      if (owner === null) continue;
      const mine = off.get(owner) ?? new Map<string, number>();
      mine.set(info!.collection, (mine.get(info!.collection) ?? 0) + 1);
      off.set(owner, mine);
      continue;
    }
    const here = piecesAt.get(at.space) ?? [];
    here.push({ id, label: info?.label ?? id, owner, slot: at.slot, counters: pieceCounters(id) });
    piecesAt.set(at.space, here);
  }
  for (const list of piecesAt.values()) list.sort((a, b) => a.slot - b.slot);

  const zones = Object.entries(view.zones).map(([key, z]): ZoneInfo => {
    const { zone } = splitZoneKey(key);
    const decl = model.zones.get(zone);
    return {
      key, name: zone, owner: z.owner, count: z.count, ordered: decl?.ordered ?? false, visibility: decl?.visibility ?? 'public',
      cards: z.cards === null ? null : z.cards.map((id) => cardInfo(model, id)),
    };
  });

  const globals: CounterInfo[] = [];
  const perPlayer: { name: string; values: (number | null)[] }[] = [];
  for (const [name, decl] of model.counters) {
    const value = view.counters[name];
    if (decl.owner.kind === 'global') {
      if (typeof value === 'number') globals.push({ name, value });
      else if (decl.visibility !== 'public') globals.push({ name, value: null });
    } else if (decl.owner.kind === 'player') {
      // A private counter's other values come as 0 in the view: they are hidden, not zero.
      const values = Array.from({ length: view.players }, (_, s) =>
        Array.isArray(value) && (decl.visibility === 'public' || s === view.seat) && typeof value[s] === 'number' ? value[s] as number : null);
      perPlayer.push({ name, values });
    }
  }
  const seats = Array.from({ length: view.players }, (_, seat): SeatInfo => ({
    seat,
    counters: perPlayer.map((c) => ({ name: c.name, value: c.values[seat] ?? null })),
    zones: zones.filter((z) => z.owner === seat),
    offBoard: [...(off.get(seat) ?? new Map<string, number>())].map(([collection, count]) => ({ collection, count })),
  }));
  return { boards, piecesAt, shared: zones.filter((z) => z.owner === null), globals, seats };
}

export function cardInfo(model: Model, id: string): CardInfo {
  const thing = model.things.get(id);
  if (!thing) return { id, label: cardLabel(id), data: [] };
  const data = Object.entries(thing.attrs)
    .filter(([key, value]) => key !== 'name' && value !== null && value !== false && value !== '')
    .map(([key, value]) => [key, value === true ? 'yes' : String(value)] as const);
  return { id, label: thing.label, data };
}

/** The first attribute with a few repeated values (2 to 10 kinds): what tells spaces apart at a glance. */
function tintOf(spaces: readonly SpaceInfo[], skip: readonly (string | null)[]): string | null {
  const keys = Object.keys(spaces[0]?.attrs ?? {}).filter((k) => !skip.includes(k));
  for (const key of keys) {
    const values = spaces.map((s) => s.attrs[key]);
    if (values.some((v) => typeof v === 'boolean' || typeof v === 'number')) continue;
    const kinds = new Set(values.map(String));
    if (kinds.size >= 2 && kinds.size <= 10 && kinds.size < spaces.length) return key;
  }
  return null;
}

function flagsOf(spaces: readonly SpaceInfo[]): string[] {
  return Object.keys(spaces[0]?.attrs ?? {}).filter((k) => spaces.some((s) => s.attrs[k] === true) && spaces.every((s) => typeof s.attrs[k] === 'boolean'));
}
