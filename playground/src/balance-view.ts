// The simulate card: many seeded agent games of the ruleset in the editor, played in web workers
// by the code `regula sim` runs (simulation.ts), with progress and a Stop button, and the figures
// drawn as the HTML report draws them (the same Chart.js charts, interpreter/tools/simulation-charts.ts):
// win rate by seat with its interval, score distributions, game length, win rate by starting
// option, and how often each rule fired. Agents are chosen per seat as `regula sim --agents` takes them.
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { checkSetup, playerLabel } from '../../interpreter/runtime/index.js';
import {
  agentFromSpec, AGENT_NAMES, chartData, chartsOf, drawCharts, seatSpecs, simulationReport,
  type ChartId, type Estimate, type SimulationReport,
} from '../../interpreter/tools/index.js';
import { fill, h, richText } from './dom.js';
import { problemOf } from './game.js';
import { SimulationRun } from './simulation.js';

/** Chart.js, loaded the first time a report is drawn (its own chunk: the first screen does without it). */
let chartLoaded: Promise<unknown> | null = null;
const loadChart = (): Promise<unknown> => (chartLoaded ??= import('chart.js').then(({ Chart, registerables }) => {
  Chart.register(...registerables);
  return Chart;
}));

export interface SimulationSetup {
  readonly def: GameDefinition;
  readonly players: number;
  readonly seed: string;
  readonly variants: readonly string[];
}

const DEFAULT_GAMES = 200;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1));
const interval = (e: Estimate, f: (x: number) => string) => `${f(e.low)}–${f(e.high)}`;

const CHART_TITLES: Record<ChartId, string> = {
  wins: 'Win rate by seat',
  scores: 'Score distributions',
  length: 'Game length',
  options: 'Win rate by starting option',
  rules: 'Rules: share of games in which each fired',
  'compare-wins': 'Comparison',
};

export class SimulationCard {
  readonly element: HTMLElement;
  private readonly agents = h('input', {
    id: 'sim-agents', type: 'text', value: 'random', size: 24, list: 'sim-agent-names',
    title: 'One agent for every seat, or one per seat separated by commas (mcts,random,random), as regula sim --agents takes them; options as mcts:iterations=200',
  });
  private readonly games = h('input', { id: 'sim-games', type: 'number', min: 1, max: 1_000_000, value: DEFAULT_GAMES });
  private readonly stopButton = h('button', { id: 'sim-stop', type: 'button', hidden: true, title: 'Stop, and show the games finished so far' }, 'Stop');
  private readonly progress = h('progress', { id: 'sim-progress', max: 1, value: 0, hidden: true });
  private readonly status = h('span', { id: 'sim-status', class: 'muted' });
  private readonly results = h('div', { id: 'sim-results' });
  private run: SimulationRun | null = null;
  private charts: { destroy(): void }[] = [];

  constructor() {
    this.stopButton.addEventListener('click', () => this.run?.stop());
    this.element = h('div', { id: 'simulation' },
      h('div', { class: 'row' },
        h('label', {}, 'Agents ', this.agents),
        h('datalist', { id: 'sim-agent-names' }, AGENT_NAMES.map((n) => h('option', { value: n }))),
        h('label', {}, 'Games ', this.games),
        this.stopButton, this.progress, this.status),
      this.results);
  }

  /** Plays the games in web workers, with progress; a new start replaces a running one. */
  async start(setup: SimulationSetup): Promise<void> {
    this.clear();
    const { def, players, seed, variants } = setup;
    const games = Math.max(1, Math.floor(Number(this.games.value)) || DEFAULT_GAMES);
    let agents: string[];
    try {
      checkSetup(def, players, variants);
      agents = seatSpecs(this.agents.value.trim() || 'random', players);
      for (const spec of agents) agentFromSpec(spec);
    } catch (e) {
      fill(this.results, h('p', { class: 'problem' }, e instanceof Error ? e.message : String(e)));
      return;
    }
    const workers = Math.max(1, navigator.hardwareConcurrency || 1);
    const run = new SimulationRun({ def, players, variants, seed, agents, games, workers }, (done, total) => {
      this.progress.value = done / total;
      this.status.textContent = `${done} of ${total} games…`;
    });
    this.run = run;
    this.stopButton.hidden = false;
    this.progress.hidden = false;
    this.progress.value = 0;
    this.status.textContent = `Playing ${games} games in ${Math.min(workers, games)} web worker${workers > 1 ? 's' : ''}…`;
    const outcome = await run.outcome;
    if (this.run !== run) return; // replaced or cleared meanwhile
    this.run = null;
    this.stopButton.hidden = true;
    this.progress.hidden = true;
    if (outcome.failure) {
      const p = outcome.failure.problem;
      this.status.textContent = '';
      fill(this.results, h('p', { class: 'problem' }, `Game ${outcome.failure.game}: ${p.title}: `, richText(p.message), p.at ? ` (${p.at.file}:${p.at.line}:${p.at.column})` : ''));
      return;
    }
    this.status.textContent = outcome.stopped ? `Stopped: ${outcome.games} of ${games} games finished.` : '';
    if (outcome.games === 0) return;
    const report = simulationReport(def, outcome.counts, { players, variants, seed, agentNames: agents });
    this.show(report);
  }

  /** Another ruleset was opened, or a new simulation starts: the running one stops and its figures go. */
  clear(): void {
    const run = this.run;
    this.run = null;
    run?.stop();
    this.stopButton.hidden = true;
    this.progress.hidden = true;
    this.status.textContent = '';
    for (const c of this.charts) c.destroy();
    this.charts = [];
    this.results.replaceChildren();
    delete this.results.dataset.charts;
  }

  private show(r: SimulationReport): void {
    for (const c of this.charts) c.destroy();
    this.charts = [];
    delete this.results.dataset.charts; // set again once the charts are drawn
    const data = chartData(r);
    const canvases = new Map<ChartId, HTMLCanvasElement>();
    const chart = (id: ChartId, height: number) => {
      const canvas = h('canvas', { 'data-chart': id });
      canvases.set(id, canvas);
      return h('div', { class: 'sim-chart', style: `position: relative; height: ${height}px` }, canvas);
    };
    const sections = chartsOf(data).map(({ id, height }) => h('section', { class: 'sim-section' },
      h('h4', {}, CHART_TITLES[id]),
      this.beforeChart(id, r),
      chart(id, height)));
    fill(this.results,
      h('p', { class: 'small' }, `${r.games} games, ${r.players} players${r.variants.length ? `, variants ${r.variants.join(', ')}` : ''}, agents ${r.agents.join(', ')}, seed ${r.seed}. Each figure with its 95% confidence interval; a fair share of wins is ${pct(1 / r.players)} (the dashed line). The same figures as regula sim.`),
      sections);
    void loadChart().then((Chart) => {
      if (!this.results.contains(sections[0] ?? null)) return; // cleared or replaced meanwhile
      this.charts = drawCharts(Chart as never, data, (id) => canvases.get(id) ?? null) as { destroy(): void }[];
      this.results.dataset.charts = String(this.charts.length);
    });
  }

  /** What a chart's section shows above it: the table of seats, the length in numbers, the dead rules. */
  private beforeChart(id: ChartId, r: SimulationReport): HTMLElement | null {
    if (id === 'wins') {
      return h('table', { class: 'sim-seats' },
        h('thead', {}, h('tr', {}, ['seat', 'agent', 'wins', '95% interval', 'mean score', '95% interval'].map((t) => h('th', {}, t)))),
        h('tbody', {}, r.seats.map((s) => h('tr', { 'data-seat': s.seat, 'data-win-rate': s.winRate.value },
          h('th', {}, `${playerLabel(s.seat)} (seat ${s.seat})`),
          h('td', {}, s.agent),
          h('td', { class: 'num win-rate' }, pct(s.winRate.value)),
          h('td', { class: 'num muted' }, interval(s.winRate, pct)),
          h('td', { class: 'num' }, num(s.score.value)),
          h('td', { class: 'num muted' }, interval(s.score, num))))));
    }
    if (id === 'length') {
      const d = r.decisiveness;
      return h('p', { class: 'small' }, `Moves a game: ${num(r.length.moves.value)} (${interval(r.length.moves, num)}), turns ${num(r.length.turns.value)}.`,
        d.margin ? ` Winning margin ${num(d.margin.value)} points.` : '', ` Shared wins: ${pct(d.shared.value)}.`,
        d.leadChanges && d.comebacks ? ` Lead changes ${num(d.leadChanges.value)} a game; the lead changed at least once in ${pct(d.comebacks.value)} of games.` : '');
    }
    if (id === 'rules') {
      return r.deadRules.length
        ? h('div', { class: 'small' }, h('p', { class: 'dead-rules' }, `${r.deadRules.length} rule${r.deadRules.length > 1 ? 's' : ''} never fired (red): dead, unreachable, or never reached by these agents:`),
          h('ul', {}, r.deadRules.map((d) => h('li', {}, h('code', {}, d.rule), ` at ${d.at}`))))
        : h('p', { class: 'small' }, 'Every rule fired at least once.');
    }
    return null;
  }
}
