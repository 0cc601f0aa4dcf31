// The table: takes the rules in force, one seat's view and (when that seat decides) its options,
// gives the boards drawn as SVG, the shared zones and each seat's area (counters, cards, pieces
// off the board), with the legal moves' spaces, pieces and cards highlighted. A move is made by
// clicking them in turn (or Tab to one and Enter); Escape takes the clicks back. What is drawn
// comes from the view only: cards the seat may not see are backs, others' private counters "?".
import type { Model, PlayerView, Value } from '../../interpreter/runtime/index.js';
import { playerLabel } from '../../interpreter/runtime/index.js';
import { boardLegend, boardSvg, playerColour } from './board-svg.js';
import { fill, h, type Child } from './dom.js';
import { graphPositions, type Positions } from './graph-layout.js';
import { describeTable, type CardInfo, type CounterInfo, type TableInfo, type ZoneInfo } from './table-model.js';
import { clickMoves, clickState, type ClickMove } from './targets.js';

export interface TableInput {
  readonly model: Model;
  readonly view: PlayerView;
  /** The options of the decision, given only when the viewing seat makes it and may play now. */
  readonly options: readonly { readonly id: string; readonly value: Value }[] | null;
}

const CARDS_SHOWN = 14;

export class TableView {
  readonly element = h('div', { id: 'table', class: 'table' });
  private input: TableInput | null = null;
  private chosen: string[] = [];
  private decisionKey = '';
  private readonly positions = new Map<string, Positions>();

  constructor(private readonly play: (move: string) => void) {
    this.element.addEventListener('click', (e) => this.onClick(e));
    this.element.addEventListener('keydown', (e) => this.onKey(e));
  }

  show(input: TableInput): void {
    const key = `${input.view.moves.length}|${input.view.seat}|${input.options?.map((o) => o.id).join(',') ?? ''}`;
    if (key !== this.decisionKey) this.chosen = [];
    this.decisionKey = key;
    this.input = input;
    this.draw();
  }

  /** Forgets the clicks made toward a move. */
  cancel(): void {
    if (!this.chosen.length) return;
    this.chosen = [];
    this.draw();
  }

  private moves(): ClickMove[] {
    return this.input?.options ? clickMoves(this.input.model, this.input.options) : [];
  }

  private draw(): void {
    const input = this.input;
    if (!input) return;
    const table = describeTable(input.model, input.view);
    const state = clickState(this.moves(), this.chosen);
    const marks = { targets: state.next, chosen: new Set(this.chosen) };
    for (const b of table.boards) {
      if (b.kind === 'graph' && !this.positions.has(b.name)) {
        void graphPositions(b).then((p) => {
          this.positions.set(b.name, p);
          this.draw();
        });
      }
    }
    const focused = (document.activeElement as HTMLElement | null)?.closest?.('[data-space],[data-piece],[data-card]');
    const focusKey = focused ? targetId(focused) : null;
    fill(this.element,
      this.selectionBar(state.complete, state.candidates.length, input),
      h('div', { class: 'boards' }, table.boards.map((b) => h('figure', { class: 'board-card' },
        boardSvg(b, table.piecesAt, { ...marks, positions: this.positions.get(b.name) }),
        h('figcaption', { class: 'legend' }, h('strong', {}, b.name), ' ',
          boardLegend(b).map((l) => h('span', { class: 'key' }, h('i', { class: l.dashed ? 'swatch dashed' : 'swatch', style: `background:${l.colour}` }), l.text)))))),
      this.sharedArea(table, marks.targets),
      h('div', { class: 'seats' }, table.seats.map((s) => this.seatArea(s.seat, s, input.view, marks.targets))));
    if (focusKey) this.element.querySelector<HTMLElement>(`[data-space="${CSS.escape(focusKey)}"],[data-piece="${CSS.escape(focusKey)}"],[data-card="${CSS.escape(focusKey)}"]`)?.focus();
  }

  private selectionBar(complete: readonly string[], candidates: number, input: TableInput): Child {
    if (!input.options) return null;
    const clickable = this.moves().length;
    if (!clickable) return h('p', { class: 'selection muted' }, 'This decision is made with the buttons below.');
    const labels = this.chosen.map((id) => id.slice(id.lastIndexOf(':') + 1));
    // Clicks that already make a move but could go on (a set of cards): offer to stop here.
    const offers = candidates > complete.length ? complete : [];
    return h('div', { class: 'selection', 'aria-live': 'polite' },
      this.chosen.length ? ['Chosen: ', h('strong', {}, labels.join(' → ')), ' · '] : null,
      candidates ? `${clickable} ${clickable === 1 ? 'move' : 'moves'} on the table: click a highlighted space, piece or card.` : 'No move starts like this.',
      offers.map((m) => h('button', { type: 'button', class: 'move confirm', 'data-move': m, onclick: () => this.play(m) }, m)),
      this.chosen.length ? h('button', { type: 'button', class: 'cancel', onclick: () => this.cancel() }, 'Cancel (Esc)') : null);
  }

  private sharedArea(table: TableInfo, targets: ReadonlySet<string>): Child {
    if (!table.shared.length && !table.globals.length) return null;
    return h('section', { class: 'shared' },
      table.globals.length ? h('div', { class: 'counters-row' }, table.globals.map(counterChip)) : null,
      h('div', { class: 'zones-row' }, table.shared.map((z) => zoneBox(z, targets))));
  }

  private seatArea(seat: number, info: TableInfo['seats'][number], view: PlayerView, targets: ReadonlySet<string>): HTMLElement {
    const deciding = view.decision?.player === seat;
    return h('section', { class: `seat${seat === view.seat ? ' me' : ''}${deciding ? ' deciding' : ''}`, 'data-seat': seat },
      h('header', {}, h('i', { class: 'dot', style: `background:${playerColour(seat)}` }), h('strong', {}, playerLabel(seat)),
        seat === view.seat ? h('span', { class: 'muted' }, ' · the view') : null, deciding ? h('span', { class: 'deciding-mark' }, ' · decides') : null,
        view.result ? h('span', { class: 'score' }, ` · score ${view.result.scores[seat]}${view.result.winners.includes(seat) ? ' ★' : ''}`) : null),
      info.counters.length ? h('div', { class: 'counters-row' }, info.counters.map(counterChip)) : null,
      info.offBoard.length ? h('div', { class: 'muted small' }, 'Off the board: ', info.offBoard.map((o) => `${o.collection} ×${o.count}`).join(', ')) : null,
      info.zones.length ? h('div', { class: 'zones-row' }, info.zones.map((z) => zoneBox(z, targets))) : null);
  }

  private onClick(e: Event): void {
    const el = (e.target as Element).closest('[data-space],[data-piece],[data-card]');
    if (!el || !this.element.contains(el)) return;
    this.pick(el);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      this.cancel();
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const el = (e.target as Element).closest?.('[data-space],[data-piece],[data-card]');
    if (!el) return;
    e.preventDefault();
    this.pick(el);
  }

  /** A click on a piece that is not itself a choice counts as one on its space. */
  private pick(el: Element): void {
    const state = clickState(this.moves(), this.chosen);
    let id = targetId(el);
    if (!state.next.has(id) && el.hasAttribute('data-piece')) id = el.closest('[data-space]')?.getAttribute('data-space') ?? id;
    if (!state.next.has(id)) return;
    this.chosen = [...this.chosen, id];
    const after = clickState(this.moves(), this.chosen);
    if (after.complete.length === 1 && after.candidates.length === 1) {
      const move = after.complete[0]!;
      this.chosen = [];
      this.play(move);
      return;
    }
    this.draw();
  }
}

const targetId = (el: Element): string => el.getAttribute('data-piece') ?? el.getAttribute('data-card') ?? el.getAttribute('data-space') ?? '';

function counterChip(c: CounterInfo): HTMLElement {
  return c.value === null
    ? h('span', { class: 'counter hidden-value', 'data-counter': c.name, title: 'hidden from this seat' }, `${c.name} `, h('strong', {}, '?'))
    : h('span', { class: 'counter', 'data-counter': c.name }, `${c.name} `, h('strong', {}, c.value));
}

function zoneBox(z: ZoneInfo, targets: ReadonlySet<string>): HTMLElement {
  const head = h('div', { class: 'zone-head' }, h('span', {}, z.name), ' ', h('span', { class: 'count' }, `${z.count}`));
  if (!z.count) return h('div', { class: 'zone empty', 'data-zone': z.key }, head);
  if (z.cards === null) {
    // Hidden from this seat: backs only, as many as there are (a few drawn, the count written).
    return h('div', { class: 'zone hidden-zone', 'data-zone': z.key }, head,
      h('div', { class: 'cards-row' }, Array.from({ length: Math.min(z.count, 3) }, () => h('div', { class: 'tcard back', 'aria-label': 'a hidden card' }, '?'))));
  }
  // Copies of one card are drawn once with their number; a card that can be chosen stands alone.
  const groups: { card: CardInfo; count: number; target: boolean }[] = [];
  for (const c of z.cards) {
    const target = targets.has(c.id);
    const same = target ? undefined : groups.find((g) => !g.target && g.card.label === c.label);
    if (same) same.count++;
    else groups.push({ card: c, count: 1, target });
  }
  // A long zone is cut short, but never a card that can be chosen now.
  const shown = groups.filter((g, i) => i < CARDS_SHOWN || g.target);
  const hiddenCount = z.count - z.cards.length; // some hidden, some revealed
  return h('div', { class: 'zone', 'data-zone': z.key }, head,
    h('div', { class: 'cards-row' },
      shown.map((g) => cardEl(g.card, g.target, g.count)),
      groups.length > shown.length ? h('span', { class: 'more muted' }, `+${groups.filter((g) => !shown.includes(g)).reduce((n, g) => n + g.count, 0)} more`) : null,
      hiddenCount > 0 ? h('div', { class: 'tcard back', 'aria-label': `${hiddenCount} hidden cards` }, `?×${hiddenCount}`) : null));
}

function cardEl(c: CardInfo, target: boolean, copies: number): HTMLElement {
  return h('div', { class: `tcard${target ? ' target' : ''}`, 'data-card': c.id, tabindex: target ? 0 : null, role: target ? 'button' : null, title: c.id },
    h('div', { class: 'card-name' }, c.label, copies > 1 ? h('span', { class: 'copies' }, ` ×${copies}`) : null),
    c.data.slice(0, 4).map(([k, v]) => h('div', { class: 'card-data' }, h('span', { class: 'k' }, k), ' ', v)));
}
