// "Where cards go" as a diagram: takes the outline's zones and the card flows (a rule moving cards
// from one zone to another), gives an SVG laid out by ELK's layered algorithm, the arrows' labels
// placed by ELK too, so that no box, arrow label or box and label overlap. Every zone links to its
// line in the ruleset.
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import type { GameOutline } from '../../interpreter/tools/index.js';
import { svg } from './board-svg.js';
import type { CardFlow } from './card-flow.js';
import { loadElk } from './graph-layout.js';

const ZONE = { width: 118, height: 30 };
const CHAR = 6.2; // the width of a character of an arrow's label, at its size
const TOP = 44; // room for the title and its key

export async function zoneFlowDiagram(o: GameOutline, flows: readonly CardFlow[], reveal: (at: string) => void): Promise<SVGSVGElement> {
  const elk = await loadElk();
  const zones = o.zones;
  const known = new Set(zones.map((z) => z.name));
  const drawn = flows.filter((f) => known.has(f.from) && known.has(f.to) && f.from !== f.to);
  const labelOf = (f: CardFlow) => (f.rules.length > 2 ? `${f.rules.slice(0, 2).join(', ')} +${f.rules.length - 2}` : f.rules.join(', '));
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.edgeRouting': 'POLYLINE',
      'elk.spacing.nodeNode': '22', 'elk.layered.spacing.nodeNodeBetweenLayers': '46', 'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false', 'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: zones.map((z) => ({ id: z.name, ...ZONE })),
    edges: drawn.map((f, i): ElkExtendedEdge => ({
      id: `f${i}`, sources: [f.from], targets: [f.to],
      labels: [{ id: `l${i}`, text: labelOf(f), width: labelOf(f).length * CHAR + 6, height: 13 }],
    })),
  };
  const laid = await elk.layout(graph);
  const width = Math.max(460, Math.ceil((laid.width ?? 200) + 20)), height = Math.ceil((laid.height ?? 60) + TOP + 10);
  const boxes = (laid.children ?? []).map((n) => {
    const z = zones.find((x) => x.name === n.id)!;
    const g = svg('g', { class: 'diagram-zone', 'data-zone': z.name, transform: `translate(${(n.x ?? 0) + 10} ${(n.y ?? 0) + TOP})`, tabindex: 0, role: 'link' },
      svg('title', {}, `zone ${z.name}${z.of ? ` of ${z.of}` : ''}, ${z.owner}, ${z.visibility}${z.ordered ? ', ordered' : ''}: ${z.at}`),
      svg('rect', { width: ZONE.width, height: ZONE.height, rx: 5, class: `zone-${z.visibility}${z.owner === 'game' ? '' : ' zone-per-player'}` }),
      svg('text', { x: ZONE.width / 2, y: 19 }, z.name.length > 18 ? `${z.name.slice(0, 17)}…` : z.name));
    g.addEventListener('click', () => reveal(z.at));
    g.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter') reveal(z.at); });
    return g;
  });
  const arrows = (laid.edges ?? []).map((e, i) => {
    const f = drawn[i]!;
    const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
    const d = points.map((p, k) => `${k ? 'L' : 'M'} ${(p.x + 10).toFixed(1)} ${(p.y + TOP).toFixed(1)}`).join(' ');
    const label = e.labels?.[0];
    return svg('g', { class: 'diagram-flow' }, svg('title', {}, `${f.from} → ${f.to}: ${f.rules.join(', ')}`),
      svg('path', { d, 'marker-end': 'url(#zone-arrow)' }),
      label ? svg('text', { x: ((label.x ?? 0) + 10 + (label.width ?? 0) / 2).toFixed(1), y: ((label.y ?? 0) + TOP + 10).toFixed(1) }, label.text ?? '') : null);
  });
  return svg('svg', { class: 'structure-diagram zone-flow', viewBox: `0 0 ${width} ${height}`, width, role: 'group', 'aria-label': `Where the cards of ${o.name} go` },
    svg('defs', {}, svg('marker', { id: 'zone-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      svg('path', { d: 'M 0 0 L 10 5 L 0 10 z' }))),
    svg('text', { x: 10, y: 18, class: 'diagram-title' }, 'Where cards go'),
    svg('text', { x: 10, y: 33, class: 'diagram-subtitle' }, 'an arrow where a rule moves cards; shaded: hidden or private; dashed: one per player'),
    arrows, boxes) as SVGSVGElement;
}
