// The table: takes the rules in force, one seat's view and (when that seat decides) its options,
// gives the boards drawn as SVG, the shared zones and each seat's area (counters, cards, pieces
// off the board), with the legal moves' spaces, pieces and cards highlighted. A move is made by
// clicking them in turn (or Tab to one and Enter); Escape takes the clicks back. A menu's line
// that leads to a decision on the table is made by clicking that decision's target: both moves
// are played, and where a target is reached through several lines a small popup asks which.
// What is drawn comes from the view only: cards the seat may not see are backs, others' private
// counters "?".
import type { Model, PlayerView } from '../../interpreter/runtime/index.js';
import { playerLabel } from '../../interpreter/runtime/index.js';
import { boardLegend, boardSvg, playerColour } from './board-svg.js';
import { fill, h, type Child } from './dom.js';
import { graphPositions, type Positions } from './graph-layout.js';
import { shippedLayout, type CheckedHints, type LayoutHints, type ZoneHints } from './layout-hints.js';
import { describeTable, type CardInfo, type CounterInfo, type TableInfo, type ZoneInfo } from './table-model.js';
import { clickMovesAhead, clickState, drawnOnly, movesOf, optionsOnTable, type ClickMove, type OptionLike } from './targets.js';

export interface TableInput {
  readonly model: Model;
  readonly view: PlayerView;
  /** The options of the decision, given only when the viewing seat makes it and may play now. */
  readonly options: readonly OptionLike[] | null;
  /** The options of the decision a menu's line leads to, for the same seat (null: none, or another seat's). */
  readonly next?: (id: string) => readonly OptionLike[] | null;
}

const CARDS_SHOWN = 14;

export class TableView {
  readonly element = h('div', { id: 'table', class: 'table', tabindex: 0, role: 'region', 'aria-label': 'Boards, cards and seats' });
  private input: TableInput | null = null;
  private chosen: string[] = [];
  private decisionKey = '';
  private readonly positions = new Map<string, Positions>();
  private layout: { model: Model; checked: CheckedHints } | null = null;
  /** The click moves of the decision shown, worked out once per decision (a menu's look-ahead plays moves). */
  private clickable: { options: readonly OptionLike[]; moves: ClickMove[] } | null = null;

  /** `play` gets the moves one click makes, in order: one, or a menu's line and the move after it. */
  constructor(private readonly play: (moves: readonly string[]) => void) {
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

  /** The decision's options that can be made on the table (a menu's line through the move after it). */
  onTable(): Set<string> {
    return new Set(this.moves().map((m) => m.via ?? m.move));
  }

  /** Forgets the clicks made toward a move. */
  cancel(): void {
    if (!this.chosen.length) return;
    this.chosen = [];
    this.draw();
  }

  private moves(): ClickMove[] {
    const input = this.input;
    if (!input?.options) return [];
    if (this.clickable?.options !== input.options) {
      const { hints } = this.hints(input.model);
      const drawn = drawnIds(describeTable(input.model, input.view), hints.zones ?? {});
      this.clickable = { options: input.options, moves: drawnOnly(clickMovesAhead(input.model, input.options, input.next ?? (() => null)), drawn) };
    }
    return this.clickable.moves;
  }

  /** The ruleset's layout hints, checked once per rules in force. */
  private hints(model: Model): CheckedHints {
    if (this.layout?.model !== model) this.layout = { model, checked: shippedLayout(model) };
    return this.layout.checked;
  }

  private draw(): void {
    const input = this.input;
    if (!input) return;
    const { hints, problems } = this.hints(input.model);
    const table = withHints(describeTable(input.model, input.view), hints);
    const state = clickState(this.moves(), this.chosen);
    const marks = { targets: state.next, chosen: new Set(this.chosen), palette: hints.players };
    for (const b of table.boards) {
      if (b.kind === 'graph' && !hints.boards?.[b.name]?.positions && !this.positions.has(b.name)) {
        void graphPositions(b).then((p) => {
          this.positions.set(b.name, p);
          this.draw();
        });
      }
    }
    const focused = (document.activeElement as HTMLElement | null)?.closest?.('[data-space],[data-piece],[data-card]');
    const focusKey = focused ? targetId(focused) : null;
    const asking = Boolean(this.element.querySelector('.branch-choice'));
    const zoneHints = hints.zones ?? {};
    fill(this.element,
      problems.length ? h('div', { class: 'layout-problems', role: 'alert' }, h('strong', {}, 'The layout hints are not used:'),
        h('ul', {}, problems.map((p) => h('li', {}, p)))) : null,
      this.selectionBar(state.complete, state.candidates.length, input),
      h('div', { class: 'boards' }, table.boards.map((b) => h('figure', { class: 'board-card' },
        boardSvg(b, table.piecesAt, { ...marks, positions: this.positions.get(b.name), hints: hints.boards?.[b.name] }),
        h('figcaption', { class: 'legend' }, h('strong', {}, b.name), ' ',
          boardLegend(b, table.piecesAt, hints.boards?.[b.name]).map((l) => h('span', { class: 'key' }, h('i', { class: l.dashed ? 'swatch dashed' : 'swatch', style: `background:${l.colour}` }), l.text)))))),
      // The viewing seat's own area (its hand) right under the boards, so both are seen together;
      // then what all share, then the other seats.
      // Shared zones with something to click now come first of all, beside the boards.
      this.sharedArea(table, marks.targets, zoneHints, 'active'),
      h('div', { class: 'seats mine' }, table.seats.filter((s) => s.seat === input.view.seat).map((s) => this.seatArea(s.seat, s, input.view, marks.targets, zoneHints, hints.players))),
      this.sharedArea(table, marks.targets, zoneHints, 'rest'),
      h('div', { class: 'seats others' }, table.seats.filter((s) => s.seat !== input.view.seat).map((s) => this.seatArea(s.seat, s, input.view, marks.targets, zoneHints, hints.players))));
    if (focusKey) this.element.querySelector<HTMLElement>(`[data-space="${CSS.escape(focusKey)}"],[data-piece="${CSS.escape(focusKey)}"],[data-card="${CSS.escape(focusKey)}"]`)?.focus();
    // A question that has just come up takes the focus, so the keyboard answers it.
    if (!asking) this.element.querySelector<HTMLElement>('.branch-choice button')?.focus();
  }

  private selectionBar(complete: readonly ClickMove[], candidates: number, input: TableInput): Child {
    if (!input.options) return null;
    const moves = this.moves();
    if (!moves.length) return h('p', { class: 'selection muted' }, 'This decision is made with the buttons below.');
    const clickable = optionsOnTable(moves);
    const labels = this.chosen.map((id) => id.slice(id.lastIndexOf(':') + 1));
    const confirm = (m: ClickMove, text: string) => h('button', { type: 'button', class: 'move confirm', 'data-move': movesOf(m).join(' → '), onclick: () => this.finish(m) }, text);
    // Clicks that make several moves at once and cannot go on: a target reached through several
    // lines of a menu (or a move both of the menu and after a line of it). Ask which.
    const ask = complete.length > 1 && candidates === complete.length;
    // Clicks that already make a move but could go on (a set of cards): offer to stop here.
    const offers = !ask && candidates > complete.length ? complete : [];
    const through = moves.some((m) => m.via !== undefined);
    return h('div', { class: 'selection', 'aria-live': 'polite' },
      this.chosen.length ? ['Chosen: ', h('strong', {}, labels.join(' → ')), ' · '] : null,
      ask ? null : candidates ? `${clickable} ${clickable === 1 ? 'move' : 'moves'} on the table: click a highlighted space, piece or card${through ? ' (the menu’s line is chosen with it)' : ''}.` : 'No move starts like this.',
      ask ? h('div', { class: 'branch-choice', role: 'group', 'aria-label': 'Which move?' }, h('span', {}, 'Which? '),
        complete.map((m) => confirm(m, complete.filter((c) => c.via === m.via).length > 1 ? movesOf(m).join(' → ') : m.via ?? m.move))) : null,
      offers.map((m) => confirm(m, movesOf(m).join(' → '))),
      this.chosen.length ? h('button', { type: 'button', class: 'cancel', onclick: () => this.cancel() }, 'Cancel (Esc)') : null);
  }

  /** Plays a click move (a menu's line first, when it is made through one). */
  private finish(m: ClickMove): void {
    this.chosen = [];
    this.play(movesOf(m));
  }

  /** The shared zones: those with a target now (`active`), or the others with the global counters (`rest`). */
  private sharedArea(table: TableInfo, targets: ReadonlySet<string>, hints: Readonly<Record<string, ZoneHints>>, part: 'active' | 'rest'): Child {
    const live = (z: ZoneInfo) => z.cards?.some((c) => targets.has(c.id)) ?? false;
    const zones = arranged(table.shared, hints).filter((z) => live(z) === (part === 'active'));
    const globals = part === 'rest' ? table.globals : [];
    if (!zones.length && !globals.length) return null;
    return h('section', { class: `shared ${part}` },
      globals.length ? h('div', { class: 'counters-row' }, globals.map(counterChip)) : null,
      h('div', { class: 'zones-row' }, zones.map((z) => zoneBox(z, targets, hints[z.name]))));
  }

  private seatArea(seat: number, info: TableInfo['seats'][number], view: PlayerView, targets: ReadonlySet<string>,
    hints: Readonly<Record<string, ZoneHints>>, palette?: readonly string[]): HTMLElement {
    const deciding = view.decision?.player === seat;
    const zones = arranged(info.zones, hints);
    return h('section', { class: `seat${seat === view.seat ? ' me' : ''}${deciding ? ' deciding' : ''}`, 'data-seat': seat },
      h('header', {}, h('i', { class: 'dot', style: `background:${playerColour(seat, palette)}` }), h('strong', {}, playerLabel(seat)),
        seat === view.seat ? h('span', { class: 'muted' }, ' · the view') : null, deciding ? h('span', { class: 'deciding-mark' }, ' · decides') : null,
        view.result ? h('span', { class: 'score' }, ` · score ${view.result.scores[seat]}${view.result.winners.includes(seat) ? ' ★' : ''}`) : null),
      info.counters.length ? h('div', { class: 'counters-row' }, info.counters.map(counterChip)) : null,
      info.offBoard.length ? h('div', { class: 'muted small' }, 'Off the board: ', info.offBoard.map((o) => `${o.collection} ×${o.count}`).join(', ')) : null,
      zones.length ? h('div', { class: 'zones-row' }, zones.map((z) => zoneBox(z, targets, hints[z.name]))) : null);
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
      this.finish(after.complete[0]!);
      return;
    }
    this.draw();
  }
}

/** What the table draws that a click can choose: the boards' spaces, the pieces on them, the cards of the zones shown face up. */
function drawnIds(table: TableInfo, hints: Readonly<Record<string, ZoneHints>>): Set<string> {
  const ids = new Set<string>();
  for (const b of table.boards) for (const s of b.spaces) ids.add(s.id);
  for (const list of table.piecesAt.values()) for (const p of list) ids.add(p.id);
  for (const z of [...table.shared, ...table.seats.flatMap((s) => s.zones)]) {
    if (hints[z.name]?.show !== 'none') for (const c of z.cards ?? []) ids.add(c.id);
  }
  return ids;
}

const targetId = (el: Element): string => el.getAttribute('data-piece') ?? el.getAttribute('data-card') ?? el.getAttribute('data-space') ?? '';

function counterChip(c: CounterInfo): HTMLElement {
  return c.value === null
    ? h('span', { class: 'counter hidden-value', 'data-counter': c.name, title: 'hidden from this seat' }, `${c.name} `, h('strong', {}, '?'))
    : h('span', { class: 'counter', 'data-counter': c.name }, `${c.name} `, h('strong', {}, c.value));
}

/** The table with the hints' choice of tint applied. */
function withHints(table: TableInfo, hints: LayoutHints): TableInfo {
  if (!hints.boards) return table;
  return { ...table, boards: table.boards.map((b) => (hints.boards?.[b.name]?.tint ? { ...b, tint: hints.boards[b.name]!.tint! } : b)) };
}

/** Zones in the hints' order (those without one after, as the rules list them), without those shown nowhere. */
function arranged(zones: readonly ZoneInfo[], hints: Readonly<Record<string, ZoneHints>>): ZoneInfo[] {
  const order = (z: ZoneInfo) => hints[z.name]?.order ?? Infinity;
  return zones.filter((z) => hints[z.name]?.show !== 'none').map((z, i) => ({ z, i }))
    .sort((a, b) => order(a.z) - order(b.z) || a.i - b.i).map(({ z }) => z);
}

function zoneBox(z: ZoneInfo, targets: ReadonlySet<string>, hints?: ZoneHints): HTMLElement {
  const head = h('div', { class: 'zone-head' }, h('span', {}, z.name), ' ', h('span', { class: 'count' }, `${z.count}`));
  if (!z.count) return h('div', { class: 'zone empty', 'data-zone': z.key }, head);
  if (z.cards !== null && hints?.show === 'dice' && hints.pips) return diceBox(z, z.cards, targets, hints.pips, head);
  if (z.cards !== null && hints?.show === 'list') return listBox(z, z.cards, targets, head);
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

/** Cards as die faces (the hints name the attribute that is the pips), each one clickable when it can be chosen. */
function diceBox(z: ZoneInfo, cards: readonly CardInfo[], targets: ReadonlySet<string>, pips: string, head: HTMLElement): HTMLElement {
  return h('div', { class: 'zone dice', 'data-zone': z.key }, head,
    h('div', { class: 'cards-row' }, cards.map((c) => {
      const target = targets.has(c.id);
      const n = Number(c.data.find(([k]) => k === pips)?.[1]);
      return h('div', { class: `die${target ? ' target' : ''}`, 'data-card': c.id, 'data-pips': n, tabindex: target ? 0 : null, role: target ? 'button' : 'img', title: c.id, 'aria-label': `${pips} ${n}` },
        dieFace(n));
    })));
}

/** Where the pips of a face from 1 to 6 go on a 3 × 3 grid; another number is written out. */
const PIPS: Record<number, readonly number[]> = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function dieFace(n: number): SVGSVGElement {
  const NS = 'http://www.w3.org/2000/svg';
  const face = document.createElementNS(NS, 'svg');
  face.setAttribute('viewBox', '0 0 30 30');
  const rect = document.createElementNS(NS, 'rect');
  for (const [k, v] of Object.entries({ x: 1, y: 1, width: 28, height: 28, rx: 5, class: 'die-body' })) rect.setAttribute(k, String(v));
  face.append(rect);
  const spots = PIPS[n];
  if (!spots) {
    const text = document.createElementNS(NS, 'text');
    for (const [k, v] of Object.entries({ x: 15, y: 20, 'text-anchor': 'middle', 'font-size': 14 })) text.setAttribute(k, String(v));
    text.textContent = String(n);
    face.append(text);
  }
  for (const i of spots ?? []) {
    const dot = document.createElementNS(NS, 'circle');
    for (const [k, v] of Object.entries({ cx: 8 + (i % 3) * 7, cy: 8 + Math.floor(i / 3) * 7, r: 2.6, class: 'pip' })) dot.setAttribute(k, String(v));
    face.append(dot);
  }
  return face;
}

/** Cards as the lines of a sheet (name and data on one line), for zones of many small records. */
function listBox(z: ZoneInfo, cards: readonly CardInfo[], targets: ReadonlySet<string>, head: HTMLElement): HTMLElement {
  return h('div', { class: 'zone sheet', 'data-zone': z.key }, head,
    h('ul', { class: 'sheet-lines' }, cards.map((c) => {
      const target = targets.has(c.id);
      return h('li', { class: target ? 'target' : null, 'data-card': c.id, tabindex: target ? 0 : null, role: target ? 'button' : null, title: c.id }, c.label);
    })));
}

function cardEl(c: CardInfo, target: boolean, copies: number): HTMLElement {
  return h('div', { class: `tcard${target ? ' target' : ''}`, 'data-card': c.id, tabindex: target ? 0 : null, role: target ? 'button' : null, title: c.id },
    h('div', { class: 'card-name' }, c.label, copies > 1 ? h('span', { class: 'copies' }, ` ×${copies}`) : null),
    c.data.filter(([, v]) => !saidBy(c.label, v)).slice(0, 4).map(([k, v]) => h('div', { class: 'card-data' }, h('span', { class: 'k' }, k), ' ', v)));
}

/** Whether a card's name already says this value (`queen of spades` says `queen` and `spades`): it is not written twice. */
function saidBy(label: string, value: string): boolean {
  const words = label.toLowerCase().split(/[^\p{L}\p{N}+-]+/u);
  return value.toLowerCase().split(/\s+/).every((w) => words.includes(w));
}
