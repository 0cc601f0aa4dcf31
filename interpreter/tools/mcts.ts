// The mcts agent: information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
// Whitehouse 2012). It is given its player's view, never the state: every iteration samples a state
// consistent with that view (the hidden cards dealt at random from the unseen ones), walks one tree
// of move ids shared by all samples with UCB1 counted over the moves each sample allows, plays on at
// random for a while, and backs up how well each seat then stands.
import {
  applyInPlace, determinizer, legalMoves, measures, nextInt, seedRng, standing, type Agent, type AgentContext,
  type GameState, type RngState,
} from '../runtime/index.js';
import type { GameDefinition } from '../definition/index.js';

export interface MctsOptions {
  /** Iterations (sampled playouts) per decision. */
  readonly iterations: number;
  /** Milliseconds per decision instead of a number of iterations (then games do not replay exactly). */
  readonly ms?: number;
  /** UCB1's exploration constant. */
  readonly c: number;
  /** Random moves played after the tree before the position is judged by the scores. */
  readonly depth: number;
  /**
   * 1: a playout also ends as soon as a seat's winner measure changes. In a game with a running
   * score (points after most moves) random moves past the next score only add noise to what the move just
   * searched did; where the measure moves only at the end (`winner most won`) nothing changes.
   */
  readonly scored: number;
}

export const MCTS_DEFAULTS: MctsOptions = { iterations: 300, c: 0.7, depth: 40, scored: 0 };

class Node {
  readonly children = new Map<string, Node>();
  visits = 0;
  /** How often this node's move was legal when its parent was reached (ISMCTS's availability). */
  available = 1;
  /** The sum of the rewards of the seat that made this node's move. */
  reward = 0;
  constructor(readonly seat: number) {}
}

export function mctsAgent(seed: string | number, options: Partial<MctsOptions> = {}): Agent {
  const o = { ...MCTS_DEFAULTS, ...options };
  const rng = seedRng(`mcts:${seed}`);
  return {
    name: 'mcts',
    choose(moves: readonly string[], context: AgentContext): string {
      if (moves.length === 1) return moves[0]!;
      const sampler = determinizer(context.def, context.view());
      const root = new Node(context.seat);
      const until = o.ms === undefined ? Infinity : performance.now() + o.ms;
      for (let i = 0; o.ms === undefined ? i < o.iterations : performance.now() < until; i++) {
        iterate(context.def, sampler.sample(rng), root, o, rng);
      }
      // The move tried most often among those legal now; never one only some samples allowed.
      let best: string[] = [];
      let most = -1;
      for (const move of moves) {
        const visits = root.children.get(move)?.visits ?? 0;
        if (visits > most) [best, most] = [[move], visits];
        else if (visits === most) best.push(move);
      }
      return best[nextInt(rng, best.length)]!;
    },
  };
}

/** One iteration on a sampled state (changed in place): select, expand one node, play out, back up. */
function iterate(def: GameDefinition, state: GameState, root: Node, o: MctsOptions, rng: RngState): void {
  const path: Node[] = [];
  let node = root;
  try {
    for (let legal = legalMoves(def, state); legal; legal = legalMoves(def, state)) {
      const untried = legal.moves.filter((m) => !node.children.has(m));
      if (untried.length) {
        const move = untried[nextInt(rng, untried.length)]!;
        const child = new Node(legal.player);
        node.children.set(move, child);
        path.push(child);
        applyInPlace(def, state, move);
        break;
      }
      const move = select(node, legal.moves, o.c);
      applyInPlace(def, state, move);
      node = node.children.get(move)!;
      path.push(node);
    }
    const before = o.scored ? measures(def, state).join() : null;
    for (let d = 0; d < o.depth; d++) {
      const legal = legalMoves(def, state);
      if (!legal) break;
      applyInPlace(def, state, legal.moves[nextInt(rng, legal.moves.length)]!);
      if (before !== null && measures(def, state).join() !== before) break;
    }
  } catch {
    // A sample the rules cannot play on (a rule error): judged where it stopped.
  }
  const rewards = standing(def, state);
  root.visits++;
  for (const n of path) {
    n.visits++;
    n.reward += rewards[n.seat] ?? 0;
  }
}

/** UCB1 over the children whose move this sample allows, each counted available once more. */
function select(node: Node, moves: readonly string[], c: number): string {
  let best = moves[0]!;
  let bestValue = -Infinity;
  for (const move of moves) {
    const child = node.children.get(move)!;
    child.available++;
    const value = child.reward / child.visits + c * Math.sqrt(Math.log(child.available) / child.visits);
    if (value > bestValue) [best, bestValue] = [move, value];
  }
  return best;
}
