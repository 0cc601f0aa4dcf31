// Looking one decision ahead on the compiled program: the decision a move would lead to, found by
// resuming the program from the state, taking the move and stopping at the next decision — the
// state untouched, no copy of it made. What a table shows before a person clicks (which cards or
// spaces a two-click move goes through).
import type { GameDefinition } from '../definition/index.js';
import { Deopt, type Picker } from './compiled/index.js';
import { chosenVariants, compiledProgram } from './playout.js';
import type { GameState, Option } from './state.js';

/** The decision a move leads to: who decides and the options, as the machine lists them. */
export interface NextDecision {
  readonly player: number;
  readonly options: readonly Option[];
  /** Whether, on the way, chance was asked, a card moved or one was revealed (what a player must see before choosing on). */
  readonly drawn: boolean;
}

/**
 * The decision after `move` at the state's decision: null when the game ends first; undefined
 * where the compiled program cannot say (its rules not covered, the move not among its options, or
 * a game it gives up), and the machine must be asked.
 */
export function nextDecision(def: GameDefinition, state: GameState, move: string): NextDecision | null | undefined {
  if (state.over || state.stack.length === 0) return undefined;
  const program = compiledProgram(def, state.players, chosenVariants(def, state.variants));
  if (program === null) return undefined;
  let taken = false, missing = false;
  let next: NextDecision | null = null;
  const pickerFor = (seat: number): Picker => (n, options) => {
    if (!taken) {
      taken = true;
      for (let k = 0; k < n; k++) if (options.id(k) === move) return k;
      missing = true;
      return -1;
    }
    next = {
      player: seat,
      options: Array.from({ length: n }, (_, k): Option => {
        const branch = options.branch(k);
        return branch === undefined ? { id: options.id(k), value: options.value(k) } : { id: options.id(k), value: options.value(k), branch };
      }),
      drawn: options.drawn(),
    };
    return -1;
  };
  try {
    program.resume(state, Array.from({ length: state.players }, (_, seat) => pickerFor(seat)), 100_000);
  } catch (e) {
    if (e instanceof Deopt || e instanceof RangeError) return undefined;
    throw e;
  }
  return missing ? undefined : next;
}
