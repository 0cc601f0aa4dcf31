// Many seeded agent games of one ruleset, summarised: who wins from which seat, the scores, how
// long games last. What a designer runs to see whether a rule breaks the balance.
import { AGENTS, type AgentFactory } from './agents.js';
import type { GameDefinition } from './definition.js';
import { playGame } from './play.js';

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
  const make = typeof o.agent === 'function' ? o.agent : AGENTS[o.agent ?? 'random'] ?? AGENTS.random!;
  const agentName = o.agentName ?? (typeof o.agent === 'string' ? o.agent : 'random');
  const wins = Array<number>(o.players).fill(0);
  const scores = Array<number>(o.players).fill(0);
  let moves = 0;
  for (let g = 0; g < o.games; g++) {
    const seed = `${o.seed}/${g}`;
    const state = playGame(def, {
      players: o.players, seed, variants: o.variants ?? [],
      agents: Array.from({ length: o.players }, (_, seat) => make(seed, seat)),
    });
    // A shared win counts as a fraction for each winner, so the shares add up to the number of games.
    for (const w of state.result?.winners ?? []) wins[w]! += 1 / state.result!.winners.length;
    state.result?.scores.forEach((s, seat) => (scores[seat]! += s));
    moves += state.moves.length;
    o.onProgress?.(g + 1);
  }
  const pct = (x: number) => `${((100 * x) / o.games).toFixed(1)}%`;
  const meanScoreBySeat = scores.map((s) => s / o.games);
  const text = [
    `${def.name}: ${o.games} games, ${o.players} players${o.variants?.length ? `, variants ${o.variants.join(', ')}` : ''}, ${agentName} agents`,
    ...wins.map((w, seat) => `  seat ${seat}: wins ${pct(w)}, mean score ${meanScoreBySeat[seat]!.toFixed(1)}`),
    `  mean game length: ${(moves / o.games).toFixed(1)} moves`,
  ].join('\n');
  return { games: o.games, winsBySeat: wins, meanScoreBySeat, meanMoves: moves / o.games, text };
}
