// The bench's agent strength: how often an agent (mcts by default) beats another (random, greedy)
// at two players, seats swapped every game, each figure with its 95% interval. A few seeded games a
// pairing, within the bench's time budget: figures to read, never a timing or a strength asserted.
import type { GameDefinition } from '../interpreter/definition/index.js';
import { modelFor, playGame } from '../interpreter/runtime/index.js';
import { agentFromSpec, wilson, type Estimate } from '../interpreter/tools/index.js';

/** The agent the bench measures: few, short playouts, so a long game (Java, 800 moves) takes minutes, not hours. */
export const STRENGTH_AGENT = 'mcts:iterations=30:depth=10';
export const STRENGTH_OPPONENTS = ['random', 'greedy'] as const;

export interface StrengthFigures {
  readonly file: string;
  readonly agent: string;
  readonly opponent: string;
  readonly games: number;
  /** Games the agent won, a shared win counting as a share. */
  readonly wins: number;
  /** The agent's share of wins, with its 95% Wilson interval (a fair share is 50%). */
  readonly winRate: Estimate;
}

/** Whether the bench measures strength on this game: two players allowed, and seats that can beat each other (no team game). */
export function strengthPlayable(def: GameDefinition): boolean {
  return def.players.min <= 2 && def.players.max >= 2 && !modelFor(def, 2, []).winner?.team;
}

/**
 * Plays pairs of games — the agent in seat 1, then in seat 2, on the same seed — until `budgetMs`
 * is spent, and at least `minGames` games. Game g is seeded `bench-strength/g`.
 */
export function agentStrength(def: GameDefinition, file: string, agent: string, opponent: string, budgetMs: number, minGames: number): StrengthFigures {
  const [mine, theirs] = [agentFromSpec(agent), agentFromSpec(opponent)];
  const start = performance.now();
  let games = 0;
  let wins = 0;
  do {
    const seed = `bench-strength/${games / 2}`;
    for (const seat of [0, 1]) {
      const state = playGame(def, { players: 2, seed, agents: [0, 1].map((s) => (s === seat ? mine : theirs)(seed, s)) });
      const winners = state.result?.winners ?? [];
      if (winners.includes(seat)) wins += 1 / winners.length;
      games++;
    }
  } while (games < minGames || performance.now() - start < budgetMs);
  return { file, agent, opponent, games, wins, winRate: wilson(wins, games) };
}
