// `regula sim --report FILE.html`: one self-contained page — the report's figures as charts
// (Chart.js, inlined, so the page opens offline and asks the network for nothing: its content
// security policy forbids it) and as tables, and the comparison when there is one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { formatP, type SimulationComparison, type SimulationReport } from '../../interpreter/tools/index.js';

export interface HtmlInput {
  readonly file: string;
  readonly report: SimulationReport;
  readonly compare?: { readonly file: string; readonly report: SimulationReport; readonly comparison: SimulationComparison };
}

/** Chart.js's browser build, found the way Node finds the package (from dist/ or from an installed copy). */
function chartJs(): string {
  const main = createRequire(import.meta.url).resolve('chart.js');
  return readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8');
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** JSON inside a <script> element: `<` escaped so no `</script>` in a name can end it. */
const inline = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1));

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1d232a}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2.2rem;border-bottom:1px solid #d8dde3}
.muted{color:#5d6873}.chart{position:relative;height:320px;margin:1rem 0}
table{border-collapse:collapse;margin:.6rem 0}td,th{padding:.2rem .7rem;border-bottom:1px solid #eceff2;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}.dead{color:#b3261e}.sig{font-weight:600}
code{background:#f3f5f7;padding:0 .25rem;border-radius:3px}`;

export function reportHtml(input: HtmlInput): string {
  const r = input.report;
  const c = input.compare;
  const seatRows = r.seats.map((s) => `<tr><td>seat ${s.seat}</td><td>${esc(s.agent)}</td><td class="n">${pct(s.winRate.value)}</td><td class="n">${pct(s.winRate.low)}–${pct(s.winRate.high)}</td><td class="n">${num(s.score.value)}</td><td class="n">${num(s.score.low)}–${num(s.score.high)}</td><td class="n">${num(s.score.sd)}</td></tr>`).join('');
  const dead = r.deadRules.length
    ? `<p class="dead">${r.deadRules.length} rule${r.deadRules.length > 1 ? 's' : ''} never fired — dead, unreachable, or never reached by these agents:</p><ul>${r.deadRules.map((d) => `<li><code>${esc(d.rule)}</code> (${d.kind}) at <code>${esc(d.at)}</code></li>`).join('')}</ul>`
    : '<p>Every rule fired at least once.</p>';
  const d = r.decisiveness;
  const comparison = c ? `<h2>Comparison</h2>
<p>${esc(c.comparison.first)} → ${esc(c.comparison.second)}, on the same seeds and agents. A shift marked <b>bold</b> has p &lt; 0.05 (two-proportion z-test for rates, Welch's t-test for means).</p>
<div class="chart"><canvas id="compare-wins"></canvas></div>
<table><tr><th>figure</th><th>before</th><th>after</th><th>p</th></tr>${c.comparison.shifts.map((s) => `<tr class="${s.significant ? 'sig' : ''}"><td>${esc(s.figure)}</td><td class="n">${s.kind === 'rate' ? pct(s.before) : num(s.before)}</td><td class="n">${s.kind === 'rate' ? pct(s.after) : num(s.after)}</td><td class="n">${esc(formatP(s.p))}</td></tr>`).join('')}</table>` : '';
  const charts = {
    seats: r.seats.map((s) => ({ label: `seat ${s.seat}`, value: s.winRate.value, low: s.winRate.low, high: s.winRate.high })),
    fair: 1 / r.players,
    scores: r.seats.map((s) => ({ label: `seat ${s.seat}`, bins: s.scores })),
    length: r.length.movesHistogram,
    options: r.startingOptions.slice(0, 30).map((o) => ({ label: o.option, value: o.winRate.value, low: o.winRate.low, high: o.winRate.high })),
    rules: r.rules.map((x) => ({ label: x.rule, value: x.games.value, dead: x.fired === 0 })),
    compare: c ? {
      first: c.comparison.first, second: c.comparison.second,
      seats: r.seats.map((s, i) => ({ label: `seat ${s.seat}`, before: s.winRate, after: c.report.seats[i]?.winRate ?? null })),
    } : null,
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(`${r.game}: ${r.games} simulated games`)}</title><style>${STYLE}</style></head>
<body>
<h1>${esc(r.game)}: ${r.games.toLocaleString('en-US')} simulated games</h1>
<p class="muted"><code>${esc(input.file)}</code> — ${r.players} players${r.variants.length ? `, variants ${esc(r.variants.join(', '))}` : ''}; agents ${esc(r.agents.join(', '))}; seed ${esc(r.seed)}. Each estimate comes with its 95% confidence interval (Wilson for shares, Student's t for means); see docs/simulation.md.</p>
<h2>Win rate by seat</h2>
<p class="muted">The bar is the share of games won (a shared win counts as a share), the whisker its interval; the dashed line is a fair share (${pct(1 / r.players)}).</p>
<div class="chart"><canvas id="wins"></canvas></div>
<table><tr><th>seat</th><th>agent</th><th>wins</th><th>95% interval</th><th>mean score</th><th>95% interval</th><th>sd</th></tr>${seatRows}</table>
<h2>Score distributions</h2>
<div class="chart"><canvas id="scores"></canvas></div>
<h2>Game length and decisiveness</h2>
<p>Moves a game: ${num(r.length.moves.value)} (${num(r.length.moves.low)}–${num(r.length.moves.high)}), turns: ${num(r.length.turns.value)}.
${d.margin ? `Winning margin: ${num(d.margin.value)} (${num(d.margin.low)}–${num(d.margin.high)}) points. ` : ''}Shared wins: ${pct(d.shared.value)}.
${d.leadChanges && d.comebacks ? `Lead changes: ${num(d.leadChanges.value)} a game; the lead changed at least once in ${pct(d.comebacks.value)} of games.` : 'Lead changes are not measured: the winning measure cannot be read during play.'}</p>
<div class="chart"><canvas id="length"></canvas></div>
${r.startingOptions.length ? `<h2>Win rate by starting option</h2><p class="muted">The option a seat took at its first decision, and how often a seat that took it won${r.startingOptions.length > 30 ? ' (the 30 most taken)' : ''}.</p><div class="chart" style="height:${Math.max(320, 22 * Math.min(30, r.startingOptions.length) + 60)}px"><canvas id="options"></canvas></div>` : ''}
<h2>Rules</h2>
<p class="muted">The share of games in which each rule fired (a forbidding rule: struck out an option); red bars never fired.</p>
${dead}
<div class="chart" style="height:${Math.max(320, 20 * r.rules.length + 60)}px"><canvas id="rules"></canvas></div>
${comparison}
<script>${chartJs()}</script>
<script type="application/json" id="data">${inline(charts)}</script>
<script>${CHARTS}</script>
</body></html>
`;
}

/** The page's own script: draws the charts from the data above, with no animation (a file to read, and a test that checks the pixels). */
const CHARTS = `(() => {
const data = JSON.parse(document.getElementById('data').textContent);
Chart.defaults.animation = false;
Chart.defaults.maintainAspectRatio = false;
const percent = { ticks: { callback: (v) => Math.round(v * 100) + '%' }, min: 0 };
// Whiskers: each dataset may carry intervals [low, high] per point, drawn over its bars.
const whiskers = { id: 'whiskers', afterDatasetsDraw(chart) {
  const ctx = chart.ctx;
  chart.data.datasets.forEach((ds, i) => {
    if (!ds.intervals) return;
    const meta = chart.getDatasetMeta(i);
    const horizontal = chart.options.indexAxis === 'y';
    const scale = horizontal ? chart.scales.x : chart.scales.y;
    meta.data.forEach((bar, j) => {
      const iv = ds.intervals[j];
      if (!iv) return;
      const a = scale.getPixelForValue(iv[0]), b = scale.getPixelForValue(iv[1]);
      ctx.save(); ctx.strokeStyle = '#1d232a'; ctx.lineWidth = 1.5; ctx.beginPath();
      if (horizontal) { ctx.moveTo(a, bar.y); ctx.lineTo(b, bar.y); ctx.moveTo(a, bar.y - 4); ctx.lineTo(a, bar.y + 4); ctx.moveTo(b, bar.y - 4); ctx.lineTo(b, bar.y + 4); }
      else { ctx.moveTo(bar.x, a); ctx.lineTo(bar.x, b); ctx.moveTo(bar.x - 5, a); ctx.lineTo(bar.x + 5, a); ctx.moveTo(bar.x - 5, b); ctx.lineTo(bar.x + 5, b); }
      ctx.stroke(); ctx.restore();
    });
  });
} };
const fairLine = (value) => ({ id: 'fair', afterDatasetsDraw(chart) {
  const y = chart.scales.y.getPixelForValue(value), ctx = chart.ctx;
  ctx.save(); ctx.setLineDash([6, 4]); ctx.strokeStyle = '#888'; ctx.beginPath();
  ctx.moveTo(chart.chartArea.left, y); ctx.lineTo(chart.chartArea.right, y); ctx.stroke(); ctx.restore();
} });
const colours = ['#3b6ea8', '#d9822b', '#3f9b5a', '#b5485d', '#7d5ba6', '#8c6d3f', '#d36fb0', '#6b7a89'];
const charts = [];
const draw = (id, config) => { const el = document.getElementById(id); if (el) charts.push(new Chart(el, config)); };
draw('wins', { type: 'bar', plugins: [whiskers, fairLine(data.fair)],
  data: { labels: data.seats.map((s) => s.label), datasets: [{ label: 'win rate', data: data.seats.map((s) => s.value), intervals: data.seats.map((s) => [s.low, s.high]), backgroundColor: colours }] },
  options: { scales: { y: { ...percent, max: Math.min(1, Math.max(...data.seats.map((s) => s.high), data.fair) * 1.15) } }, plugins: { legend: { display: false } } } });
// Histograms on a shared, even axis: every whole value from the least to the greatest when they
// are few, else about 40 equal bins (a label gives a bin's range).
const axis = (values, most) => {
  const lo = Math.min(...values), hi = Math.max(...values);
  const whole = values.every(Number.isInteger);
  const width = whole ? Math.max(1, Math.ceil((hi - lo + 1) / most)) : (hi - lo) / most || 1;
  const count = whole ? Math.ceil((hi - lo + 1) / width) : most;
  const labels = Array.from({ length: count }, (_, i) => {
    const a = lo + i * width;
    return whole ? (width === 1 ? String(a) : a + '–' + (a + width - 1)) : a.toFixed(1) + '–' + (a + width).toFixed(1);
  });
  const index = (v) => Math.min(count - 1, Math.floor((v - lo) / width));
  const fill = (bins) => { const out = Array(count).fill(0); for (const b of bins) out[index(b.value)] += b.count; return out; };
  return { labels, fill };
};
// Scores: one line per seat, as the share of that seat's games.
const scoreAxis = axis(data.scores.flatMap((s) => s.bins.map((b) => b.value)), 60);
draw('scores', { type: 'line', data: { labels: scoreAxis.labels, datasets: data.scores.map((s, i) => {
  const total = s.bins.reduce((n, b) => n + b.count, 0) || 1;
  return { label: s.label, data: scoreAxis.fill(s.bins).map((n) => n / total), borderColor: colours[i % colours.length], backgroundColor: colours[i % colours.length], pointRadius: scoreAxis.labels.length > 40 ? 0 : 2, tension: 0.2 };
}) }, options: { scales: { y: percent, x: { title: { display: true, text: 'final score' } } } } });
const lengthAxis = axis(data.length.map((b) => b.value), 40);
draw('length', { type: 'bar', data: { labels: lengthAxis.labels, datasets: [{ label: 'games', data: lengthAxis.fill(data.length), backgroundColor: '#6b7a89' }] },
  options: { scales: { x: { title: { display: true, text: 'moves in the game' } } }, plugins: { legend: { display: false } } } });
draw('options', { type: 'bar', plugins: [whiskers], data: { labels: data.options.map((o) => o.label), datasets: [{ label: 'win rate', data: data.options.map((o) => o.value), intervals: data.options.map((o) => [o.low, o.high]), backgroundColor: '#3b6ea8' }] },
  options: { indexAxis: 'y', scales: { x: { ...percent, max: 1 } }, plugins: { legend: { display: false } } } });
draw('rules', { type: 'bar', data: { labels: data.rules.map((r) => r.label), datasets: [{ label: 'share of games in which it fired', data: data.rules.map((r) => r.dead ? 0.004 : r.value), backgroundColor: data.rules.map((r) => r.dead ? '#b3261e' : '#3f9b5a') }] },
  options: { indexAxis: 'y', scales: { x: { ...percent, max: 1 } }, plugins: { legend: { display: false } } } });
if (data.compare) draw('compare-wins', { type: 'bar', plugins: [whiskers, fairLine(data.fair)], data: { labels: data.compare.seats.map((s) => s.label), datasets: [
  { label: data.compare.first, data: data.compare.seats.map((s) => s.before.value), intervals: data.compare.seats.map((s) => [s.before.low, s.before.high]), backgroundColor: '#3b6ea8' },
  { label: data.compare.second, data: data.compare.seats.map((s) => s.after ? s.after.value : null), intervals: data.compare.seats.map((s) => s.after ? [s.after.low, s.after.high] : null), backgroundColor: '#d9822b' },
] }, options: { scales: { y: { ...percent } } } });
window.regulaCharts = charts.length;
})();`;
