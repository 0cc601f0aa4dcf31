// A game being stepped through: takes a compiled definition and the setup (players, seed,
// variants), gives the state, its history for undo, moves by hand or by the random agent, views
// and explanations. No DOM here, so it runs (and is tested) in Node too.
import { lineColumn } from '../../grammar/diagnostics.js';
import { AGENTS, type Agent } from '../../interpreter/runtime/index.js';
import { agentFromSpec } from '../../interpreter/tools/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { IllegalMoveError, RuleError } from '../../interpreter/runtime/index.js';
import type { Model } from '../../interpreter/runtime/index.js';
import { applyInPlace, legalMoves, modelOf, nextDecision, setup, SetupError, view, why, type Explanation, type LegalMoves, type PlayerView } from '../../interpreter/runtime/index.js';
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

/** What made a stretch of the log: the move played and the rule whose choice it answered. */
export interface MoveOrigin {
  /** The first log entry the move wrote (entries before it belong to earlier moves or the setup). */
  readonly logFrom: number;
  readonly rule: string;
  /** `file:line:col` of the rule. */
  readonly at: string;
}

export class GameSession {
  /** The state now, changed in place by each move (a long game's log is not copied move after move). */
  private current: GameState;
  /** The state before each move made, oldest first: what Undo goes back to. */
  private readonly history: Snapshot[] = [];
  /** Every move of the game's line, played or taken back (Redo plays them again). */
  private readonly line: string[] = [];
  /** Per move played: where its log starts and the rule that asked for it. */
  private readonly origins: MoveOrigin[] = [];
  private readonly agents: (Agent | null)[];
  private readonly specs: (string | null)[];

  /** Throws like `setup` does: SetupError for a bad setup, RuleError if a rule fails on the way. */
  constructor(readonly def: GameDefinition, readonly options: GameSetup) {
    this.current = setup(def, options.players, options.seed, options.variants);
    this.specs = Array.from({ length: options.players }, () => null);
    this.agents = this.specs.map(() => null);
  }

  get state(): GameState {
    return this.current;
  }

  /** How many moves can be taken back: the position in the line. */
  get depth(): number {
    return this.history.length;
  }

  /** How many moves the line has, taken back ones included. */
  get length(): number {
    return this.line.length;
  }

  /** The moves of the line, the first `depth` of them played. */
  get moves(): readonly string[] {
    return this.line;
  }

  legal(): LegalMoves | null {
    return legalMoves(this.def, this.current);
  }

  /**
   * Plays a move; on any error the state is put back as it was before the move. A move other than
   * the line's next one starts a new line from here (what was taken back cannot be redone then).
   */
  play(move: string): void {
    const { log, moves, ...core } = this.current;
    const before: Snapshot = { core: structuredClone(core), logLength: log.length, movesLength: moves.length };
    const pending = this.current.pending;
    const rule = pending && !this.current.over ? why(this.def, this.current, move).rule : undefined;
    try {
      applyInPlace(this.def, this.current, move);
    } catch (e) {
      this.restore(before);
      throw e;
    }
    const at = this.history.length;
    this.history.push(before);
    this.origins[at] = { logFrom: before.logLength, rule: rule?.name ?? pending?.rule ?? '', at: rule?.at ?? this.def.source.file };
    this.origins.length = at + 1;
    if (this.line[at] !== move) this.line.length = at;
    this.line[at] = move;
  }

  /**
   * The options of the decision that playing `move` now would lead to, when the same seat makes it
   * (a menu's line and then where): found by playing it on a copy with the runtime's own apply, so
   * this state is untouched. Null when the move ends the game, hands the decision to another seat
   * or fails, and when it rolls, draws, deals or reveals anything (the random state, a zone or what
   * is revealed changes): the player must see that outcome before choosing what follows, and the
   * look-ahead must not show it early. The log and move list are copied shallowly: a move only
   * appends to them.
   */
  peek(move: string): NonNullable<GameState['pending']>['options'] | null {
    const player = this.current.pending?.player;
    // On the compiled program where it covers the rules: resumed from this state, no copy made.
    const ahead = nextDecision(this.def, this.current, move);
    if (ahead !== undefined) return ahead === null || ahead.drawn || ahead.player !== player ? null : ahead.options;
    const { log, moves, ...core } = this.current;
    const copy: GameState = { ...structuredClone(core), log: log.slice(), moves: moves.slice() };
    try {
      applyInPlace(this.def, copy, move);
    } catch {
      return null;
    }
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    if (!same(copy.rng, core.rng) || !same(copy.zones, core.zones) || !same(copy.revealed, core.revealed)) return null;
    const next = copy.over ? null : copy.pending;
    return next && next.player === player ? next.options : null;
  }

  private restore(s: Snapshot): void {
    const { log, moves } = this.current;
    this.current = { ...structuredClone(s.core), log: log.slice(0, s.logLength), moves: moves.slice(0, s.movesLength) };
  }

  /** The agent spec playing a seat (null: a person plays it). Throws AgentSpecError for a bad spec. */
  setAgent(seat: number, spec: string | null): void {
    const agent = spec ? agentFromSpec(spec)(this.options.seed, seat) : null;
    this.specs[seat] = spec;
    this.agents[seat] = agent;
  }

  agentOf(seat: number): string | null {
    return this.specs[seat] ?? null;
  }

  /** An agent plays for whoever decides (the seat's own, else a random one); returns its move, or null when the game is over. */
  agentMove(): string | null {
    const legal = this.legal();
    if (!legal) return null;
    const seat = legal.player;
    const agent = this.agents[seat] ?? (this.fallback[seat] ??= AGENTS.random!(this.options.seed, seat));
    const move = agent.choose(legal.moves, { def: this.def, seat, view: () => view(this.def, this.state, seat) });
    this.play(move);
    return move;
  }

  private readonly fallback: Agent[] = [];

  undo(): boolean {
    const before = this.history.pop();
    if (before) this.restore(before);
    return before !== undefined;
  }

  /** Plays the next move of the line again; false when there is none. */
  redo(): boolean {
    const next = this.line[this.history.length];
    if (next === undefined) return false;
    this.play(next);
    return true;
  }

  /** Goes to the position after `n` moves of the line (0: the start). */
  jump(n: number): void {
    const target = Math.max(0, Math.min(n, this.line.length));
    while (this.depth > target) this.undo();
    while (this.depth < target) this.redo();
  }

  /** The move that wrote log entry `index` and the rule it answered; null for the setup's entries. */
  originOf(index: number): (MoveOrigin & { readonly move: number }) | null {
    // The last move whose log starts at or before the entry: a binary search, as the log card asks
    // for each of its lines at every move.
    let lo = 0, hi = Math.min(this.origins.length, this.depth);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.origins[mid]!.logFrom <= index) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? null : { ...this.origins[lo - 1]!, move: lo };
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
