// The runtime's public face: setup, legal moves, apply, per-player views, results, and why a move
// is or is not legal. Every function takes the compiled definition and a plain-JSON state. The
// model (the rules in force, built once per player count and variants), the machine and the
// evaluator behind it are the runtime's own; what other stages may use is re-exported at the end.
import type { Block, ChooseStmt, Decl, MenuStmt } from '../../grammar/ast.js';
import { diag, type Code } from '../../grammar/diagnostics.js';
import { locate, type GameDefinition } from '../definition/index.js';
import { IllegalMoveError, RuleError } from './errors.js';
import { evaluate, evalNumber, label, newCtx, stackPlayer, type Ctx } from './evaluate.js';
import { candidates, currentRule, log, optionReaders, passId, resolve, run, zoneReaders, DEFAULT_STEP_BUDGET, type RuleWatcher } from './machine.js';
import { modelFor, thingsOf, type Model } from './model.js';
import { resultOfKeys } from './result.js';
import { seedRng } from './rng.js';
import { positionFor, type Position } from './determinize.js';
import { Deopt, type Picker } from './compiled/index.js';
import { chosenVariants, liveProgram } from './playout.js';
import { stateProblems } from './state-check.js';
import { STATE_FORMAT, type Frame, type GameState, type LogEntry, type Result } from './state.js';
import { isList, isPlayer, playerLabel, splitZoneKey, zoneKey, type Value } from './values.js';

export interface RunOptions {
  /** Statements one move may run before the rule running is stopped as runaway. */
  readonly stepBudget?: number;
  /**
   * Told each time a rule's body starts to run (called, or triggered by an event whose condition
   * holds) and each time a forbidding rule strikes out an option: what the simulator counts to
   * find rules that never fire. Called synchronously; it must not change the state.
   */
  readonly onRule?: RuleWatcher;
  /**
   * `machine`: run on the statement machine even where the live compiled program could (the
   * oracle the tests compare the program with, the bench's baseline).
   */
  readonly engine?: 'machine';
}

/** A mistake in how a game was asked for: player count, variants. Not a rule's fault. */
export class SetupError extends Error {
  /** The registry code, when the mistake has one (R0703–R0705). */
  constructor(message: string, readonly code?: Code) {
    super(message);
  }
}

/** Checks that a saved state (already schema-valid) belongs to this game and is sound; throws SetupError naming what is wrong. */
export function checkStateFits(def: GameDefinition, state: GameState, file: string): GameState {
  if (state.game !== def.name) throw new SetupError(`${file} is a saved game of ${state.game}, not of ${def.name}.`);
  checkSetup(def, state.players, state.variants);
  const problems = stateProblems(modelFor(def, state.players, state.variants), state);
  if (problems.length) {
    throw new SetupError(`${file} does not fit ${def.name}'s rules: it is damaged, or was saved from a different version of them, and cannot be resumed.\n  ${problems.join('\n  ')}`);
  }
  return state;
}

/** The counters an expression names directly (a name that is a counter and not shadowed by a variable it binds). */
function countersNamed(e: unknown, model: Model): string[] {
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const n = node as { kind?: string; name?: { text?: string } };
      if (n.kind === 'Ref' && n.name?.text && model.counters.has(n.name.text)) out.push(n.name.text);
      for (const [key, value] of Object.entries(node)) if (key !== 'span') visit(value);
    }
  };
  visit(e);
  return out;
}

export function modelOf(def: GameDefinition, state: GameState): Model {
  return modelFor(def, state.players, state.variants);
}

/** Throws SetupError unless the player count and the chosen variants are ones the game allows together. */
export function checkSetup(def: GameDefinition, players: number, variants: readonly string[]): void {
  const span = { start: 0, end: 0 };
  if (!Number.isInteger(players) || players < def.players.min || players > def.players.max) {
    throw new SetupError(diag('R0704', span, { min: def.players.min, max: def.players.max, players }).message, 'R0704');
  }
  for (const id of variants) {
    const v = def.variants.find((x) => x.id === id);
    if (!v || v.when !== null) {
      const chosen = def.variants.filter((x) => x.when === null);
      throw new SetupError(diag('R0703', span, { name: id, known: chosen.map((x) => x.id).join(', ') || '(none)' }).message, 'R0703');
    }
    for (const other of v.excludes) {
      if (variants.includes(other)) throw new SetupError(diag('R0705', span, { name: id, other }).message, 'R0705');
    }
  }
}

export function setup(def: GameDefinition, players: number, seed: string | number, variants: readonly string[] = [], options: RunOptions = {}): GameState {
  checkSetup(def, players, variants);
  const model = modelFor(def, players, variants);
  const state: GameState = {
    format: STATE_FORMAT, game: def.name, players, seed: String(seed), variants: [...variants],
    rng: seedRng(seed), counters: {}, zones: {}, revealed: [], pieces: {}, stack: [], pending: null,
    ending: false, over: false, turns: 0, moves: [], log: [], result: null,
  };
  const ctx = (player: number | null): Ctx => newCtx(model, state, null, 'setup', player);
  for (const [name, c] of model.counters) {
    // A counter starts from counters set before it (declared earlier): one set later has no value yet.
    const unset = c.initial ? countersNamed(c.initial, model).find((other) => state.counters[other] === undefined) : undefined;
    if (unset !== undefined && c.initial) {
      throw new RuleError('R0605', c.initial.span, { message: `Counter \`${name}\` starts from \`${unset}\`, which has no value yet: a counter may start only from counters declared before it`, rule: 'setup' }, def.source.file);
    }
    // `from none`: a counter that holds any value (a player, a card, a text), none at first.
    const start = (player: number | null): Value => (c.initial?.kind === 'None' ? null : c.initial ? evalNumber(ctx(player), c.initial) : 0);
    if (c.owner.kind === 'global') state.counters[name] = start(null);
    else if (c.owner.kind === 'player') state.counters[name] = Array.from({ length: players }, (_, seat) => start(seat));
    else if (c.owner.kind === 'player-each') {
      // One value for each player and each thing: by the things' ids, a list with one value a seat.
      const ids = thingsOf(model, c.owner.of.text);
      state.counters[name] = Object.fromEntries(ids.map((id) => [id, Array.from({ length: players }, (_, seat) => start(seat))]));
    } else {
      const of = c.owner.of.text;
      const board = model.boards.get(of);
      state.counters[name] = board
        ? Object.fromEntries(board.order.map((id) => [id, start(null)]))
        : Object.fromEntries((model.collections.get(of) ?? []).map((id) => [id, start(model.pieces.get(id)!.owner)]));
    }
  }
  for (const [name, z] of model.zones) {
    if (z.perPlayer) for (let seat = 0; seat < players; seat++) state.zones[zoneKey(name, seat)] = [];
    else state.zones[name] = [];
  }
  for (const thing of model.things.values()) if (thing.zone) (state.zones[thing.zone] ??= []).push(thing.id);
  for (const id of model.pieces.keys()) state.pieces[id] = { space: null, slot: 0 };
  // The seed is not logged: from it the hidden cards could be worked out. It stays in the state.
  log(state, `${def.name}: ${players} players${model.variants.length ? `, variants ${model.variants.join(', ')}` : ''}`);
  // The flow waits beneath the setup: setup runs first, then the flow.
  const start = (name: string, body: Block | undefined) => {
    if (!body) return;
    state.stack.push({ k: 'call', rule: name, vars: {} });
    state.stack.push({ k: 'block', b: model.blockIds.get(body)!, pc: 0, vars: {} });
  };
  start('flow', model.flow?.body);
  start('setup', model.setup?.body);
  if (!playedLive(def, state, null, options)) advance(model, state, options);
  return state;
}

/**
 * Plays on from the state on the live compiled program (compiled/: the rules as one JavaScript
 * program, which gives back the machine's state, log included, where it stops): `move` taken at the
 * decision the state waits at (null: a game just set up, its setup run), up to the next decision or
 * the end. False where the program does not play it — rules it does not cover, a watcher of rules
 * or a step budget of the caller's (the machine counts those), or a game it gives up (an error, a
 * runaway rule: the machine then answers, with its own message) — and the state is untouched.
 */
function playedLive(def: GameDefinition, state: GameState, move: string | null, options: RunOptions): boolean {
  if (options.engine === 'machine' || options.onRule || (options.stepBudget !== undefined && options.stepBudget < DEFAULT_STEP_BUDGET)) return false;
  const program = liveProgram(def, state.players, chosenVariants(def, state.variants));
  if (program === null) return false;
  let first = move !== null;
  const pick: Picker = (count, listed) => {
    if (!first) return -1;
    first = false;
    for (let k = 0; k < count; k++) if (listed.id(k) === move) return k;
    throw new Deopt(); // (never: the program lists the machine's options)
  };
  try {
    program.playOnInPlace(state, Array.from({ length: state.players }, () => pick), Number.MAX_SAFE_INTEGER, move === null);
    liveMoves++;
    return true;
  } catch (e) {
    // (A define calling itself past the host's stack: the machine's depth limit gives the message.)
    if (!(e instanceof Deopt || e instanceof RangeError)) throw e;
    liveGiveUps++;
    return false;
  }
}

/** How many moves (and setups) the live program played, and how many it gave up to the machine, in this process: the tests and the bench read them. */
let liveMoves = 0, liveGiveUps = 0;
export function liveCounts(): { readonly played: number; readonly givenUp: number } {
  return { played: liveMoves, givenUp: liveGiveUps };
}

function advance(model: Model, state: GameState, options: RunOptions): void {
  try {
    run(model, state, options.stepBudget ?? DEFAULT_STEP_BUDGET, options.onRule);
  } catch (e) {
    if (e instanceof RuleError && !e.diagnostic.file) (e.diagnostic as { file?: string }).file = model.def.source.file;
    throw e;
  }
  if (state.over && !state.result) state.result = computeResult(model, state);
}

export interface LegalMoves {
  readonly player: number;
  readonly choice: string;
  readonly rule: string;
  readonly moves: readonly string[];
}

export function legalMoves(_def: GameDefinition, state: GameState): LegalMoves | null {
  if (state.over || !state.pending) return null;
  const p = state.pending;
  return { player: p.player, choice: p.choice, rule: p.rule, moves: p.options.map((o) => o.id) };
}

/** Plays a move on a copy of the state; the given state is left untouched. */
export function apply(def: GameDefinition, state: GameState, move: string, options: RunOptions = {}): GameState {
  const next = structuredClone(state);
  applyInPlace(def, next, move, options);
  return next;
}

/** Plays a move by changing the state given (for simulators that own their state). */
export function applyInPlace(def: GameDefinition, state: GameState, move: string, options: RunOptions = {}): void {
  if (state.over) throw new IllegalMoveError(move, [], true);
  const pending = state.pending;
  if (!pending) throw new IllegalMoveError(move, []);
  const option = pending.options.find((o) => o.id === move);
  if (!option) throw new IllegalMoveError(move, pending.options.map((o) => o.id));
  if (playedLive(def, state, move, options)) return;
  const model = modelOf(def, state);
  const seen = pending.secret ? null : optionReaders(model, state, option.value, pending.player);
  state.moves.push(pending.secret ? { player: pending.player, move, secret: true } : seen ? { player: pending.player, move, seen } : { player: pending.player, move });
  resolve(model, state, option, pending.player, pending.secret, false, seen && [...seen]);
  advance(model, state, options);
}

export function result(_def: GameDefinition, state: GameState): Result | null {
  return state.result;
}

function computeResult(model: Model, state: GameState): Result {
  const seats = Array.from({ length: state.players }, (_, seat) => seat);
  const winner = model.winner;
  if (!winner || winner.order.length === 0) return { scores: seats.map(() => 0), winners: winner?.team ? seats : [] };
  const keys = seats.map((seat) =>
    winner.order.map((o) => {
      const v = evaluate(newCtx(model, state, null, 'winner', seat), o.expr);
      const n = typeof v === 'number' ? v : isList(v) ? v.length : 0;
      return o.direction === 'most' ? n : -n;
    }),
  );
  return resultOfKeys(winner, keys);
}

// ─── Views ────────────────────────────────────────────────────────────────────

export interface ZoneView {
  readonly owner: number | null;
  readonly count: number;
  /** The cards' ids, when this player may see them; revealed cards are always shown. */
  readonly cards: readonly string[] | null;
}

export interface PlayerView {
  readonly game: string;
  readonly seat: number;
  readonly players: number;
  readonly variants: readonly string[];
  readonly turnOf: number | null;
  /** The flow's named parts now running, outermost first: `round 2`, `phase Planning`. */
  readonly phases: readonly { level: string; title: string; timeLimit?: number }[];
  readonly counters: GameState['counters'];
  readonly zones: Readonly<Record<string, ZoneView>>;
  readonly pieces: GameState['pieces'];
  readonly decision: { player: number; choice: string; moves: readonly string[] | null } | null;
  readonly moves: readonly { player: number; move: string }[];
  readonly log: readonly LogEntry[];
  readonly over: boolean;
  readonly result: Result | null;
  /** Where the rules stand (the running rules, with hidden cards masked): what an agent needs to play on from here. */
  readonly position: Position;
}

/** What one player may see: hidden and others' private cards only as counts, secret choices masked. */
export interface ViewOptions {
  /** Only the log entries from this index on (a client that already has the earlier ones). */
  readonly logSince?: number;
}

export function view(def: GameDefinition, state: GameState, seat: number, options: ViewOptions = {}): PlayerView {
  const model = modelOf(def, state);
  const zones: Record<string, ZoneView> = {};
  for (const [key, cards] of Object.entries(state.zones)) {
    const readers = zoneReaders(model, key);
    const visible = readers === null || readers.includes(seat);
    const shown = visible ? cards : cards.filter((c) => state.revealed.includes(c));
    zones[key] = { owner: splitZoneKey(key).seat, count: cards.length, cards: visible || shown.length ? [...shown] : null };
  }
  const p = state.pending;
  return {
    game: state.game, seat, players: state.players, variants: model.variants,
    turnOf: stackPlayer(state),
    phases: state.stack.filter((f): f is Extract<Frame, { k: 'phase' }> => f.k === 'phase').map((f) => ({
      level: f.level, title: f.title, ...(f.timeLimit !== undefined ? { timeLimit: f.timeLimit } : {}),
    })),
    counters: visibleCounters(model, state, seat),
    zones,
    pieces: structuredClone(state.pieces),
    decision: p ? { player: p.player, choice: p.secret && p.player !== seat ? 'secret' : p.choice, moves: p.player === seat ? p.options.map((o) => o.id) : null } : null,
    moves: state.moves.map((m) => (m.secret && m.player !== seat ? { player: m.player, move: '(secret)' }
      : m.seen && !m.seen.includes(seat) ? { player: m.player, move: '(hidden)' } : { player: m.player, move: m.move })),
    log: state.log.slice(options.logSince ?? 0).map((e) => (e.detail !== undefined && e.seen?.includes(seat) ? e : { text: e.text })),
    over: state.over,
    result: state.result,
    position: positionFor(model, state, seat),
  };
}

/** Counters a seat may see: public ones whole, private ones only its own value, hidden ones not at all. */
function visibleCounters(model: Model, state: GameState, seat: number): GameState['counters'] {
  const out: GameState['counters'] = {};
  for (const [name, value] of Object.entries(state.counters)) {
    const decl = model.counters.get(name);
    const visibility = decl?.visibility ?? 'public';
    if (visibility === 'hidden') continue;
    if (visibility === 'private' && decl?.owner.kind === 'player') {
      const hidden = decl.initial?.kind === 'None' ? null : 0;
      out[name] = (value as Value[]).map((v, s) => (s === seat ? v : hidden));
      continue;
    }
    if (visibility === 'private' && decl?.owner.kind === 'player-each') {
      // Every thing keeps its list; the others' values in it are blanked.
      const hidden = decl.initial?.kind === 'None' ? null : 0;
      out[name] = Object.fromEntries(Object.entries(value as Record<string, Value[]>).map(([id, values]) => [id, values.map((v, s) => (s === seat ? v : hidden))]));
      continue;
    }
    if (visibility === 'private' && decl?.owner.kind === 'each') {
      const own = Object.entries(value as Record<string, number>).filter(([id]) => model.pieces.get(id)?.owner === seat);
      out[name] = Object.fromEntries(own);
      continue;
    }
    if (visibility === 'private') continue;
    out[name] = structuredClone(value);
  }
  return out;
}

// ─── Why ──────────────────────────────────────────────────────────────────────

export interface Explanation {
  readonly legal: boolean;
  readonly text: string;
  /** The rule that offers or forbids the move, with where it is and what it cites. */
  readonly rule?: { readonly name: string; readonly at: string; readonly cites: readonly string[] };
  readonly legalMoves: readonly string[];
}

function declNamed(model: Model, name: string): Decl | undefined {
  for (const d of model.def.decls) if ('name' in d && (d.name as { text: string }).text === name) return d;
  for (const v of model.def.variants) for (const item of v.items) if (item.kind !== 'Remove' && 'name' in item.decl && (item.decl.name as { text: string }).text === name) return item.decl;
  for (const p of model.powers.values()) for (const item of p.items) if (item.name.text === name) return item;
  return undefined;
}

const quoteOf = (model: Model, span: { start: number; end: number }) => model.def.source.text.slice(span.start, span.end).replace(/\s+/g, ' ').trim();

export function why(def: GameDefinition, state: GameState, move: string): Explanation {
  const model = modelOf(def, state);
  const pending = state.pending;
  const legalMovesNow = pending ? pending.options.map((o) => o.id) : [];
  if (state.over || !pending) return { legal: false, text: 'The game is over: no move is legal.', legalMoves: [] };
  const who = playerLabel(pending.player);
  const ruleInfo = (name: string) => {
    const d = declNamed(model, name);
    return d && 'meta' in d
      ? { name, at: locate(def, d.span.start), cites: d.meta.cites.map((c) => c.quote) }
      : { name, at: def.source.file, cites: [] };
  };
  if (legalMovesNow.includes(move)) {
    return {
      legal: true, legalMoves: legalMovesNow, rule: ruleInfo(pending.rule),
      text: `\`${move}\` is legal: it is one of ${who}'s options for the choice \`${pending.choice}\` in rule \`${pending.rule}\`.`,
    };
  }
  const frame = state.stack[state.stack.length - 1] as Extract<Frame, { k: 'block' }>;
  const stmt = model.blocks[frame.b]!.stmts[frame.pc] as ChooseStmt | MenuStmt;
  const ctx = newCtx(model, state, 'stack', currentRule(state));
  const all = candidates(model, state, ctx, stmt, pending.player);
  if (stmt.kind === 'Choose' && stmt.optional && move === passId(stmt)) {
    return { legal: true, legalMoves: legalMovesNow, text: `\`${move}\` is legal.` };
  }
  const found = all.find((c) => c.id === move);
  const at = locate(def, stmt.span.start);
  if (found?.refusedBy?.kind === 'forbid') {
    const info = ruleInfo(found.refusedBy.rule);
    const cite = info.cites.length ? ` The rulebook: ${info.cites.map((c) => `“${c}”`).join(' ')}` : '';
    return {
      legal: false, legalMoves: legalMovesNow, rule: info,
      text: `\`${move}\` is not allowed: rule \`${info.name}\` (${info.at}) forbids it when ${quoteOf(model, (declNamed(model, info.name) as { when: { span: { start: number; end: number } } }).when.span)}.${cite}`,
    };
  }
  if (found?.refusedBy?.kind === 'where') {
    return {
      legal: false, legalMoves: legalMovesNow, rule: ruleInfo(pending.rule),
      text: `\`${move}\` is not allowed: the choice \`${pending.choice}\` in rule \`${pending.rule}\` (${at}) offers only options where ${quoteOf(model, found.refusedBy.span)}.`,
    };
  }
  const verb = move.split(' ')[0];
  const text = verb === pending.choice || (stmt.kind === 'Choose' && stmt.label.kind === 'template' && verb === stmt.name.text)
    ? `\`${move}\` is not one of the options of the choice \`${pending.choice}\` in rule \`${pending.rule}\` (${at}); they come from ${stmt.kind === 'Choose' ? quoteOf(model, stmt.from.span) : 'its menu'}.`
    : `The game is waiting for ${who}'s choice \`${pending.choice}\` in rule \`${pending.rule}\` (${at}); \`${move}\` is not one of its moves.`;
  return { legal: false, legalMoves: legalMovesNow, rule: ruleInfo(pending.rule), text };
}

/** The value of a per-player counter for every seat (for tests, tools and the playground). */
export function counterOf(state: GameState, name: string): readonly number[] {
  const v = state.counters[name];
  return Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : 0)) : [];
}

/** Evaluates a ruleset's `recount` formulas for every player, to compare with the counters. */
export function recounts(def: GameDefinition, state: GameState): { counter: string; values: number[] }[] {
  const model = modelOf(def, state);
  return model.recounts.map((r) => ({
    counter: r.counter.text,
    values: Array.from({ length: state.players }, (_, seat) => evalNumber(newCtx(model, state, null, `recount ${r.counter.text}`, seat), r.expr)),
  }));
}

export { label, isPlayer, type Value };

// ─── For the tools, the CLI and the playground ──────────────────────────────────

export { AGENTS, firstLegalAgent, randomAgent, type Agent, type AgentContext, type AgentFactory } from './agents.js';
export { playGame, type PlayOptions } from './play.js';
export { nextDecision, type NextDecision } from './look-ahead.js';
export { chosenVariants, compiledPlayout, compiledProgram, liveProgram, playout, whyNotCompiled, type Playout, type PlayoutOptions } from './playout.js';
export { Deopt, watchCompiledGames, type CompiledGame, type CompiledPlay, type OptionIds, type Picker, type PlayWatch, type ResumedPlay } from './compiled/index.js';
/** For agents that must not peek: states sampled from a view, and how well each seat stands. */
export { determinizer, type Determinizer, type Position } from './determinize.js';
export { measures, standing, standingFrom } from './standing.js';
export { nextInt, nextUint, seedRng, shuffleInPlace, type RngState } from './rng.js';
export { EndlessGameError, IllegalMoveError, RuleError } from './errors.js';
export type { GameState, LogEntry, MoveRecord, Result } from './state.js';
export { cardLabel, playerLabel, splitZoneKey } from './values.js';
export { modelFor, type Model } from './model.js';
/** Who may see a zone: everyone (null) or these seats. */
export { zoneReaders, type RuleWatcher } from './machine.js';
export { stateProblems } from './state-check.js';
/** For checks that evaluate a declaration's expression (a counter's bounds) outside a rule. */
export { evalNumber, newCtx };
export { useGeneratedCode, watchGeneratedCode } from './generate.js';
/** The built-in functions the runtime offers (the checker must know the same). */
export { BUILTINS } from './builtins.js';

// ─── Arranging a position ─────────────────────────────────────────────────────

/** A position to set up by hand, as a rulebook's picture shows it: used by scenarios and the playground. */
export interface Arrangement {
  /**
   * Zone key → the zone its cards go to, at the bottom, before any zone is filled: `{ "hand@0": "deck" }`;
   * `null`: each card back to the zone its table puts it in (`{ "offer": null }`).
   */
  readonly empty?: Readonly<Record<string, string | null>>;
  /** Zone key (`deck`, `hand@1`) → cards (ids, or labels: the first copy not yet placed) put on top, in order. */
  readonly zones?: Readonly<Record<string, readonly string[]>>;
  readonly counters?: Readonly<Record<string, number | readonly number[] | Readonly<Record<string, number | readonly number[]>>>>;
  /** Piece id → the label of the space it stands on; `null`: off the board. */
  readonly pieces?: Readonly<Record<string, string | null>>;
}

/** Returns a copy of the state with the arrangement applied; a pending choice is offered afresh. */
export function arrange(def: GameDefinition, state: GameState, a: Arrangement, options: RunOptions = {}): GameState {
  const next = structuredClone(state);
  const model = modelOf(def, next);
  const used = new Set<string>();
  const fail = (message: string): never => { throw new SetupError(`Cannot arrange: ${message}`); };
  const zone = (key: string) => (key in next.zones ? key : fail(`there is no zone \`${key}\` (zones: ${Object.keys(next.zones).join(', ')})`));
  for (const [key, to] of Object.entries(a.empty ?? {})) {
    if (to !== null && zone(key) === zone(to)) continue;
    const cards = next.zones[zone(key)]!;
    next.zones[key] = [];
    for (const id of cards) {
      const home = to ?? model.things.get(id)?.zone ?? null;
      if (home === null || home === key) fail(`\`${key}\` cannot be emptied back where its cards start, since ${model.things.get(id)?.label ?? id} starts there or nowhere: name the zone its cards go to (\`"${key}": "…"\`)`);
      next.zones[zone(home!)]!.push(id);
    }
  }
  for (const [key, names] of Object.entries(a.zones ?? {})) {
    zone(key);
    const ids = names.map((name) => {
      const id = model.things.has(name) && !used.has(name) ? name
        : [...model.things.values()].find((t) => t.label === name && !used.has(t.id) && !model.spaceBoard.has(t.id))?.id;
      if (!id) return fail(`there is no card \`${name}\` left to place`);
      used.add(id);
      return id;
    });
    for (const cards of Object.values(next.zones)) for (const id of ids) { const i = cards.indexOf(id); if (i >= 0) cards.splice(i, 1); }
    next.zones[key]!.unshift(...ids);
  }
  for (const [name, value] of Object.entries(a.counters ?? {})) {
    if (!(name in next.counters)) fail(`there is no counter \`${name}\``);
    const current = next.counters[name]!;
    // Counters of things (and per player per thing: `{ "vase": [3, 0] }`) take some of their things.
    next.counters[name] = typeof value === 'number' || Array.isArray(value) ? structuredClone(value) as number : { ...(current as Record<string, number>), ...(value as Record<string, number>) };
  }
  for (const [piece, spaceLabel] of Object.entries(a.pieces ?? {})) {
    if (!(piece in next.pieces)) fail(`there is no piece \`${piece}\` (pieces: ${Object.keys(next.pieces).join(', ')})`);
    if (spaceLabel === null) {
      next.pieces[piece] = { space: null, slot: 0 };
      continue;
    }
    const space = [...model.spaceBoard.keys()].find((id) => model.things.get(id)!.label === spaceLabel);
    if (!space) fail(`there is no space \`${spaceLabel}\``);
    const taken = new Set(Object.entries(next.pieces).filter(([id, at]) => id !== piece && at.space === space).map(([, at]) => at.slot));
    let slot = 0;
    while (taken.has(slot)) slot++;
    next.pieces[piece] = { space: space!, slot };
  }
  log(next, 'the position is arranged by hand');
  if (next.pending && !next.over) {
    next.pending = null;
    advance(model, next, options);
  }
  return next;
}
