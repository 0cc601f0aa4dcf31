// The decision's moves as buttons, the accessible way to play beside the table: takes the moves
// and what to do with one, gives them grouped by their first word (`at B1`, `at C1`, … under
// "at"), with a filter box once there are many, so a decision of 150 placements stays usable.
// A move that can also be made on the table is marked so (a menu's line whose next choice is
// clicked there too).
import { h, type Child } from './dom.js';

const FEW = 24;

export function moveList(moves: readonly string[], disabled: boolean, play: (move: string) => void, filter = '', onTable: ReadonlySet<string> = new Set()): Child {
  const button = (move: string) => onTable.has(move)
    ? h('button', { class: 'move on-table', type: 'button', 'data-move': move, disabled, title: 'also made by clicking the table', onclick: () => play(move) }, move)
    : h('button', { class: 'move', type: 'button', 'data-move': move, disabled, onclick: () => play(move) }, move);
  if (moves.length <= FEW) return moves.map(button);
  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? moves.filter((m) => m.toLowerCase().includes(wanted)) : moves;
  const groups = new Map<string, string[]>();
  for (const m of shown) {
    const head = m.split(' ')[0]!;
    groups.set(head, [...(groups.get(head) ?? []), m]);
  }
  return [
    h('p', { class: 'muted small move-count' }, wanted ? `${shown.length} of ${moves.length} moves match “${filter.trim()}”.` : `${moves.length} moves, by their first word; type to narrow them down.`),
    [...groups].map(([head, list]) => list.length === 1 ? button(list[0]!)
      : h('details', { class: 'move-group', open: groups.size === 1 || list.length <= 12 || Boolean(wanted) ? true : null },
        h('summary', {}, `${head} … (${list.length})`), h('div', { class: 'moves' }, list.map(button)))),
  ];
}

/** Whether the list gets a filter box. */
export const needsFilter = (moves: readonly string[]): boolean => moves.length > FEW;
