// Plain-text rendering of a finished (or stopped) game: the log as a spectator reads it, then the
// final scores and winners.
import type { GameDefinition } from '../interpreter/definition/index.js';
import type { GameState } from '../interpreter/runtime/index.js';
import { playerLabel } from '../interpreter/runtime/index.js';

export function formatGame(def: GameDefinition, state: GameState): string {
  const lines: string[] = [];
  for (const entry of state.log) {
    const indent = entry.text.startsWith('—') ? '' : '  ';
    const text = `${entry.text}${entry.forced ? ' (the only option)' : ''}`;
    lines.push(entry.detail && entry.text.endsWith('shuffled') ? `${indent}${text}` : `${indent}${text}${entry.detail ? ` [${entry.detail}]` : ''}`);
  }
  lines.push('');
  if (state.result) {
    lines.push(`${def.name} is over after ${state.moves.length} moves.`);
    state.result.scores.forEach((score, seat) => {
      lines.push(`  ${playerLabel(seat)} (seat ${seat}): ${score}${state.result!.winners.includes(seat) ? '  ← winner' : ''}`);
    });
  } else {
    lines.push(`${def.name} stopped after ${state.moves.length} moves; P${(state.pending?.player ?? 0) + 1} is to decide.`);
  }
  return lines.join('\n');
}
