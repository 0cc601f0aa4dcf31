// The game's structure as a tree people can look at while a game runs: takes an outline (see
// interpreter/outline.ts) and a way to show a line in the editor; gives the element, and a way to
// mark where the game is now (the running statements) and open the branches that lead there.
import type { Span } from '../../grammar/ast.js';
import type { GameOutline, OutlineNode } from '../../interpreter/tools/index.js';
import { h, type Child } from './dom.js';

export interface OutlineView {
  readonly element: HTMLElement;
  /** Marks the nodes of these statements as where the game is, and opens the way to them. */
  showRunning(spans: readonly Span[]): void;
}

const KIND_LABEL: Readonly<Record<OutlineNode['kind'], string>> = {
  phase: 'phase', turn: 'turn', loop: 'loop', branch: 'if', choice: 'decision', option: 'option',
  call: 'rule', event: 'event', chance: 'chance', rank: 'rank', end: 'end',
};

/** Levels open when nothing is running: enough to read the shape of play. */
const OPEN_LEVELS = 3;

export function outlineView(o: GameOutline, reveal: (at: string) => void): OutlineView {
  const byStart = new Map<number, HTMLElement[]>();
  const item = (n: OutlineNode, depth: number): HTMLElement => {
    const line = n.at.split(':').at(-2);
    const head = h('span', { class: 'node-head' },
      h('span', { class: `kind kind-${n.kind}` }, KIND_LABEL[n.kind]), ' ',
      h('code', {}, n.text),
      n.forbiddenBy ? h('span', { class: 'muted small' }, ` refused by ${n.forbiddenBy.join(', ')}`) : null,
      n.shownAbove ? h('span', { class: 'muted small' }, ' (shown above)') : null, ' ');
    const link = h('a', { href: '#', class: 'line', title: 'Show in the editor', onclick: (e) => { e.preventDefault(); reveal(n.at); } }, `line ${line}`);
    // A summary holds no link (it is itself the control that opens its details): the line's link
    // stands beside it, at the right of the same line.
    const li = n.children.length
      ? h('li', { 'data-start': n.span.start }, h('span', { class: 'beside-summary' }, link), h('details', { open: depth < OPEN_LEVELS }, h('summary', {}, head), list(n.children, depth + 1)))
      : h('li', { 'data-start': n.span.start }, head, link);
    byStart.set(n.span.start, [...(byStart.get(n.span.start) ?? []), li]);
    return li;
  };
  const list = (nodes: readonly OutlineNode[], depth: number): Child => h('ul', { class: 'outline' }, nodes.map((n) => item(n, depth)));
  const zones = o.zones.map((z) => `${z.name} (${[z.owner === 'each player' ? 'per player' : null, z.ordered ? 'ordered' : null, z.visibility].filter(Boolean).join(', ')})`);
  const element = h('div', { class: 'outline-view' },
    h('p', { class: 'muted small' }, `As played by ${o.playerCount}${o.variants.length ? ` with ${o.variants.join(', ')}` : ''}.`),
    zones.length ? h('p', { class: 'small' }, h('strong', {}, 'Zones: '), zones.join(' · ')) : null,
    o.counters.length ? h('p', { class: 'small' }, h('strong', {}, 'Counters: '), o.counters.map((c) => `${c.name} (${c.owner === 'game' ? 'the game' : c.owner})`).join(' · ')) : null,
    o.setup.length ? [h('h4', {}, 'Setup'), list(o.setup, 1)] : null,
    h('h4', {}, 'Flow'), list(o.flow, 0));

  let latest: HTMLElement | null = null;
  let scrollPending = false;
  return {
    element,
    showRunning(spans) {
      for (const el of element.querySelectorAll('.here')) el.classList.remove('here');
      let deepest: HTMLElement | null = null;
      for (const span of spans) {
        for (const li of byStart.get(span.start) ?? []) {
          li.classList.add('here');
          deepest = li;
          for (let up: HTMLElement | null = li; up && up !== element; up = up.parentElement) {
            if (up instanceof HTMLDetailsElement) up.open = true;
          }
        }
      }
      // Keep the decision in sight inside the scrolling box, without scrolling the page: at the next
      // frame, once for however many moves were made before it, as reading where it is lays out
      // the whole page (done at every move, that was most of the time of a game played quickly).
      latest = deepest;
      if (!scrollPending) {
        scrollPending = true;
        requestAnimationFrame(() => {
          scrollPending = false;
          const box = element.parentElement;
          if (!latest?.isConnected || !box) return;
          const top = latest.getBoundingClientRect().top - box.getBoundingClientRect().top;
          if (top < 0 || top > box.clientHeight - 24) box.scrollTop += top - box.clientHeight / 3;
        });
      }
    },
  };
}
