// A simulation's outcome as a picture: one bar per seat for its share of wins, its mean score
// beside it — where a designer looks to see whether a rule tips the balance between seats.
import type { SimulationReport } from '../../interpreter/tools/index.js';
import { playerLabel } from '../../interpreter/runtime/index.js';
import { h } from './dom.js';

export function balanceView(r: SimulationReport): HTMLElement {
  const fair = 100 / r.winsBySeat.length;
  return h('div', { class: 'balance' },
    h('p', { class: 'small' }, `${r.games} games, ${r.meanMoves.toFixed(1)} moves each on average. A fair share of wins is ${fair.toFixed(0)}% a seat (the line).`),
    h('table', { class: 'bars' }, h('tbody', {}, r.winsBySeat.map((w, seat) => {
      const share = (100 * w) / r.games;
      return h('tr', {},
        h('th', {}, `${playerLabel(seat)} (seat ${seat})`),
        h('td', { class: 'bar-cell' },
          h('div', { class: 'bar', style: `width: ${share.toFixed(1)}%` }),
          h('div', { class: 'fair', style: `left: ${fair.toFixed(1)}%` })),
        h('td', { class: 'num' }, `${share.toFixed(1)}% wins`),
        h('td', { class: 'num muted' }, `mean score ${r.meanScoreBySeat[seat]!.toFixed(1)}`));
    }))));
}
