// Renderings of a comparison report of two encodings, for a translator: plain text for the
// terminal, and a self-contained HTML page (`regula diff --report FILE.html`) with the two
// rulebooks' passages side by side per difference, the traces and the classification.
import {
  CLASSIFICATION_EXPLAINED, CLASSIFICATION_TEXT, coverageLines, gameInWords, interactionLines, movesInWords, pointInWords, type CausedGroup, type ComparisonReport,
  type DeclDifference, type EntryInteraction, type LineChange, type OutcomeComparison, type ReportEntry,
} from '../interpreter/tools/index.js';

/** Lines kept around a change when a declaration is long. */
const CONTEXT = 2;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function formatReport(r: ComparisonReport): string {
  const lines = [`Comparing ${r.first} (first) with ${r.second} (second).`, '', summaryLine(r)];
  if (r.coverage) lines.push(...coverageLines(r.coverage));
  if (r.renamed.length) lines.push(`Paired though named differently (first ↔ second): ${r.renamed.map(pairText).join(', ')}.`);
  for (const problem of r.staleNotes) lines.push(`  notes out of date: ${problem}`);
  r.entries.forEach((e, i) => lines.push('', ...entryText(e, i + 1, r)));
  if (r.untraced.length) {
    lines.push('', `Play differences not traced to one declaration (${plural(r.untraced.length, 'group')}):`);
    for (const g of r.untraced) lines.push(...groupText(g, '  ', r, true));
  }
  if (r.outcomes) lines.push('', formatOutcomes(r.outcomes));
  return lines.join('\n');
}

/** `define listed-price` ↔ `define printed-price`, or `listed-price` ↔ `printed-price` when the kind is the same. */
function pairText(p: { readonly first: string; readonly second: string }): string {
  const [ka, na] = [p.first.slice(0, p.first.indexOf(' ')), p.first.slice(p.first.indexOf(' ') + 1)];
  return p.second.startsWith(`${ka} `) ? `${ka} \`${na}\` ↔ \`${p.second.slice(ka.length + 1)}\`` : `\`${p.first}\` ↔ \`${p.second}\``;
}

function summaryLine(r: ComparisonReport): string {
  const count = (c: ReportEntry['classification']) => r.entries.filter((e) => e.classification === c).length;
  const play = r.play ? ` Play: ${r.play.games} games, each encoding's random moves leading in half; ${r.play.agreed} went the same way to the same result in both.` : '';
  const kinds = count('variant') ? '' : `: ${count('rulebooks differ')} where ${CLASSIFICATION_TEXT['rulebooks differ']}, ${count('rulebook silent')} where ${CLASSIFICATION_TEXT['rulebook silent']}, ${count('encodings differ')} where ${CLASSIFICATION_TEXT['encodings differ']}`;
  return `${plural(r.same, 'declaration')} mean the same in both. ${plural(r.entries.length, 'difference')}${kinds}.${play}`;
}

function entryText(e: ReportEntry, n: number, r: ComparisonReport): string[] {
  const lines = [`${n}. ${e.title} — ${CLASSIFICATION_TEXT[e.classification]}`];
  if (n === 1 || r.entries[n - 2]?.classification !== e.classification) lines.push(`   (${CLASSIFICATION_EXPLAINED[e.classification]})`);
  for (const [side, passages] of [['first', e.passages.first], ['second', e.passages.second]] as const) {
    const book = r.rulebooks[side] ? ` (${r.rulebooks[side]})` : '';
    if (!passages.length) lines.push(`   ${side} rulebook${book}: (says nothing here)`);
    for (const p of passages) lines.push(`   ${side} rulebook${book}: “${p}”`);
  }
  if (e.note) lines.push(`   reading: ${e.note}`);
  for (const side of ['first', 'second'] as const) {
    const chosen = e.choices?.[side];
    if (chosen) lines.push(`   the ${side} encoding chose: ${chosen.join('; ') || '(it does not say)'}`);
  }
  for (const d of e.declarations) lines.push(...declarationText(d));
  for (const a of e.ambiguities) lines.push(`   ambiguous in the ${a.side} (${a.key}): “${a.quote}”${a.because ? ` because ${a.because}` : ''}`);
  if (e.play.length) {
    // What came first in some game is this difference's own doing; what only followed another is told as a count.
    const first = e.play.filter((g) => g.firstIn > 0);
    const later = e.play.filter((g) => g.firstIn === 0);
    lines.push(`   in play (only this difference applied):`);
    for (const g of first.length ? first : e.play) lines.push(...groupText(g, '     ', r));
    if (first.length && later.length) lines.push(`     and ${plural(later.length, 'more place')} where the games parted only after an earlier difference, in ${plural(Math.max(...later.map((g) => g.games)), 'game')} at most`);
  }
  if (e.search?.found.length) {
    lines.push(`   in play: no game played at random reached it; a search steered toward it did, in ${plural(e.search.games, 'steered game')}:`);
    for (const g of e.search.found.filter((x) => x.firstIn > 0)) lines.push(...groupText(g, '     ', r));
  }
  if (e.unreached) lines.push(`   in play: ${e.unreached}`);
  for (const x of e.interactions) lines.push(...interactionText(x, r));
  if (e.advice) lines.push(`   to fix: ${e.advice}`);
  return lines;
}

function declarationText(d: DeclDifference): string[] {
  if (d.status === 'changed') {
    return [`   ${d.secondKey ? `${d.key} ↔ ${d.secondKey}` : d.key}   (first ${d.first!.at}, second ${d.second!.at})`, ...hunks(d.lines!).map((l) => `     ${l}`)];
  }
  const side = (d.first ?? d.second)!;
  return [`   ${d.key}, only in the ${d.status === 'only-first' ? 'first' : 'second'}   (${side.at})`, ...side.text.split('\n').map((l) => `       ${l}`)];
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

/** The game a group's example comes from, and the moves that reach the point (its shortest trace). */
export function traceOf(g: CausedGroup, r: ComparisonReport): { game: string; moves: string } {
  const e = g.example;
  return { game: gameInWords(e, r.coverage?.variantTitles ?? {}), moves: movesInWords(e) };
}



/** How many of the games met it before any other difference (the others may have it as a consequence). */
const firstIn = (g: CausedGroup): string => (g.firstIn === g.games ? '' : g.firstIn ? ` (the first difference in ${g.firstIn})` : ' (each time after an earlier difference)');

function groupText(g: CausedGroup, indent: string, r: ComparisonReport, causes = false): string[] {
  const t = traceOf(g, r);
  return [
    `${indent}${plural(g.games, 'game')}${firstIn(g)}: ${pointInWords(g.example)}${causes && g.causes.length ? `  [${g.causes.join(', ')}]` : ''}`,
    ...g.example.detail.map((d) => `${indent}    ${d}`),
    `${indent}    shortest trace: ${t.game}: ${t.moves}`,
  ];
}

/** An interaction told on one of its entries, indented under it. */
function interactionText(x: EntryInteraction, r: ComparisonReport): string[] {
  const [head, ...rest] = interactionLines(x, r.coverage?.variantTitles ?? {});
  return [`   ${head}`, ...rest.map((l) => `     ${l}`)];
}

/** The two sides' outcomes over the same seeds, seat by seat, in two columns. */
export function formatOutcomes(outcomes: readonly OutcomeComparison[]): string {
  const lines = ['Outcomes: the same seeds played in each on its own (random moves), first | second:'];
  const pct = (x: number, games: number) => (games ? `${((100 * x) / games).toFixed(1)}%` : '–').padStart(6);
  const mean = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(1)).padStart(5);
  for (const o of outcomes) {
    lines.push('', `  ${o.players} players, ${o.first.games} | ${o.second.games} games finished`);
    o.first.winsBySeat.forEach((w, seat) => {
      const b = o.second;
      lines.push(`    P${seat + 1}: wins ${pct(w, o.first.games)}, mean score ${mean(o.first.meanScoreBySeat[seat])}  |  wins ${pct(b.winsBySeat[seat]!, b.games)}, mean score ${mean(b.meanScoreBySeat[seat])}`);
    });
    lines.push(`    game length: ${mean(o.first.meanMoves)} moves  |  ${mean(o.second.meanMoves)} moves`);
    for (const side of ['first', 'second'] as const) {
      const e = o.errors?.[side];
      if (e) lines.push(`    the ${side} failed in ${plural(e.games, 'game')} (first at seed ${e.seed}): ${e.message.split('\n')[0]}`);
    }
  }
  return lines.join('\n');
}

// ─── HTML ────────────────────────────────────────────────────────────────────

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const code = (s: string): string => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 70em; padding: 0 1em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ccc; }
.tag { font-size: .8em; padding: .1em .5em; border-radius: .8em; margin-left: .5em; vertical-align: middle; }
.rulebooks { background: #e6f0ff; color: #124; } .silent { background: #eee6ff; color: #324; } .encodings { background: #ffe8d6; color: #630; }
table.side { width: 100%; border-collapse: collapse; table-layout: fixed; } table.side td, table.side th { vertical-align: top; padding: .4em .6em; border: 1px solid #ddd; }
table.side th { background: #f6f6f6; text-align: left; font-weight: 600; }
blockquote { margin: 0 0 .4em; font-style: italic; } pre { background: #f8f8f8; padding: .5em; overflow-x: auto; font-size: .85em; }
.del { background: #fdd; } .ins { background: #dfd; } .muted { color: #666; font-size: .9em; } .note { background: #fffbe0; padding: .3em .6em; }
ol.trace { font-family: ui-monospace, monospace; font-size: .85em; columns: 3; } details { margin: .4em 0; }
`;

export function reportHtml(r: ComparisonReport): string {
  const entries = r.entries.map((e, i) => entryHtml(e, i + 1, r)).join('\n');
  const untraced = r.untraced.length ? `<h2>Play differences not traced to one declaration</h2>${r.untraced.map((g) => groupHtml(g, r, true)).join('')}` : '';
  const outcomes = r.outcomes ? `<h2>Outcomes</h2><pre>${esc(formatOutcomes(r.outcomes))}</pre>` : '';
  const stale = r.staleNotes.length ? `<p class="note">Notes out of date: ${r.staleNotes.map(esc).join('; ')}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(`${r.first} ↔ ${r.second}`)}</title><style>${STYLE}</style></head>
<body>
<h1>Where two encodings differ</h1>
<p><b>First:</b> <code>${esc(r.first)}</code><br><b>Second:</b> <code>${esc(r.second)}</code></p>
<p>${esc(summaryLine(r))}</p>
${r.coverage ? coverageLines(r.coverage).map((l) => `<p>${esc(l)}</p>`).join('') : ''}
${r.renamed.length ? `<p>Paired though named differently (first ↔ second): ${r.renamed.map((p) => code(pairText(p))).join(', ')}.</p>` : ''}
${stale}
<p class="muted">Each difference is classified: <span class="tag rulebooks">${CLASSIFICATION_TEXT['rulebooks differ']}</span> (recorded in the translators' notes with a passage from each rulebook), <span class="tag silent">${CLASSIFICATION_TEXT['rulebook silent']}</span> (a note: each encoder's choice is shown) or <span class="tag encodings">${CLASSIFICATION_TEXT['encodings differ']}</span> (to be fixed in one encoding). Labels, layout, comments and citations are not differences; moves are compared by what they do.</p>
${entries}
${untraced}
${outcomes}
</body></html>
`;
}

function entryHtml(e: ReportEntry, n: number, r: ComparisonReport): string {
  const cls = e.classification === 'encodings differ' ? 'encodings' : e.classification === 'rulebook silent' ? 'silent' : 'rulebooks';
  const choices = e.choices ? `<table class="side"><tr><th>The first encoding chose</th><th>The second encoding chose</th></tr><tr><td>${esc(e.choices.first.join('; ') || '(it does not say)')}</td><td>${esc(e.choices.second.join('; ') || '(it does not say)')}</td></tr></table>` : '';
  const quotes = (ps: readonly string[]) => (ps.length ? ps.map((p) => `<blockquote>“${esc(p)}”</blockquote>`).join('') : '<span class="muted">(says nothing here)</span>');
  const declarations = e.declarations.map((d) => {
    const where = [d.first ? `first ${d.first.at}` : '', d.second ? `second ${d.second.at}` : ''].filter(Boolean).join(', ');
    const lines = d.lines ?? (d.first ?? d.second)!.text.split('\n').map((text): LineChange => ({ op: d.first ? '-' : '+', text }));
    return `<details open><summary><code>${esc(d.secondKey ? `${d.key} ↔ ${d.secondKey}` : d.key)}</code> <span class="muted">${d.status === 'changed' ? 'differs' : `only in the ${d.status === 'only-first' ? 'first' : 'second'}`} — ${esc(where)}</span></summary><pre>${lines.map((l) => `<div class="${l.op === '-' ? 'del' : l.op === '+' ? 'ins' : ''}">${esc(`${l.op} ${l.text}`)}</div>`).join('')}</pre></details>`;
  }).join('');
  const ambiguities = e.ambiguities.map((a) => `<p class="note">Ambiguous in the ${a.side} (<code>${esc(a.key)}</code>): “${esc(a.quote)}”${a.because ? ` — ${esc(a.because)}` : ''}</p>`).join('');
  return `<section id="d${n}">
<h2>${n}. ${esc(e.title)}<span class="tag ${cls}">${CLASSIFICATION_TEXT[e.classification]}</span></h2>
<table class="side"><tr><th>First rulebook${r.rulebooks.first ? ` <code>${esc(r.rulebooks.first)}</code>` : ''}</th><th>Second rulebook${r.rulebooks.second ? ` <code>${esc(r.rulebooks.second)}</code>` : ''}</th></tr><tr><td>${quotes(e.passages.first)}</td><td>${quotes(e.passages.second)}</td></tr></table>
<p class="muted">${esc(CLASSIFICATION_EXPLAINED[e.classification])}</p>
${e.note ? `<p><b>Reading:</b> ${code(e.note)}</p>` : ''}
${choices}
${ambiguities}
${declarations}
${e.play.length ? `<h3>In play (only this difference applied)</h3>${e.play.map((g) => groupHtml(g, r)).join('')}` : ''}
${e.search?.found.length ? `<h3>Found by a search steered toward it (${plural(e.search.games, 'steered game')})</h3>${e.search.found.filter((g) => g.firstIn > 0).map((g) => groupHtml(g, r)).join('')}` : ''}
${e.unreached ? `<p class="note">${code(e.unreached)}</p>` : ''}
${e.interactions.map((x) => { const [head, ...rest] = interactionText(x, r); return `<p class="note">${esc(head!.trim())}</p><ul>${rest.map((l) => `<li>${esc(l.trim())}</li>`).join('')}</ul>`; }).join('')}
${e.advice ? `<p class="note"><b>To fix:</b> ${code(e.advice)}</p>` : ''}
</section>`;
}

function groupHtml(g: CausedGroup, r: ComparisonReport, causes = false): string {
  const t = traceOf(g, r);
  const moves = [...g.example.moves, ...(g.example.move ? [g.example.move] : [])];
  return `<div><p><b>${plural(g.games, 'game')}</b>${esc(firstIn(g))}: ${esc(pointInWords(g.example))}${causes && g.causes.length ? ` <span class="muted">caused by ${g.causes.map((c) => `<code>${esc(c)}</code>`).join(', ')}</span>` : ''}</p>
<ul>${g.example.detail.map((d) => `<li>${code(d)}</li>`).join('')}</ul>
<details><summary class="muted">Shortest trace: ${esc(t.game)}, ${plural(moves.length, 'move')}</summary><ol class="trace">${moves.map((m) => `<li>${esc(m)}</li>`).join('')}</ol></details></div>`;
}
