// Many seeded agent games of one ruleset, summarised: who wins from which seat, the scores, how
// long games last. What a designer runs to see whether a rule breaks the balance.
import { AGENTS, type AgentFactory } from '../runtime/index.js';
import type { GameDefinition } from '../definition/index.js';
import { playGame } from '../runtime/index.js';

export interface SimulationOptions {
  readonly players: number;
  readonly variants?: readonly string[];
  readonly games: number;
  readonly seed: string | number;
  /** A built-in agent's name, or a factory (a game's own agents). */
  readonly agent?: string | AgentFactory;
  readonly agentName?: string;
  readonly onProgress?: (done: number) => void;
}

export interface SimulationReport {
  readonly games: number;
  readonly winsBySeat: readonly number[];
  readonly meanScoreBySeat: readonly number[];
  readonly meanMoves: number;
  readonly text: string;
}

export function simulate(def: GameDefinition, o: SimulationOptions): SimulationReport {
  const tally = new Tally(def, o);
  for (let g = 0; g < o.games; g++) {
    tally.play(g);
    o.onProgress?.(g + 1);
  }
  return tally.report();
}

/**
 * Games played one at a time and counted: what `simulate` runs, and what a page runs a few games
 * per frame to show progress. Game g is seeded `seed/g`, so the same options give the same games.
 */
export class Tally {
  private readonly make: AgentFactory;
  private readonly agentName: string;
  private readonly wins: number[];
  private readonly scores: number[];
  private moves = 0;
  private games = 0;

  constructor(private readonly def: GameDefinition, private readonly o: Omit<SimulationOptions, 'games'>) {
    this.make = typeof o.agent === 'function' ? o.agent : AGENTS[o.agent ?? 'random'] ?? AGENTS.random!;
    this.agentName = o.agentName ?? (typeof o.agent === 'string' ? o.agent : 'random');
    this.wins = Array<number>(o.players).fill(0);
    this.scores = Array<number>(o.players).fill(0);
  }

  play(g: number): void {
    const { players } = this.o;
    const seed = `${this.o.seed}/${g}`;
    const state = playGame(this.def, {
      players, seed, variants: this.o.variants ?? [],
      agents: Array.from({ length: players }, (_, seat) => this.make(seed, seat)),
    });
    // A shared win counts as a fraction for each winner, so the shares add up to the number of games.
    for (const w of state.result?.winners ?? []) this.wins[w]! += 1 / state.result!.winners.length;
    state.result?.scores.forEach((score, seat) => (this.scores[seat]! += score));
    this.moves += state.moves.length;
    this.games++;
  }

  report(): SimulationReport {
    const { games, o } = this;
    const pct = (x: number) => `${((100 * x) / games).toFixed(1)}%`;
    const meanScoreBySeat = this.scores.map((score) => score / games);
    const text = [
      `${this.def.name}: ${games} games, ${o.players} players${o.variants?.length ? `, variants ${o.variants.join(', ')}` : ''}, ${this.agentName} agents`,
      ...this.wins.map((w, seat) => `  seat ${seat}: wins ${pct(w)}, mean score ${meanScoreBySeat[seat]!.toFixed(1)}`),
      `  mean game length: ${(this.moves / games).toFixed(1)} moves`,
    ].join('\n');
    return { games, winsBySeat: [...this.wins], meanScoreBySeat, meanMoves: this.moves / games, text };
  }
}
