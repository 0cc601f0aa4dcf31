// `regula bench`: measures every shipped ruleset and every hand-written reference in one run and
// returns one report (its JSON form is bench/bench.schema.json, described in docs/performance.md).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRuleset } from '../cli/load.js';
import { whyNotCompiled } from '../interpreter/runtime/index.js';
import { interpretedPlayout, pipelineTimes, savedStateBytes, sideBySide, throughput } from './measure.js';
import { OBVIOUS_CONNECT_FOUR, REFERENCES, TUNED_CONNECT_FOUR } from './references.js';
import { seededRandom } from '../test/reference/reference.js';
import { connectFourCeiling, type CeilingScans } from './ceiling.js';
import { checkMemory, type CheckMemoryFigures } from './check-memory.js';
import { differential, type DifferentialFigures } from './differential.js';
import { editorLatency, type EditorFigures } from './editor.js';
import { BURST_EDITS, editorAfterBurst, type BurstFigures } from './editor-burst.js';
import { ENGINE_GAMES, engineFigures, type EngineFigures } from './engines.js';
import { agentStrength, STRENGTH_AGENT, STRENGTH_OPPONENTS, strengthPlayable, type StrengthFigures } from './strength.js';

export const BENCH_FORMAT = 'regula-bench/1';

export interface PlayerCountFigures {
  readonly players: number;
  readonly playoutsPerSec: number;
  readonly usPerMove: number;
  readonly movesPerGame: number;
  readonly stateBytes: { readonly midGame: number; readonly final: number };
  /** Which tier played the playouts: the compiled tier, or the machine (and why: what the compiled tier does not cover). */
  readonly tier: 'compiled' | 'machine';
  readonly whyNotCompiled: string | null;
}

export interface RulesetFigures {
  readonly file: string;
  readonly lines: number;
  readonly parseMs: number;
  readonly checkMs: number;
  readonly compileMs: number;
  readonly players: readonly PlayerCountFigures[];
}

export interface ReferenceFigures {
  readonly game: string;
  readonly players: number;
  readonly interpretedPerSec: number;
  readonly referencePerSec: number;
  /** interpreted ÷ hand-written, the median over alternating rounds: 1 would be as fast as hand-written code. */
  readonly ratio: number;
  /** The alternating rounds timed (see sideBySide). */
  readonly rounds: number;
}

export interface CeilingFigures {
  readonly game: string;
  readonly scans: CeilingScans;
  readonly perSec: number;
  readonly referencePerSec: number;
  /** ceiling ÷ hand-written. */
  readonly ratio: number;
}

export interface BenchReport {
  readonly format: typeof BENCH_FORMAT;
  readonly node: string;
  readonly budgetMs: number;
  readonly rulesets: readonly RulesetFigures[];
  readonly reference: readonly ReferenceFigures[];
  readonly obviousVsTuned: { readonly game: string; readonly tunedPerSec: number; readonly obviousPerSec: number; readonly ratio: number } | null;
  /** The tuned Connect Four lowered by hand to the shape a whole-game compiler could emit (bench/ceiling.ts), against the same hand-written reference. */
  readonly ceiling: readonly CeilingFigures[];
  /** Interpreted games replayed in the references: every one must agree. */
  readonly differential: readonly DifferentialFigures[];
  /** The language service on the largest ruleset measured. */
  readonly editor: EditorFigures | null;
  /** `regula lsp` on the same ruleset: a hover and a completion right after a burst of edits. */
  readonly editorBurst: BurstFigures | null;
  /** `regula check` on the same ruleset, in a process of its own: its peak memory (bench/check-memory.ts). */
  readonly checkMemory: CheckMemoryFigures | null;
  /** The agent against random and greedy at two players, on every measured game two can play. */
  readonly strength: readonly StrengthFigures[];
  /** The machine and the compiled program on the paths play and search take, from the same mid-game state. */
  readonly engines: readonly EngineFigures[];
}

export interface BenchOptions {
  readonly root: string;
  /** Rulesets to measure (paths relative to root). */
  readonly rulesets: readonly string[];
  /** Timed milliseconds per measurement (after its warm-up). */
  readonly budgetMs: number;
  /** Interpreted games replayed in each reference per player count (0: none). */
  readonly differentialGames: number;
  /** Games at least per agent pairing for the strength figures (0: none); more while the budget lasts. */
  readonly strengthGames?: number;
  /** The agent whose strength is measured (default STRENGTH_AGENT). */
  readonly strengthAgent?: string;
  /** Called before each measurement, e.g. to show progress. */
  readonly progress?: (what: string) => void;
}

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const { root, budgetMs } = options;
  const progress = options.progress ?? (() => {});
  const rulesets: RulesetFigures[] = [];
  const perSec = new Map<string, number>(); // `${file}|${players}` → interpreted playouts/s

  const measureRuleset = (file: string) => {
    const path = join(root, file);
    const source = readFileSync(path, 'utf8');
    progress(`${file}: parse, check, compile`);
    const times = pipelineTimes(source, file);
    const def = loadRuleset(path).definition;
    if (!def) throw new Error(`${file} has errors: run \`regula check ${file}\`.`);
    const players: PlayerCountFigures[] = [];
    for (let n = def.players.min; n <= def.players.max; n++) {
      progress(`${file}: ${n} players`);
      const t = throughput(interpretedPlayout(def, n), budgetMs);
      perSec.set(`${file}|${n}`, t.playoutsPerSec);
      const why = whyNotCompiled(def, n);
      players.push({
        players: n, playoutsPerSec: t.playoutsPerSec, usPerMove: t.usPerMove, movesPerGame: t.movesPerGame, stateBytes: savedStateBytes(def, n),
        tier: why === null ? 'compiled' : 'machine', whyNotCompiled: why,
      });
    }
    return { file, lines: source.split('\n').length, ...times, players };
  };

  for (const file of options.rulesets) rulesets.push(measureRuleset(file));

  const reference: ReferenceFigures[] = [];
  const checks: DifferentialFigures[] = [];
  for (const entry of REFERENCES) {
    if (!options.rulesets.includes(entry.ruleset)) continue;
    const def = loadRuleset(join(root, entry.ruleset)).definition!;
    for (const players of entry.players) {
      if (options.differentialGames === 0) break;
      progress(`${entry.game}: ${options.differentialGames} interpreted games replayed in the reference, ${players} players`);
      checks.push(differential(entry.game, def, players, options.differentialGames));
    }
    for (const players of entry.players) {
      progress(`${entry.game}: hand-written reference, ${players} players`);
      const game = entry.make();
      const random = seededRandom(`reference-${entry.game}-${players}`);
      const t = sideBySide(interpretedPlayout(def, players), () => {
        game.newGame(players);
        return game.randomPlayout(random);
      }, budgetMs);
      reference.push({ game: entry.game, players, ...t });
    }
  }

  const ceiling: CeilingFigures[] = [];
  const c4 = reference.find((r) => r.game === 'connect-four');
  if (c4) {
    const def = loadRuleset(join(root, TUNED_CONNECT_FOUR)).definition!;
    for (const scans of ['as-written', 'indexed'] as const) {
      progress(`connect-four: the ceiling (${scans})`);
      const game = connectFourCeiling(def, scans);
      const t = throughput((g) => game.play(g).length, budgetMs);
      ceiling.push({ game: 'connect-four', scans, perSec: t.playoutsPerSec, referencePerSec: c4.referencePerSec, ratio: t.playoutsPerSec / c4.referencePerSec });
    }
  }

  let obviousVsTuned: BenchReport['obviousVsTuned'] = null;
  const tunedPerSec = perSec.get(`${TUNED_CONNECT_FOUR}|2`);
  const obviousPerSec = perSec.get(`${OBVIOUS_CONNECT_FOUR}|2`);
  if (tunedPerSec && obviousPerSec) obviousVsTuned = { game: 'connect-four', tunedPerSec, obviousPerSec, ratio: obviousPerSec / tunedPerSec };
  const largest = [...rulesets].sort((a, b) => b.lines - a.lines)[0];
  if (largest) progress(`${largest.file}: the editor's analysis, completion and hover`);
  const editor = largest ? editorLatency(root, largest.file) : null;
  if (largest) progress(`${largest.file}: regula lsp after bursts of ${BURST_EDITS} edits`);
  const editorBurst = largest ? await editorAfterBurst(root, largest.file) : null;
  if (largest) progress(`${largest.file}: regula check's memory`);
  const checkMemoryFigures = largest ? checkMemory(root, largest.file) : null;

  const strength: StrengthFigures[] = [];
  const agent = options.strengthAgent ?? STRENGTH_AGENT;
  const strengthGames = options.strengthGames ?? 2;
  for (const file of strengthGames > 0 ? options.rulesets : []) {
    const def = loadRuleset(join(root, file)).definition!;
    if (!strengthPlayable(def)) continue;
    for (const opponent of STRENGTH_OPPONENTS) {
      progress(`${file}: ${agent} against ${opponent}, 2 players`);
      strength.push(agentStrength(def, file, agent, opponent, budgetMs, strengthGames));
    }
  }
  const engines: EngineFigures[] = [];
  for (const { ruleset, players } of ENGINE_GAMES) {
    if (!options.rulesets.includes(ruleset)) continue;
    progress(`${ruleset}: the machine and the compiled program from a mid-game state, ${players} players`);
    const figures = engineFigures(loadRuleset(join(root, ruleset)).definition!, ruleset, players, budgetMs);
    if (figures) engines.push(figures);
  }
  return { format: BENCH_FORMAT, node: process.version, budgetMs, rulesets, reference, obviousVsTuned, ceiling, differential: checks, editor, editorBurst, checkMemory: checkMemoryFigures, strength, engines };
}

/** The report as a person reads it. */
export function formatBench(report: BenchReport): string {
  const lines: string[] = [];
  const n = (x: number, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const kb = (bytes: number) => `${n(bytes / 1024, 1)} kB`;
  lines.push(`Regula bench — Node ${report.node}, ${report.budgetMs} ms timed per figure after a warm-up`, '');
  for (const r of report.rulesets) {
    lines.push(`${r.file} (${r.lines} lines): parse ${n(r.parseMs, 1)} ms, check ${n(r.checkMs, 1)} ms, compile ${n(r.compileMs, 1)} ms`);
    for (const p of r.players) {
      lines.push(`  ${p.players} players: ${n(p.playoutsPerSec, 1)} playouts/s, ${n(p.usPerMove, 1)} µs a move, ${n(p.movesPerGame)} moves a game, saved state ${kb(p.stateBytes.midGame)} mid-game, ${kb(p.stateBytes.final)} at the end; ${p.tier === 'compiled' ? 'compiled tier' : `machine (${p.whyNotCompiled})`}`);
    }
  }
  if (report.reference.length) {
    lines.push('', 'Against hand-written code in the same process (ratio = interpreted ÷ hand-written; 1 is as fast),');
    lines.push(`timed side by side in ${report.reference[0]!.rounds} alternating rounds of each; the medians:`);
    lines.push(`  ${'game'.padEnd(14)}${'players'.padStart(8)}${'interpreted/s'.padStart(16)}${'hand-written/s'.padStart(16)}${'ratio'.padStart(12)}`);
    for (const r of report.reference) {
      lines.push(`  ${r.game.padEnd(14)}${String(r.players).padStart(8)}${n(r.interpretedPerSec, 1).padStart(16)}${n(r.referencePerSec).padStart(16)}${`1/${n(1 / r.ratio)}`.padStart(12)}`);
    }
  }
  const o = report.obviousVsTuned;
  if (o) {
    lines.push('', `Connect Four written the obvious way (cells found by coordinates): ${n(o.obviousPerSec, 1)} playouts/s against ${n(o.tunedPerSec, 1)} for the tuned encoding: ${o.ratio >= 1 ? 'as fast or faster' : `${n(1 / o.ratio, 1)}× slower`}.`);
  }
  if (report.ceiling.length) {
    lines.push('', 'The ceiling: connect-four.rules lowered by hand to what a whole-game compiler could emit (bench/ceiling.ts; compact state, no log text):');
    for (const c of report.ceiling) {
      const what = c.scans === 'indexed' ? 'with its two walks over the discs indexed' : 'scanning the discs as the rules say';
      lines.push(`  ${what}: ${n(c.perSec)} playouts/s, 1/${n(1 / c.ratio, 1)} of hand-written`);
    }
  }
  const e = report.editor;
  if (e) {
    lines.push('', `The editor on ${e.file} (${e.lines} lines), medians: analysis after an edit ${n(e.analysisMs, 1)} ms (diagnostics), completion ${n(e.completionMs, 2)} ms (slowest ${n(e.completionMaxMs, 1)}), hover ${n(e.hoverMs, 2)} ms (slowest ${n(e.hoverMaxMs, 1)}).`);
  }
  const b = report.editorBurst;
  if (b) {
    lines.push(`regula lsp on it, right after a burst of ${n(b.edits)} edits sent at once, medians of ${b.rounds}: hover ${n(b.hoverMs, 1)} ms (slowest ${n(b.hoverMaxMs, 1)}), completion ${n(b.completionMs, 1)} ms (slowest ${n(b.completionMaxMs, 1)}).`);
  }
  const m = report.checkMemory;
  if (m) lines.push(`regula check on it (${kb(m.bytes)}): peak memory ${n(m.peakRssMb, 1)} MB, against ${n(m.baselineRssMb, 1)} MB for regula --help in the same kind of process.`);
  if (report.differential.length) {
    lines.push('', 'Interpreted games replayed in the hand-written references (same legal moves at every step, same scores):');
    for (const d of report.differential) {
      lines.push(`  ${d.game}, ${d.players} players: ${d.agreed} of ${d.games} agree${d.firstDifference ? ` — first difference: ${d.firstDifference}` : ''}`);
    }
  }
  if (report.engines.length) {
    lines.push('', 'The two engines from the same mid-game state (machine ÷ compiled program: how many times faster the program is):');
    const times = (machine: number, compiled: number) => `${n(machine / compiled, 1)}×`;
    for (const g of report.engines) {
      lines.push(`  ${g.file}, ${g.players} players:`);
      lines.push(`    playing on, legal moves and one applied: ${n(g.moveUs.machine, 1)} µs a move on the machine, ${n(g.moveUs.compiled, 2)} on the program (${times(g.moveUs.machine, g.moveUs.compiled)})`);
      lines.push(`    a state to play on: copied ${n(g.stateUs.machine, 1)} µs (machine); loaded and its decision listed ${n(g.stateUs.compiled, 1)} µs (program)`);
      lines.push(`    mcts: ${n(g.mctsPerSec.machine)} iterations/s on the machine, ${n(g.mctsPerSec.compiled)} on the program (${times(g.mctsPerSec.compiled, g.mctsPerSec.machine)})`);
      lines.push(`    a real move (applyInPlace, the state and its log given back): ${n(g.liveMoveUs.machine, 1)} µs on the machine, ${n(g.liveMoveUs.live, 1)} on the live program (${times(g.liveMoveUs.machine, g.liveMoveUs.live)})`);
    }
  }
  if (report.strength.length) {
    const pct = (x: number) => `${n(100 * x)}%`;
    lines.push('', `Agent strength at 2 players (seats swapped every game; a shared win counts half; 95% interval):`);
    for (const s of report.strength) {
      lines.push(`  ${s.file}: ${s.agent} against ${s.opponent}: ${n(s.wins, s.wins % 1 ? 1 : 0)} of ${s.games} = ${pct(s.winRate.value)} (${pct(s.winRate.low)}–${pct(s.winRate.high)})`);
    }
  }
  return lines.join('\n');
}

/** The repository the bench runs in: the nearest folder above this file holding rulesets/ and package.json. */
export function benchRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'rulesets'))) return dir;
    if (dirname(dir) === dir) throw new Error('regula bench runs in a checkout of the Regula repository (it needs rulesets/ and the hand-written references in test/reference/).');
  }
}
