// Scenario files: a ruleset, a game, and steps of arranging, playing and expecting. Every worked
// example of a rulebook becomes one; `regula scenario` and the test suite run them the same way.
import { firstLegalAgent, randomAgent } from '../runtime/index.js';
import type { GameDefinition } from '../definition/index.js';
import { IllegalMoveError } from '../runtime/index.js';
import { applyInPlace, arrange, legalMoves, modelOf, setup, view, why, type Arrangement } from '../runtime/index.js';
import type { GameState } from '../runtime/index.js';

export interface ScenarioExpect {
  readonly decider?: number;
  readonly choice?: string;
  readonly legal?: readonly string[];
  readonly legalExactly?: readonly string[];
  readonly illegal?: readonly { move: string; rule?: string; says?: string }[];
  readonly counters?: Readonly<Record<string, number | readonly number[] | Readonly<Record<string, number>>>>;
  readonly zones?: Readonly<Record<string, readonly string[]>>;
  readonly zoneCounts?: Readonly<Record<string, number>>;
  /** Piece id → the label of the space it stands on, `null` off the board. */
  readonly pieces?: Readonly<Record<string, string | null>>;
  readonly log?: readonly string[];
  readonly over?: boolean;
  readonly scores?: readonly number[];
  readonly winners?: readonly number[];
}

export interface ScenarioStep {
  readonly note?: string;
  readonly arrange?: Arrangement;
  readonly play?: readonly string[];
  readonly playUntil?: { choice: string; player?: number; agent?: 'first' | 'random' };
  readonly expect?: ScenarioExpect;
}

export interface Scenario {
  readonly title: string;
  /** A saved game to start from, relative to the scenario file (already loaded by the caller). */
  readonly start?: string;
  readonly example?: string;
  readonly ruleset: string;
  readonly players: number;
  readonly seed: string | number;
  readonly variants?: readonly string[];
  readonly steps: readonly ScenarioStep[];
}

export interface StepOutcome {
  readonly step: number;
  readonly note: string;
  readonly failures: readonly string[];
}

const show = (v: unknown) => JSON.stringify(v);

function expectations(def: GameDefinition, state: GameState, e: ScenarioExpect): string[] {
  const failures: string[] = [];
  const legal = legalMoves(def, state);
  const moves = legal?.moves ?? [];
  if (e.decider !== undefined && legal?.player !== e.decider) failures.push(`expected seat ${e.decider} to decide, but it is ${legal ? `seat ${legal.player}` : 'nobody'}`);
  if (e.choice !== undefined && legal?.choice !== e.choice) failures.push(`expected the choice \`${e.choice}\`, but it is \`${legal?.choice ?? 'none'}\``);
  for (const m of e.legal ?? []) if (!moves.includes(m)) failures.push(`expected \`${m}\` to be legal; legal: ${moves.join(', ')}`);
  if (e.legalExactly && show([...e.legalExactly].sort()) !== show([...moves].sort())) {
    failures.push(`expected exactly ${show(e.legalExactly)} to be legal, but legal: ${show(moves)}`);
  }
  for (const x of e.illegal ?? []) {
    const w = why(def, state, x.move);
    if (w.legal) failures.push(`expected \`${x.move}\` to be illegal, but it is legal`);
    if (x.rule && w.rule?.name !== x.rule) failures.push(`expected rule \`${x.rule}\` to forbid \`${x.move}\`, but: ${w.text}`);
    if (x.says && !w.text.includes(x.says)) failures.push(`expected why \`${x.move}\` to say "${x.says}", but: ${w.text}`);
  }
  for (const [name, want] of Object.entries(e.counters ?? {})) {
    const have = state.counters[name];
    const ok = typeof want === 'object' && !Array.isArray(want)
      ? Object.entries(want).every(([k, v]) => (have as Record<string, number>)?.[k] === v)
      : show(have) === show(want);
    if (!ok) failures.push(`expected counter \`${name}\` to be ${show(want)}, but it is ${show(have)}`);
  }
  for (const [key, want] of Object.entries(e.zones ?? {})) {
    const have = (state.zones[key] ?? []).map((id) => modelOf(def, state).things.get(id)?.label ?? id);
    if (show(have) !== show(want)) failures.push(`expected zone \`${key}\` to hold ${show(want)}, but it holds ${show(have)}`);
  }
  for (const [key, want] of Object.entries(e.zoneCounts ?? {})) {
    const have = state.zones[key]?.length;
    if (have !== want) failures.push(`expected zone \`${key}\` to hold ${want} cards, but it holds ${have}`);
  }
  for (const [piece, want] of Object.entries(e.pieces ?? {})) {
    const at = state.pieces[piece];
    const have = at?.space == null ? null : modelOf(def, state).things.get(at.space)?.label ?? at.space;
    if (!at) failures.push(`expected a piece \`${piece}\`, but there is none`);
    else if (have !== want) failures.push(`expected piece \`${piece}\` ${want === null ? 'off the board' : `on \`${want}\``}, but it is ${have === null ? 'off the board' : `on \`${have}\``}`);
  }
  // The whole log, as the full log reads it: a choice the rules made alone is marked so.
  const text = state.log.map((l) => `${l.text}${l.forced ? ' (the only option)' : ''}${l.detail ? `: ${l.detail}` : ''}`).join('\n');
  for (const line of e.log ?? []) if (!text.includes(line)) failures.push(`expected the log to contain "${line}"`);
  if (e.over !== undefined && state.over !== e.over) failures.push(`expected the game ${e.over ? 'to be over' : 'not to be over'}`);
  if (e.scores && show(state.result?.scores) !== show(e.scores)) failures.push(`expected scores ${show(e.scores)}, but they are ${show(state.result?.scores)}`);
  if (e.winners && show(state.result?.winners) !== show(e.winners)) failures.push(`expected winners ${show(e.winners)}, but they are ${show(state.result?.winners)}`);
  return failures;
}

/** Runs every step; a failing step is reported and the scenario stops there. */
export function runScenario(def: GameDefinition, scenario: Scenario, start?: GameState): StepOutcome[] {
  let state = start ? structuredClone(start) : setup(def, scenario.players, scenario.seed, scenario.variants ?? []);
  const outcomes: StepOutcome[] = [];
  for (const [i, s] of scenario.steps.entries()) {
    const failures: string[] = [];
    try {
      if (s.arrange) state = arrange(def, state, s.arrange);
      for (const move of s.play ?? []) applyInPlace(def, state, move);
      if (s.playUntil) {
        const agent = s.playUntil.agent === 'random' ? randomAgent(scenario.seed) : firstLegalAgent();
        for (let guard = 0; ; guard++) {
          const legal = legalMoves(def, state);
          if (!legal) { failures.push(`the game ended before the choice \`${s.playUntil.choice}\``); break; }
          if (legal.choice === s.playUntil.choice && (s.playUntil.player === undefined || legal.player === s.playUntil.player)) break;
          if (guard > 10_000) { failures.push(`no choice \`${s.playUntil.choice}\` came within 10000 moves`); break; }
          applyInPlace(def, state, agent.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }));
        }
      }
      if (s.expect) failures.push(...expectations(def, state, s.expect));
    } catch (e) {
      failures.push(e instanceof IllegalMoveError ? e.message : `error: ${(e as Error).message}`);
    }
    outcomes.push({ step: i + 1, note: s.note ?? '', failures });
    if (failures.length) break;
  }
  return outcomes;
}
