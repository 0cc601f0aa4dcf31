// A finished game's result from each seat's keys by the winner's orderings: shared by the machine
// (index.ts, computeResult) and the compiled tier.
import type { Model } from './model.js';
import type { Result } from './state.js';

/**
 * Scores and winners from each seat's keys by the winner's orderings (each a number, negated for
 * `least`): the best keys win, a team wins or loses together. The compiled tier shares it.
 */
export function resultOfKeys(winner: Model['winner'], keys: readonly (readonly number[])[]): Result {
  const seats = keys.map((_, seat) => seat);
  if (!winner || winner.order.length === 0) return { scores: seats.map(() => 0), winners: winner?.team ? seats : [] };
  const better = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
    return false;
  };
  let best = keys[0]!;
  for (const k of keys) if (better(k, best)) best = k;
  // A team wins or loses together; its score (if it has one) is everyone's score.
  const winners = winner.team ? seats : seats.filter((s) => !better(best, keys[s]!));
  const scores = keys.map((k) => (winner.order[0]!.direction === 'most' ? k[0]! : -k[0]!));
  return { scores, winners };
}
