// Plain-text rendering of a comparison of two encodings: what a translator reads to see where two
// encodings of one game part, first in their declarations, then in play.
import { DIFFERENCE_TEXT, type LineChange, type OutcomeComparison, type PlayComparison, type StructureComparison } from '../interpreter/tools/index.js';

/** Lines kept around a change when a declaration is long. */
const CONTEXT = 2;

export function formatStructure(s: StructureComparison): string {
  const changed = s.differences.filter((d) => d.status === 'changed').length;
  const onlyFirst = s.differences.filter((d) => d.status === 'only-first').length;
  const onlySecond = s.differences.filter((d) => d.status === 'only-second').length;
  const lines = [
    `Structure: ${s.same.length} declaration${s.same.length === 1 ? ' means' : 's mean'} the same in both; ${changed} differ${changed === 1 ? 's' : ''}, ${onlyFirst} only in the first, ${onlySecond} only in the second.`,
  ];
  for (const d of s.differences) {
    lines.push('');
    if (d.status === 'changed') {
      lines.push(`differs: ${d.key}   (first ${d.first!.at}, second ${d.second!.at})`);
      lines.push(...hunks(d.lines!).map((l) => `    ${l}`));
    } else {
      const side = (d.first ?? d.second)!;
      lines.push(`only in the ${d.status === 'only-first' ? 'first' : 'second'}: ${d.key}   (${side.at})`);
      lines.push(...side.text.split('\n').map((l) => `      ${l}`));
    }
    for (const [name, side] of [['first', d.first], ['second', d.second]] as const) {
      for (const c of side?.cites ?? []) lines.push(`    ${name} cites: “${c}”`);
    }
  }
  return lines.join('\n');
}

/** A line diff shown as its changed lines with a little context; `…` where unchanged lines are left out. */
function hunks(changes: readonly LineChange[]): string[] {
  const near = changes.map((_, i) => changes.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some((c) => c.op !== ' '));
  const out: string[] = [];
  changes.forEach((c, i) => {
    if (near[i]) out.push(`${c.op} ${c.text}`);
    else if (i === 0 || near[i - 1]) out.push('  …');
  });
  return out;
}

export function formatPlay(p: PlayComparison): string {
  const lines = [`Play: ${p.games} games, each encoding's random agents choosing in half of them: ${p.agreed} went the same way to the same result in both${p.groups.length ? '; in the others they parted here (after a different effect the game goes on from the choosing encoding\'s position):' : '.'}`];
  for (const g of p.groups) {
    const e = g.example;
    lines.push('');
    lines.push(`${g.games} game${g.games === 1 ? '' : 's'}: ${DIFFERENCE_TEXT[g.kind]} ${g.where}`);
    lines.push(...e.detail.map((d) => `    ${d}`));
    const variants = (side: readonly string[]) => (side.length ? side.join(', ') : 'none');
    const chosen = e.variants.first.length || e.variants.second.length ? `, variants ${variants(e.variants.first)} / ${variants(e.variants.second)}` : '';
    const game = `${e.players} players, seed ${e.seed}${chosen}`;
    const before = e.moves.length ? `${e.moves.length} move${e.moves.length === 1 ? '' : 's'} chosen by the ${e.leader} encoding's agents (--json lists them)` : 'before any move';
    lines.push(`    e.g. ${game}: ${before}${e.move ? `, then \`${e.move}\`` : ''}`);
  }
  return lines.join('\n');
}

/** The two sides' outcomes over the same seeds, seat by seat, in two columns. */
export function formatOutcomes(outcomes: readonly OutcomeComparison[]): string {
  const lines = ['Outcomes: the same seeds played in each on its own (random agents), first | second:'];
  const pct = (x: number, games: number) => `${((100 * x) / games).toFixed(1)}%`.padStart(6);
  for (const o of outcomes) {
    const games = o.first.games;
    lines.push('', `  ${o.players} players, ${games} games each`);
    o.first.winsBySeat.forEach((w, seat) => {
      const b = o.second;
      lines.push(`    seat ${seat}: wins ${pct(w, games)}, mean score ${o.first.meanScoreBySeat[seat]!.toFixed(1).padStart(5)}  |  wins ${pct(b.winsBySeat[seat]!, games)}, mean score ${b.meanScoreBySeat[seat]!.toFixed(1).padStart(5)}`);
    });
    lines.push(`    game length: ${o.first.meanMoves.toFixed(1)} moves  |  ${o.second.meanMoves.toFixed(1)} moves`);
  }
  return lines.join('\n');
}
