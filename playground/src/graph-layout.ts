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

async function layout(board: BoardInfo): Promise<Positions> {
  const loaded: unknown = await import('elkjs/lib/elk.bundled.js');
  // A CommonJS module: its constructor is the default export, or that export's own default.
  const outer = (loaded as { default: unknown }).default;
  const Elk = ((outer as { default?: unknown }).default ?? outer) as new () => ELK;
  const elk = new Elk();
  const graph = await elk.layout({
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'stress', 'elk.stress.desiredEdgeLength': '120', 'elk.spacing.nodeNode': '30' },
    children: board.spaces.map((s) => ({ id: s.id, width: 96, height: 34 })),
    edges: board.edges.map(([a, b], i) => ({ id: `e${i}`, sources: [a], targets: [b] })),
  });
  return new Map((graph.children ?? []).map((n) => [n.id, { x: (n.x ?? 0) + 48, y: (n.y ?? 0) + 17 }]));
}
