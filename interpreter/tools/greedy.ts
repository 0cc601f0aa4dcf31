// The greedy agent: plays the move that raises its own seat's winner measure (`winner most points`)
// the most right away, ties broken at random from its own seeded generator. Like every agent it sees
// only its player's view: the move is tried on one state sampled from that view (determinization).
import {
  applyInPlace, determinizer, measures, nextInt, seedRng, type Agent, type AgentContext, type GameState,
} from '../runtime/index.js';

export function greedyAgent(seed: string | number): Agent {
  const rng = seedRng(`greedy:${seed}`);
  return {
    name: 'greedy',
    choose(moves: readonly string[], context: AgentContext): string {
      if (moves.length === 1) return moves[0]!;
      const sample = determinizer(context.def, context.view()).sample(rng);
      const before = measures(context.def, sample)[context.seat] ?? 0;
      let best: string[] = [];
      let bestGain = -Infinity;
      for (const move of moves) {
        const gain = gainOf(context, sample, move, before);
        if (gain > bestGain) [best, bestGain] = [[move], gain];
        else if (gain === bestGain) best.push(move);
      }
      return best[nextInt(rng, best.length)]!;
    },
  };
}

/** The seat's measure after the move less before; a move the sample cannot play (or that fails) gains nothing. */
function gainOf(context: AgentContext, sample: GameState, move: string, before: number): number {
  const next = structuredClone(sample);
  try {
    applyInPlace(context.def, next, move);
  } catch {
    return 0;
  }
  return (measures(context.def, next)[context.seat] ?? before) - before;
}
