// Plain-text rendering of a game's outline: what there is, then how play runs, as an indented
// tree a teacher can project and read from the top.
import type { GameOutline, OutlineNode } from '../interpreter/tools/index.js';

/** `file:line:col` → `line N`, for the margin. */
const lineOf = (at: string): string => `line ${at.split(':').at(-2)}`;

export function formatOutline(o: GameOutline): string {
  const lines = [
    `${o.name} — ${o.players.min} to ${o.players.max} players — rulebook ${o.rulebook ?? '(none)'}`,
    `(as played by ${o.playerCount}${o.variants.length ? ` with ${o.variants.join(', ')}` : ''})`,
  ];
  const section = (title: string, rows: string[]) => {
    if (!rows.length) return;
    lines.push('', title, ...rows.map((r) => `  ${r}`));
  };
  section('Zones', o.zones.map((z) => `${z.name}: ${[z.of ? `of ${z.of}` : null, z.owner === 'each player' ? 'one per player' : null, z.ordered ? 'ordered' : null, z.visibility].filter(Boolean).join(', ')}${z.cards ? ` — ${z.cards} at the start` : ''}   (${lineOf(z.at)})`));
  section('Counters', o.counters.map((c) => `${c.name}: ${c.owner === 'game' ? 'the game' : c.owner}${c.from ? `, from ${c.from}` : ''}${c.atLeast ? `, at least ${c.atLeast}` : ''}${c.atMost ? `, at most ${c.atMost}` : ''}${c.visibility === 'public' ? '' : `, ${c.visibility}`}   (${lineOf(c.at)})`));
  section('Boards', o.boards.map((b) => `${b.name}: ${b.shape}, ${b.spaces} spaces   (${lineOf(b.at)})`));
  section('Pieces', o.pieces.map((p) => `${p.name}: ${p.owner === 'each player' ? `${p.count} for each player` : p.owner === 'game' ? `${p.count}` : p.owner}   (${lineOf(p.at)})`));
  section('Variants to choose', o.choosable.map((v) => `${v.id}: ${v.title}`));
  section('Setup', tree(o.setup));
  section('Flow', tree(o.flow));
  return lines.join('\n');
}

function tree(nodes: readonly OutlineNode[], depth = 0): string[] {
  return nodes.flatMap((n) => [
    `${'  '.repeat(depth)}${n.text}${n.forbiddenBy ? `   — refused by ${n.forbiddenBy.join(', ')}` : ''}${n.shownAbove ? '   (shown above)' : ''}   (${lineOf(n.at)})`,
    ...tree(n.children, depth + 1),
  ]);
}
