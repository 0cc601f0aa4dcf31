// A game being stepped through: takes a compiled definition and the setup (players, seed,
// variants), gives the state, its history for undo, moves by hand or by the random agent, views
// and explanations. No DOM here, so it runs (and is tested) in Node too.
import { lineColumn } from '../../grammar/diagnostics.js';
import { AGENTS, type Agent } from '../../interpreter/runtime/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { IllegalMoveError, RuleError } from '../../interpreter/runtime/index.js';
import type { Model } from '../../interpreter/runtime/index.js';
import { applyInPlace, legalMoves, modelOf, setup, SetupError, view, why, type Explanation, type LegalMoves, type PlayerView } from '../../interpreter/runtime/index.js';
import type { GameState } from '../../interpreter/runtime/index.js';

export interface GameSetup {
  readonly players: number;
  readonly seed: string | number;
  readonly variants: readonly string[];
}

/** A state before a move, without its log and move list: those only grow, so their lengths say enough. */
interface Snapshot {
  readonly core: Omit<GameState, 'log' | 'moves'>;
  readonly logLength: number;
  readonly movesLength: number;
}

export class GameSession {
  /** The state now, changed in place by each move (a long game's log is not copied move after move). */
  private current: GameState;
  /** The state before each move made, oldest first: what Undo goes back to. */
  private readonly history: Snapshot[] = [];
  private readonly agents: Agent[];

  /** Throws like `setup` does: SetupError for a bad setup, RuleError if a rule fails on the way. */
  constructor(readonly def: GameDefinition, readonly options: GameSetup) {
    this.current = setup(def, options.players, options.seed, options.variants);
    const make = AGENTS.random!;
    this.agents = Array.from({ length: options.players }, (_, seat) => make(options.seed, seat));
  }

  get state(): GameState {
    return this.current;
  }

  /** How many moves can be taken back. */
  get depth(): number {
    return this.history.length;
  }

  legal(): LegalMoves | null {
    return legalMoves(this.def, this.current);
  }

  /** Plays a move; on any error the state is put back as it was before the move. */
  play(move: string): void {
    const { log, moves, ...core } = this.current;
    const before: Snapshot = { core: structuredClone(core), logLength: log.length, movesLength: moves.length };
    try {
      applyInPlace(this.def, this.current, move);
    } catch (e) {
      this.restore(before);
      throw e;
    }
    this.history.push(before);
  }

  private restore(s: Snapshot): void {
    const { log, moves } = this.current;
    this.current = { ...structuredClone(s.core), log: log.slice(0, s.logLength), moves: moves.slice(0, s.movesLength) };
  }

  /** The random agent plays for whoever decides; returns its move, or null when the game is over. */
  agentMove(): string | null {
    const legal = this.legal();
    if (!legal) return null;
    const seat = legal.player;
    const move = this.agents[seat]!.choose(legal.moves, { def: this.def, seat, view: () => view(this.def, this.state, seat) });
    this.play(move);
    return move;
  }

  undo(): boolean {
    const before = this.history.pop();
    if (before) this.restore(before);
    return before !== undefined;
  }

  view(seat: number): PlayerView {
    return view(this.def, this.state, seat);
  }

  model(): Model {
    return modelOf(this.def, this.state);
  }

  why(move: string): Explanation {
    return why(this.def, this.state, move);
  }
}

/** An error from setting up or playing, as the page shows it: a message and, for a rule's fault, where. */
export interface Problem {
  readonly title: string;
  readonly message: string;
  readonly at: { readonly file: string; readonly line: number; readonly column: number } | null;
}

export function problemOf(error: unknown, def: GameDefinition | null): Problem {
  if (error instanceof RuleError) {
    const d = error.diagnostic;
    const file = d.file ?? def?.source.file ?? '<ruleset>';
    const at = def ? { file, ...lineColumn(def.source.text, d.span.start) } : null;
    const hint = d.suggestion ? ` Did you mean \`${d.suggestion}\`?` : '';
    return { title: `A rule failed (${d.code})`, message: `${d.message}${hint}`, at };
  }
  if (error instanceof IllegalMoveError) return { title: 'Not a legal move', message: error.message, at: null };
  if (error instanceof SetupError) return { title: 'Cannot start this game', message: error.message, at: null };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { title: 'Something went wrong in the playground', message, at: null };
}
