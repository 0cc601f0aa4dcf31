// Plain-text rendering of what one player may see of a game (runtime `view`): where the game is,
// the counters, the zones (cards, or how many are hidden), the pieces, and the decision waiting.
import type { PlayerView } from '../interpreter/runtime/index.js';
import { playerLabel } from '../interpreter/runtime/index.js';

export function formatView(v: PlayerView, name: string): string {
  const lines = [`${name}, as ${playerLabel(v.seat)} (seat ${v.seat}) sees it, after ${v.moves.length} moves`];
  if (v.phases.length) lines.push(`  now: ${v.phases.map((p) => `${p.level} ${p.title}`).join(' › ')}`);
  lines.push('', 'log:');
  for (const e of v.log) lines.push(`  ${e.text}${e.detail ? ` [${e.detail}]` : ''}`);
  lines.push('', 'counters:');
  for (const [counter, value] of Object.entries(v.counters)) {
    const shown = typeof value === 'number' ? String(value)
      : Array.isArray(value) ? value.map((x, seat) => `${playerLabel(seat)} ${x}`).join(', ')
      : Object.entries(value).map(([id, x]) => `${id} ${x}`).join(', ');
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
