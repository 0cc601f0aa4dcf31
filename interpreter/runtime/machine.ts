// The statement machine: runs rules over an explicit stack of frames kept in the state, and stops
// whenever a player must decide (the state's `pending`). Each step changes only the state given.
import type { Block, ChooseStmt, CounterDecl, Expr, ForbidDecl, MenuStmt, RuleDecl, Span, Stmt } from '../../grammar/ast.js';
import { lineAndColumn, locate } from '../definition/index.js';
import { RuleError } from './errors.js';
import {
  asList, boundTest, choicePlan, ItemScope, counterOnValue, counterValue, currentPlayer, evalBool, evalBoolAmong, evalBoolBound, evalNumber, evaluate, holdsPower, label, lookupVar,
  newCtx, stackPlayer, thingId, withMemo, withVar, type Ctx,
} from './evaluate.js';
import { piecesAt, piecesMoved, runningOn, zoneOfCard, type Scope } from './context.js';
import type { ForbidRule, Handler, Model } from './model.js';
import { nextInt, shuffleInPlace } from './rng.js';
import type { Frame, GameState, LogEntry, Option, SourcePlace, StmtRef } from './state.js';
import {
  describeType, equal, isCard, isList, isPiece, isPlayer, isSpace, isZone, playerLabel, splitZoneKey, zoneKey, type Value,
} from './values.js';

/**
 * How deep rules may call rules and fire events (frames on the machine's stack). Past it a rule that
 * calls itself (or an event that fires itself) is stopped at once, before each step grows slower.
 */
export const MAX_STACK_DEPTH = 5_000;

/** Statements a single `run` may execute without waiting for a player before it is called runaway. */
export const DEFAULT_STEP_BUDGET = 200_000;

/** The rule the innermost frame belongs to, for messages. */
export function currentRule(state: GameState): string {
  for (let i = state.stack.length - 1; i >= 0; i--) {
    const f = state.stack[i]!;
    if (f.k === 'call') return f.rule;
  }
  return 'flow';
}

/**
 * The context statements run in: the stack's variables, the rule running. Successive statements
 * of one block share it (the stack below its frame, and so the rule, cannot have changed while the
 * same frame is on top at the same depth), so most statements make none.
 */
let lastCtx: Ctx | null = null;
let lastTop: Frame | undefined;
let lastDepth = -1;
let lastStack: Frame[] | null = null;
function ctxOf(model: Model, state: GameState): Ctx {
  const stack = state.stack;
  const top = stack[stack.length - 1];
  if (lastCtx !== null && lastCtx.state === state && lastCtx.model === model && stack === lastStack && stack.length === lastDepth && top === lastTop) return lastCtx;
  // The current player too cannot change while the same frame is on top: settled once here.
  lastCtx = newCtx(model, state, 'stack', currentRule(state), stackPlayer(state));
  lastStack = stack;
  lastDepth = stack.length;
  lastTop = top;
  return lastCtx;
}

const stmtAt = (model: Model, ref: StmtRef): Stmt => model.blocks[ref.b]!.stmts[ref.pc]!;
/** The address of the statement a block's frame has just moved past (a loop's frame points back at it). */
const passed = (frame: Extract<Frame, { k: 'block' }>): StmtRef => ({ b: frame.b, pc: frame.pc - 1 });
const blockId = (model: Model, b: Block): number => model.blockIds.get(b)!;

function push(state: GameState, model: Model, body: Block, vars: Record<string, Value> = {}): void {
  state.stack.push({ k: 'block', b: blockId(model, body), pc: 0, vars });
}

/**
 * The statement running now, and its model: each log line it writes says where it is (`at`), so a
 * line links to the statement that had the effect (the `gain` in the farm's rule, not the choice of
 * the move that led there). Null outside a run: the lines written around it (the setup's header)
 * come from no statement.
 */
let producing: Stmt | null = null;
let producingModel: Model | null = null;

/** A statement's place (its first character's line and column), worked out once: every line it writes shares it. */
const places = new WeakMap<Stmt, SourcePlace>();
function placeOf(model: Model, s: Stmt): SourcePlace {
  let at = places.get(s);
  if (at === undefined) places.set(s, (at = lineAndColumn(model.def, s.span.start)));
  return at;
}

/** A log entry, its fields always in this order (saved games compare entries as JSON). */
function entry(text: string, detail: { text: string; seen: number[] } | undefined, forced: boolean, at: SourcePlace | undefined): LogEntry {
  const e: { text: string; detail?: string; seen?: number[]; forced?: true; at?: SourcePlace } = { text };
  if (detail) {
    e.detail = detail.text;
    e.seen = detail.seen;
  }
  if (forced) e.forced = true;
  if (at !== undefined) e.at = at;
  return e;
}

export function log(state: GameState, text: string, detail?: { text: string; seen: number[] }): void {
  state.log.push(entry(text, detail, false, producing === null ? undefined : placeOf(producingModel!, producing)));
}

/** Told when a rule's body starts to run or a forbidding rule strikes out an option (RunOptions.onRule). */
export type RuleWatcher = (rule: RuleDecl | ForbidDecl) => void;

/** The watcher of the run in progress: module state, as `runningOn` is, so the hot path passes nothing. */
let watcher: RuleWatcher | undefined;

/** Runs until a decision is pending or the game is over. */
export function run(model: Model, state: GameState, budget = DEFAULT_STEP_BUDGET, onRule?: RuleWatcher): void {
  const outer = runningOn(state);
  const outerWatcher = watcher;
  const outerProducing = producing;
  const outerModel = producingModel;
  watcher = onRule;
  try {
    runSteps(model, state, budget);
  } finally {
    runningOn(outer);
    watcher = outerWatcher;
    producing = outerProducing;
    producingModel = outerModel;
    // The machine stops: what the choices made since have not shown by now stays hidden.
    if (undisclosed.length) undisclosed = undisclosed.filter((u) => u.state !== state);
  }
}

function runSteps(model: Model, state: GameState, budget: number): void {
  let steps = 0;
  while (!state.pending && !state.over) {
    if (state.stack.length === 0) {
      state.over = true;
      break;
    }
    if (++steps > budget || state.stack.length > MAX_STACK_DEPTH) {
      const f = [...state.stack].reverse().find((x) => x.k === 'block') as Extract<Frame, { k: 'block' }> | undefined;
      const stmt = f ? model.blocks[f.b]!.stmts[Math.min(f.pc, model.blocks[f.b]!.stmts.length - 1)] : undefined;
      const span = stmt?.span ?? { start: 0, end: 0 };
      if (steps > budget) throw new RuleError('R0601', span, { rule: currentRule(state), limit: budget });
      throw new RuleError('R0605', span, { message: `Rules call one another (or fire events) more than ${MAX_STACK_DEPTH.toLocaleString('en-US')} deep: one may call itself forever`, rule: currentRule(state) });
    }
    step(model, state);
  }
}

function step(model: Model, state: GameState): void {
  const top = state.stack[state.stack.length - 1]!;
  switch (top.k) {
    case 'block': {
      const block = model.blocks[top.b]!;
      if (top.pc >= block.stmts.length) {
        state.stack.pop();
        return;
      }
      const stmt = block.stmts[top.pc]!;
      producing = stmt;
      producingModel = model;
      execute(model, state, top, stmt);
      return;
    }
    case 'call': case 'turn': case 'phase':
      state.stack.pop(); // its body has finished
      return;
    case 'each': {
      const stmt = stmtAt(model, top.s) as Extract<Stmt, { kind: 'ForEach' }>;
      while (top.i < top.items.length) {
        const item = top.items[top.i++]!;
        if (!stmt.where || evalBoolBound(withVar(ctxOf(model, state), stmt.variable.text, item), stmt.where, stmt.variable.text)) {
          push(state, model, stmt.body, { [stmt.variable.text]: item });
          return;
        }
      }
      state.stack.pop();
      return;
    }
    case 'repeat': {
      const stmt = stmtAt(model, top.s) as Extract<Stmt, { kind: 'Repeat' }>;
      let again: boolean;
      if (top.left !== null) again = top.left-- > 0;
      else {
        const holds = evalBool(ctxOf(model, state), stmt.expr);
        again = stmt.mode === 'until' ? !holds : holds;
      }
      if (again && !state.over) push(state, model, stmt.body);
      else state.stack.pop();
      return;
    }
    case 'rank': {
      const stmt = stmtAt(model, top.s) as Extract<Stmt, { kind: 'Rank' }>;
      if (top.i >= top.items.length) {
        state.stack.pop();
        return;
      }
      const { value, place } = top.items[top.i++]!;
      push(state, model, stmt.body, { [stmt.variable.text]: value, place });
      return;
    }
    case 'fire': {
      const handlers = model.handlers.get(top.event) ?? NO_HANDLERS;
      // The handlers judged in this step share the event's arguments, their scope and the seat.
      const seat = stackPlayer(state);
      const names = paramNames(model, top.event);
      let args: Value[] | null = null;
      let scope: Scope | null = null;
      while (top.i < handlers.length) {
        const { rule, power } = handlers[top.i++]!;
        if (power && !holdsPower(model, state, seat, power)) continue;
        args ??= names.map((_, i) => top.args[i] ?? null);
        // The condition sees the event's arguments and nothing else of the stack, as the body will:
        // judged before the rule's frame is made, which only a rule that runs needs.
        const where = rule.trigger?.where;
        if (where && !evalBoolAmong(newCtx(model, state, (scope ??= { names, vals: args, parent: null }), rule.name.text, seat), where, names)) continue;
        const vars: Record<string, Value> = {};
        for (let i = 0; i < names.length; i++) vars[names[i]!] = args[i]!;
        state.stack.push({ k: 'call', rule: rule.name.text, vars });
        watcher?.(rule);
        push(state, model, rule.body);
        return;
      }
      state.stack.pop();
      return;
    }
  }
}

const NO_HANDLERS: readonly Handler[] = [];

/** An event's parameter names, made once per model. */
const eventParams = new WeakMap<Model, Map<string, readonly string[]>>();
function paramNames(model: Model, event: string): readonly string[] {
  let byEvent = eventParams.get(model);
  if (!byEvent) eventParams.set(model, (byEvent = new Map()));
  let names = byEvent.get(event);
  if (!names) byEvent.set(event, (names = (model.events.get(event)?.params ?? []).map((p) => p.text)));
  return names;
}

function execute(model: Model, state: GameState, frame: Extract<Frame, { k: 'block' }>, s: Stmt): void {
  const ctx = ctxOf(model, state);
  switch (s.kind) {
    case 'Let':
      frame.vars[s.name.text] = evaluate(ctx, s.value);
      break;
    case 'Change':
      change(model, state, ctx, s);
      break;
    case 'Move':
      move(model, state, ctx, s.what, s.to, s.position);
      break;
    case 'Draw': {
      const from = zoneOf(ctx, s.from);
      const to = zoneOf(ctx, s.to);
      const n = Math.max(0, evalNumber(ctx, s.count));
      const cards = (state.zones[from] ?? []).slice(0, n);
      transfer(state, cards, from, to, 'bottom');
      logCards(model, state, ctx, `draws ${cards.length} from ${zoneName(from)} to ${zoneName(to)}`, cards, to);
      break;
    }
    case 'Shuffle': {
      const zone = zoneOf(ctx, s.zone);
      shuffleInPlace(state.rng, (state.zones[zone] ??= []));
      log(state, `${zoneName(zone)} is shuffled`, { text: `order: ${state.zones[zone]!.join(', ')}`, seen: [] });
      break;
    }
    case 'Random': {
      const items = asList(ctx, evaluate(ctx, s.from), s.from.span).filter(
        (item) => !s.where || evalBoolBound(withVar(ctx, s.variable.text, item), s.where, s.variable.text),
      );
      const picked = items.length ? items[nextInt(state.rng, items.length)]! : null;
      frame.vars[s.variable.text] = picked;
      // A card picked from a zone not everyone sees is named only to those who see that zone.
      const zone = isCard(picked) ? zoneOfCard(state, picked.card) : undefined;
      const readers = zone === undefined ? null : zoneReaders(model, zone);
      if (readers === null) log(state, `chance picks ${label(model, picked)}`);
      else log(state, `chance picks a card of ${zoneName(zone!)}`, { text: label(model, picked), seen: readers });
      break;
    }
    case 'Reveal': {
      const v = evaluate(ctx, s.what);
      const cards = isCard(v) ? [v.card] : asList(ctx, v, s.what.span).filter(isCard).map((c) => c.card);
      for (const c of cards) if (!state.revealed.includes(c)) state.revealed.push(c);
      log(state, `revealed: ${cards.map((c) => label(model, { card: c })).join(', ') || 'nothing'}`);
      disclose(state, cards);
      break;
    }
    case 'Say':
      log(state, interpolate(model, ctx, s.text, s.span));
      break;
    case 'Choose':
    case 'Menu':
      // The pc stays on the choice until an option resolves it (at once when only one is legal).
      decide(model, state, ctx, s);
      return;
    case 'If': {
      frame.pc++;
      let branch: Stmt | Block | null = s;
      while (branch && branch.kind === 'If') branch = evalBool(ctx, branch.cond) ? branch.then : branch.else;
      if (branch) push(state, model, branch as Block);
      return;
    }
    case 'ForEach': {
      frame.pc++;
      const items = [...asList(ctx, evaluate(ctx, s.list), s.list.span)];
      state.stack.push({ k: 'each', s: passed(frame), items, i: 0, simultaneous: s.simultaneous });
      return;
    }
    case 'Repeat': {
      frame.pc++;
      state.stack.push({ k: 'repeat', s: passed(frame), left: s.mode === 'times' ? evalNumber(ctx, s.expr) : null });
      return;
    }
    case 'Turn': {
      frame.pc++;
      const p = evaluate(ctx, s.player);
      if (!isPlayer(p)) throw new RuleError('R0605', s.player.span, { message: `A turn belongs to a player, not to ${describeType(p)}`, rule: ctx.rule });
      state.turns++;
      state.stack.push({ k: 'turn', player: p.player });
      log(state, `— turn of ${playerLabel(p.player)} —`);
      push(state, model, s.body);
      return;
    }
    case 'Phase': {
      frame.pc++;
      const phase: Frame = { k: 'phase', level: s.level, title: s.title };
      if (s.timeLimit) phase.timeLimit = evalNumber(ctx, s.timeLimit);
      state.stack.push(phase);
      if (s.level !== 'step') log(state, `${s.level} ${s.title}`.trim());
      push(state, model, s.body);
      return;
    }
    case 'Fire': {
      frame.pc++;
      state.stack.push({ k: 'fire', event: s.event.text, args: s.args.map((a) => evaluate(ctx, a)), i: 0 });
      return;
    }
    case 'Call': {
      frame.pc++;
      const rule = model.rules.get(s.rule.text);
      if (!rule) throw new RuleError('R0201', s.rule.span, { what: 'Rule', name: s.rule.text });
      const vars: Record<string, Value> = {};
      rule.params.forEach((p, i) => (vars[p.text] = s.args[i] ? evaluate(ctx, s.args[i]!) : null));
      state.stack.push({ k: 'call', rule: rule.name.text, vars });
      watcher?.(rule);
      push(state, model, rule.body);
      return;
    }
    case 'EndGame':
      if (s.afterRound) state.ending = true;
      else {
        state.over = true;
        state.stack = [];
        log(state, 'the game ends');
        return;
      }
      break;
    case 'Rank': {
      frame.pc++;
      const items = asList(ctx, evaluate(ctx, s.list), s.list.span).map((value) => ({
        value, key: evalNumber(withVar(ctx, s.variable.text, value), s.by),
      }));
      items.sort((a, b) => b.key - a.key);
      const ranked: { value: Value; place: number }[] = [];
      items.forEach((item, i) => {
        const prev = items[i - 1];
        const place = !prev ? 1 : prev.key === item.key ? ranked[i - 1]!.place : s.ties === 'share' ? ranked[i - 1]!.place + 1 : i + 1;
        ranked.push({ value: item.value, place });
      });
      state.stack.push({ k: 'rank', s: passed(frame), items: ranked, i: 0 });
      return;
    }
    default: {
      const never: never = s;
      throw new Error(`The machine cannot run statement ${JSON.stringify(never)}`);
    }
  }
  frame.pc++;
}

/** A template split once into its text (even places) and the variables between (odd places). */
const templates = new Map<string, readonly string[]>();

export function interpolate(model: Model, ctx: Ctx, text: string, span: Span): string {
  let parts = templates.get(text);
  if (!parts) templates.set(text, (parts = text.split(/\{([^}]+)\}/)));
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    // Not `??`: a variable holding none is declared, and reads "none".
    let v = lookupVar(ctx, name);
    if (v === undefined && name === 'player') v = currentPlayer(ctx) === null ? null : { player: currentPlayer(ctx)! };
    if (v === undefined) throw new RuleError('R0201', span, { what: 'Variable', name });
    out += label(model, v) + parts[i + 1]!;
  }
  return out;
}

const zoneName = (key: string): string => {
  const { zone, seat } = splitZoneKey(key);
  return seat === null ? zone : `${zone} of ${playerLabel(seat)}`;
};

function zoneOf(ctx: Ctx, e: Expr): string {
  const v = evaluate(ctx, e);
  if (!isZone(v)) throw new RuleError('R0605', e.span, { message: `Expected a zone here, but this is ${describeType(v)}`, rule: ctx.rule });
  return v.zone;
}

/** Who may read a zone's cards: everyone (`null`), or the listed seats. */
export function zoneReaders(model: Model, key: string): number[] | null {
  const { zone, seat } = splitZoneKey(key);
  const vis = model.zones.get(zone)?.visibility ?? 'public';
  if (vis === 'public') return null;
  if (vis === 'private' && seat !== null) return [seat];
  return [];
}

function logCards(model: Model, state: GameState, ctx: Ctx, what: string, cards: string[], to: string): void {
  const who = currentPlayer(ctx);
  const subject = who === null ? '' : `${playerLabel(who)} `;
  const names = cards.map((c) => label(model, { card: c })).join(', ') || 'nothing';
  const readers = zoneReaders(model, to);
  if (readers === null) {
    log(state, `${subject}${what}: ${names}`);
    disclose(state, cards);
  } else log(state, `${subject}${what}`, { text: names, seen: readers });
}

function transfer(state: GameState, cards: string[], from: string | null, to: string, position: 'top' | 'bottom'): void {
  for (const card of cards) {
    const source = from ?? zoneOfCard(state, card);
    if (source !== undefined) {
      const list = state.zones[source]!;
      const at = list.indexOf(card);
      if (at >= 0) list.splice(at, 1);
    }
    const revealed = state.revealed.indexOf(card);
    if (revealed >= 0) state.revealed.splice(revealed, 1);
  }
  const target = (state.zones[to] ??= []);
  if (position === 'top') target.unshift(...cards);
  else target.push(...cards);
}

function move(model: Model, state: GameState, ctx: Ctx, whatExpr: Expr, toExpr: Expr, position: 'top' | 'bottom' | null): void {
  const what = evaluate(ctx, whatExpr);
  const to = evaluate(ctx, toExpr);
  if (isPiece(what) && to === null) {
    // Off the board: on no space, as at the start (a rule may place it again).
    if (state.pieces[what.piece]!.space === null) return;
    state.pieces[what.piece] = { space: null, slot: 0 };
    piecesMoved(state, what.piece);
    log(state, `${label(model, what)} leaves the board`);
    return;
  }
  if (isPiece(what)) {
    if (!isSpace(to)) throw new RuleError('R0605', toExpr.span, { message: `A piece moves to a space, not to ${describeType(to)}`, rule: ctx.rule });
    // The lowest slot no other piece there holds (the pieces there are in slot order).
    let slot = 0;
    for (const p of piecesAt(state, to.space)) {
      const other = (p as { piece: string }).piece;
      if (other !== what.piece && state.pieces[other]!.slot === slot) slot++;
    }
    state.pieces[what.piece] = { space: to.space, slot };
    piecesMoved(state, what.piece);
    log(state, `${label(model, what)} moves to ${label(model, to)}`);
    return;
  }
  if (!isZone(to)) throw new RuleError('R0605', toExpr.span, { message: `Cards move to a zone, not to ${describeType(to)}`, rule: ctx.rule });
  let cards: string[];
  let from: string | null = null;
  if (isCard(what)) cards = [what.card];
  else if (isZone(what)) { from = what.zone; cards = [...(state.zones[what.zone] ?? [])]; }
  else if (isList(what)) cards = what.filter(isCard).map((c) => c.card);
  else if (what === null) cards = [];
  else throw new RuleError('R0605', whatExpr.span, { message: `Cannot move ${describeType(what)}`, rule: ctx.rule });
  if (!cards.length) return;
  transfer(state, cards, from, to.zone, position ?? 'bottom');
  logCards(model, state, ctx, `moves to ${position === 'top' ? 'the top of ' : ''}${zoneName(to.zone)}`, cards, to.zone);
}

function change(model: Model, state: GameState, ctx: Ctx, s: Extract<Stmt, { kind: 'Change' }>): void {
  const name = s.counter.text;
  const decl = model.counters.get(name);
  if (!decl) throw new RuleError('R0201', s.counter.span, { what: 'Counter', name });
  let owner: Value = null;
  if (s.target) owner = evaluate(ctx, s.target);
  else if (decl.owner.kind === 'player' || decl.owner.kind === 'player-each') {
    const seat = currentPlayer(ctx);
    if (seat === null) throw new RuleError('R0605', s.span, { message: `\`${name}\` of whom? No player's turn is running`, rule: ctx.rule });
    owner = { player: seat };
  }
  // `gain 3 scored on c`: the counter kept per player per thing, for the thing c.
  const thing = s.on ? evaluate(ctx, s.on) : null;
  const ownerText = owner === null ? 'the game' : `${label(model, owner)}${s.on ? ` on ${label(model, thing)}` : ''}`;
  // The log names the thing with the counter: `P1: scored on Fours → 12`.
  const head = `${owner === null ? 'the game' : label(model, owner)}: ${name}${s.on ? ` on ${label(model, thing)}` : ''}`;
  const read = (): Value => (decl.owner.kind === 'global' ? state.counters[name] as Value
    : s.on ? counterOnValue(ctx, name, owner, thing, s.span)
    : counterValue(ctx, name, owner, s.span));
  if (decl.initial?.kind === 'None') return setValue(model, state, ctx, s, decl, owner, head, read, thing);
  const amount = evalNumber(ctx, s.amount);
  const current = read() as number;
  let next: number;
  switch (s.op) {
    case 'gain': case 'add': next = current + amount; break;
    case 'lose': next = current - amount; break;
    case 'pay':
      if (amount > current) throw new RuleError('R0604', s.span, { amount, counter: name, owner: ownerText, have: current, rule: ctx.rule });
      next = current - amount;
      break;
    case 'set': next = amount; break;
  }
  if (decl.min && next < evalNumber(ctx, decl.min)) {
    throw new RuleError('R0603', s.span, { counter: name, owner: ownerText, value: next, min: evalNumber(ctx, decl.min), rule: ctx.rule });
  }
  if (decl.max && next > evalNumber(ctx, decl.max)) next = evalNumber(ctx, decl.max);
  store(state, name, decl, owner, next, thing);
  if (next !== current) {
    const delta = next - current;
    const text = `${head} ${delta > 0 ? '+' : ''}${delta} → ${next}`;
    // A private counter's changes are read only by its owner, a hidden one's by nobody.
    if (decl.visibility === 'public') log(state, text);
    else log(state, `${head} changes`, { text, seen: decl.visibility === 'private' ? counterReaders(model, owner) : [] });
  }
}

function store(state: GameState, name: string, decl: CounterDecl, owner: Value, next: Value, thing: Value): void {
  if (decl.owner.kind === 'global') state.counters[name] = next;
  else if (decl.owner.kind === 'player-each') (state.counters[name] as Record<string, Value[]>)[thingId(thing)!]![(owner as { player: number }).player] = next;
  else if (isPlayer(owner)) (state.counters[name] as Value[])[owner.player] = next;
  else if (isPiece(owner)) (state.counters[name] as Record<string, Value>)[owner.piece] = next;
  else if (isSpace(owner)) (state.counters[name] as Record<string, Value>)[owner.space] = next;
}

/** `set leader to p` on a counter declared `from none`: it holds any value; only `set` changes it. */
function setValue(model: Model, state: GameState, ctx: Ctx, s: Extract<Stmt, { kind: 'Change' }>, decl: CounterDecl, owner: Value, head: string, read: () => Value, thing: Value): void {
  const name = s.counter.text;
  if (s.op !== 'set') {
    throw new RuleError('R0605', s.span, { message: `\`${name}\` holds a value, not a number: only \`set ${name} to …\` changes it`, rule: ctx.rule });
  }
  const next = evaluate(ctx, s.amount);
  if (equal(next, read())) return;
  store(state, name, decl, owner, next, thing);
  const text = `${head} → ${label(model, next)}`;
  if (decl.visibility === 'public') log(state, text);
  else log(state, `${head} changes`, { text, seen: decl.visibility === 'private' ? counterReaders(model, owner) : [] });
}

function counterReaders(model: Model, owner: Value): number[] {
  if (isPlayer(owner)) return [owner.player];
  const seat = isPiece(owner) ? model.pieces.get(owner.piece)?.owner : null;
  return seat === null || seat === undefined ? [] : [seat];
}

// ─── Decisions ────────────────────────────────────────────────────────────────

export interface Candidate {
  readonly id: string;
  readonly value: Value;
  readonly branch?: number;
  /** Why it is not offered: the `where` of the choice, or a forbidding rule. */
  readonly refusedBy?: { readonly kind: 'where'; readonly span: Span } | { readonly kind: 'forbid'; readonly rule: string; readonly span: Span };
}

/**
 * Every candidate of a choice, offered or not, with the reason for each refused one; with
 * `offeredOnly`, just the offered ones (what a decision needs, and cheaper).
 */
export function candidates(model: Model, state: GameState, outer: Ctx, s: ChooseStmt | MenuStmt, decider: number, offeredOnly = false): Candidate[] {
  const ctx = withMemo(outer); // the state is frozen while options are listed
  if (s.kind === 'Menu') return menuCandidates(model, state, ctx, s, decider, offeredOnly);
  const items = asList(ctx, evaluate(ctx, s.from), s.from.span);
  const forbids = forbidsOf(model, state, s.name.text, decider);
  const out: Candidate[] = [];
  const seen = new Set<string>();
  // One scope for the choice's variable, rebound option by option: nothing keeps it.
  const variable = s.variable.text;
  const scope = new ItemScope(ctx, variable);
  // Only the offered options wanted, from a fixed list: `where` is answered by index where it can be.
  const plan = offeredOnly && s.where && !s.count && !s.subset ? choicePlan(model, s.from, variable, s.where) : null;
  let values: readonly Value[];
  let whereDone = false;
  if (plan !== null && plan.list === items) {
    const kept: Value[] = [];
    for (const i of plan.survivors(scope.ctx, scope)) if (plan.rest(scope.bind(items[i]!))) kept.push(items[i]!);
    values = kept;
    whereDone = true;
  } else values = s.count ? combinations(items, evalNumber(ctx, s.count), s.count.span, ctx) : s.subset ? subsets(items, s.span, ctx) : items;
  // The conditions, each compiled once for every option.
  const where = !whereDone && s.where ? boundTest(model, s.where, variable) : null;
  const forbidding = forbids.map((f) => boundTest(model, f.decl.when, variable));
  for (const value of values) {
    const bound = scope.bind(value);
    let refusedBy: Candidate['refusedBy'];
    if (where !== null && !where(bound)) refusedBy = { kind: 'where', span: s.where!.span };
    else {
      const f = forbids[firstHolding(forbidding, bound)];
      if (f) {
        refusedBy = { kind: 'forbid', rule: f.decl.name.text, span: f.decl.span };
        watcher?.(f.decl);
      }
    }
    if (refusedBy && offeredOnly) continue;
    const id = optionId(model, bound, s, value);
    if (seen.has(id)) continue; // identical copies are one option
    if (refusedBy) out.push({ id, value, refusedBy });
    else {
      seen.add(id);
      out.push({ id, value });
    }
  }
  return out;
}

/** The index of the first test that holds in `ctx`, or -1. */
function firstHolding(tests: readonly ((ctx: Ctx) => boolean)[], ctx: Ctx): number {
  for (let k = 0; k < tests.length; k++) if (tests[k]!(ctx)) return k;
  return -1;
}

const NO_FORBIDS: readonly ForbidRule[] = [];
/** The forbidding rules in force for a choice of this name, as `decider` holds powers. */
function forbidsOf(model: Model, state: GameState, choice: string, decider: number): readonly ForbidRule[] {
  const all = model.forbids.get(choice);
  return all ? all.filter((f) => !f.power || holdsPower(model, state, decider, f.power)) : NO_FORBIDS;
}

/**
 * A menu's options: each labelled option, or one per item of its `for x in LIST` with x bound and
 * the label filled in. `when` refuses options; so do a named menu's forbidding rules, which judge
 * the options made for an item.
 */
function menuCandidates(model: Model, state: GameState, ctx: Ctx, s: MenuStmt, decider: number, offeredOnly: boolean): Candidate[] {
  const forbids = s.name ? forbidsOf(model, state, s.name.text, decider) : NO_FORBIDS;
  const out: Candidate[] = [];
  const seen = new Set<string>();
  s.options.forEach((o, branch) => {
    const items: readonly Value[] = o.each ? asList(ctx, evaluate(ctx, o.each.list), o.each.list.span) : [o.label];
    // An option made for each item: one scope for its variable, rebound item by item, and its
    // conditions found compiled once. Forbidding rules speak of the item, so they judge the
    // options made for an item only.
    const name = o.each?.variable.text;
    const scope = name === undefined ? null : new ItemScope(ctx, name);
    const when = o.when && name !== undefined ? boundTest(model, o.when, name) : null;
    const forbidding = name === undefined ? [] : forbids.map((f) => boundTest(model, f.decl.when, name));
    for (const value of items) {
      const bound = scope === null ? ctx : scope.bind(value);
      let refusedBy: Candidate['refusedBy'];
      if (o.when && !(when !== null ? when(bound) : evalBool(bound, o.when))) refusedBy = { kind: 'where', span: o.when.span };
      else {
        const f = forbids[firstHolding(forbidding, bound)];
        if (f) {
          refusedBy = { kind: 'forbid', rule: f.decl.name.text, span: f.decl.span };
          watcher?.(f.decl);
        }
      }
      if (refusedBy && offeredOnly) continue;
      // `"pay {price} coins"`: the variables in a label are filled in (a label without `{` is as written).
      const id = o.label.includes('{') ? interpolate(model, bound, o.label, o.span) : o.label;
      if (seen.has(id)) continue; // identical copies are one option
      if (!refusedBy) seen.add(id);
      out.push(refusedBy ? { id, value, branch, refusedBy } : { id, value, branch });
    }
  });
  return out;
}

/** The most options a choice of several things may offer (`choose any` of 12 things offers 4096). */
export const MAX_SUBSET_OPTIONS = 4096;

function subsets(items: readonly Value[], span: Span, ctx: Ctx): Value[] {
  if (items.length > 12) {
    const message = `Choosing any of ${items.length} things would offer ${2 ** items.length} subsets, more than ${MAX_SUBSET_OPTIONS}; if the rules say how many, choose that many (\`choose 3 cards from …\`), or choose one at a time`;
    throw new RuleError('R0605', span, { message, rule: ctx.rule });
  }
  const out: Value[][] = [];
  for (let mask = 0; mask < 1 << items.length; mask++) out.push(items.filter((_, i) => mask & (1 << i)));
  return out.sort((a, b) => a.length - b.length);
}

/** `choose 3 cards from hand`: every set of exactly `k` of the items, each in the items' order. */
function combinations(items: readonly Value[], k: number, span: Span, ctx: Ctx): Value[] {
  const fail = (message: string): never => {
    throw new RuleError('R0605', span, { message, rule: ctx.rule });
  };
  if (!Number.isInteger(k) || k < 0) fail(`Choosing ${k} things is impossible: the number of things chosen is a whole number, 0 or more`);
  if (k > items.length) fail(`Choosing ${k} things from ${items.length} is impossible: there are only ${items.length} to choose from`);
  let options = 1; // n choose k, stopped as soon as it passes the limit
  for (let i = 0; i < k && options <= MAX_SUBSET_OPTIONS; i++) options = (options * (items.length - i)) / (i + 1);
  if (options > MAX_SUBSET_OPTIONS) fail(`Choosing ${k} of ${items.length} things would offer more than ${MAX_SUBSET_OPTIONS} options; choose fewer at once, or one at a time`);
  const out: Value[][] = [];
  const picked: number[] = [];
  const extend = (from: number): void => {
    if (picked.length === k) {
      out.push(picked.map((i) => items[i]!));
      return;
    }
    for (let i = from; i <= items.length - (k - picked.length); i++) {
      picked.push(i);
      extend(i + 1);
      picked.pop();
    }
  };
  extend(0);
  return out;
}

function optionId(model: Model, ctx: Ctx, s: ChooseStmt, value: Value): string {
  if (s.label.kind === 'verb') return `${s.label.verb.text} ${label(model, value)}`;
  return interpolate(model, ctx, s.label.text, s.label.span);
}

export const passId = (s: ChooseStmt | MenuStmt): string => (s.kind === 'Choose' && s.passLabel ? s.passLabel : 'pass');

function decide(model: Model, state: GameState, ctx: Ctx, s: ChooseStmt | MenuStmt): void {
  let decider = currentPlayer(ctx);
  if (s.by) {
    const by = evaluate(ctx, s.by);
    if (!isPlayer(by)) throw new RuleError('R0605', s.by.span, { message: `A choice is made by a player, not by ${describeType(by)}`, rule: ctx.rule });
    decider = by.player;
  }
  if (decider === null) throw new RuleError('R0605', s.span, { message: 'Nobody can make this choice: no player\'s turn is running', rule: ctx.rule });
  // Offered candidates only, each `{ id, value }` or `{ id, value, branch }`: an option as it is.
  const offered: Option[] = candidates(model, state, ctx, s, decider, true);
  if (s.optional) offered.push({ id: passId(s), value: null });
  const name = s.kind === 'Choose' ? s.name.text : s.name?.text ?? 'menu';
  if (offered.length === 0) throw new RuleError('R0602', s.span, { choice: name, rule: ctx.rule });
  const secret = state.stack.some((f) => f.k === 'each' && f.simultaneous);
  if (offered.length === 1) {
    resolve(model, state, offered[0]!, decider, secret, true);
    return;
  }
  state.pending = { player: decider, choice: name, rule: ctx.rule, options: offered, secret };
}

/** Applies a chosen option to the choice on top of the stack and moves past it. */
export function resolve(
  model: Model, state: GameState, option: Option, decider: number, secret: boolean, forced: boolean,
  readers: number[] | null = secret ? null : optionReaders(model, state, option.value, decider),
): void {
  const frame = state.stack[state.stack.length - 1] as Extract<Frame, { k: 'block' }>;
  const s = model.blocks[frame.b]!.stmts[frame.pc] as ChooseStmt | MenuStmt;
  state.pending = null;
  frame.pc++;
  const who = playerLabel(decider);
  const at = placeOf(model, s);
  // A chosen move starts anew: the choices of the moves before it showed what they showed.
  if (!forced && undisclosed.length) undisclosed = undisclosed.filter((u) => u.state !== state);
  // Whether the rules took the only option is `forced`, never in the text: what the others read of
  // a hidden choice must not tell how many options it had (one card to follow suit with: a void).
  const open = entry(`${who}: ${option.id}`, undefined, forced, at);
  if (secret) state.log.push(entry(`${who} decides in secret`, { text: option.id, seen: [decider] }, forced, at));
  else if (readers) {
    const what = s.kind === 'Choose' && s.label.kind === 'verb' ? `${s.label.verb.text} a hidden card` : `choose ${s.kind === 'Choose' ? s.name.text : s.name?.text ?? 'an option'} (hidden)`;
    state.log.push(entry(`${who}: ${what}`, { text: option.id, seen: readers }, forced, at));
    awaitDisclosure(model, state, option.value, open, forced ? null : state.moves.length - 1);
  } else state.log.push(open);
  if (s.kind === 'Choose') frame.vars[s.variable.text] = option.value;
  else if (option.branch !== undefined) {
    const branch = s.options[option.branch]!;
    if (s.by) state.stack.push({ k: 'turn', player: decider, quiet: true });
    push(state, model, branch.body, branch.each ? { [branch.each.variable.text]: option.value } : {});
  }
}

/**
 * Who may know which option was chosen: everyone (null), unless the option names cards lying in a
 * zone some players cannot see — then only the decider and those who see every such card. A card
 * chosen from a face-down offer and put back unseen must not be named to the others in the log.
 */
export function optionReaders(model: Model, state: GameState, value: Value, decider: number): number[] | null {
  let readers: number[] | null = null;
  const visit = (v: Value) => {
    if (isList(v)) {
      v.forEach(visit);
      return;
    }
    if (!isCard(v) || state.revealed.includes(v.card)) return;
    const zone = zoneOfCard(state, v.card);
    const seeing = zone === undefined ? null : zoneReaders(model, zone);
    if (seeing === null) return;
    readers = readers === null ? [...seeing] : readers.filter((seat) => seeing.includes(seat));
  };
  visit(value);
  if (readers === null) return null;
  const known: number[] = readers;
  return known.includes(decider) ? known : [...known, decider].sort((a, b) => a - b);
}

/**
 * A hidden choice whose cards may yet be shown to everyone before the machine stops (a card chosen
 * from the hand and played face up): its log line, the move it was (null when the rules made it
 * alone), the line that names it, and its cards not shown yet.
 */
interface Undisclosed {
  readonly state: GameState;
  readonly entry: number;
  readonly move: number | null;
  readonly open: LogEntry;
  readonly cards: Set<string>;
}

/** The hidden choices made since the machine last stopped (of any state being run), whose cards are not all shown yet. */
let undisclosed: Undisclosed[] = [];

function awaitDisclosure(model: Model, state: GameState, value: Value, open: LogEntry, move: number | null): void {
  const cards = new Set<string>();
  const visit = (v: Value) => {
    if (isList(v)) v.forEach(visit);
    else if (isCard(v) && !state.revealed.includes(v.card)) {
      const zone = zoneOfCard(state, v.card);
      if (zone !== undefined && zoneReaders(model, zone) !== null) cards.add(v.card);
    }
  };
  visit(value);
  if (cards.size) undisclosed.push({ state, entry: state.log.length - 1, move, open, cards });
}

/**
 * These cards have just been shown to everyone (moved face up into a public zone, or revealed).
 * A hidden choice of this run whose cards are now all shown was public after all: its log line
 * names what was chosen, and its move is no longer hidden from the others — the line after it
 * names the card anyway, and the same choice written "a hidden card" would only contradict it.
 */
function disclose(state: GameState, cards: readonly string[]): void {
  if (undisclosed.length === 0) return;
  for (const u of undisclosed) {
    if (u.state !== state) continue;
    for (const c of cards) u.cards.delete(c);
    if (u.cards.size) continue;
    state.log[u.entry] = u.open;
    if (u.move !== null) {
      const m = state.moves[u.move]!;
      state.moves[u.move] = { player: m.player, move: m.move };
    }
  }
  undisclosed = undisclosed.filter((u) => u.cards.size > 0);
}

/** Where a statement is, for messages: `file:line:col`. */
export const where = (model: Model, span: Span): string => locate(model.def, span.start);

export { zoneKey };
