// The recipe for the illustrative map cards of Kudy? Tudy! (the published 20 cards are not
// public). It writes the `map-faces` table of kudy-tudy.cs.rules; the test checks that the table
// in the ruleset is exactly what this recipe gives, so the data can be regenerated and reviewed.
//
//   npx tsx rulesets/kudy-tudy/maps.ts            prints the two tables (names from `places`)
//
// Recipe: for card n = 1…20 and side s = 1, 2, start a 32-bit generator (mulberry32) at
// MAP_SEED * 1000 + n * 10 + s; shuffle the 48 places other than the centre (x, y = 3, 3), listed
// row by row from the north-west corner, by Fisher–Yates from the last place down; the first four
// places of the shuffled list get a ● (1 point), the next two a ★ (2 points).

export const GRID = 7;
export const CENTRE = { x: 3, y: 3 };
export const CARDS = 20;
export const DOTS = 4;
export const STARS = 2;
/** Chosen as the first seed whose card 1, side 1 can carry the rulebook's worked example (see README). */
export const MAP_SEED = 283;

export interface Cell { readonly x: number; readonly y: number }
export interface Face { readonly card: number; readonly side: number; readonly dots: Cell[]; readonly stars: Cell[] }

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function face(card: number, side: number, seed = MAP_SEED): Face {
  const next = mulberry32(seed * 1000 + card * 10 + side);
  const cells: Cell[] = [];
  for (let y = 0; y < GRID; y++) for (let x = 0; x < GRID; x++) if (x !== CENTRE.x || y !== CENTRE.y) cells.push({ x, y });
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return { card, side, dots: cells.slice(0, DOTS), stars: cells.slice(DOTS, DOTS + STARS) };
}

export function faces(seed = MAP_SEED): Face[] {
  const out: Face[] = [];
  for (let n = 1; n <= CARDS; n++) for (let s = 1; s <= 2; s++) out.push(face(n, s, seed));
  return out;
}

export const faceName = (f: { card: number; side: number }) => `M${String(f.card).padStart(2, '0')}${f.side === 1 ? 'a' : 'b'}`;

/** The rows of `map-fronts` (side 1) or `map-backs` (side 2), with place names looked up by (x, y). */
export function tableRows(side: number, nameAt: (c: Cell) => string, seed = MAP_SEED): string {
  const header = ['name', 'card', 'side', 'dot-1', 'dot-2', 'dot-3', 'dot-4', 'star-1', 'star-2'];
  const rows = faces(seed).filter((f) => f.side === side).map((f) => [faceName(f), String(f.card), String(f.side), ...[...f.dots, ...f.stars].map(nameAt)]);
  const all = [header, ...rows];
  const width = header.map((_, i) => Math.max(...all.map((r) => [...r[i]!].length)));
  return all.map((r) => `  | ${r.map((c, i) => c + ' '.repeat(width[i]! - [...c].length)).join(' | ')} |`).join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const { loadRuleset } = await import('../../cli/load.js');
  const { modelFor } = await import('../../interpreter/runtime/index.js');
  const loaded = loadRuleset(new URL('./kudy-tudy.cs.rules', import.meta.url).pathname);
  const model = modelFor(loaded.definition!, 2, []);
  const names = new Map([...model.things.values()].filter((t) => t.table === 'places').map((t) => [`${t.attrs.x},${t.attrs.y}`, t.label]));
  const nameAt = (c: Cell) => names.get(`${c.x},${c.y}`) ?? `?${c.x},${c.y}`;
  console.log(`table map-fronts … {\n${tableRows(1, nameAt)}\n}\n\ntable map-backs … {\n${tableRows(2, nameAt)}\n}`);
}
