// The structure card as a diagram, for teaching a game: takes the outline (how play runs, as the
// rules nest it) and the card flows, gives an SVG with the flow's parts left to right — each phase
// or loop a column, its turns, rules and decisions stacked inside as they nest (where cards go is
// zone-flow-diagram.ts). Every box links to its line in the ruleset.
import type { GameOutline, OutlineNode } from '../../interpreter/tools/index.js';
import { svg } from './board-svg.js';

const KIND_COLOURS: Record<string, string> = {
  phase: '#dfe9ff', turn: '#dfe9ff', loop: '#e6f4ea', rank: '#e6f4ea', choice: '#ffe9d6', option: '#ffe9d6',
  call: '#efe4fb', event: '#efe4fb', chance: '#fff3c4', branch: '#f1f1f1', end: '#fde2e2',
};
const ROW = 26;
const MAX_DEPTH = 5;
const MAX_ROWS = 18;

/** The diagram; `reveal` gets a box's `file:line:col`. */
export function structureDiagram(o: GameOutline, reveal: (at: string) => void): SVGSVGElement {
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

  const width = 10 + columns.length * (COLUMN + 24);
  return svg('svg', { class: 'structure-diagram', viewBox: `0 0 ${width} ${tallest + 10}`, width, role: 'group', 'aria-label': `How ${o.name} is played` },
    svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      svg('path', { d: 'M 0 0 L 10 5 L 0 10 z' }))),
    parts);
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
