// The mcts agent: information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
// Whitehouse 2012). It is given its player's view, never the state: every iteration samples a state
// consistent with that view (the hidden cards dealt at random from the unseen ones), walks one tree
// of move ids shared by all samples with UCB1 counted over the moves each sample allows, plays on at
// random for a while, and backs up how well each seat then stands.
//
// Each iteration runs on the compiled program where the rules have one (resumed from the sampled
// state, its options named by their move ids only where the tree needs them); an iteration it gives
// up, and every iteration of rules it does not cover, is played on the machine instead.
import {
  applyInPlace, chosenVariants, compiledProgram, Deopt, RuleError, determinizer, legalMoves, measures, modelFor, nextInt, seedRng, standing, standingFrom,
  type Agent, type AgentContext, type CompiledGame, type Determinizer, type GameState, type Picker, type RngState,
} from '../runtime/index.js';
import type { GameDefinition } from '../definition/index.js';

export interface MctsOptions {
  /** Iterations (sampled playouts) per decision. */
  readonly iterations: number;
  /** Milliseconds per decision instead of a number of iterations (then games do not replay exactly). */
  readonly ms?: number;
  /** UCB1's exploration constant. */
  readonly c: number;
  /**
   * Random moves played after the tree before the position is judged by the scores, where the game
   * keeps a running score (some seat's winner measure is not 0 at the decision): judged soon after
   * the move searched, before random moves pile noise on what it did.
   */
  readonly depth: number;
  /**
   * The same while no seat has scored (every winner measure 0: a game decided only at its end, as
   * `winner most won`, or the first moves of any game), where a short playout would end judged a draw.
   */
  readonly quiet: number;
  /**
   * 1: a playout also ends as soon as a seat's winner measure changes. In a game with a running
   * score (points after most moves) random moves past the next score only add noise to what the move just
   * searched did; where the measure moves only at the end (`winner most won`) nothing changes.
   */
  readonly scored: number;
  /** 1: every iteration on the machine, even where the compiled program covers the rules (to compare the two). */
  readonly machine: number;
}

/** Chosen by measurement against greedy in every shipped two-player game (docs/agents.md, Strength). */
export const MCTS_DEFAULTS: MctsOptions = { iterations: 1000, c: 0.7, depth: 3, quiet: 40, scored: 0, machine: 0 };

/** The mcts agent, with how many of its iterations each engine has played so far. */
export interface MctsAgent extends Agent {
  readonly iterations: { compiled: number; machine: number };
}

class Node {
  readonly children = new Map<string, Node>();
  visits = 0;
  /** How often this node's move was legal when its parent was reached (ISMCTS's availability). */
  available = 1;
  /** The sum of the rewards of the seat that made this node's move. */
  reward = 0;
  constructor(readonly seat: number) {}
}

export function mctsAgent(seed: string | number, options: Partial<MctsOptions> = {}): MctsAgent {
  // A depth given alone is every playout's (as before there were two).
  const o = { ...MCTS_DEFAULTS, ...(options.depth !== undefined && options.quiet === undefined ? { quiet: options.depth } : {}), ...options };
  const rng = seedRng(`mcts:${seed}`);
  const iterations = { compiled: 0, machine: 0 };
  return {
    name: 'mcts',
    iterations,
    choose(moves: readonly string[], context: AgentContext): string {
      if (moves.length === 1) return moves[0]!;
      const seen = context.view();
      const sampler = determinizer(context.def, seen);
      const root = new Node(context.seat);
      const until = o.ms === undefined ? Infinity : performance.now() + o.ms;
      // The compiled program, where it covers the rules (a playout that stops when a measure changes is the machine's).
      const chosen = chosenVariants(context.def, seen.variants);
      const program = o.scored || o.machine ? null : compiledProgram(context.def, seen.players, chosen);
      const team = modelFor(context.def, seen.players, chosen).winner?.team ?? false;
      const p = scoring(context.def, sampler, rng) ? o : { ...o, depth: o.quiet };
      for (let i = 0; o.ms === undefined ? i < o.iterations : performance.now() < until; i++) {
        if (program !== null && iterateCompiled(program, sampler, team, root, p, rng)) iterations.compiled++;
        else {
          const sample = sampled(sampler, rng);
          if (sample !== null) iterate(context.def, sample, root, p, rng);
          iterations.machine++;
        }
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

/**
 * A sample the machine can list the decision of, or null: a sample may break the rules (another
 * player's hidden plan dealt as nobody could have made it), and then it says nothing.
 */
function sampled(sampler: Determinizer, rng: RngState): GameState | null {
  try {
    return sampler.sample(rng);
  } catch (e) {
    if (e instanceof RuleError) return null;
    throw e;
  }
}

/** Whether some seat's winner measure is not 0 in a state sampled from the view: a running score, which a short playout's end can be judged by. */
function scoring(def: GameDefinition, sampler: Determinizer, rng: RngState): boolean {
  const sample = sampled(sampler, rng);
  return sample !== null && measures(def, sample).some((m) => m !== null && m !== 0);
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

/** A step of the tree walk on the compiled program: the node, the moves this sample allows there, and the one taken. */
interface Step {
  readonly node: Node;
  readonly seat: number;
  readonly moves: readonly string[];
  readonly move: string;
  /** Whether the move's node is made in this iteration (the walk's last step). */
  readonly expands: boolean;
}

/**
 * One iteration on the compiled program, resumed from a state dealt from the view: the tree walked
 * and one node expanded by move ids, then random moves by index for `depth` decisions, then every
 * seat judged. The tree is changed only once the iteration has run (false: the program gave it up,
 * and nothing was changed).
 */
function iterateCompiled(program: CompiledGame, sampler: Determinizer, team: boolean, root: Node, o: MctsOptions, rng: RngState): boolean {
  const sample = sampler.deal(rng);
  const steps: Step[] = [];
  let node: Node | null = root;
  let rolled = 0;
  const pickerFor = (seat: number): Picker => (n, options) => {
    if (node === null) return rolled++ < o.depth ? nextInt(rng, n) : -1;
    const moves = Array.from({ length: n }, (_, k) => options.id(k));
    const untried = moves.filter((m) => !node!.children.has(m));
    if (untried.length) {
      const move = untried[nextInt(rng, untried.length)]!;
      steps.push({ node, seat, moves, move, expands: true });
      node = null;
      return moves.indexOf(move);
    }
    const move = select(node, moves, o.c, false);
    steps.push({ node, seat, moves, move, expands: false });
    node = node.children.get(move)!;
    return moves.indexOf(move);
  };
  let rewards: number[];
  try {
    const seats = sample.players;
    const out = program.resume(sample, Array.from({ length: seats }, (_, seat) => pickerFor(seat)), 100_000);
    rewards = standingFrom(team, out.result, out.measures);
  } catch (e) {
    if (e instanceof Deopt || e instanceof RangeError) return false;
    throw e;
  }
  const path: Node[] = [];
  for (const step of steps) {
    if (step.expands) {
      const child = new Node(step.seat);
      step.node.children.set(step.move, child);
      path.push(child);
    } else {
      for (const m of step.moves) step.node.children.get(m)!.available++;
      path.push(step.node.children.get(step.move)!);
    }
  }
  root.visits++;
  for (const n of path) {
    n.visits++;
    n.reward += rewards[n.seat] ?? 0;
  }
  return true;
}

/**
 * UCB1 over the children whose move this sample allows, each counted available once more (now, or
 * with `count` false as if it were: the compiled walk counts them once its iteration has run).
 */
function select(node: Node, moves: readonly string[], c: number, count = true): string {
  let best = moves[0]!;
  let bestValue = -Infinity;
  for (const move of moves) {
    const child = node.children.get(move)!;
    if (count) child.available++;
    const available = count ? child.available : child.available + 1;
    const value = child.reward / child.visits + c * Math.sqrt(Math.log(available) / child.visits);
    if (value > bestValue) [best, bestValue] = [move, value];
  }
  return best;
}
