// Plain-text rendering of what one player may see of a game (runtime `view`): where the game is,
// the counters, the zones (cards, or how many are hidden), the pieces, and the decision waiting.
import type { PlayerView } from '../interpreter/runtime/index.js';
import { playerLabel } from '../interpreter/runtime/index.js';

const isRef = (v: object): boolean => !Array.isArray(v) && ['card', 'space', 'player', 'piece', 'zone'].some((k) => k in v);

export function formatView(v: PlayerView, name: string): string {
  const lines = [`${name}, as ${playerLabel(v.seat)} (seat ${v.seat}) sees it, after ${v.moves.length} moves`];
  if (v.phases.length) lines.push(`  now: ${v.phases.map((p) => `${p.level} ${p.title}`).join(' › ')}`);
  lines.push('', 'log:');
  for (const e of v.log) lines.push(`  ${e.text}${e.forced ? ' (the only option)' : ''}${e.detail ? ` [${e.detail}]` : ''}`);
  lines.push('', 'counters:');
  for (const [counter, value] of Object.entries(v.counters)) {
    // A counter declared `from none` may hold any value: a player, a card, a list.
    const one = (x: unknown) => (typeof x === 'number' || typeof x === 'string' ? String(x) : JSON.stringify(x));
    const shown = typeof value !== 'object' || value === null || isRef(value) ? one(value)
      : Array.isArray(value) ? value.map((x, seat) => `${playerLabel(seat)} ${one(x)}`).join(', ')
      : Object.entries(value).map(([id, x]) => `${id} ${one(x)}`).join(', ');
    lines.push(`  ${counter}: ${shown}`);
  }
  lines.push('', 'zones:');
  for (const [zone, z] of Object.entries(v.zones)) {
    if (z.count === 0) continue;
    const hidden = z.count - (z.cards?.length ?? 0);
    const cards = z.cards?.length ? z.cards.join(', ') : '';
    lines.push(`  ${zone}: ${cards}${hidden ? `${cards ? ' + ' : ''}${hidden} hidden` : ''}`);
  }
  const placed = Object.entries(v.pieces).filter(([, p]) => p.space !== null);
  if (placed.length) lines.push('', 'pieces:', ...placed.map(([id, p]) => `  ${id} on ${p.space}`));
  lines.push('');
  if (v.over && v.result) lines.push(`over: scores ${v.result.scores.join(', ')}; winners ${v.result.winners.map((s) => playerLabel(s)).join(', ')}`);
  else if (v.decision) {
    lines.push(`${playerLabel(v.decision.player)} decides: ${v.decision.choice}`);
    if (v.decision.moves) for (const m of v.decision.moves) lines.push(`  ${m}`);
  }
  return lines.join('\n');
}
