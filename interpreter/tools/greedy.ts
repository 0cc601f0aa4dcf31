// The greedy agent: plays the move that raises its own seat's winner measure (`winner most points`)
// the most right away, ties broken at random from its own seeded generator. Like every agent it sees
// only its player's view: the move is tried on one state sampled from that view (determinization),
// on the compiled program where the rules have one (each move resumed from the sample and stopped at
// the next decision), else (or where it gives a move up) on the machine.
import {
  applyInPlace, chosenVariants, compiledProgram, Deopt, determinizer, measures, nextInt, seedRng, type Agent, type AgentContext, type GameState,
  type CompiledGame, type Picker,
} from '../runtime/index.js';

export function greedyAgent(seed: string | number): Agent {
  const rng = seedRng(`greedy:${seed}`);
  return {
    name: 'greedy',
    choose(moves: readonly string[], context: AgentContext): string {
      if (moves.length === 1) return moves[0]!;
      const seen = context.view();
      const sampler = determinizer(context.def, seen);
      const chosen = chosenVariants(context.def, seen.variants);
      const program = compiledProgram(context.def, seen.players, chosen);
      // The same draws from the generator either way (deal is sample before its decision is listed).
      const dealt = program === null ? null : sampler.deal(rng);
      let sampled: GameState | null = program === null ? sampler.sample(rng) : null;
      const sample = () => (sampled ??= sampler.listed(dealt!));
      const before = (program === null ? measures(context.def, sample()) : measuresAfter(program, dealt!, null) ?? measures(context.def, sample()))[context.seat] ?? 0;
      let best: string[] = [];
      let bestGain = -Infinity;
      for (const move of moves) {
        const after = program === null ? undefined : measuresAfter(program, dealt!, move);
        const gain = after === undefined || after === null ? gainOf(context, sample(), move, before) : (after[context.seat] ?? before) - before;
        if (gain > bestGain) [best, bestGain] = [[move], gain];
        else if (gain === bestGain) best.push(move);
      }
      return best[nextInt(rng, best.length)]!;
    },
  };
}

/**
 * Each seat's measures on the compiled program, resumed from the dealt state: at its decision (move
 * null), or after the move there, at the next decision or the end. Undefined where the move is not
 * among the options listed (the machine says so); null where the program gives up.
 */
function measuresAfter(program: CompiledGame, dealt: GameState, move: string | null): readonly (number | null)[] | null | undefined {
  let asked = false, missing = false;
  const pick: Picker = (n, options) => {
    if (asked || move === null) return -1;
    asked = true;
    for (let k = 0; k < n; k++) if (options.id(k) === move) return k;
    missing = true;
    return -1;
  };
  try {
    const out = program.resume(dealt, Array.from({ length: dealt.players }, () => pick), 100_000);
    return missing ? undefined : out.measures;
  } catch (e) {
    if (e instanceof Deopt || e instanceof RangeError) return null;
    throw e;
  }
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
