// How well each seat stands, as a number in [0, 1] per seat: what a search agent backs up. A finished
// game gives its result (a win 1, a shared win split, a loss 0); an unfinished one is judged by the
// winner's first measure (`winner most points`): the leader nearer 1, the trailing nearer 0.
import type { GameDefinition } from '../definition/index.js';
import { evaluate, newCtx } from './evaluate.js';
import { modelFor } from './model.js';
import type { GameState, Result } from './state.js';
import { isList } from './values.js';

/** Each seat's winner measure now (signed so that more is better), or null where it cannot be worked out. */
export function measures(def: GameDefinition, state: GameState): (number | null)[] {
  const model = modelFor(def, state.players, state.variants);
  const first = model.winner?.order[0];
  return Array.from({ length: state.players }, (_, seat) => {
    if (!first) return null;
    try {
      const v = evaluate(newCtx(model, state, null, 'winner', seat), first.expr);
      const n = typeof v === 'number' ? v : isList(v) ? v.length : 0;
      return first.direction === 'most' ? n : -n;
    } catch {
      return null; // a measure that needs the end of the game (or a rule error) says nothing yet
    }
  });
}

export function standing(def: GameDefinition, state: GameState): number[] {
  const team = modelFor(def, state.players, state.variants).winner?.team ?? false;
  return standingFrom(team, state.over ? state.result : null, measures(def, state));
}

/**
 * The same from what is known of a game: whether the players win together, its result if it is
 * over, and each seat's winner measure (as `measures` gives them).
 */
export function standingFrom(team: boolean, result: Result | null, m: readonly (number | null)[]): number[] {
  const seats = m.map((_, seat) => seat);
  if (team) {
    // Together: the team's measure, squashed, is everyone's reward.
    const n = m.find((x) => x !== null) ?? 0;
    return seats.map(() => 0.5 + 0.5 * Math.tanh(n / 10));
  }
  if (result) {
    const w = result.winners;
    return seats.map((s) => (w.includes(s) ? 1 / w.length : 0));
  }
  return seats.map((s) => {
    const mine = m[s];
    const others = m.filter((x, o): x is number => o !== s && x !== null);
    if (mine === null || mine === undefined || !others.length) return 0.5;
    const best = Math.max(...others);
    // The lead counted relative to the size of the scores, so 3 points matter more at 5 than at 80.
    const scale = 2 + 0.15 * Math.max(Math.abs(mine), Math.abs(best));
    return 0.5 + 0.5 * Math.tanh((mine - best) / scale);
  });
}
