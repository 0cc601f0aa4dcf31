// Playouts: whole games played by agents that pick options by index, for simulations, search and
// the bench. The compiled tier (compiled/) plays them when it covers the rules; otherwise, or
// when it gives a game up, the machine plays that game from the start with fresh agents, so a
// playout's moves and result are always the machine's.
import type { GameDefinition } from '../definition/index.js';
import type { Agent } from './agents.js';
import { compileGame, Deopt, NotCompiled, type CompiledGame, type CompiledPlay, type Picker, type PlayWatch } from './compiled/index.js';
import { checkSetup } from './index.js';
import { modelFor, type Model } from './model.js';
import { playGame } from './play.js';
import type { MoveRecord, Result } from './state.js';

export interface PlayoutOptions {
  readonly players: number;
  readonly seed: string | number;
  readonly variants?: readonly string[];
  /** Each seat's agent, made afresh for each try: a game the compiled tier gives up is played again. */
  readonly agents: (seat: number) => Agent;
  /** Stops a game that has not ended after this many moves (EndlessGameError), as playGame does. */
  readonly maxMoves?: number;
}

export interface Playout {
  readonly moves: readonly MoveRecord[];
  readonly result: Result;
  /** Which tier played the game. */
  readonly tier: 'compiled' | 'machine';
}

/** What the compiled tier makes of a model: its program (a live one too, see compileGame), or why there is none. */
const programs = new WeakMap<Model, CompiledGame | NotCompiled>();
const livePrograms = new WeakMap<Model, CompiledGame | NotCompiled>();
function programOf(m: Model, live = false): CompiledGame | NotCompiled {
  const made = live ? livePrograms : programs;
  let p = made.get(m);
  if (p === undefined) {
    try {
      p = compileGame(m, live);
    } catch (e) {
      if (e instanceof NotCompiled) p = e;
      else if (e instanceof EvalError) p = new NotCompiled('code made from source, which this page forbids', null);
      else throw e;
    }
    made.set(m, p);
  }
  return p;
}

/** The variants of a list the players chose (automatic ones, set by the player count, left out): what a model is made for. */
export function chosenVariants(def: GameDefinition, variants: readonly string[]): string[] {
  return variants.filter((id) => def.variants.some((v) => v.id === id && v.when === null));
}

/** The compiled program of the rules in force for a player count and variants, or null where the tier does not cover them (whyNotCompiled says why). */
export function compiledProgram(def: GameDefinition, players: number, variants: readonly string[] = []): CompiledGame | null {
  const p = programOf(modelFor(def, players, variants));
  return p instanceof NotCompiled ? null : p;
}

/** The live program of the rules in force (one that gives back the machine's state where it stops: playOn), or null where the tier does not cover them. */
export function liveProgram(def: GameDefinition, players: number, variants: readonly string[] = []): CompiledGame | null {
  const p = programOf(modelFor(def, players, variants), true);
  return p instanceof NotCompiled ? null : p;
}

/** Whether the compiled tier plays this game, and if not, why (`null`: it does). */
export function whyNotCompiled(def: GameDefinition, players: number, variants: readonly string[] = []): string | null {
  const p = programOf(modelFor(def, players, variants));
  return p instanceof NotCompiled ? p.message : null;
}

/** One game to its end. */
export function playout(def: GameDefinition, options: PlayoutOptions): Playout {
  const compiled = compiledPlayout(def, options);
  if (compiled !== null) return { moves: compiled.moves, result: compiled.result, tier: 'compiled' };
  const agents = Array.from({ length: options.players }, (_, seat) => options.agents(seat));
  const state = playGame(def, { players: options.players, seed: options.seed, variants: options.variants ?? [], agents, maxMoves: options.maxMoves ?? 100_000 });
  return { moves: state.moves, result: state.result ?? { scores: [], winners: [] }, tier: 'machine' };
}

/**
 * One game on the compiled tier, told to `watch` as it runs; or null where the tier cannot play it
 * (rules it does not cover, an agent that cannot pick by index, or a game it gives up). Then the
 * caller plays the game on the machine, with fresh agents and a fresh watch.
 */
export function compiledPlayout(def: GameDefinition, options: PlayoutOptions, watch?: PlayWatch): CompiledPlay | null {
  const variants = options.variants ?? [];
  checkSetup(def, options.players, variants);
  const program = programOf(modelFor(def, options.players, variants));
  if (program instanceof NotCompiled) return null;
  const pickers: Picker[] = [];
  for (let seat = 0; seat < options.players; seat++) {
    const agent = options.agents(seat);
    if (!agent.pick) return null;
    pickers.push(agent.pick.bind(agent));
  }
  try {
    return program.play(pickers, options.maxMoves ?? 100_000, options.seed, watch);
  } catch (e) {
    // Anything it cannot answer as the machine would: the machine plays the game instead.
    if (e instanceof Deopt || e instanceof RangeError) return null;
    throw e;
  }
}
