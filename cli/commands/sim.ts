// `regula sim <file>`: many seeded agent games on every core — wins by seat and by starting
// option, scores, length, decisiveness, rule firing — each estimate with its 95% interval; with
// --compare, a second side on the same seeds and what shifted, with significance tests.
import { checkSetup, type AgentFactory } from '../../interpreter/runtime/index.js';
import {
  agentFromSpec, AgentSpecError, compareSimulations, seatSpecs, simulationReport,
  type SimulationComparison, type SimulationReport,
} from '../../interpreter/tools/index.js';
import { flag, flags, has, intFlag, UsageError, type Args } from '../args.js';
import { writeOutputFile } from '../files.js';
import { agentFactory, err, gameOptions, load, out, type LoadedGame } from '../shared.js';
import { reportHtml } from '../sim/html.js';
import { progressBar } from '../sim/progress.js';
import { defaultWorkers, runSimulation, type Side } from '../sim/run.js';

/** What `--json` prints; cli/sim/sim.schema.json describes it. */
export const SIM_FORMAT = 'regula-sim/1';

export async function run(args: Args): Promise<number> {
  const games = intFlag(args, 'games', 100, 1);
  const file = args.positional[0]!;
  const g = load(file, true);
  if (!g) return 1;
  const o = gameOptions(args, g.definition);
  checkSetup(g.definition, o.players, o.variants);
  const seats = await agentsOf(args, o.players);
  const compare = compareSide(args, file, o.variants);
  let second: LoadedGame | null = null;
  if (compare) {
    second = compare.file === file ? g : load(compare.file, true);
    if (!second) return 1;
    checkSetup(second.definition, o.players, compare.variants);
  }
  const moduleAgents = seats.some((s) => s.factory);
  const asked = flag(args, 'workers');
  if (moduleAgents && asked !== undefined && Number(asked) > 1) err('note: a module\'s agents play in this thread only: --workers is taken as 1.');
  const workers = moduleAgents ? 1 : intFlag(args, 'workers', defaultWorkers(), 1);

  const maxMoves = flag(args, 'max-moves') === undefined ? undefined : intFlag(args, 'max-moves', 100_000, 1);
  const side = (path: string, variants: readonly string[]): Side => ({
    file: path, players: o.players, variants, seed: o.seed, agents: seats.map((s) => s.spec),
    ...(moduleAgents ? { factories: seats.map((s) => s.factory) } : {}),
    ...(maxMoves !== undefined ? { maxMoves } : {}),
  });
  const sides = [side(file, o.variants), ...(compare ? [side(compare.file, compare.variants)] : [])];

  // Ctrl-C stops the games and reports those finished; a second Ctrl-C leaves at once.
  const stop = new AbortController();
  const onSignal = () => {
    if (stop.signal.aborted) process.exit(130);
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  const bar = progressBar('games');
  let outcome;
  try {
    outcome = await runSimulation({ sides, games, workers, signal: stop.signal, onProgress: (done, total) => bar.update(done, total) });
  } finally {
    bar.end();
    process.off('SIGINT', onSignal);
  }
  if (outcome.failure) {
    const agents = seats.every((s) => s.spec === 'random') ? '' : ` --agents ${seats.map((s) => s.spec).join(',')}`;
    err(`game ${outcome.failure.game} stopped with an error (replay it: regula play ${file} --players ${o.players} --seed ${outcome.failure.game}${o.variants.map((v) => ` --variant ${v}`).join('')}${agents}${compare ? ', or the same on the compared side' : ''}):`);
    err(outcome.failure.message);
    return 3;
  }
  if (outcome.games === 0) {
    err('stopped before any game finished.');
    return 130;
  }

  const agentNames = seats.map((s) => s.spec);
  const setup = { players: o.players, seed: o.seed, agentNames };
  const first = simulationReport(g.definition, outcome.counts[0]!, { ...setup, variants: o.variants });
  const other = compare && second ? simulationReport(second.definition, outcome.counts[1]!, { ...setup, variants: compare.variants }) : null;
  const names = compare ? { first: sideName(file, o.variants), second: sideName(compare.file, compare.variants) } : null;
  const comparison = other && names ? compareSimulations(first, other, names) : null;

  const reportFile = flag(args, 'report');
  if (reportFile) writeOutputFile(reportFile, reportHtml({ file, report: first, ...(other && comparison && compare ? { compare: { file: compare.file, report: other, comparison } } : {}) }), '--report');
  if (has(args, 'json')) out(JSON.stringify(simJson(file, games, first, compare && other && comparison ? { file: compare.file, report: other, comparison } : null)));
  else out([first.text, ...(comparison ? ['', comparison.text] : [])].join('\n'));
  if (outcome.stopped) {
    err(`stopped: ${outcome.games} of ${games} games finished${compare ? ' on each side' : ''} are reported.`);
    return 130;
  }
  return 0;
}

/** The JSON `--json` prints: the report without its text, and the comparison when there is one. */
export function simJson(file: string, requested: number, report: SimulationReport, compare: { file: string; report: SimulationReport; comparison: SimulationComparison } | null) {
  const data = ({ text: _, ...rest }: SimulationReport) => rest;
  return {
    format: SIM_FORMAT, file, requested, complete: report.games === requested,
    simulation: data(report),
    ...(compare ? { compare: { file: compare.file, simulation: data(compare.report), names: { first: compare.comparison.first, second: compare.comparison.second }, shifts: compare.comparison.shifts } } : {}),
  };
}

const sideName = (file: string, variants: readonly string[]) => `${file}${variants.length ? ` (variants ${variants.join(', ')})` : ' (no variants)'}`;

/**
 * The agent of each seat: `--agents` (or `--agent`) — one spec for all, or one per seat. A spec
 * naming a module (`rulesets/x/agents.ts#name`) is loaded here and plays in this thread.
 */
async function agentsOf(args: Args, players: number): Promise<{ spec: string; factory: AgentFactory | null }[]> {
  if (flag(args, 'agents') !== undefined && flag(args, 'agent') !== undefined) throw new UsageError('--agent is another name for --agents: give one of them.');
  const given = flag(args, 'agents') ?? flag(args, 'agent') ?? 'random';
  const option = flag(args, 'agents') !== undefined ? '--agents' : '--agent';
  try {
    const specs = seatSpecs(given, players);
    return await Promise.all(specs.map(async (spec) => {
      try {
        agentFromSpec(spec);
        return { spec, factory: null };
      } catch (e) {
        if (!(e instanceof AgentSpecError) || !/[/\\]|\.[cm]?[tj]s(#|$)/.test(spec)) throw e;
        return { spec, factory: await agentFactory({ positional: [], values: { agent: spec } }) };
      }
    }));
  } catch (e) {
    if (e instanceof AgentSpecError) throw new UsageError(`${option} ${given}: ${e.message}`);
    throw e;
  }
}

/**
 * `--compare FILE`, `--compare variants=ID,ID` (`variants=` for none), or both: the second side.
 * What is not given is the first side's.
 */
function compareSide(args: Args, file: string, variants: readonly string[]): { file: string; variants: readonly string[] } | null {
  const given = flags(args, 'compare');
  if (!given.length) return null;
  let otherFile: string | null = null;
  let otherVariants: string[] | null = null;
  for (const value of given) {
    const m = /^variants?=(.*)$/.exec(value);
    if (m) {
      if (otherVariants) throw new UsageError('--compare variants=… is given twice: list every variant of the second side in one, separated by commas.');
      otherVariants = m[1]!.split(',').map((v) => v.trim()).filter(Boolean);
    } else {
      if (otherFile) throw new UsageError('--compare names two rulesets: a comparison has one second side.');
      otherFile = value;
    }
  }
  const side = { file: otherFile ?? file, variants: otherVariants ?? [...variants] };
  if (side.file === file && side.variants.join(',') === [...variants].join(',')) {
    throw new UsageError('--compare would play the same ruleset with the same variants: name another ruleset, or other variants (variants=ID,… or variants= for none).');
  }
  return side;
}
