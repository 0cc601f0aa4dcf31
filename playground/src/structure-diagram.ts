// The structure card as a diagram, for teaching a game: takes the outline (how play runs, as the
// rules nest it) and the card flows, gives an SVG with the flow's parts left to right — each phase
// or loop a column, its turns, rules and decisions stacked inside as they nest — and below it the
// zones (the game's above, each player's below) with an arrow wherever a rule moves cards. Every
// box links to its line in the ruleset.
import type { GameOutline, OutlineNode } from '../../interpreter/tools/index.js';
import { svg } from './board-svg.js';
import type { CardFlow } from './card-flow.js';

const KIND_COLOURS: Record<string, string> = {
  phase: '#dfe9ff', turn: '#dfe9ff', loop: '#e6f4ea', rank: '#e6f4ea', choice: '#ffe9d6', option: '#ffe9d6',
  call: '#efe4fb', event: '#efe4fb', chance: '#fff3c4', branch: '#f1f1f1', end: '#fde2e2',
};
const ROW = 26;
const MAX_DEPTH = 5;
const MAX_ROWS = 18;

/** The diagram; `reveal` gets a box's `file:line:col`. */
export function structureDiagram(o: GameOutline, flows: readonly CardFlow[], reveal: (at: string) => void): SVGSVGElement {
  const columns = o.flow.length ? o.flow : o.setup;
  // Columns share about 620 units: a game with one or two top-level parts gets wider boxes.
  const COLUMN = Math.max(210, Math.min(320, Math.floor(620 / Math.max(1, columns.length)) - 24));
  const parts: SVGElement[] = [];
  let tallest = 0;
  columns.forEach((top, i) => {
    const x = 10 + i * (COLUMN + 24);
    const rows: { node: OutlineNode; depth: number }[] = [];
    const visit = (n: OutlineNode, depth: number) => {
      if (rows.length >= MAX_ROWS) return;
      rows.push({ node: n, depth });
      if (depth < MAX_DEPTH) n.children.forEach((c) => visit(c, depth + 1));
    };
    visit(top, 0);
    rows.forEach(({ node, depth }, r) => parts.push(box(node, x + depth * 12, 30 + r * ROW, COLUMN - depth * 12, reveal)));
    const bottom = 30 + rows.length * ROW;
    tallest = Math.max(tallest, bottom);
    if (i > 0) parts.push(svg('path', { class: 'diagram-arrow', d: `M ${x - 22} 42 L ${x - 4} 42`, 'marker-end': 'url(#arrow)' }));
  });
  parts.push(svg('text', { x: 10, y: 18, class: 'diagram-title' }, o.flow.length ? 'How play runs' : 'Setup'));

  // The zones: the game's on one row, each player's on the next; arrows where rules move cards.
  const shared = o.zones.filter((z) => z.owner === 'game');
  const mine = o.zones.filter((z) => z.owner !== 'game');
  const top = tallest + 40;
  const place = new Map<string, { x: number; y: number }>();
  const perRow = Math.max(1, Math.floor((Math.max(columns.length, 3) * (COLUMN + 24)) / 120));
  const zoneBoxes: SVGElement[] = [];
  const layoutRow = (zones: typeof o.zones, y0: number): number => {
    zones.forEach((z, i) => {
      const x = 10 + (i % perRow) * 120, y = y0 + Math.floor(i / perRow) * 64;
      place.set(z.name, { x: x + 50, y: y + 15 });
      zoneBoxes.push(svg('g', { class: 'diagram-zone', 'data-zone': z.name, transform: `translate(${x} ${y})`, tabindex: 0, role: 'link' },
        svg('title', {}, `zone ${z.name}${z.of ? ` of ${z.of}` : ''}, ${z.owner}, ${z.visibility}${z.ordered ? ', ordered' : ''}: ${z.at}`),
        svg('rect', { width: 100, height: 30, rx: 5, class: `zone-${z.visibility}` }),
        svg('text', { x: 50, y: 19 }, short(z.name, 15))));
    });
    return y0 + Math.ceil(zones.length / perRow) * 64;
  };
  parts.push(svg('text', { x: 10, y: top - 10, class: 'diagram-title' }, 'Where cards go'));
  const afterShared = layoutRow(shared, top);
  if (mine.length) parts.push(svg('text', { x: 10, y: afterShared + 2, class: 'diagram-subtitle' }, 'each player’s'));
  const end = mine.length ? layoutRow(mine, afterShared + 14) : afterShared;
  const arrows = flows.map((f) => {
    const a = place.get(f.from), b = place.get(f.to);
    if (!a || !b) return null;
    const mx = (a.x + b.x) / 2 + (b.y - a.y) * 0.15, my = (a.y + b.y) / 2 - 18 - Math.abs(b.x - a.x) * 0.05;
    return svg('g', { class: 'diagram-flow' }, svg('title', {}, `${f.from} → ${f.to}: ${f.rules.join(', ')}`),
      svg('path', { d: `M ${a.x} ${a.y} Q ${mx} ${my} ${b.x} ${b.y}`, 'marker-end': 'url(#arrow)' }),
      svg('text', { x: mx, y: (a.y + b.y) / 2 - 8 }, short(f.rules[0]!, 18)));
  });
  for (const g of zoneBoxes) {
    const at = o.zones.find((z) => z.name === g.getAttribute('data-zone'))?.at;
    if (at) g.addEventListener('click', () => reveal(at));
  }
  const width = Math.max(10 + columns.length * (COLUMN + 24), 10 + Math.min(perRow, Math.max(shared.length, mine.length)) * 120);
  return svg('svg', { class: 'structure-diagram', viewBox: `0 0 ${width} ${end + 10}`, width, role: 'img', 'aria-label': `The structure of ${o.name}` },
    svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      svg('path', { d: 'M 0 0 L 10 5 L 0 10 z' }))),
    parts, arrows, zoneBoxes);
}

function box(n: OutlineNode, x: number, y: number, width: number, reveal: (at: string) => void): SVGElement {
  const g = svg('g', { class: `diagram-node kind-${n.kind}`, transform: `translate(${x} ${y})`, tabindex: 0, role: 'link', 'data-at': n.at },
    svg('title', {}, `${n.kind}: ${n.text} (${n.at})`),
    svg('rect', { width, height: ROW - 4, rx: 5, fill: KIND_COLOURS[n.kind] ?? '#f1f1f1' }),
    svg('text', { x: 6, y: 15 }, short(n.text, Math.floor(width / 6.6))));
  g.addEventListener('click', () => reveal(n.at));
  g.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter') reveal(n.at); });
  return g;
}

const short = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`);
