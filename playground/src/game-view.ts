// Rendering a game with plain DOM: takes what the runtime gives (legal moves, a player's view,
// an explanation), gives elements for the decision, phases, counters, zones, log and result.
import type { Explanation, LegalMoves, PlayerView, ZoneView } from '../../interpreter/runtime/index.js';
import type { Model } from '../../interpreter/runtime/index.js';
import { cardLabel, playerLabel, splitZoneKey } from '../../interpreter/runtime/index.js';
import { h, richText, type Child } from './dom.js';

const seatName = (seat: number) => `${playerLabel(seat)} (seat ${seat})`;

export function decisionLine(legal: LegalMoves | null, view: PlayerView): Child {
  if (view.over) return h('span', { class: 'over' }, 'The game is over.');
  if (!legal) return h('span', {}, 'Nobody has a decision to make.');
  return h('span', {}, h('strong', {}, seatName(legal.player)), ' decides: choice ', h('code', {}, legal.choice), ' in rule ', h('code', {}, legal.rule),
    view.turnOf !== null && view.turnOf !== legal.player ? ` (on ${playerLabel(view.turnOf)}'s turn)` : '');
}

/** Phase chips; a timed phase gets a countdown element the panel ticks (`data-deadline`). */
export function phaseChips(view: PlayerView, deadlines: ReadonlyMap<string, number>): Child {
  if (!view.phases.length) return h('span', { class: 'muted' }, 'No named phase is running.');
  return view.phases.map((p, i) => {
    const key = phaseKey(p, i);
    const deadline = deadlines.get(key);
    return h('span', { class: 'chip' }, `${p.level} `, h('strong', {}, p.title),
      p.timeLimit !== undefined && deadline !== undefined
        ? h('span', { class: 'countdown', 'data-deadline': deadline, title: `timed ${p.timeLimit} s` }, countdownText(deadline - Date.now()))
        : null);
  });
}

export const phaseKey = (p: { level: string; title: string }, index: number): string => `${index}:${p.level}:${p.title}`;

export function countdownText(ms: number): string {
  if (ms <= 0) return ' · time is up';
  const s = Math.ceil(ms / 1000);
  return ` · ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} left`;
}

export function moveButtons(legal: LegalMoves | null, disabled: boolean, play: (move: string) => void): Child {
  if (!legal) return null;
  return legal.moves.map((move) => h('button', { class: 'move', type: 'button', 'data-move': move, disabled, onclick: () => play(move) }, move));
}

/**
 * Per-player counters as a table (players as columns); global and per-thing counters below it.
 * Another seat's private counter is "?": the view gives 0 there, which is not its value.
 */
export function countersTable(view: PlayerView, seat: number, model?: Model): Child {
  const perPlayer = Object.entries(view.counters).filter((e): e is [string, number[]] => Array.isArray(e[1]));
  const hiddenFrom = (name: string, s: number) => s !== seat && (model?.counters.get(name)?.visibility ?? 'public') !== 'public';
  const global = Object.entries(view.counters).filter((e): e is [string, number] => typeof e[1] === 'number');
  const perThing = Object.entries(view.counters).filter((e): e is [string, Record<string, number>] => typeof e[1] === 'object' && e[1] !== null && !Array.isArray(e[1])); // a hidden counter comes as null
  const seats = Array.from({ length: view.players }, (_, s) => s);
  return [
    perPlayer.length ? h('table', { class: 'grid' },
      h('thead', {}, h('tr', {}, h('th', {}, 'counter'), seats.map((s) => h('th', { class: s === seat ? 'me' : null }, playerLabel(s))))),
      h('tbody', {}, perPlayer.map(([name, values]) => h('tr', {}, h('th', {}, name), values.map((v, s) => (hiddenFrom(name, s)
        ? h('td', { class: 'num hidden-value', title: 'hidden from this seat' }, '?')
        : h('td', { class: s === seat ? 'me num' : 'num' }, v))))))) : null,
    global.length ? h('p', { class: 'kv' }, global.map(([name, v]) => h('span', {}, `${name} `, h('strong', {}, v)))) : null,
    perThing.map(([name, values]) => h('details', { class: 'kv' }, h('summary', {}, `${name} (per ${Object.keys(values).length} things)`),
      Object.entries(values).map(([id, v]) => h('span', {}, `${id} `, h('strong', {}, v))))),
    !perPlayer.length && !global.length && !perThing.length ? h('p', { class: 'muted' }, 'No counters are visible to this seat.') : null,
  ];
}

/** Card ids grouped by label in order: `Soba ×2, Tofu`; long lists are cut with a count. */
export function cardsText(cards: readonly string[], limit = 14): string {
  const groups: [string, number][] = [];
  for (const id of cards) {
    const label = cardLabel(id);
    const last = groups[groups.length - 1];
    if (last && last[0] === label) last[1]++;
    else groups.push([label, 1]);
  }
  const shown = groups.slice(0, limit).map(([label, n]) => (n > 1 ? `${label} ×${n}` : label));
  return groups.length > limit ? `${shown.join(', ')}, … (${groups.length - limit} more)` : shown.join(', ');
}

function zoneCell(z: ZoneView | undefined): Child {
  if (!z) return '';
  if (!z.count) return h('span', { class: 'muted' }, '0');
  return [h('span', { class: 'count' }, z.count), ' ', z.cards === null ? h('span', { class: 'muted' }, 'hidden') : h('span', { class: 'cards' }, cardsText(z.cards))];
}

/** Shared zones as a list, per-player zones as a table with the viewing seat's column marked. */
export function zonesView(view: PlayerView, seat: number): Child {
  const shared: [string, ZoneView][] = [];
  const perPlayer = new Map<string, Map<number, ZoneView>>();
  for (const [key, z] of Object.entries(view.zones)) {
    const { zone, seat: owner } = splitZoneKey(key);
    if (owner === null) shared.push([zone, z]);
    else {
      if (!perPlayer.has(zone)) perPlayer.set(zone, new Map());
      perPlayer.get(zone)!.set(owner, z);
    }
  }
  const seats = Array.from({ length: view.players }, (_, s) => s);
  return [
    h('table', { class: 'grid zones' },
      h('thead', {}, h('tr', {}, h('th', {}, 'zone'), h('th', {}, 'cards'))),
      h('tbody', {}, shared.map(([name, z]) => h('tr', {}, h('th', {}, name), h('td', {}, zoneCell(z)))))),
    perPlayer.size ? h('table', { class: 'grid zones' },
      h('thead', {}, h('tr', {}, h('th', {}, 'zone of'), seats.map((s) => h('th', { class: s === seat ? 'me' : null }, playerLabel(s))))),
      h('tbody', {}, [...perPlayer].map(([name, bySeat]) => h('tr', {}, h('th', {}, name), seats.map((s) => h('td', { class: s === seat ? 'me' : null }, zoneCell(bySeat.get(s)))))))) : null,
  ];
}

export function piecesView(view: PlayerView, model: Model): Child {
  const entries = Object.entries(view.pieces);
  if (!entries.length) return null;
  return h('details', { class: 'pieces', open: entries.length <= 12 }, h('summary', {}, `Pieces (${entries.length})`),
    h('p', { class: 'kv' }, entries.map(([id, at]) => {
      const owner = model.pieces.get(id)?.owner;
      const where = at.space === null ? 'off the board' : `on ${model.things.get(at.space)?.label ?? at.space}`;
      return h('span', {}, `${id}${owner !== null && owner !== undefined ? ` (${playerLabel(owner)})` : ''} `, h('strong', {}, where));
    })));
}

/**
 * Where a log entry came from: the statement that wrote it (`statement`) or else the rule whose
 * choice led there, as `file:line:col`; the rule's name; the move that made it, if any.
 */
export interface LogOrigin {
  readonly rule: string;
  readonly at: string;
  readonly move: number | null;
  readonly statement?: boolean;
}

/** The log; with `origin`, each entry links to where it came from (a click shows it in the editor). */
export function logList(view: PlayerView, limit = 400, origin?: (index: number) => LogOrigin | null, reveal?: (at: string) => void): Child {
  const entries = view.log;
  const from = Math.max(0, entries.length - limit);
  return [
    from ? h('li', { class: 'muted earlier' }, `… ${from} earlier lines`) : null,
    entries.slice(from).map((e, i) => {
      const o = origin?.(from + i) ?? null;
      return h('li', { class: e.text.startsWith('—') ? 'head' : null, value: from + i + 1 },
        e.text, e.forced ? ' (the only option)' : null, e.detail !== undefined ? h('span', { class: 'detail' }, ` [${e.detail}]`) : null,
        o && reveal ? [' ', h('a', {
          href: '#', class: o.statement ? 'log-rule log-statement' : 'log-rule', 'data-at': o.at,
          title: o.statement
            ? `${o.move === null ? 'Written while setting up' : `After move ${o.move}`}, by the statement at line ${/:(\d+):\d+$/.exec(o.at)?.[1] ?? '?'} of ${o.rule}: show it in the editor`
            : o.move === null ? `Written while setting up: show ${o.rule} in the editor` : `After move ${o.move}, in rule ${o.rule}: show it in the editor`,
          onclick: (ev) => { ev.preventDefault(); reveal(o.at); },
        }, o.rule)] : null);
    }),
  ];
}

/**
 * The final scores, the winners first in the eye, with the breakdown beside each score: every
 * per-player counter this seat may see (what the scores are made of), a column each.
 */
export function resultView(view: PlayerView, moves: number, model?: Model): Child {
  if (!view.result) return null;
  const { scores, winners } = view.result;
  const parts = Object.entries(view.counters).filter((e): e is [string, number[]] => Array.isArray(e[1]));
  const hidden = (name: string, s: number) => s !== view.seat && (model?.counters.get(name)?.visibility ?? 'public') !== 'public';
  const order = scores.map((_, s) => s).sort((a, b) => scores[b]! - scores[a]!);
  return [
    h('p', { class: 'final-line' }, `${view.game} is over after ${moves} moves. `, winners.length ? ['Winner: ', h('strong', { class: 'winners' }, winners.map(playerLabel).join(', '))] : 'Nobody wins.'),
    h('div', { class: 'scores-box' }, h('table', { class: 'grid scores' },
      h('caption', { class: 'muted small' }, parts.length ? 'Scores, best first, and the counters that make them' : 'Scores, best first'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'player'), h('th', { scope: 'col', class: 'num' }, 'score'),
        parts.map(([name]) => h('th', { scope: 'col', class: 'num part' }, name)), h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'winner')))),
      h('tbody', {}, order.map((s) => h('tr', { class: winners.includes(s) ? 'winner' : null },
        h('th', { scope: 'row' }, seatName(s)), h('td', { class: 'num score' }, scores[s]!),
        parts.map(([name, values]) => h('td', { class: 'num part' }, hidden(name, s) ? '?' : values[s]!)),
        h('td', {}, winners.includes(s) ? '★ winner' : '')))))),
  ];
}

export function explanationView(e: Explanation, reveal: (at: string) => void): Child {
  return [
    h('p', {}, h('span', { class: e.legal ? 'badge ok' : 'badge no' }, e.legal ? 'legal' : 'not legal'), ' ', richText(e.text)),
    e.rule ? h('p', {}, 'Rule ', h('code', { class: 'why-rule' }, e.rule.name), ' at ',
      h('a', { href: '#', class: 'why-at', onclick: (ev) => { ev.preventDefault(); reveal(e.rule!.at); } }, e.rule.at)) : null,
    e.rule?.cites.length ? h('div', { class: 'cites' }, 'The rulebook says:', e.rule.cites.map((c) => h('blockquote', {}, c))) : null,
    !e.legal && e.legalMoves.length ? h('p', { class: 'muted' }, `Legal now: ${e.legalMoves.join(', ')}`) : null,
  ];
}
