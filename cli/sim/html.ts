// `regula sim --report FILE.html`: one self-contained page — the report's figures as charts
// (Chart.js, inlined, so the page opens offline and asks the network for nothing: its content
// security policy forbids it) and as tables, and the comparison when there is one. The charts are
// the playground's: interpreter/tools/simulation-charts.ts draws both.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CHARTED_OPTIONS, chartData, chartsOf, drawChartsSource, engineText, formatP, type ChartId, type SimulationComparison, type SimulationReport,
} from '../../interpreter/tools/index.js';

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
  const charts = chartData(r, c);
  const height = (id: ChartId) => chartsOf(charts).find((x) => x.id === id)?.height ?? 320;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(`${r.game}: ${r.games} simulated games`)}</title><style>${STYLE}</style></head>
<body>
<h1>${esc(r.game)}: ${r.games.toLocaleString('en-US')} simulated games</h1>
<p class="muted"><code>${esc(input.file)}</code> — ${r.players} players${r.variants.length ? `, variants ${esc(r.variants.join(', '))}` : ''}; agents ${esc(r.agents.join(', '))}; seed ${esc(r.seed)}; ${esc(engineText(r).replace(/^engine: /, ''))}. Each estimate comes with its 95% confidence interval (Wilson for shares, Student's t for means); see docs/simulation.md.</p>
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
${r.startingOptions.length ? `<h2>Win rate by starting option</h2><p class="muted">The option a seat took at its first decision, and how often a seat that took it won${r.startingOptions.length > CHARTED_OPTIONS ? ` (the ${CHARTED_OPTIONS} most taken)` : ''}.</p><div class="chart" style="height:${height('options')}px"><canvas id="options"></canvas></div>` : ''}
<h2>Rules</h2>
<p class="muted">The share of games in which each rule fired (a forbidding rule: struck out an option); red bars never fired.</p>
${dead}
<div class="chart" style="height:${height('rules')}px"><canvas id="rules"></canvas></div>
${comparison}
<script>${chartJs()}</script>
<script type="application/json" id="data">${inline(charts)}</script>
<script>${CHARTS}</script>
</body></html>
`;
}

/** The page's own script: draws the charts from the data above with the code the playground draws them with. */
const CHARTS = `window.regulaCharts = (${drawChartsSource()})(Chart, JSON.parse(document.getElementById('data').textContent), (id) => document.getElementById(id)).length;`;
