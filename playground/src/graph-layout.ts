// Positions for a graph board whose ruleset gives none: takes the places and connections, gives
// each place a centre, worked out once per graph by ELK's stress layout (places joined by a
// connection end up near each other, like a map). ELK is loaded only when a graph is drawn.
import type { ELK } from 'elkjs/lib/elk-api.js';
import type { BoardInfo } from './table-model.js';

export type Positions = ReadonlyMap<string, { x: number; y: number }>;

const cache = new Map<string, Promise<Positions>>();

/** The graph's positions; the same graph (same places and connections) is laid out once. */
export function graphPositions(board: BoardInfo): Promise<Positions> {
  const key = `${board.spaces.map((s) => s.id).join('|')}#${board.edges.map((e) => e.join('-')).join('|')}`;
  let found = cache.get(key);
  if (!found) {
    found = layout(board);
    cache.set(key, found);
  }
  return found;
}

let elkLoaded: Promise<ELK> | null = null;

/** ELK, loaded the first time a drawing needs it (its own chunk: the first screen does without it). */
export function loadElk(): Promise<ELK> {
  elkLoaded ??= import('elkjs/lib/elk.bundled.js').then((loaded: unknown) => {
    // A CommonJS module: its constructor is the default export, or that export's own default.
    const outer = (loaded as { default: unknown }).default;
    const Elk = ((outer as { default?: unknown }).default ?? outer) as new () => ELK;
    return new Elk();
  });
  return elkLoaded;
}

async function layout(board: BoardInfo): Promise<Positions> {
  const elk = await loadElk();
  const graph = await elk.layout({
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'stress', 'elk.stress.desiredEdgeLength': '120', 'elk.spacing.nodeNode': '30' },
    children: board.spaces.map((s) => ({ id: s.id, width: 96, height: 34 })),
    edges: board.edges.map(([a, b], i) => ({ id: `e${i}`, sources: [a], targets: [b] })),
  });
  return separated(new Map((graph.children ?? []).map((n) => [n.id, { x: (n.x ?? 0) + 48, y: (n.y ?? 0) + 17 }])));
}

/** The room a place takes on the map (its box and a margin), as the board draws it. */
const ROOM = { width: 96 + 16, height: 34 + 14 };

/**
 * The stress layout puts joined places near each other but lets boxes overlap (Thurn und Taxis's
 * cities did): each overlapping pair is pushed apart, half each, along the axis where they overlap
 * least, until none overlaps (or a bound on the rounds). The map's shape is kept.
 */
export function separated(points: ReadonlyMap<string, { x: number; y: number }>): Positions {
  const ids = [...points.keys()];
  const at = ids.map((id) => ({ ...points.get(id)! }));
  for (let round = 0; round < 200; round++) {
    let moved = false;
    for (let i = 0; i < at.length; i++) {
      for (let j = i + 1; j < at.length; j++) {
        const a = at[i]!, b = at[j]!;
        const dx = b.x - a.x, dy = b.y - a.y;
        const ox = ROOM.width - Math.abs(dx), oy = ROOM.height - Math.abs(dy);
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        if (ox / ROOM.width < oy / ROOM.height) {
          const push = (ox / 2 + 0.5) * (dx < 0 || (dx === 0 && i > j) ? -1 : 1);
          a.x -= push; b.x += push;
        } else {
          const push = (oy / 2 + 0.5) * (dy < 0 ? -1 : 1);
          a.y -= push; b.y += push;
        }
      }
    }
    if (!moved) break;
  }
  return new Map(ids.map((id, k) => [id, at[k]!]));
}
