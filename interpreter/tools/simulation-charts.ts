// A simulation's charts — win rate by seat with intervals, score distributions, game length, win
// rate by starting option, rule firing, and the comparison — as Chart.js configurations. One
// module for both places that draw them: `regula sim --report` (a self-contained page that carries
// Chart.js and the source of `drawCharts`) and the playground's simulate card (Chart.js bundled).
// It does not import Chart.js: the caller passes its `Chart`, so the interpreter stays light.
import type { SimulationComparison } from './simulation-compare.js';
import type { Bin, SimulationReport } from './simulation-report.js';

interface Rate { readonly label: string; readonly value: number; readonly low: number; readonly high: number }

/** What the charts draw: plain JSON, so the report page can carry it in a script element. */
export interface ChartData {
  readonly seats: readonly Rate[];
  /** A fair share of wins (the dashed line). */
  readonly fair: number;
  readonly scores: readonly { readonly label: string; readonly bins: readonly Bin[] }[];
  readonly length: readonly Bin[];
  readonly options: readonly Rate[];
  readonly rules: readonly { readonly label: string; readonly value: number; readonly dead: boolean }[];
  readonly compare: {
    readonly first: string;
    readonly second: string;
    readonly seats: readonly { readonly label: string; readonly before: Estimate; readonly after: Estimate | null }[];
  } | null;
}

interface Estimate { readonly value: number; readonly low: number; readonly high: number }

/** The charts, in the order they are drawn: an id (the canvas's) each. */
export type ChartId = 'wins' | 'scores' | 'length' | 'options' | 'rules' | 'compare-wins';

/** How many starting options the chart shows (the most taken). */
export const CHARTED_OPTIONS = 30;

export function chartData(r: SimulationReport, compare?: { readonly report: SimulationReport; readonly comparison: SimulationComparison }): ChartData {
  const rate = (label: string, e: Estimate): Rate => ({ label, value: e.value, low: e.low, high: e.high });
  return {
    seats: r.seats.map((s) => rate(`seat ${s.seat}`, s.winRate)),
    fair: 1 / r.players,
    scores: r.seats.map((s) => ({ label: `seat ${s.seat}`, bins: s.scores })),
    length: r.length.movesHistogram,
    options: r.startingOptions.slice(0, CHARTED_OPTIONS).map((o) => rate(o.option, o.winRate)),
    rules: r.rules.map((x) => ({ label: x.rule, value: x.games.value, dead: x.fired === 0 })),
    compare: compare ? {
      first: compare.comparison.first, second: compare.comparison.second,
      seats: r.seats.map((s, i) => ({ label: `seat ${s.seat}`, before: s.winRate, after: compare.report.seats[i]?.winRate ?? null })),
    } : null,
  };
}

/** The charts this data has (no starting options, no comparison: no chart for them), each with the height it needs in pixels. */
export function chartsOf(data: ChartData): { readonly id: ChartId; readonly height: number }[] {
  const charts: { id: ChartId; height: number }[] = [{ id: 'wins', height: 320 }, { id: 'scores', height: 320 }, { id: 'length', height: 320 }];
  if (data.options.length) charts.push({ id: 'options', height: Math.max(320, 22 * data.options.length + 60) });
  charts.push({ id: 'rules', height: Math.max(320, 20 * data.rules.length + 60) });
  if (data.compare) charts.push({ id: 'compare-wins', height: 320 });
  return charts;
}

/** Chart.js's `Chart` as the charts use it: made on a canvas from a configuration. */
export type ChartClass = new (canvas: HTMLCanvasElement, config: never) => unknown;

/**
 * Draws each chart whose canvas `canvasOf` finds, with no animation (a figure to read, and tests
 * that check the pixels), and gives the charts made. The report page runs this function from its
 * source text (`drawChartsSource`), so it must stay self-contained: it reads nothing outside its
 * own body but its arguments.
 */
export function drawCharts(Chart: ChartClass, data: ChartData, canvasOf: (id: ChartId) => HTMLCanvasElement | null): unknown[] {
  type Config = Record<string, unknown> & { options?: Record<string, unknown> };
  const percent = { ticks: { callback: (v: number | string) => `${Math.round(Number(v) * 100)}%` }, min: 0 };
  // Whiskers: a dataset may carry intervals [low, high] per point, drawn over its bars.
  const whiskers = {
    id: 'whiskers',
    afterDatasetsDraw(chart: any) {
      const ctx = chart.ctx;
      chart.data.datasets.forEach((ds: any, i: number) => {
        if (!ds.intervals) return;
        const horizontal = chart.options.indexAxis === 'y';
        const scale = horizontal ? chart.scales.x : chart.scales.y;
        chart.getDatasetMeta(i).data.forEach((bar: any, j: number) => {
          const iv = ds.intervals[j];
          if (!iv) return;
          const a = scale.getPixelForValue(iv[0]);
          const b = scale.getPixelForValue(iv[1]);
          ctx.save();
          ctx.strokeStyle = '#1d232a';
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          if (horizontal) {
            ctx.moveTo(a, bar.y); ctx.lineTo(b, bar.y);
            ctx.moveTo(a, bar.y - 4); ctx.lineTo(a, bar.y + 4); ctx.moveTo(b, bar.y - 4); ctx.lineTo(b, bar.y + 4);
          } else {
            ctx.moveTo(bar.x, a); ctx.lineTo(bar.x, b);
            ctx.moveTo(bar.x - 5, a); ctx.lineTo(bar.x + 5, a); ctx.moveTo(bar.x - 5, b); ctx.lineTo(bar.x + 5, b);
          }
          ctx.stroke();
          ctx.restore();
        });
      });
    },
  };
  const fairLine = (value: number) => ({
    id: 'fair',
    afterDatasetsDraw(chart: any) {
      const y = chart.scales.y.getPixelForValue(value);
      const ctx = chart.ctx;
      ctx.save(); ctx.setLineDash([6, 4]); ctx.strokeStyle = '#888'; ctx.beginPath();
      ctx.moveTo(chart.chartArea.left, y); ctx.lineTo(chart.chartArea.right, y); ctx.stroke(); ctx.restore();
    },
  });
  // Histograms on a shared, even axis: every whole value from the least to the greatest when they
  // are few, else about `most` equal bins (a label gives a bin's range).
  const axis = (values: readonly number[], most: number) => {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const whole = values.every(Number.isInteger);
    const width = whole ? Math.max(1, Math.ceil((hi - lo + 1) / most)) : (hi - lo) / most || 1;
    const count = values.length === 0 ? 0 : whole ? Math.ceil((hi - lo + 1) / width) : most;
    const labels = Array.from({ length: count }, (_, i) => {
      const a = lo + i * width;
      return whole ? (width === 1 ? String(a) : `${a}–${a + width - 1}`) : `${a.toFixed(1)}–${(a + width).toFixed(1)}`;
    });
    const fill = (bins: readonly { value: number; count: number }[]) => {
      const out = Array<number>(count).fill(0);
      for (const b of bins) out[Math.min(count - 1, Math.floor((b.value - lo) / width))]! += b.count;
      return out;
    };
    return { labels, fill };
  };
  const colours = ['#3b6ea8', '#d9822b', '#3f9b5a', '#b5485d', '#7d5ba6', '#8c6d3f', '#d36fb0', '#6b7a89'];
  const noLegend = { legend: { display: false } };
  const charts: unknown[] = [];
  const draw = (id: ChartId, config: Config) => {
    const canvas = canvasOf(id);
    if (!canvas) return;
    config.options = { animation: false, maintainAspectRatio: false, ...config.options };
    charts.push(new Chart(canvas, config as never));
  };

  draw('wins', {
    type: 'bar', plugins: [whiskers, fairLine(data.fair)],
    data: { labels: data.seats.map((s) => s.label), datasets: [{ label: 'win rate', data: data.seats.map((s) => s.value), intervals: data.seats.map((s) => [s.low, s.high]), backgroundColor: colours }] },
    options: { scales: { y: { ...percent, max: Math.min(1, Math.max(...data.seats.map((s) => s.high), data.fair) * 1.15) } }, plugins: noLegend },
  });
  // Scores: one line per seat, as the share of that seat's games.
  const scoreAxis = axis(data.scores.flatMap((s) => s.bins.map((b) => b.value)), 60);
  draw('scores', {
    type: 'line',
    data: {
      labels: scoreAxis.labels,
      datasets: data.scores.map((s, i) => {
        const total = s.bins.reduce((n, b) => n + b.count, 0) || 1;
        const colour = colours[i % colours.length];
        return { label: s.label, data: scoreAxis.fill(s.bins).map((n) => n / total), borderColor: colour, backgroundColor: colour, pointRadius: scoreAxis.labels.length > 40 ? 0 : 2, tension: 0.2 };
      }),
    },
    options: { scales: { y: percent, x: { title: { display: true, text: 'final score' } } } },
  });
  const lengthAxis = axis(data.length.map((b) => b.value), 40);
  draw('length', {
    type: 'bar',
    data: { labels: lengthAxis.labels, datasets: [{ label: 'games', data: lengthAxis.fill(data.length), backgroundColor: '#6b7a89' }] },
    options: { scales: { x: { title: { display: true, text: 'moves in the game' } } }, plugins: noLegend },
  });
  if (data.options.length) {
    draw('options', {
      type: 'bar', plugins: [whiskers],
      data: { labels: data.options.map((o) => o.label), datasets: [{ label: 'win rate', data: data.options.map((o) => o.value), intervals: data.options.map((o) => [o.low, o.high]), backgroundColor: '#3b6ea8' }] },
      options: { indexAxis: 'y', scales: { x: { ...percent, max: 1 } }, plugins: noLegend },
    });
  }
  // A rule that never fired gets a sliver of red, so it shows.
  draw('rules', {
    type: 'bar',
    data: { labels: data.rules.map((r) => r.label), datasets: [{ label: 'share of games in which it fired', data: data.rules.map((r) => (r.dead ? 0.004 : r.value)), backgroundColor: data.rules.map((r) => (r.dead ? '#b3261e' : '#3f9b5a')) }] },
    options: { indexAxis: 'y', scales: { x: { ...percent, max: 1 } }, plugins: noLegend },
  });
  const compare = data.compare;
  if (compare) {
    draw('compare-wins', {
      type: 'bar', plugins: [whiskers, fairLine(data.fair)],
      data: {
        labels: compare.seats.map((s) => s.label),
        datasets: [
          { label: compare.first, data: compare.seats.map((s) => s.before.value), intervals: compare.seats.map((s) => [s.before.low, s.before.high]), backgroundColor: '#3b6ea8' },
          { label: compare.second, data: compare.seats.map((s) => (s.after ? s.after.value : null)), intervals: compare.seats.map((s) => (s.after ? [s.after.low, s.after.high] : null)), backgroundColor: '#d9822b' },
        ],
      },
      options: { scales: { y: { ...percent } } },
    });
  }
  return charts;
}

/**
 * `drawCharts` as a script's source, for a page with no module loader: an expression that is the
 * function. Run from TypeScript sources (tsx), the function's text may call esbuild's `__name`
 * helper (which keeps function names): the expression brings a stand-in for it.
 */
export function drawChartsSource(): string {
  return `((__name) => (${drawCharts.toString()}))((f) => f)`;
}
