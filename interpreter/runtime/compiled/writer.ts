// The writer: the rules in force, statement by statement and expression by expression, as the
// JavaScript of the program — names resolved, values' kinds followed where known, index plans for
// the lookups people write, loops' invariant parts worked out once.
import type { Block, ChooseStmt, DefineDecl, Expr, RuleDecl, Span, Stmt } from '../../../grammar/ast.js';
import { conjuncts, exprChildren, mentions } from '../../../grammar/limits.js';
import { lineAndColumn } from '../../definition/index.js';
import { thingsOf, type Model } from '../model.js';
import { dependsOnArgumentsAlone } from '../purity.js';
import { Deciding } from './deciding.js';
import { unsupported } from './errors.js';
import { CARD, PIECE, PLAYER, Ref, SPACE, ZONE, type CValue, type World } from './world.js';

/**
 * The runaway guard. Between two decisions the program counts, for every block it enters, its
 * statements and one more, and one for every loop round, rule called and handler judged: at least a
 * third of the steps the machine takes for the same work (a statement is a step; a block, loop, call
 * or handler adds at most two). The machine stops a run past 200,000 steps (DEFAULT_STEP_BUDGET), so
 * giving up past 60,000 gives up every game the machine would stop, and the machine then stops it
 * with its own error. Rules nested more than 200 calls deep give up too (the machine stops at 5,000
 * frames, a call taking at least two).
 */
const ROUNDS_BEFORE_GIVING_UP = 60_000;
const CALLS_BEFORE_GIVING_UP = 200;


/** What is known of a value: yes/no, a number, a list, anything but a list, or nothing known. */
type Kind = 'bool' | 'num' | 'list' | 'scalar' | 'any' | RefKind | `${RefKind}?`;
/** A reference of a known kind (never none); with a question mark, such a reference or none. */
type RefKind = 'space' | 'piece' | 'player' | 'card';
/** An expression as JavaScript, and what is known of its value (of a list or a zone: of its items, if they are all things of one kind). */
interface Src {
  readonly js: string;
  readonly t: Kind;
  readonly of?: RefKind;
  /** A list of known length whose items are held in locals (a choice's option made of parts): each item. */
  readonly tuple?: readonly Src[];
}
const itemOf = (x: Src): Kind => ((x.t === 'list' || x.t === 'scalar') && x.of ? x.of : 'any');
/** What the writer had written, to take a trial's writing back (see typeOfDefine). */
interface SavedOutput {
  readonly functions: number;
  readonly properties: Map<string, string>;
  readonly pending: number;
  readonly named: readonly Set<unknown>[];
}
/** The JavaScript local each name in scope stands for. */
type Scope = ReadonlyMap<string, Src>;

const truth = (x: Src): string => (x.t === 'bool' ? x.js : `T(${x.js})`);
const number = (x: Src): string => (x.t === 'num' ? x.js : `N(${x.js})`);
const list = (x: Src): string => (x.t === 'list' ? x.js : `L(${x.js})`);
/** A space (an argument missing: none, which gives the game up); one known to be a space or none is only checked for none. */
const space = (x: Src | undefined): string =>
  x === undefined ? 'S(null)' : x.t === 'space' ? x.js : x.t === 'space?' ? (/^v\d+$/.test(x.js) ? `(${x.js} === null ? deopt() : ${x.js})` : `nonNull(${x.js})`) : `S(${x.js})`;
/** Equal values: one that is not a list equals only itself. */
const equality = (a: Src, b: Src): string =>
  (a.t !== 'list' && a.t !== 'any') || (b.t !== 'list' && b.t !== 'any') ? `(${a.js} === ${b.js})` : `EQ(${a.js}, ${b.js})`;

/**
 * A loop being written: its item's name; what is worked out once before it (`decls`); and the
 * define calls on the item it makes more than once per item (`shared`, by their source), kept
 * for the item and forgotten at the next (`resets`).
 */
interface Loop {
  readonly variable: string;
  /** Whether define calls on the item are kept for the item (a choice's options: their forbidding rules often ask the same). */
  readonly share: boolean;
  readonly decls: string[];
  readonly shared: Map<string, string>;
  readonly resets: string[];
  /** Expressions of the item already held in locals (a listed pair's parts), by their JavaScript: read again from the local. */
  readonly held: Map<string, Src>;
}
/** A part of a choice's list: an `each` or `all`, and the scope its names are read in. */
interface Part {
  readonly e: Extract<Expr, { kind: 'Comprehension' }>;
  readonly scope: Scope;
}
/** The current player, as written. */
const CURRENT_PLAYER = '(cur < 0 ? null : PLAYERS[cur])';
/** A value kept for an option and read again (see Loop): cheap to write twice. */
const SHARED = /^\(t\d+k \? t\d+ : \(t\d+k = true, t\d+ = [^;]*\)\)$/;
const isRefKind = (t: Kind): t is RefKind => t === 'space' || t === 'piece' || t === 'player' || t === 'card';
/** What is known of a choice's option, from what is known of the items listed: a thing of one kind, or none where it may be passed. */
const chosenKind = (item: Kind, optional: boolean): Kind => (!isRefKind(item) ? 'any' : optional ? `${item}?` : item);
const isThingOrNone = (t: Kind): boolean => isRefKind(t) || (t.endsWith('?') && isRefKind(t.slice(0, -1) as Kind));
/** Defines of at most this many expression nodes are written in place where called on things (see inlined). */
const INLINED_NODES = 24;
const size = (e: Expr): number => exprChildren(e).reduce((n, x) => n + size(x), 1);
const hasComprehension = (e: Expr): boolean => e.kind === 'Comprehension' || exprChildren(e).some(hasComprehension);
const newLoop = (variable: string, share = false): Loop => ({ variable, share, decls: [], shared: new Map(), resets: [], held: new Map() });

export class Writer {
  readonly constants: unknown[] = [];
  readonly functions: string[] = [];
  private locals = 0;
  private readonly defineNames = new Map<string, string>();
  private readonly defineIds = new Map<DefineDecl, number>();
  private readonly ruleNames = new Map<string, string>();
  private readonly ruleIds = new Map<RuleDecl, number>();
  private readonly pending: (() => void)[] = [];
  /** The defines being written in place just now (see inlined). */
  private readonly inlining = new Set<DefineDecl>();
  private readonly spaceTables = new Map<string, string>();
  private readonly cardTables = new Map<string, string>();
  private readonly defineTypes = new Map<DefineDecl, { t: Kind; of?: RefKind }>();
  private readonly dispatchers = new Map<string, string>();
  private readonly events = new Map<string, string>();
  /** Property name → its function in the program. */
  private readonly properties = new Map<string, string>();
  private comprehensions = 0;
  /** Choices written so far: each has its number, for the texts of its moves kept (see decide). */
  private choices = 0;
  /** Whether the statements being written are the setup's or the flow's own (inside the block `game`). */
  topLevel = false;
  /** The loops being written, innermost last: their item's name, and what is worked out once before each. */
  private loops: Loop[] = [];
  private hoisted = 0;
  /** Collections of pieces an index plan reads, by their number in the program. */
  readonly collections: (readonly string[])[] = [];
  /** Counter name → how it is kept: its array in the program and what it is kept for. */
  /** Counter name → its array in the program, what it is kept for, whether it holds any value; per player per thing, its rows. */
  readonly counters = new Map<string, { js: string; per: 'game' | 'player' | 'space' | 'piece' | 'player-thing'; any: boolean; rows?: string; things?: readonly Ref[] }>();

  /** Which statements can wait for a player: those are written to resume from a machine's stack too. */
  private readonly deciding: Deciding;
  /** Per block being written, the variables its statements set (a `let`, a choice): declared at its start, which resuming restores. */
  private blockVars: { js: string; name: string; at: number }[] = [];
  private stmtAt = 0;
  /** The block being written (for a loop's frame: where its statement is). */
  private blockAt: Block | null = null;
  /**
   * The variables the next block written starts with, as the machine's frame holds them: a loop's
   * item, a ranking's item and place, a menu option's item.
   */
  private startVars: { name: string; js: string }[] = [];

  /**
   * `live`: a program that gives its state back where a picker stops it, as the machine's (its
   * stack of frames and the pending choice): each statement that can wait for a player catches the
   * stop on its way out and adds its frame to XS (innermost first). Playouts never stop to be
   * read back, so their program is written without it.
   */
  constructor(readonly m: Model, readonly w: World, readonly live = false) {
    this.deciding = new Deciding(m);
    let k = 0;
    for (const [name, c] of m.counters) {
      const owner = c.owner;
      let per: 'game' | 'player' | 'space' | 'piece' | 'player-thing';
      if (owner.kind === 'global') per = 'game';
      else if (owner.kind === 'player') per = 'player';
      else if (owner.kind === 'each' && m.boards.has(owner.of.text)) per = 'space';
      else if (owner.kind === 'each' && m.collections.has(owner.of.text)) per = 'piece';
      else if (owner.kind === 'player-each') {
        // One row per thing (its rows by kind: a thing's row, -1 if not one of them), one value a seat in each.
        const ids = thingsOf(m, owner.of.text);
        const things = ids.map((id) => (w.pieceIndex.has(id) ? w.pieces[w.pieceIndex.get(id)!]! : this.thing(id)));
        const rows = [SPACE, PIECE, PLAYER, CARD, ZONE].map((kind) => {
          const size = [w.spaceIds.length, w.pieceIds.length, 0, w.cardIds.length, 0][kind]!;
          const r = new Int32Array(size).fill(-1);
          things.forEach((t, row) => { if (t.kind === kind) r[t.i] = row; });
          return r;
        });
        const js = `C${k++}`;
        this.counters.set(name, { js, per: 'player-thing', any: c.initial?.kind === 'None', rows: this.constant(rows), things });
        continue;
      } else return unsupported(`counter \`${name}\` kept for each of ${owner.of.text}`, c.span);
      this.counters.set(name, { js: `C${k++}`, per, any: c.initial?.kind === 'None' });
    }
  }

  /** What has been written so far, to take back what working out a define's type wrote. */
  private saveOutput(): SavedOutput {
    return {
      functions: this.functions.length, properties: new Map(this.properties), pending: this.pending.length,
      named: this.namedFunctions().map((names) => new Set(names.keys())),
    };
  }
  /** Takes back what was written and asked for since `saved` (a trial's functions are never called). */
  private restoreOutput(saved: SavedOutput): void {
    this.functions.length = saved.functions;
    this.properties.clear();
    for (const [k, v] of saved.properties) this.properties.set(k, v);
    this.pending.length = saved.pending;
    this.namedFunctions().forEach((names, i) => {
      for (const key of names.keys()) if (!saved.named[i]!.has(key)) names.delete(key);
    });
  }
  /** The functions made up once each (see once), by kind. */
  private namedFunctions(): Map<unknown, string>[] {
    return [this.defineNames, this.ruleNames, this.dispatchers, this.events];
  }

  /** The constant of every space's (card's) value of an attribute, made once per attribute. */
  private spaceTable(name: string, values: readonly (CValue | undefined)[]): string {
    let table = this.spaceTables.get(name);
    if (table === undefined) this.spaceTables.set(name, (table = this.constant(values)));
    return table;
  }
  private cardTable(name: string, values: readonly (CValue | undefined)[]): string {
    let table = this.cardTables.get(name);
    if (table === undefined) this.cardTables.set(name, (table = this.constant(values)));
    return table;
  }
  /** Whether some component declares an attribute of this name (a thing without it reads none). */
  private declared(name: string): boolean {
    return [...this.m.components.values()].some((c) => c.attrs.some((a) => a.name.text === name));
  }

  constant(v: unknown): string {
    this.constants.push(v);
    return `K[${this.constants.length - 1}]`;
  }
  local(): string {
    return `v${this.locals++}`;
  }

  /**
   * The name of the function for `key`, made up once (`prefix` and a number); the function itself
   * is written later, by `flush`, outside whatever is being written now (and outside the trial
   * writing of a define's body for its kind, which is taken back).
   */
  private once<K>(names: Map<K, string>, key: K, prefix: string, write: (name: string) => void): string {
    let name = names.get(key);
    if (name === undefined) {
      names.set(key, (name = `${prefix}${names.size}`));
      const js = name;
      this.pending.push(() => write(js));
    }
    return name;
  }

  /** The JavaScript function of a define, for what is known of its arguments (one per define and such knowledge, as for rules). */
  define(d: DefineDecl, kinds: readonly Kind[] = []): string {
    const known = d.params.map((_, i): Kind => (isThingOrNone(kinds[i] ?? 'any') ? kinds[i]! : 'any'));
    let id = this.defineIds.get(d);
    if (id === undefined) this.defineIds.set(d, (id = this.defineIds.size));
    return this.once(this.defineNames, `${id}/${known.join(',')}`, 'd', (name) => {
      const params = d.params.map(() => this.local());
      const scope: Scope = new Map(d.params.map((p, i) => [p.text, { js: params[i]!, t: known[i]! }]));
      const body = this.outsideLoops(() => this.expr(d.body, scope, false));
      if (d.params.length === 0 && dependsOnArgumentsAlone(this.m, d)) {
        // It reads nothing of the state nor the current player: its value is worked out once.
        this.functions.push(`let ${name}_known = false, ${name}_value;\nfunction ${name}() {\n  if (!${name}_known) { ${name}_value = ${body}; ${name}_known = true; }\n  return ${name}_value;\n}`);
      } else if (d.params.length === 0) {
        // It may read the state: its answer is kept while nothing it can read has changed (the
        // program counts changes in `epoch`) and the current player is the same.
        this.functions.push(`let ${name}_at = -1, ${name}_for = -2, ${name}_value;\nfunction ${name}() {\n  if (${name}_at !== epoch || ${name}_for !== cur) { ${name}_value = ${body}; ${name}_at = epoch; ${name}_for = cur; }\n  return ${name}_value;\n}`);
      } else this.functions.push(`function ${name}(${params.join(', ')}) {\n  return ${body};\n}`);
    });
  }

  /** A rule's function for what is known of its arguments (one per rule and such knowledge). */
  rule(r: RuleDecl, kinds: readonly Kind[]): string {
    const known = r.params.map((_, i): Kind => (isThingOrNone(kinds[i] ?? 'any') ? kinds[i]! : 'any'));
    let id = this.ruleIds.get(r);
    if (id === undefined) this.ruleIds.set(r, (id = this.ruleIds.size));
    return this.once(this.ruleNames, `${id}/${known.join(',')}`, 'r', (name) => {
      const params = r.params.map(() => this.local());
      const scope: Scope = new Map(r.params.map((p, i) => [p.text, { js: params[i]!, t: known[i]! }]));
      // Stopped inside it: the call's frame, with its arguments.
      const body = this.deciding.block(r.body)
        ? this.stopped(this.block(r.body, scope, '  '), `{ k: 'call', rule: ${this.constant(r.name.text)}, vars: ${this.heldVars(r.params.map((p, i) => ({ name: p.text, js: params[i]! })))} }`, '  ')
        : this.block(r.body, scope, '  ');
      this.functions.push(`function ${name}(${params.join(', ')}) {\n  if (++rounds > ${ROUNDS_BEFORE_GIVING_UP} || ++depth > ${CALLS_BEFORE_GIVING_UP}) deopt();\n  if (watch !== null) watch.fired(${r.span.start});\n${body}  depth--;\n}`);
    });
  }

  /** Writes every define and rule asked for so far (and those they ask for). */
  flush(): void {
    this.topLevel = false;
    while (this.pending.length) this.pending.shift()!();
  }

  // ─── Expressions ───

  /** `e` as a JavaScript expression; `open`: inside a rule (names not in scope are still declared names). */
  expr(e: Expr, scope: Scope, open: boolean): string {
    return this.src(e, scope, open).js;
  }

  /** `e` as JavaScript, with what is known of its value. */
  src(e: Expr, scope: Scope, open: boolean): Src {
    const loop = this.loops[this.loops.length - 1];
    if (loop !== undefined && this.worthHoisting(e, scope) && !mentions(e, loop.variable)) {
      // A part of a loop's condition that does not depend on the item: worked out once per loop,
      // when first needed (so only where the machine would work it out: an error there gives the
      // game up as it would stop the machine).
      // (Written with no loop around: what is hoisted lives in this loop's function alone.)
      const value = this.outsideLoops(() => this.src(e, scope, open));
      const h = `h${this.hoisted++}`;
      loop.decls.push(`let ${h}, ${h}k = false;`);
      return { js: `(${h}k ? ${h} : (${h}k = true, ${h} = ${value.js}))`, t: value.t };
    }
    const written = this.written(e, scope, open);
    const held = loop?.held.get(written.js);
    if (held !== undefined) return held;
    if (loop !== undefined && loop.share && e.kind === 'Call' && this.m.defines.has(e.callee.text)) {
      // A define called on the item: its answer kept for the item (the same call again reads it).
      let t = loop.shared.get(written.js);
      if (t === undefined) {
        loop.shared.set(written.js, (t = `t${this.hoisted++}`));
        loop.decls.push(`let ${t}, ${t}k = false;`);
        loop.resets.push(`${t}k = false;`);
      }
      return { ...written, js: `(${t}k ? ${t} : (${t}k = true, ${t} = ${written.js}))` };
    }
    return written;
  }

  /** Whether an expression costs enough to be worked out once per loop rather than per item. */
  private worthHoisting(e: Expr, scope: Scope): boolean {
    switch (e.kind) {
      case 'Of': case 'Call': case 'Comprehension': case 'Binary': case 'IfExpr': case 'Index': case 'Range': return true;
      case 'Ref': return !scope.has(e.name.text) && this.m.defines.has(e.name.text);
      default: return false;
    }
  }

  /** Runs `write` with no loop around: for the body of a function of its own. */
  private outsideLoops<T>(write: () => T): T {
    const outer = this.loops;
    this.loops = [];
    try {
      return write();
    } finally {
      this.loops = outer;
    }
  }

  /** `e` as JavaScript, node by node. */
  private written(e: Expr, scope: Scope, open: boolean): Src {
    switch (e.kind) {
      case 'Number': return { js: Number.isFinite(e.value) ? `(${JSON.stringify(e.value)})` : this.constant(e.value), t: 'num' };
      case 'Text': return { js: this.constant(e.value), t: 'scalar' };
      case 'Flag': return { js: e.value ? 'true' : 'false', t: 'bool' };
      case 'None': return { js: 'null', t: 'scalar' };
      case 'List': {
        // A list of literals is one constant (lists are values nothing changes), not made at each reading.
        const literal = literalValues(e.items);
        if (literal !== null) return { js: this.constant(literal), t: 'list' };
        return { js: `[${e.items.map((x) => this.expr(x, scope, open)).join(', ')}]`, t: 'list' };
      }
      case 'Ref': return this.name(e.name.text, e.span, scope);
      case 'Of': return this.property(e, scope, open);
      case 'Call': return this.call(e.callee.text, e.args, e.span, scope, open);
      case 'Unary': {
        const x = this.src(e.operand, scope, open);
        return e.op === 'not' ? { js: `!${truth(x)}`, t: 'bool' } : { js: `(-${number(x)})`, t: 'num' };
      }
      case 'IfExpr': {
        const a = this.src(e.then, scope, open), b = this.src(e.else, scope, open);
        return { js: `(${truth(this.src(e.cond, scope, open))} ? ${a.js} : ${b.js})`, t: a.t === b.t ? a.t : 'any' };
      }
      case 'Index':
        // `(sorted … )[1]`: the first of the order, found in one pass with no sort.
        if (e.target.kind === 'Comprehension' && e.target.quantifier === 'sorted' && !e.target.stops && e.index.kind === 'Number' && e.index.value === 1) {
          const target = e.target;
          return this.outsideLoops(() => this.comprehension(target, scope, open, true));
        }
        if (e.target.kind === 'Ref' && e.index.kind === 'Number') {
          // An item of a list whose items are held in locals: that local.
          const item = scope.get(e.target.name.text)?.tuple?.[e.index.value - 1];
          if (item !== undefined) return item;
        }
        return { js: `AT(${this.expr(e.target, scope, open)}, ${number(this.src(e.index, scope, open))})`, t: 'any' };
      case 'Range': return { js: `range(${number(this.src(e.from, scope, open))}, ${number(this.src(e.to, scope, open))})`, t: 'list' };
      case 'Binary': return this.binary(e.op, e.left, e.right, scope, open);
      // A function of its own: what its loop hoists lives there.
      case 'Comprehension': return this.outsideLoops(() => this.comprehension(e, scope, open));
      default: {
        const never: never = e;
        return unsupported(`expression ${JSON.stringify(never)}`, null);
      }
    }
  }

  private binary(op: string, l: Expr, r: Expr, scope: Scope, open: boolean): Src {
    const a = this.src(l, scope, open), b = this.src(r, scope, open);
    const bool = (js: string): Src => ({ js, t: 'bool' });
    const num = (js: string): Src => ({ js, t: 'num' });
    switch (op) {
      case 'and': return bool(`(${truth(a)} && ${truth(b)})`);
      case 'or': return bool(`(${truth(a)} || ${truth(b)})`);
      case '=': case 'is': return bool(equality(a, b));
      case '!=': case 'is not': return bool(`!${equality(a, b)}`);
      case 'in': return bool(`IN(${a.js}, ${b.js})`);
      case 'not in': return bool(`!IN(${a.js}, ${b.js})`);
      case '+':
        if (a.t === 'num' && b.t === 'num') return num(`(${a.js} + ${b.js})`);
        // A list made just now on the left (not one kept to be read again): the right's items are added to it.
        return { js: `${madeJustNow(l, a) ? 'APPEND' : 'PLUS'}(${a.js}, ${b.js})`, t: 'any' };
      case '-': case '*': return num(`(${number(a)} ${op} ${number(b)})`);
      case '<': case '<=': case '>': case '>=': return bool(`(${number(a)} ${op} ${number(b)})`);
      case '/': return num(`DIV(${number(a)}, ${number(b)})`);
      case 'mod': return num(`MOD(${number(a)}, ${number(b)})`);
    }
    return unsupported(`the operator \`${op}\``, l.span);
  }

  /** A name: a variable in scope, else what the rules declare it to be (as the machine resolves it). */
  private name(name: string, span: Span, scope: Scope): Src {
    const local = scope.get(name);
    if (local !== undefined) return local;
    const m = this.m;
    switch (name) {
      case 'player': return { js: CURRENT_PLAYER, t: 'player?' };
      case 'players': return { js: 'PLAYERS', t: 'list', of: 'player' };
      case 'player-count': return { js: `(${m.playerCount})`, t: 'num' };
      case 'game-ending': return { js: 'ending', t: 'bool' };
    }
    const counter = this.counters.get(name);
    if (counter) {
      const t: Kind = counter.any ? 'any' : 'num';
      if (counter.per === 'game') return { js: `${counter.js}[0]`, t };
      if (counter.per === 'player') return { js: `${counter.js}[cur < 0 ? deopt() : cur]`, t };
      return { js: 'deopt()', t: 'any' }; // the machine asks whose
    }
    const zone = m.zones.get(name);
    if (zone) {
      // A zone holds cards alone.
      if (!zone.perPlayer) return { js: this.constant(this.w.zones[this.w.zoneIndex.get(name)!]), t: 'scalar', of: 'card' };
      return { js: `${this.constant(this.w.seatZones.get(name))}[cur < 0 ? deopt() : cur]`, t: 'scalar', of: 'card' };
    }
    if (m.constants.has(name)) {
      const v = m.constants.get(name)!;
      return { js: this.constant(v), t: typeof v === 'number' ? 'num' : typeof v === 'boolean' ? 'bool' : 'scalar' };
    }
    if (m.defines.has(name)) return this.defineCall(name, [], span, scope, true);
    const collection = m.collections.get(name);
    if (collection) return { js: this.constant(collection.map((id) => this.w.pieces[this.w.pieceIndex.get(id)!]!)), t: 'list', of: 'piece' };
    const single = m.singlePieces.get(name);
    if (single !== undefined) return { js: this.constant(this.w.pieces[this.w.pieceIndex.get(single)!]), t: 'scalar' };
    const board = m.boards.get(name);
    if (board) return { js: this.constant(board.order.map((id) => this.w.spaces[this.w.spaceIndex.get(id)!]!)), t: 'list', of: 'space' };
    const table = m.tableThings.get(name);
    if (table) {
      const things = table.map((id) => this.thing(id));
      const of = things.every((r) => r.kind === SPACE) ? 'space' : things.every((r) => r.kind === CARD) ? 'card' : undefined;
      return { js: this.constant(things), t: 'list', ...(of ? { of } : {}) };
    }
    if (m.pieceDecls.has(name)) return { js: 'null', t: 'scalar' };
    return { js: 'deopt()', t: 'any' };
  }

  private defineCall(name: string, args: readonly Expr[], _span: Span, scope: Scope, open: boolean): Src {
    const d = this.m.defines.get(name)!;
    const a = args.map((x) => this.src(x, scope, open));
    const values = a.map((x) => x.js).join(', ');
    const overrides = this.m.overrides.get(name);
    if (overrides) return { js: `${this.overridden(name, d, overrides, args.length)}(${values})`, t: 'any' };
    if (d.params.length !== args.length) return { js: 'deopt()', t: 'any' };
    return this.inlined(d, a) ?? { js: `${this.define(d, a.map((x) => x.t))}(${values})`, ...this.typeOfDefine(d) };
  }

  /**
   * A small define called on things of known kinds held in locals: its body written in place, each
   * parameter read as its argument, so the body reads the things' properties in place. (Reading a
   * local has no effect, so the answer is the call's.) Not inside itself.
   */
  private inlined(d: DefineDecl, args: readonly Src[]): Src | null {
    // (A body with a comprehension is a function of its own wherever it is written: in place, it
    // would be one per call, and calls on the same item could no longer share one answer.)
    if (d.params.length === 0 || this.inlining.has(d) || size(d.body) > INLINED_NODES || hasComprehension(d.body)) return null;
    if (!args.every((x) => /^v\d+$/.test(x.js)) || !args.some((x) => isThingOrNone(x.t))) return null;
    this.inlining.add(d);
    try {
      const scope: Scope = new Map(d.params.map((p, i) => [p.text, args[i]!]));
      return this.outsideLoops(() => this.src(d.body, scope, false));
    } finally {
      this.inlining.delete(d);
    }
  }

  /**
   * A define that powers override, called with n arguments: a function choosing, as the machine does
   * per call, the version of the last power the current player holds, else the define's own.
   */
  private overridden(name: string, d: DefineDecl, overrides: readonly (readonly [string, DefineDecl])[], n: number): string {
    return this.once(this.dispatchers, `${name}/${n}`, 'o', (fn) => {
      const params = Array.from({ length: n }, (_, i) => `a${i}`).join(', ');
      const call = (body: DefineDecl) => (body.params.length === n ? `${this.define(body)}(${params})` : 'deopt()');
      const lines = [`function ${fn}(${params}) {`, '  if (cur >= 0) {'];
      for (let k = overrides.length - 1; k >= 0; k--) lines.push(`    if (holds(cur, ${this.constant(overrides[k]![0])})) return ${call(overrides[k]![1])};`);
      lines.push('  }', `  return ${call(d)};`, '}');
      this.functions.push(lines.join('\n'));
    });
  }

  /** An event's handlers, one after another, as the machine runs a fired event: a function of the event's arguments. */
  event(name: string, kinds: readonly Kind[]): string {
    // One function per event and what is known of its arguments (the handlers read their properties in place).
    const known = kinds.map((k) => (isThingOrNone(k) ? k : 'any'));
    return this.once(this.events, `${name}/${known.join(',')}`, 'e', (js) => {
      const names = (this.m.events.get(name)?.params ?? []).map((p) => p.text);
      const params = names.map(() => this.local());
      const scope: Scope = new Map(names.map((p, i) => [p, { js: params[i]!, t: known[i] ?? 'any' }]));
      // Resuming (`from` at least 0): the handlers before the one running are passed over, and its
      // condition not judged again.
      const resumes = this.deciding.event(name);
      const lines = [`function ${js}(${[...params, ...(resumes ? ['from = -1'] : [])].join(', ')}) {`, `  if (++depth > ${CALLS_BEFORE_GIVING_UP}) deopt();`];
      (this.m.handlers.get(name) ?? []).forEach(({ rule, power }, k) => {
        // Each handler's power and condition are judged when its turn comes (after the handlers before it ran).
        const tests = [...(power ? [`holds(cur, ${this.constant(power)})`] : []), ...(rule.trigger?.where ? [truth(this.src(rule.trigger.where, scope, false))] : [])];
        // Stopped inside a handler: its call's frame (the event's arguments by its parameters), then
        // the event's, past this handler (its arguments are filled in where it was fired).
        const frames = `{ k: 'call', rule: ${this.constant(rule.name.text)}, vars: ${this.heldVars(names.map((name, i) => ({ name, js: params[i]! })))} }, { k: 'fire', event: ${this.constant(name)}, args: null, i: ${k + 1} }`;
        const body = this.deciding.block(rule.body) ? this.stopped(this.block(rule.body, scope, '    '), frames, '    ') : this.block(rule.body, scope, '    ');
        const judged = tests.join(' && ') || 'true';
        const runs = resumes ? `from < ${k} ? ${judged} : from === ${k} && (rcall(${this.constant(rule.name.text)}), true)` : judged;
        lines.push(`  if (++rounds > ${ROUNDS_BEFORE_GIVING_UP}) deopt();`, `  if (${runs}) {`, `    if (watch !== null) watch.fired(${rule.span.start});`, body.trimEnd(), '  }');
      });
      lines.push('  depth--;', '}');
      this.functions.push(lines.join('\n'));
    });
  }

  /** What a define gives, worked out from its body (a define that calls itself: anything). */
  private typeOfDefine(d: DefineDecl): { t: Kind; of?: RefKind } {
    let t = this.defineTypes.get(d);
    if (t === undefined) {
      this.defineTypes.set(d, { t: 'any' });
      const scope: Scope = new Map(d.params.map((p) => [p.text, { js: 'x', t: 'any' as Kind }]));
      const saved = this.saveOutput();
      try {
        const body = this.outsideLoops(() => this.src(d.body, scope, false));
        t = body.of ? { t: body.t, of: body.of } : { t: body.t };
      } finally {
        this.restoreOutput(saved);
      }
      this.defineTypes.set(d, t);
    }
    return t;
  }

  private call(name: string, args: readonly Expr[], span: Span, scope: Scope, open: boolean): Src {
    if (this.m.defines.has(name)) return this.defineCall(name, args, span, scope, open);
    const a = args.map((x) => this.src(x, scope, open));
    if (name === 'count' && a.length === 1) return { js: `${list(a[0]!)}.length`, t: 'num' };
    if (name === 'pieces-at' && a.length === 1) return { js: `HERE[${space(a[0]!)}.i]`, t: 'list', of: 'piece' };
    if ((name === 'toward' || name === 'line') && a.length === 2) {
      // A direction written out is found once, here; another is looked up as the game runs.
      const written = args[1]!.kind === 'Text' ? this.w.ways.get(args[1]!.value) : undefined;
      const way = written === undefined ? `way(${a[1]!.js})` : `(${written})`;
      return name === 'line' ? { js: `line(${space(a[0]!)}, ${way})`, t: 'list', of: 'space' } : { js: `toward(${space(a[0]!)}, ${way})`, t: 'space?' };
    }
    if (name === 'opposite' && a.length === 1) return { js: `opposite(${a[0]!.js})`, t: 'scalar' };
    const all = `[${a.map((x) => x.js).join(', ')}]`;
    switch (name) {
      case 'sum': return { js: `numbers(${all}).reduce((x, y) => x + y, 0)`, t: 'num' };
      case 'max': return { js: `most(numbers(${all}), true)`, t: 'any' };
      case 'min': return { js: `most(numbers(${all}), false)`, t: 'any' };
      case 'abs': return { js: `Math.abs(${number(a[0] ?? { js: 'null', t: 'scalar' })})`, t: 'num' };
      case 'count': return { js: `L(${a[0]?.js ?? 'null'}).length`, t: 'num' };
      case 'distinct': return { js: `distinct(L(${a[0]?.js ?? 'null'}))`, t: 'list' };
      case 'flatten': return { js: `flatten(L(${a[0]?.js ?? 'null'}))`, t: 'list' };
      case 'neighbours': return { js: `NEIGHBOURS[${space(a[0])}.i]`, t: 'list', of: 'space' };
      case 'adjacent': return { js: `adjacent(${space(a[0])}, ${space(a[1])})`, t: 'bool' };
      case 'directions': return { js: `DIRECTIONS[${space(a[0])}.i]`, t: 'list' };
      case 'players-from': return { js: `playersFrom(${a[0]?.js ?? 'null'})`, t: 'list', of: 'player' };
      case 'holds': return { js: `holdsOf(${a[0]?.js ?? 'null'}, ${a[1]?.js ?? 'null'})`, t: 'bool' };
      case 'set-score': return { js: `setScore(L(${a[0]?.js ?? 'null'}), String(${a[1]?.js ?? 'undefined'}), L(${a[2]?.js ?? 'null'}).map(N))`, t: 'num' };
    }
    return unsupported(`the built-in \`${name}\``, span);
  }

  /** `name of target`, as the machine's general reading of a property: one function per property name. */
  private property(e: Extract<Expr, { kind: 'Of' }>, scope: Scope, open: boolean): Src {
    const name = e.property.text;
    if (e.on) {
      // `scored of p on c`: p's value for the thing c (a counter of another kind cannot be read so).
      const c = this.counters.get(name);
      if (c?.per !== 'player-thing') return { js: 'deopt()', t: 'any' };
      return { js: `${c.js}[cell(${c.rows}, ${this.expr(e.target, scope, open)}, ${this.expr(e.on, scope, open)})]`, t: c.any ? 'any' : 'num' };
    }
    const target = this.src(e.target, scope, open);
    const t = target.js;
    const m = this.m;
    if (name === 'name') return { js: `NAME(nonNull(${t}))`, t: 'scalar' };
    const counter = this.counters.get(name);
    const attrs: (CValue | undefined)[] = this.w.spaceIds.map((id) => m.things.get(id)?.attrs[name]);
    const isCounter = counter !== undefined && !counter.any && counter.per !== 'game' && !['owner', 'space', 'slot', 'position', 'seat'].includes(name);
    // A target of a known kind, held in a local: read as the property function would for that kind.
    if (/^v\d+$/.test(t) || SHARED.test(t) || t === CURRENT_PLAYER) {
      const direct = this.directProperty(name, target.t, t, attrs);
      if (direct !== null) return direct;
    }
    let fn = this.properties.get(name);
    if (fn === undefined) {
      // (Its body reads only its target: nothing in it is a loop's to hoist.)
      this.properties.set(name, (fn = `p${this.properties.size}`));
      const declaredAttr = this.declared(name);
      const lines: string[] = [`function ${fn}(t) {`, '  if (!(t instanceof Ref)) deopt();'];
      // A space: a counter kept for each space, else its attribute, else its position.
      lines.push('  if (t.kind === 0) {');
      if (counter?.per === 'space') lines.push(`    return ${counter.js}[t.i];`);
      else if (counter) lines.push('    deopt();');
      else {
        lines.push(`    const a = ${this.constant(attrs)}[t.i];`, '    if (a !== undefined) return a;');
        if (name === 'position') lines.push('    return POSITIONS[t.i];');
        else if (declaredAttr) lines.push('    return null;');
        else lines.push('    deopt();');
      }
      lines.push('  }');
      // A piece: its owner, space, slot or position; else a counter kept for each piece.
      lines.push('  if (t.kind === 1) {');
      if (name === 'owner') lines.push('    return OWNERS[t.i];');
      else if (name === 'space') lines.push('    return SPACE_OF[t.i] < 0 ? null : SPACES[SPACE_OF[t.i]];');
      else if (name === 'slot') lines.push('    return SPACE_OF[t.i] < 0 ? null : SLOT_OF[t.i];');
      else if (name === 'position') lines.push('    return SPACE_OF[t.i] < 0 ? null : POSITIONS[SPACE_OF[t.i]];');
      else if (counter?.per === 'piece') lines.push(`    return ${counter.js}[t.i];`);
      else lines.push('    deopt();');
      lines.push('  }');
      // A card: its attribute (a card in no zone has no zone).
      lines.push('  if (t.kind === 3) {');
      lines.push(`    const a = ${this.constant(this.w.cardIds.map((id) => m.things.get(id)!.attrs[name]))}[t.i];`, '    if (a !== undefined) return a;');
      if (name === 'zone') lines.push('    return CARD_ZONE[t.i] < 0 ? null : ZONE_REFS[CARD_ZONE[t.i]];');
      else lines.push(declaredAttr ? '    return null;' : '    deopt();');
      lines.push('  }');
      // A zone: its owner.
      lines.push('  if (t.kind === 4) {', name === 'owner' ? '    return ZONE_SEAT[t.i];' : '    deopt();', '  }');
      // A player: its seat, a counter kept per player, or its zone of that name.
      if (name === 'seat') lines.push('  return t.i;');
      else if (counter?.per === 'player') lines.push(`  return ${counter.js}[t.i];`);
      else if (!counter && m.zones.get(name)?.perPlayer) lines.push(`  return ${this.constant(this.w.seatZones.get(name))}[t.i];`);
      else lines.push('  return deopt();');
      lines.push('}');
      this.functions.push(lines.join('\n'));
    }
    return { js: `${fn}(${t})`, t: isCounter ? 'num' : 'scalar' };
  }

  /**
   * `name of x` where x is known to be a thing of one kind: the property function's reading for
   * that kind, written in place (null where it would not be one plain read).
   */
  private directProperty(name: string, kind: Kind, x: string, spaceAttrs: readonly (CValue | undefined)[]): Src | null {
    if (kind.endsWith('?')) {
      // A thing or none: none gives the game up, as the property function does for anything but a thing.
      const read = this.directProperty(name, kind.slice(0, -1) as RefKind, x, spaceAttrs);
      return read && { ...read, js: `(${x} === null ? deopt() : ${read.js})` };
    }
    const counter = this.counters.get(name);
    const num = (js: string): Src => ({ js, t: counter?.any ? 'any' : 'num' });
    switch (kind) {
      case 'piece':
        if (name === 'owner') return { js: `OWNERS[${x}.i]`, t: 'player?' };
        if (name === 'space') return { js: `(SPACE_OF[${x}.i] < 0 ? null : SPACES[SPACE_OF[${x}.i]])`, t: 'space?' };
        if (name === 'position') return counter ? null : { js: `(SPACE_OF[${x}.i] < 0 ? null : POSITIONS[SPACE_OF[${x}.i]])`, t: 'scalar' };
        if (name === 'slot') return { js: `(SPACE_OF[${x}.i] < 0 ? null : SLOT_OF[${x}.i])`, t: 'scalar' };
        return counter?.per === 'piece' ? num(`${counter.js}[${x}.i]`) : null;
      case 'space':
        if (counter) return counter.per === 'space' ? num(`${counter.js}[${x}.i]`) : null;
        // Its place along its board, where no space has an attribute of that name.
        if (name === 'position' && spaceAttrs.every((a) => a === undefined)) return { js: `POSITIONS[${x}.i]`, t: 'scalar' };
        // An attribute every space has, else none where one is declared (a space without it reads so: see the property function).
        if (spaceAttrs.every((a) => a !== undefined)) return { js: `${this.spaceTable(name, spaceAttrs)}[${x}.i]`, t: 'scalar' };
        return name !== 'position' && this.declared(name) ? { js: `(${this.spaceTable(name, spaceAttrs)}[${x}.i] ?? null)`, t: 'scalar' } : null;
      case 'player':
        if (name === 'seat') return { js: `${x}.i`, t: 'num' };
        if (counter?.per === 'player') return num(`${counter.js}[${x}.i]`);
        if (!counter && this.m.zones.get(name)?.perPlayer) return { js: `${this.constant(this.w.seatZones.get(name))}[${x}.i]`, t: 'scalar' };
        return null;
      case 'card': {
        if (name === 'zone') return null;
        const attrs = this.w.cardIds.map((id) => this.m.things.get(id)!.attrs[name]);
        if (attrs.every((a) => a !== undefined)) return { js: `${this.cardTable(name, attrs)}[${x}.i]`, t: 'scalar' };
        return this.declared(name) ? { js: `(${this.cardTable(name, attrs)}[${x}.i] ?? null)`, t: 'scalar' } : null;
      }
      default: return null;
    }
  }

  /** A comprehension: a function of the locals it reads, looping over its list. */
  private comprehension(e: Extract<Expr, { kind: 'Comprehension' }>, scope: Scope, open: boolean, firstOfSorted = false): Src {
    const q = e.quantifier;
    if (!['any', 'every', 'first', 'last', 'count', 'all', 'each', 'sum', 'max', 'min', 'sorted', 'best', 'worst', 'connected'].includes(q) || (q === 'connected' && e.stops)) return unsupported(`\`${q}\``, e.span);
    const items = this.local(), i = this.local(), x = this.local(), n = this.local();
    const listSrc = this.src(e.list, scope, open);
    const inner = new Map(scope).set(e.variable.text, { js: x, t: itemOf(listSrc) });
    const ranged = !e.stops && !firstOfSorted && !['every', 'sorted', 'best', 'worst', 'connected'].includes(q);
    const range = ranged ? this.positionRange(e.list, e.where, e.variable.text, scope, open) : null;
    const loop = newLoop(e.variable.text);
    this.loops.push(loop);
    const cond = this.condition(e.where, range?.tests ?? 0, inner, open);
    const key = e.keys.length ? this.src(e.keys[0]!, inner, open) : { js: 'null', t: 'any' as Kind };
    const keyJs = e.keys.map((k) => this.expr(k, inner, open));
    const allKeys = `[${keyJs.join(', ')}]`;
    const keyNames = keyJs.map((_, j) => `k${j}`);
    // Whether the item's keys come before the best's: the first key that differs decides.
    const earlier = (j: number): string => (j >= keyNames.length ? 'false' : j === keyNames.length - 1
      ? `compareKey(k${j}, bk${j}) < 0`
      : `((c = compareKey(k${j}, bk${j})) < 0 || (c === 0 && ${earlier(j + 1)}))`);
    this.loops.pop();
    if (q === 'connected') {
      // A flood fill: the spaces reachable from the start through neighbours, each passing the condition.
      const ok = `const ok = (${x}) => ${cond ?? 'true'};`;
      return { ...this.loopFunction(scope, [
        ...loop.decls,
        ok,
        `const start = ${listSrc.js};`,
        'const starts = start instanceof Ref && start.kind === 0 ? [start] : L(start).filter((t) => t instanceof Ref && t.kind === 0);',
        'const reached = new Uint8Array(SPACES.length), queue = [];',
        'for (const t of starts) if (!reached[t.i] && ok(t)) { reached[t.i] = 1; queue.push(t); }',
        'for (let k = 0; k < queue.length; k++) for (const t of NEIGHBOURS[queue[k].i]) if (!reached[t.i] && ok(t)) { reached[t.i] = 1; queue.push(t); }',
        'return queue;',
      ], 'list'), of: 'space' };
    }
    if (firstOfSorted) {
      // The first item a stable sort by the keys would put first: the earliest of those with the least keys.
      return this.loopFunction(scope, [
        ...loop.decls,
        `const ${items} = ${list(listSrc)};`,
        // Each key and the best's kept in locals (no tuple made per item), compared key by key.
        `let best = null, found = false, c = 0${keyNames.map((k) => `, b${k}`).join('')};`,
        `for (let ${i} = 0; ${i} < ${items}.length; ${i}++) { const ${x} = ${items}[${i}]; ${cond ? `if (!${cond}) continue; ` : ''}${keyNames.map((k, j) => `const ${k} = ${keyJs[j]}; `).join('')}if (!found || ${earlier(0)}) { best = ${x}; found = true; ${keyNames.map((k) => `b${k} = ${k};`).join(' ')} } }`,
        'return found ? best : deopt();',
      ], listSrc.t === 'list' && listSrc.of ? listSrc.of : 'any');
    }
    if (q === 'sorted' || q === 'best' || q === 'worst') {
      // Ordered by their keys (numbers by value, anything else by label), ties in the list's order.
      const keys = allKeys;
      const edge = q === 'sorted' ? `return keyed.map((k) => k.item);` : `if (!keyed.length) return [];\n  const edge = keyed[${q === 'best' ? 'keyed.length - 1' : '0'}];\n  return keyed.filter((k) => compareKeys(k.keys, edge.keys) === 0).map((k) => k.item);`;
      return this.loopFunction(scope, [
        ...loop.decls,
        `const ${items} = ${list(listSrc)};`,
        'const keyed = [];',
        `for (let ${i} = 0; ${i} < ${items}.length; ${i}++) { const ${x} = ${items}[${i}]; ${cond ? `if (!${cond}) continue; ` : ''}keyed.push({ item: ${x}, keys: ${keys} }); }`,
        'keyed.sort((a, b) => compareKeys(a.keys, b.keys));',
        edge,
      ], 'list');
    }
    if (q === 'every' && !e.stops && e.where && isNoSpaceTest(e.where, e.variable.text, true) && e.list.kind === 'Ref' && !scope.has(e.list.name.text)
      && this.m.collections.has(e.list.name.text) && !this.counters.has('space')) {
      // `every q in pieces where space of q is not none`: none of them is in supply.
      return { js: `(SUPPLY_COUNT[${this.collectionIndex(this.m.collections.get(e.list.name.text)!)}] === 0)`, t: 'bool' };
    }
    const whole = range?.list ?? list(listSrc);
    const plan = e.stops || q === 'every' || range !== null ? null : this.indexPlan(e, scope, open);
    // The first piece on a space, where that is the whole condition: found in place, no list made.
    if (plan?.onSpace && plan.whole && q === 'first') return { js: `firstOn(${plan.onSpace.c}, ${plan.onSpace.value})`, t: 'piece?' };
    const lines = [...loop.decls, `const ${items} = ${plan === null ? whole : plan.whole ? plan.js : `${plan.js} ?? ${whole}`};`, `let lo = 0, hi = ${items}.length;`];
    if (range) lines.push(range.bound('lo', 'hi'));
    if (e.stops) {
      // `while COND`: the items from the first up to the first that fails COND.
      lines.push(`let ${n} = 0;`, `while (${n} < ${items}.length) { const ${x} = ${items}[${n}]; if (!${cond}) break; ${n}++; }`);
      switch (q) {
        case 'count': lines.push(`return ${n};`); break;
        case 'any': lines.push(`return ${n} > 0;`); break;
        case 'every': lines.push('return true;'); break;
        case 'first': lines.push(`return ${n} > 0 ? ${items}[0] : null;`); break;
        case 'last': lines.push(`return ${n} > 0 ? ${items}[${n} - 1] : null;`); break;
        case 'all': lines.push(`return ${items}.slice(0, ${n});`); break;
        default: lines.push(`const kept = ${items}.slice(0, ${n});`, `hi = ${n};`, ...this.fold(q, 'kept', i, x, key, null));
      }
    } else lines.push(...this.fold(q, items, i, x, key, plan?.whole ? null : cond));
    if (q === 'all') return { ...this.loopFunction(scope, lines, 'list'), ...(listSrc.of ? { of: listSrc.of } : {}) };
    // The first or last of things of one kind: such a thing, or none.
    const found: Kind = (q === 'first' || q === 'last') && listSrc.t === 'list' && listSrc.of ? `${listSrc.of}?` : 'any';
    return this.loopFunction(scope, lines, q === 'any' || q === 'every' ? 'bool' : q === 'count' || q === 'sum' ? 'num' : q === 'each' ? 'list' : found);
  }

  /** A function of the locals of `scope` its body reads, written once; its call. */
  private loopFunction(scope: Scope, lines: readonly string[], t: Kind): Src {
    const body = lines.map((l) => `  ${l}`).join('\n');
    const outer = new Set([...scope.values()].map((v) => v.js));
    const params = [...new Set(body.match(/\bv\d+\b/g) ?? [])].filter((v) => outer.has(v));
    const fn = `c${this.comprehensions++}`;
    this.functions.push(`function ${fn}(${params.join(', ')}) {\n${body}\n}`);
    return { js: `${fn}(${params.join(', ')})`, t };
  }

  /**
   * `first q in pieces where space of q = s and …`, `… where owner of q = p and …`: the items of a
   * collection of pieces that can pass, found by index (the pieces on the space; the owner's pieces),
   * in the collection's order. Only when the indexed test comes first, so what is evaluated is
   * what trying every item in order evaluates. The rest of the condition is judged on each; where
   * the indexed tests are the whole condition (`whole`), the index finds exactly the items that
   * pass, and nothing is judged again.
   */
  private indexPlan(e: Extract<Expr, { kind: 'Comprehension' }>, scope: Scope, open: boolean): { js: string; whole: boolean; onSpace?: { c: number; value: string } } | null {
    if (!e.where || e.list.kind !== 'Ref' || scope.has(e.list.name.text)) return null;
    const listName = e.list.name.text;
    const tests = conjuncts(e.where);
    const first = tests[0]!;
    if (first.kind !== 'Binary' || (first.op !== '=' && first.op !== 'is')) return null;
    const variable = e.variable.text;
    const propertyOf = (x: Expr) => (x.kind === 'Of' && !x.on && x.target.kind === 'Ref' && x.target.name.text === variable ? x.property.text : null);
    for (const [side, other] of [[first.left, first.right], [first.right, first.left]] as const) {
      const property = propertyOf(side);
      if (property === null || mentions(other, variable)) continue;
      // The property must be what it seems: no counter of that name takes it over.
      if (this.counters.has(property)) return null;
      const value = this.expr(other, scope, open);
      const collection = this.m.collections.get(listName);
      if (collection && (property === 'space' || property === 'owner')) {
        const c = this.collectionIndex(collection);
        // `owner of q = p and space of q is none …`: p's pieces in supply.
        const next = tests[1] ?? null;
        if (property === 'owner' && next !== null && isNoSpaceTest(next, variable)) return { js: `inSupply(${c}, ${value})`, whole: tests.length === 2 };
        // `owner of q = p and space of q is not none …` (or a define saying so of q): p's pieces on the board.
        if (property === 'owner' && next !== null && this.isOnBoardTest(next, variable)) return { js: `onBoard(${c}, ${value})`, whole: tests.length === 2 };
        if (property === 'space') return { js: `onSpace(${c}, ${value})`, whole: tests.length === 1, onSpace: { c, value } };
        return { js: `ownedBy(${c}, ${value})`, whole: tests.length === 1 };
      }
      // A board's spaces or a table's things by an attribute every one of them has.
      const ids = this.m.boards.get(listName)?.order ?? this.m.tableThings.get(listName);
      if (!ids || collection || property === 'position' || property === 'name' || property === 'zone') return null;
      const byValue = new Map<unknown, Ref[]>();
      for (const id of ids) {
        const v = this.m.things.get(id)?.attrs[property];
        if (v === undefined) return null;
        let items = byValue.get(v);
        if (!items) byValue.set(v, (items = []));
        items.push(this.thing(id));
      }
      // `… where x of s = a and y of s = b`: by both attributes at once (a cell by its coordinates).
      const second = this.secondAttribute(tests[1], variable, property, ids);
      if (second !== null) {
        const byBoth = new Map([...byValue.keys()].map((v) => [v, new Map<unknown, Ref[]>()]));
        for (const id of ids) {
          const attrs = this.m.things.get(id)!.attrs;
          const byOther = byBoth.get(attrs[property])!;
          let items = byOther.get(attrs[second.property]);
          if (!items) byOther.set(attrs[second.property], (items = []));
          items.push(this.thing(id));
        }
        const other = this.expr(second.other, scope, open);
        if (smallWholeNumbers(byBoth.keys()) && [...byBoth.values()].every((byOther) => smallWholeNumbers(byOther.keys()))) {
          return { js: `byNumbers(${this.constant(dense(new Map([...byBoth].map(([v, byOther]) => [v, dense(byOther)]))))}, ${value}, ${other})`, whole: tests.length === 2 };
        }
        return { js: `withValues(${this.constant(byBoth)}, ${value}, ${other})`, whole: tests.length === 2 };
      }
      if (smallWholeNumbers(byValue.keys())) return { js: `byNumber(${this.constant(dense(byValue))}, ${value})`, whole: tests.length === 1 };
      return { js: `withValue(${this.constant(byValue)}, ${value})`, whole: tests.length === 1 };
    }
    return null;
  }

  /** `space of q is not none`, or a call on q of a define of one parameter that says just that (no power overrides it). */
  private isOnBoardTest(test: Expr, variable: string): boolean {
    if (isNoSpaceTest(test, variable, true)) return true;
    if (test.kind !== 'Call' || test.args.length !== 1 || test.args[0]!.kind !== 'Ref' || test.args[0]!.name.text !== variable) return false;
    const d = this.m.defines.get(test.callee.text);
    return d !== undefined && d.params.length === 1 && !this.m.overrides.has(test.callee.text) && isNoSpaceTest(d.body, d.params[0]!.text, true);
  }

  /**
   * The second test of an index plan on a board's spaces or a table's things, where it too is an
   * attribute every one of them has (another than the first's) equal to a value that does not read
   * the item: the attribute and the value. The value is then worked out before any item is tried,
   * where trying them in order works it out only once one passes the first test; it reads nothing
   * that changes, and an error it meets gives the game up (the machine plays it and finds the truth).
   */
  private secondAttribute(test: Expr | undefined, variable: string, first: string, ids: readonly string[]): { property: string; other: Expr } | null {
    if (test === undefined || test.kind !== 'Binary' || (test.op !== '=' && test.op !== 'is')) return null;
    for (const [side, other] of [[test.left, test.right], [test.right, test.left]] as const) {
      if (side.kind !== 'Of' || side.on || side.target.kind !== 'Ref' || side.target.name.text !== variable || mentions(other, variable)) continue;
      const property = side.property.text;
      if (property === first || property === 'position' || property === 'name' || property === 'zone' || this.counters.has(property)) return null;
      return ids.every((id) => this.m.things.get(id)?.attrs[property] !== undefined) ? { property, other } : null;
    }
    return null;
  }

  /**
   * `… s in track where position of s > position of t and position of s <= … and …`: over a board's
   * spaces in their order, where a space's position is its place in the list, leading order tests
   * of `position of s` bound a range of the list. Only that range is tried, and those tests are
   * not judged again (the rest of the condition is: see condition): the list, as JavaScript, the
   * bounds, and how many leading tests they stand for; or null.
   */
  private positionRange(list: Expr, where: Expr | null, variable: string, scope: Scope, open: boolean): { list: string; bound: (lo: string, hi: string) => string; tests: number } | null {
    if (!where || list.kind !== 'Ref' || scope.has(list.name.text) || !this.m.boards.has(list.name.text)) return null;
    if (this.counters.has('position') || [...this.m.things.values()].some((t) => t.attrs.position !== undefined)) return null;
    const tests = conjuncts(where);
    const isPosition = (x: Expr) => x.kind === 'Of' && !x.on && x.property.text === 'position' && x.target.kind === 'Ref' && x.target.name.text === variable;
    const MIRROR: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
    const bounds: [string, string][] = [];
    for (const t of tests) {
      if (t.kind !== 'Binary' || !(t.op in MIRROR)) break;
      const [op, other] = isPosition(t.left) ? [t.op, t.right] : isPosition(t.right) ? [MIRROR[t.op]!, t.left] : [null, null];
      if (op === null || other === null || mentions(other, variable)) break;
      bounds.push([op, number(this.src(other, scope, open))]);
    }
    if (!bounds.length) return null;
    const spaces = this.constant(this.m.boards.get(list.name.text)!.order.map((id) => this.w.spaces[this.w.spaceIndex.get(id)!]!));
    // A bound that is not a number (NaN) leaves the range empty, as every test would fail.
    const bound = (lo: string, hi: string) => bounds.map(([op, x]) => {
      switch (op) {
        case '>': return `${lo} = Math.max(${lo}, Math.floor(${x}) + 1);`;
        case '>=': return `${lo} = Math.max(${lo}, Math.ceil(${x}));`;
        case '<': return `${hi} = Math.min(${hi}, Math.ceil(${x}));`;
        default: return `${hi} = Math.min(${hi}, Math.floor(${x}) + 1);`;
      }
    }).join(' ');
    return { list: spaces, bound, tests: bounds.length };
  }

  /**
   * A condition as a test, but for its first `skipped` tests (those a range of positions already
   * ensures: every item in the range passes them, and they read nothing that could fail there that
   * working out the range did not): null where nothing is left to judge.
   */
  private condition(where: Expr | null, skipped: number, scope: Scope, open: boolean): string | null {
    if (!where) return null;
    if (skipped === 0) return truth(this.src(where, scope, open));
    const rest = conjuncts(where).slice(skipped);
    return rest.length ? `(${rest.map((t) => truth(this.src(t, scope, open))).join(' && ')})` : null;
  }

  /** A table's thing: a board's space, or a card. */
  thing(id: string): Ref {
    const space = this.w.spaceIndex.get(id);
    return space !== undefined ? this.w.spaces[space]! : this.w.cards[this.w.cardIndex.get(id)!]!;
  }

  /** A collection's number in the program's tables of collections. */
  collectionIndex(ids: readonly string[]): number {
    let c = this.collections.indexOf(ids);
    if (c < 0) c = this.collections.push(ids) - 1;
    return c;
  }

  /** The body of a comprehension over `items` (each item `x`, kept where `cond` holds). */
  private fold(q: string, items: string, i: string, x: string, key: Src, cond: string | null): string[] {
    // Over the items from lo up to hi (all of them but where a range of positions was found).
    const loop = (body: string) => `for (let ${i} = lo; ${i} < hi; ${i}++) { const ${x} = ${items}[${i}]; ${cond ? `if (!${cond}) continue; ` : ''}${body} }`;
    switch (q) {
      case 'any': return [loop('return true;'), 'return false;'];
      case 'every': return cond ? [`for (let ${i} = 0; ${i} < ${items}.length; ${i}++) { const ${x} = ${items}[${i}]; if (!${cond}) return false; }`, 'return true;'] : ['return true;'];
      case 'first': return [loop(`return ${x};`), 'return null;'];
      case 'last': return [`for (let ${i} = hi - 1; ${i} >= lo; ${i}--) { const ${x} = ${items}[${i}]; ${cond ? `if (!${cond}) continue; ` : ''}return ${x}; }`, 'return null;'];
      // (With nothing to judge, the items from lo up to hi; a bound that is not a number: none.)
      case 'count': return cond ? ['let c = 0;', loop('c++;'), 'return c;'] : ['return hi > lo ? hi - lo : 0;'];
      case 'all': return cond ? ['const out = [];', loop(`out.push(${x});`), 'return out;'] : [`return hi > lo ? ${items}.slice(lo, hi) : [];`];
      case 'each': return ['const out = [];', loop(`out.push(${key.js});`), 'return out;'];
      case 'sum': return ['let s = 0;', loop(`s += ${number(key)};`), 'return s;'];
      default: {
        const better = q === 'max' ? '>' : '<';
        return ['let best = null;', loop(`const k = ${number(key)}; if (best === null || k ${better} best) best = k;`), 'return best;'];
      }
    }
  }

  // ─── Statements ───

  block(b: Block, outer: Scope, indent: string): string {
    const scope = new Map(outer);
    // The runaway guard's count (see ROUNDS_BEFORE_GIVING_UP): checked where a run can go on, at loops and calls.
    let out = `${indent}rounds += ${b.stmts.length + 1};\n`;
    const resumable = this.deciding.block(b);
    const startVars = this.startVars;
    this.startVars = [];
    const [outerVars, outerAt, outerBlock] = [this.blockVars, this.stmtAt, this.blockAt];
    this.blockVars = [];
    this.blockAt = b;
    const parts = b.stmts.map((s, at) => {
      this.stmtAt = at;
      return this.stmt(s, scope, resumable ? `${indent}  ` : indent);
    });
    const vars = this.blockVars;
    [this.blockVars, this.stmtAt, this.blockAt] = [outerVars, outerAt, outerBlock];
    if (vars.length) out += `${indent}let ${vars.map((v) => v.js).join(', ')};\n`;
    if (!resumable) return out + parts.join('');
    // Resuming: the block starts at the statement its frame names, with the variables set before it.
    const f = this.local(), pc = this.local();
    out += `${indent}let ${pc} = 0;\n${indent}if (RS !== null) {\n${indent}  const ${f} = rblock(${this.m.blockIds.get(b)!});\n${indent}  ${pc} = resumedAt;\n`;
    for (const v of vars) out += `${indent}  if (${pc} > ${v.at}) ${v.js} = VAR(${f}, ${this.constant(v.name)});\n`;
    if (!this.live) {
      out += `${indent}}\n${indent}switch (${pc}) {\n`;
      parts.forEach((part, at) => (out += `${indent}case ${at}: {\n${part}${indent}}\n`));
      return `${out}${indent}}\n`;
    }
    // Stopped: the block's frame, at the choice waited at (the innermost frame) or past the
    // statement in progress, with the variables set so far.
    out += `${indent}}\n${indent}try {\n${indent}switch (${pc}) {\n`;
    parts.forEach((part, at) => (out += `${indent}case ${at}: {\n${indent}  ${pc} = ${at};\n${part}${indent}}\n`));
    const at = this.local(), held = this.local();
    const sets = [
      ...startVars.map((v) => `${held}[${this.constant(v.name)}] = OUT(${v.js});`),
      ...vars.map((v) => `if (${at} > ${v.at}) ${held}[${this.constant(v.name)}] = OUT(${v.js});`),
    ];
    out += `${indent}}\n${indent}} catch (e) {\n${indent}  if (e === STOP) {\n`
      + `${indent}    const ${at} = XS.length === 0 ? ${pc} : ${pc} + 1, ${held} = {};\n`
      + sets.map((l) => `${indent}    ${l}\n`).join('')
      + `${indent}    XS.push({ k: 'block', b: ${this.m.blockIds.get(b)!}, pc: ${at}, vars: ${held} });\n${indent}  }\n${indent}  throw e;\n${indent}}\n`;
    return out;
  }

  /** Code that, in a live program, adds a frame to XS as a stop passes on its way out (see the constructor). */
  private stopped(body: string, frame: string, ind: string): string {
    if (!this.live) return body;
    return `${ind}try {\n${body}${ind}} catch (e) {\n${ind}  if (e === STOP) XS.push(${frame});\n${ind}  throw e;\n${ind}}\n`;
  }

  /** In a live program, where a statement is (its line and column), as the log lines it writes name it; else nothing. */
  private atOf(s: Stmt): string {
    // (Shared by every line the statement writes: frozen, so that no reader of one changes the others.)
    return this.live ? this.constant(Object.freeze(lineAndColumn(this.m.def, s.span.start))) : '';
  }
  /** A line of the log a live program writes (none in a playout's). */
  private note(text: string, s: Stmt, ind: string): string {
    return this.live ? `${ind}note(${text}, ${this.atOf(s)});\n` : '';
  }

  /**
   * A live program's further arguments of decide: what the others read of the choice made hidden
   * (`take a hidden card`, `choose bid (hidden)`), and where the choice is.
   */
  private choiceNote(s: ChooseStmt | Extract<Stmt, { kind: 'Menu' }>): string {
    if (!this.live) return '';
    const hidden = s.kind === 'Choose'
      ? s.label.kind === 'verb' ? `${s.label.verb.text} a hidden card` : `choose ${s.name.text} (hidden)`
      : `choose ${s.name?.text ?? 'an option'} (hidden)`;
    return `${s.kind === 'Menu' ? ", '', -1" : ''}, ${this.constant(hidden)}, ${this.atOf(s)}`;
  }

  /** The variables a frame holds, as an object of machine values (in the order given). */
  private heldVars(vars: readonly { name: string; js: string }[]): string {
    return `{ ${vars.map((v) => `[${this.constant(v.name)}]: OUT(${v.js})`).join(', ')} }`;
  }

  /** Where the statement being written is, as the machine's frames name it. */
  private here(): string {
    return `{ b: ${this.m.blockIds.get(this.blockAt!)!}, pc: ${this.stmtAt} }`;
  }

  /** A variable set by the statement being written, declared at its block's start: its local. */
  private blockVar(name: string): string {
    const js = this.local();
    this.blockVars.push({ js, name, at: this.stmtAt });
    return js;
  }

  /** One statement; a `let` or a choice adds its variable to `scope` for the statements after it. */
  private stmt(s: Stmt, scope: Map<string, Src>, ind: string): string {
    const e = (x: Expr) => this.expr(x, scope, true);
    const test = (x: Expr) => truth(this.src(x, scope, true));
    switch (s.kind) {
      case 'Let': {
        const v = this.blockVar(s.name.text);
        const value = this.src(s.value, scope, true);
        scope.set(s.name.text, { js: v, t: value.t });
        return `${ind}${v} = ${value.js};\n`;
      }
      case 'Change': return this.change(s, scope, ind);
      case 'Move': return `${ind}move(${e(s.what)}, ${e(s.to)}, ${s.position === 'top'}${this.live ? `, ${this.atOf(s)}` : ''});\n`;
      case 'Draw': return `${ind}draw(${e(s.count)}, ${e(s.from)}, ${e(s.to)}${this.live ? `, ${this.atOf(s)}` : ''});\n`;
      case 'Shuffle': return `${ind}shuffle(${e(s.zone)}${this.live ? `, ${this.atOf(s)}` : ''});\n`;
      case 'Reveal': return `${ind}reveal(${e(s.what)}${this.live ? `, ${this.atOf(s)}` : ''});\n`;
      case 'Random': {
        const items = this.local(), x = this.local(), kept = this.local();
        const inner = new Map(scope).set(s.variable.text, { js: x, t: 'any' });
        const where = s.where ? truth(this.src(s.where, inner, true)) : 'true';
        const from = e(s.from);
        const picked = this.blockVar(s.variable.text);
        scope.set(s.variable.text, { js: picked, t: 'any' });
        return `${ind}const ${items} = L(${from});\n${ind}const ${kept} = [];\n${ind}for (const ${x} of ${items}) if (${where}) ${kept}.push(${x});\n${ind}${picked} = ${kept}.length ? ${kept}[nextInt(${kept}.length)] : null;\n`
          + (this.live ? `${ind}notePicked(${picked}, ${this.atOf(s)});\n` : '');
      }
      case 'If': {
        // Resuming: the branch is the one whose block is the next frame.
        const resumes = this.deciding.stmt(s);
        const branch = (cond: Expr | null, body: Block): string => {
          if (!resumes) return cond === null ? '' : test(cond);
          const resumed = this.deciding.block(body) ? `rnext().b === ${this.m.blockIds.get(body)!}` : 'false';
          return `(RS !== null ? ${resumed} : ${cond === null ? 'true' : test(cond)})`;
        };
        let js = `${ind}if (${branch(s.cond, s.then)}) {\n${this.block(s.then, scope, ind + '  ')}${ind}}`;
        let rest: Block | typeof s | null = s.else;
        while (rest && rest.kind === 'If') {
          js += ` else if (${branch(rest.cond, rest.then)}) {\n${this.block(rest.then, scope, ind + '  ')}${ind}}`;
          rest = rest.else;
        }
        if (rest) js += resumes ? ` else if (${branch(null, rest)}) {\n${this.block(rest, scope, ind + '  ')}${ind}}` : ` else {\n${this.block(rest, scope, ind + '  ')}${ind}}`;
        if (resumes) js += ' else if (RS !== null) deopt();';
        return js + '\n';
      }
      case 'ForEach': {
        const items = this.local(), i = this.local(), x = this.local();
        const listSrc = this.src(s.list, scope, true);
        const inner = new Map(scope).set(s.variable.text, { js: x, t: itemOf(listSrc) });
        const where = s.where ? `if (!${truth(this.src(s.where, inner, true))}) continue;\n${ind}  ` : '';
        // In a simultaneous loop the decisions are secret (its frame stays on the machine's stack while it runs).
        const [open, close] = s.simultaneous ? [`${ind}secret++;\n`, `${ind}secret--;\n`] : ['', ''];
        if (this.deciding.stmt(s)) {
          // Resuming: the list and the item from the loop's frame, the item's body resumed without its condition judged again.
          const again = this.local(), f = this.local();
          const test = s.where ? `if (${again}) ${again} = false; else if (!${truth(this.src(s.where, inner, true))}) continue;\n${ind}  ` : `${again} = false;\n${ind}  `;
          this.startVars = [{ name: s.variable.text, js: x }];
          const body = this.block(s.body, inner, ind + '    ');
          const loop = `${ind}for (; ${i} < ${items}.length; ${i}++) {\n${ind}  if (++rounds > ${ROUNDS_BEFORE_GIVING_UP}) deopt();\n${ind}  const ${x} = ${items}[${i}];\n${ind}  ${test}{\n${body}${ind}  }\n${ind}}\n`;
          return `${open}${ind}let ${items}, ${again} = false, ${i} = 0;\n`
            + `${ind}if (RS !== null) { const ${f} = rframe('each'); ${items} = VAL(${f}.items); ${i} = ${f}.i - 1; ${again} = true; if (!(${i} >= 0 && ${i} < ${items}.length)) deopt(); }\n`
            + `${ind}else ${items} = ${listSrc.t === 'list' ? listSrc.js : `eachOf(${listSrc.js})`};\n`
            + this.stopped(loop, `{ k: 'each', s: ${this.here()}, items: OUT(${items}), i: ${i} + 1, simultaneous: ${s.simultaneous} }`, ind)
            + close;
        }
        // The list as it is when the loop starts: a zone's cards copied (they may move meanwhile); any
        // other list the program never changes.
        return `${open}${ind}const ${items} = ${listSrc.t === 'list' ? listSrc.js : `eachOf(${listSrc.js})`};\n${ind}for (let ${i} = 0; ${i} < ${items}.length; ${i}++) {\n${ind}  if (++rounds > ${ROUNDS_BEFORE_GIVING_UP}) deopt();\n${ind}  const ${x} = ${items}[${i}];\n${ind}  ${where}{\n${this.block(s.body, inner, ind + '    ')}${ind}  }\n${ind}}\n${close}`;
      }
      case 'Repeat': {
        const guard = `if (++rounds > ${ROUNDS_BEFORE_GIVING_UP}) deopt();`;
        const here = this.here();
        const body = this.block(s.body, scope, ind + '  ');
        if (this.deciding.stmt(s)) {
          // Resuming: the round in progress goes on first, then the loop as it was (its rounds left from the frame).
          const again = this.local(), left = this.local();
          const resume = `${ind}let ${again} = false, ${left} = 0;\n${ind}if (RS !== null) { ${left} = rframe('repeat').left; ${again} = true; }\n`;
          const counted = s.mode === 'times' ? `${ind}else ${left} = N(${e(s.expr)});\n` : '';
          const more = s.mode === 'times' ? `${left}-- > 0` : s.mode === 'until' ? `!${test(s.expr)}` : test(s.expr);
          const loop = `${ind}while (${again} || ${more}) {\n${ind}  ${again} = false;\n${ind}  ${guard}\n${body}${ind}}\n`;
          return `${resume}${counted}${this.stopped(loop, `{ k: 'repeat', s: ${here}, left: ${s.mode === 'times' ? left : 'null'} }`, ind)}`;
        }
        if (s.mode === 'times') {
          const left = this.local();
          return `${ind}let ${left} = N(${e(s.expr)});\n${ind}while (${left}-- > 0) {\n${ind}  ${guard}\n${body}${ind}}\n`;
        }
        const holds = test(s.expr);
        return `${ind}while (${s.mode === 'until' ? `!${holds}` : holds}) {\n${ind}  ${guard}\n${body}${ind}}\n`;
      }
      case 'Turn': {
        const p = this.local(), was = this.local();
        if (this.deciding.stmt(s)) {
          // Resuming: the player from the turn's frame, and the turn not counted again.
          return `${ind}const ${p} = RS !== null ? PLAYERS[rframe('turn').player] : ${e(s.player)};\n${ind}if (!(${p} instanceof Ref) || ${p}.kind !== 2) deopt();\n${ind}if (RS === null) {\n${ind}  turns++;\n${this.note(`'— turn of ' + playerLabel(${p}.i) + ' —'`, s, ind + '  ')}${ind}}\n${ind}const ${was} = cur;\n${ind}cur = ${p}.i;\n`
            + `${this.stopped(this.block(s.body, scope, ind), `{ k: 'turn', player: ${p}.i }`, ind)}${ind}cur = ${was};\n`;
        }
        return `${ind}const ${p} = ${e(s.player)};\n${ind}if (!(${p} instanceof Ref) || ${p}.kind !== 2) deopt();\n${ind}turns++;\n${this.note(`'— turn of ' + playerLabel(${p}.i) + ' —'`, s, ind)}${ind}const ${was} = cur;\n${ind}cur = ${p}.i;\n${this.block(s.body, scope, ind)}${ind}cur = ${was};\n`;
      }
      case 'Phase': {
        // Only its time limit is worked out (a number, or the machine's error); the rest is the log's.
        const limit = s.timeLimit ? `${ind}N(${e(s.timeLimit)});\n` : '';
        // The log names a phase or a round as it begins (a step goes unnamed).
        const heading = (at: string) => (s.level === 'step' ? '' : this.note(this.constant(`${s.level} ${s.title}`.trim()), s, at));
        if (this.deciding.stmt(s)) {
          if (!this.live) return `${ind}if (RS !== null) rframe('phase');\n${limit ? `${ind}else ${limit.trimStart()}` : ''}${ind}{\n${this.block(s.body, scope, ind + '  ')}${ind}}\n`;
          // The frame names the phase and its time limit as worked out when it began.
          const f = this.local(), seconds = this.local();
          const frame = `{ k: 'phase', level: ${this.constant(s.level)}, title: ${this.constant(s.title)}${s.timeLimit ? `, timeLimit: ${seconds}` : ''} }`;
          return `${ind}let ${seconds};\n${ind}if (RS !== null) { const ${f} = rframe('phase'); ${seconds} = ${f}.timeLimit; }\n${ind}else {\n${s.timeLimit ? `${ind}  ${seconds} = N(${e(s.timeLimit)});\n` : ''}${heading(ind + '  ')}${ind}}\n`
            + this.stopped(this.block(s.body, scope, ind + '  '), frame, ind);
        }
        return `${limit}${heading(ind)}${ind}{\n${this.block(s.body, scope, ind + '  ')}${ind}}\n`;
      }
      case 'Call': {
        const rule = this.m.rules.get(s.rule.text);
        if (!rule) return `${ind}deopt();\n`;
        // The machine evaluates the arguments it has parameters for; a missing one is none.
        const args = rule.params.map((_, i): Src => (s.args[i] ? this.src(s.args[i]!, scope, true) : { js: 'null', t: 'scalar' }));
        const fn = this.rule(rule, args.map((a) => a.t));
        if (this.deciding.stmt(s)) {
          // Resuming: the rule's arguments from its call's frame.
          const f = this.local();
          const restored = rule.params.map((p) => `VAR(${f}, ${this.constant(p.text)})`);
          return `${ind}if (RS !== null) { const ${f} = rcall(${this.constant(rule.name.text)}); ${fn}(${restored.join(', ')}); }\n${ind}else ${fn}(${args.map((a) => a.js).join(', ')});\n`;
        }
        return `${ind}${fn}(${args.map((a) => a.js).join(', ')});\n`;
      }
      case 'EndGame':
        // After the round: the rules see `game-ending` and end it themselves.
        // In the setup's or the flow's own body (not in a rule it calls) the game ends by leaving
        // the block they stand in, which costs less than the exception a rule's end throws.
        if (s.afterRound) return `${ind}ending = true; epoch++;\n`;
        return this.note(this.constant('the game ends'), s, ind) + (this.topLevel ? `${ind}break game;\n` : `${ind}throw END;\n`);
      case 'Choose': return this.choose(s, scope, ind);
      case 'Say': return this.note(this.template(s.text, scope), s, ind); // it only writes the log
      case 'Menu': return this.menu(s, scope, ind);
      case 'Rank': return this.rank(s, scope, ind);
      case 'Fire': {
        // The event's arguments, as many as it has parameters (a missing one is none).
        const count = this.m.events.get(s.event.text)?.params.length ?? 0;
        const args = s.args.map((a) => this.src(a, scope, true));
        const passed = Array.from({ length: count }, (_, i): Src => args[i] ?? { js: 'null', t: 'scalar' });
        // Arguments beyond its parameters are still worked out, as the machine does.
        const extra = args.slice(count).map((a) => `${ind}${a.js};\n`).join('');
        const fn = this.event(s.event.text, passed.map((a) => a.t));
        if (this.deciding.stmt(s)) {
          // Resuming: the arguments from the event's frame, and the handlers from the one running.
          const f = this.local();
          const restored = passed.map((_, i) => `VAL(${f}.args[${i}] ?? null)`);
          if (!this.live) return `${ind}if (RS !== null) { const ${f} = rframe('fire'); if (${f}.event !== ${this.constant(s.event.text)}) deopt(); ${fn}(${[...restored, `${f}.i - 1`].join(', ')}); }\n${ind}else {\n${extra}${ind}${fn}(${passed.map((a) => a.js).join(', ')});\n${ind}}\n`;
          // Stopped: the event's frame holds every argument given, as the machine's does.
          const given = this.local(), held = this.local();
          const run = `${ind}if (RS !== null) { const ${f} = rframe('fire'); if (${f}.event !== ${this.constant(s.event.text)}) deopt(); ${held} = ${f}.args; ${fn}(${[...restored, `${f}.i - 1`].join(', ')}); }\n`
            + `${ind}else {\n${ind}  ${given} = [${args.map((a) => a.js).join(', ')}];\n${ind}  ${fn}(${passed.map((_, i) => (i < args.length ? `${given}[${i}]` : 'null')).join(', ')});\n${ind}}\n`;
          return `${ind}let ${given} = null, ${held} = null;\n${ind}try {\n${run}${ind}} catch (e) {\n${ind}  if (e === STOP) XS[XS.length - 1].args = ${held} !== null ? ${held}.slice() : OUT(${given});\n${ind}  throw e;\n${ind}}\n`;
        }
        return `${extra}${ind}${fn}(${passed.map((a) => a.js).join(', ')});\n`;
      }
      default: {
        const never: never = s;
        return unsupported(`statement ${JSON.stringify(never)}`, null);
      }
    }
  }

  private change(s: Extract<Stmt, { kind: 'Change' }>, scope: Scope, ind: string): string {
    const name = s.counter.text;
    const counter = this.counters.get(name);
    const decl = this.m.counters.get(name);
    if (!counter || !decl) return `${ind}deopt();\n`;
    const e = (x: Expr) => this.expr(x, scope, true);
    // Where the value is kept: [array, index].
    let slot: string;
    if (counter.per === 'player-thing') {
      // Only with the thing named (`gain 2 scored on c`); its owner is the current player unless named.
      if (!s.on) return `${ind}deopt();\n`;
      slot = `cell(${counter.rows}, ${s.target ? e(s.target) : '(cur < 0 ? null : PLAYERS[cur])'}, ${e(s.on)})`;
    } else if (s.on) return `${ind}deopt();\n`;
    else if (counter.per === 'game') slot = '0';
    else if (!s.target) slot = counter.per === 'player' ? '(cur < 0 ? deopt() : cur)' : 'deopt()';
    else {
      const kind = counter.per === 'player' ? PLAYER : counter.per === 'space' ? SPACE : PIECE;
      slot = `owned(${e(s.target)}, ${kind})`;
    }
    const at = this.local(), amount = this.local(), next = this.local(), before = this.local();
    // A live program's log line: the owner and (per player per thing) the thing named with the counter.
    const head = (): string => {
      const current = '(cur < 0 ? null : PLAYERS[cur])';
      const owner = counter.per === 'game' ? 'null' : s.target ? e(s.target) : counter.per === 'player' || counter.per === 'player-thing' ? current : 'null';
      const named = `${counter.per === 'game' ? this.constant('the game') : `LABEL(${owner})`} + ${this.constant(`: ${name}`)}${s.on ? ` + ' on ' + LABEL(${e(s.on)})` : ''}`;
      return `const head = ${named}, owner = ${owner};`;
    };
    const visibility = this.constant(decl.visibility);
    const where = this.live ? this.atOf(s) : '';
    if (counter.any) {
      // A counter that holds any value: only `set` changes it (the machine refuses the others).
      if (s.op !== 'set') return `${ind}deopt();\n`;
      if (!this.live) return `${ind}{\n${ind}  const ${at} = ${slot};\n${ind}  ${counter.js}[${at}] = ${e(s.amount)};\n${ind}  epoch++;\n${ind}}\n`;
      return `${ind}{\n${ind}  const ${at} = ${slot};\n${ind}  const ${before} = ${counter.js}[${at}], ${next} = ${e(s.amount)};\n${ind}  if (D_${counter.js}[${at}] === 0) { D_${counter.js}[${at}] = 1; L_${counter.js}.push(${at}); }\n${ind}  ${counter.js}[${at}] = ${next};\n${ind}  epoch++;\n`
        + `${ind}  if (!EQ(${next}, ${before})) { ${head()} noteCounter(head, head + ' → ' + LABEL(${next}), ${visibility}, owner, ${where}); }\n${ind}}\n`;
    }
    const lines = [`const ${at} = ${slot};`, `const ${amount} = N(${e(s.amount)});`];
    switch (s.op) {
      case 'gain': case 'add': lines.push(`let ${next} = ${counter.js}[${at}] + ${amount};`); break;
      case 'lose': lines.push(`let ${next} = ${counter.js}[${at}] - ${amount};`); break;
      case 'pay': lines.push(`if (${amount} > ${counter.js}[${at}]) deopt();`, `let ${next} = ${counter.js}[${at}] - ${amount};`); break;
      case 'set': lines.push(`let ${next} = ${amount};`); break;
    }
    if (decl.min) lines.push(`if (${next} < N(${e(decl.min)})) deopt();`);
    if (decl.max) lines.push(`{ const most = N(${e(decl.max)}); if (${next} > most) ${next} = most; }`);
    if (this.live) lines.push(`const ${before} = ${counter.js}[${at}];`, `if (D_${counter.js}[${at}] === 0) { D_${counter.js}[${at}] = 1; L_${counter.js}.push(${at}); }`);
    lines.push(`${counter.js}[${at}] = ${next};`, 'epoch++;');
    if (this.live) lines.push(`if (${next} !== ${before}) { ${head()} const delta = ${next} - ${before}; noteCounter(head, head + ' ' + (delta > 0 ? '+' : '') + delta + ' → ' + ${next}, ${visibility}, owner, ${where}); }`);
    return `${ind}{\n${lines.map((l) => `${ind}  ${l}\n`).join('')}${ind}}\n`;
  }

  /** `{name}` in a label: each variable's label (or the current player's), as the machine's interpolate. */
  private template(text: string, scope: Scope): string {
    const parts = text.split(/\{([^}]+)\}/);
    const out: string[] = [this.constant(parts[0]!)];
    for (let i = 1; i < parts.length; i += 2) {
      const v = scope.get(parts[i]!);
      out.push(v ? `LABEL(${v.js})` : parts[i] === 'player' ? 'LABEL(cur < 0 ? null : PLAYERS[cur])' : 'deopt()');
      out.push(this.constant(parts[i + 1]!));
    }
    return `(${out.join(' + ')})`;
  }

  /** Who decides: the current player, or the one named by `by`. */
  private decider(by: Expr | null, scope: Scope): string {
    return by ? `seatOf(${this.expr(by, scope, true)})` : 'cur';
  }

  /** The forbidding rules of a choice, each as a test that holds when it forbids (judged for `decider`'s powers). */
  private forbidding(choice: string, inner: Scope, decider: string): string[] {
    // A rule that strikes an option out is told to the watch (a simulation counts it as fired).
    return (this.m.forbids.get(choice) ?? []).map((f) => {
      const when = truth(this.src(f.decl.when, inner, true));
      const test = f.power ? `(holds(${decider}, ${this.constant(f.power)}) && ${when})` : when;
      return `(${test} && (watch === null || watch.fired(${f.decl.span.start}) || true))`;
    });
  }

  private choose(s: ChooseStmt, scope: Map<string, Src>, ind: string): string {
    const parts = s.count || s.subset ? null : this.streamed(s.from, scope, new Set());
    if (parts !== null) return this.chooseStreamed(s, parts, scope, ind);
    const items = this.local(), i = this.local(), x = this.local(), id = this.local(), k = this.local(), mark = this.local(), who = this.local();
    const fromSrc = this.src(s.from, scope, true);
    const inner = new Map(scope).set(s.variable.text, { js: x, t: s.count || s.subset ? 'list' : itemOf(fromSrc) });
    const range = s.count || s.subset ? null : this.positionRange(s.from, s.where, s.variable.text, scope, true);
    const loop = newLoop(s.variable.text, true);
    this.loops.push(loop);
    const refused: string[] = [];
    const where = this.condition(s.where, range?.tests ?? 0, inner, true);
    if (where) refused.push(`!${where}`);
    refused.push(...this.forbidding(s.name.text, inner, who));
    const around = this.labelAround(s);
    const verb = around?.before ?? null;
    const label = around ? `${around.before} + LABEL(${x})${around.after ? ` + ${around.after}` : ''}` : s.label.kind === 'verb' ? '' : this.template(s.label.text, inner);
    this.loops.pop();
    const from = fromSrc.js;
    const values = s.count ? `combinations(L(${from}), N(${this.expr(s.count, scope, true)}))` : s.subset ? `subsets(L(${from}))` : range ? range.list : `L(${from})`;
    const lines = [
      `const ${who} = ${this.decider(s.by, scope)};`,
      `const ${items} = ${values};`,
      `let lo = 0, hi = ${items}.length;`,
      ...(range ? [range.bound('lo', 'hi')] : []),
      ...loop.decls,
      'OFFERED = 0;',
      // Among things, options with the same label are one option (their ids are the same): found
      // by the label's number, with no id made but the chosen one's.
      `const ${mark} = ${verb === null ? '0' : fromSrc.of && !s.count && !s.subset ? '++marks' : `allRefs(${items}) ? ++marks : 0`};`,
      // Options that are pairs of things (a move from one space to another): by their labels' numbers.
      `const ${mark}p = ${verb !== null ? `${mark} === 0 && allPairs(${items}) ? ++marks : 0` : '0'};`,
      `for (let ${i} = lo; ${i} < hi; ${i}++) {`,
      `  const ${x} = ${items}[${i}];`,
      ...(loop.resets.length ? [`  ${loop.resets.join(' ')}`] : []),
      ...refused.map((t) => `  if (${t}) continue;`),
      `  if (${mark} !== 0) { if (LABEL_MARKS[${x}.labelId] !== ${mark}) { LABEL_MARKS[${x}.labelId] = ${mark}; offer(${x}, null); } continue; }`,
      `  if (${mark}p !== 0) { const pair = labelNumber(${x}[0]) * LABEL_COUNT + labelNumber(${x}[1]); if (PAIR_MARKS[pair] !== ${mark}p) { PAIR_MARKS[pair] = ${mark}p; offer(${x}, null); } continue; }`,
      `  const ${id} = ${label};`,
      `  if (offered(${id})) continue;`,
      `  offer(${x}, ${id});`,
      '}',
      ...(s.optional ? [`offer(null, ${this.constant(s.passLabel ?? 'pass')});`] : []),
      `const ${k} = decide(${verb ?? 'null'}, ${who}, ${this.constant(s.name.text)}, ${around?.after ?? "''"}, ${this.choices++}${this.choiceNote(s)});`,
    ];
    const chosen = this.blockVar(s.variable.text);
    // The option taken: one of the things listed (or none, where the choice may be passed).
    scope.set(s.variable.text, { js: chosen, t: s.count || s.subset ? 'any' : chosenKind(itemOf(fromSrc), s.optional) });
    return `${ind}{\n${lines.map((l) => `${ind}  ${l}\n`).join('')}${ind}  ${chosen} = OPTIONS[${k}];\n${ind}}\n`;
  }

  /**
   * A choice's list as the lists it joins, when it is made of `each` and `all` (`each [space of q,
   * toward(…)] for q in mine + …`), directly or through defines of no parameters: each part is
   * walked in turn and its items offered as they are made, with no list of them all built (and no
   * list of the parts). Null where the list is anything else. Parts whose condition an index plan
   * or a range would serve are left to the comprehension.
   */
  private streamed(e: Expr, scope: Scope, seen: Set<DefineDecl>): Part[] | null {
    switch (e.kind) {
      case 'Ref': {
        const d = this.m.defines.get(e.name.text);
        if (scope.has(e.name.text) || d === undefined || d.params.length || this.m.overrides.has(e.name.text) || seen.has(d)) return null;
        // The define's body reads no local of the caller: it is written in a scope of its own.
        return this.streamed(d.body, new Map(), new Set(seen).add(d));
      }
      case 'Binary': {
        if (e.op !== '+') return null;
        const left = this.streamed(e.left, scope, seen), right = left && this.streamed(e.right, scope, seen);
        return left && right && [...left, ...right];
      }
      case 'Comprehension': {
        if ((e.quantifier !== 'each' && e.quantifier !== 'all') || e.stops) return null;
        const indexed = e.where !== null && e.list.kind === 'Ref' && !scope.has(e.list.name.text)
          && (this.m.collections.has(e.list.name.text) || this.m.boards.has(e.list.name.text) || this.m.tableThings.has(e.list.name.text));
        return indexed ? null : [{ e, scope }];
      }
      default: return null;
    }
  }

  /**
   * A choice over parts (see streamed): per part, a loop over its list making each item (its parts
   * held in locals where it is a list written out, so `step[2]` reads one), then the choice's
   * condition and forbidding rules, then the option offered once per label. What is evaluated, and
   * in what order per item, is what the machine evaluates once the list is made; the list's items
   * are made as the machine makes them, only interleaved with the tests (nothing here has effects:
   * an error gives the game up either way).
   */
  private chooseStreamed(s: ChooseStmt, parts: readonly Part[], scope: Map<string, Src>, ind: string): string {
    const k = this.local(), who = this.local(), mark = this.local();
    const around = this.labelAround(s);
    const verb = around?.before ?? null;
    const written: { item: Src; pieces: { local: string; t: Kind }[]; value: string; template: string | null; lines: string[] }[] = [];
    for (const { e, scope: partScope } of parts) {
      const items = this.local(), i = this.local(), v = this.local(), x = this.local();
      const listSrc = this.src(e.list, partScope, true);
      const inner = new Map(partScope).set(e.variable.text, { js: v, t: itemOf(listSrc) });
      // What the part's condition and item read that stays the same over its list: worked out once.
      const partLoop = newLoop(e.variable.text);
      this.loops.push(partLoop);
      const where = e.where ? truth(this.src(e.where, inner, true)) : null;
      // The item: the variable itself (all), or the expression (each); a list written out is kept as its items.
      const key = e.quantifier === 'each' ? e.keys[0]! : null;
      // (Nothing a piece reads changes before the next is made: one a later piece reads again is read from its local.)
      const pieces = key?.kind === 'List' ? key.items.map((item) => {
        const piece = { local: this.local(), src: this.src(item, inner, true) };
        if (!/^v\d+$/.test(piece.src.js)) partLoop.held.set(piece.src.js, { ...piece.src, js: piece.local });
        return piece;
      }) : [];
      const whole = key === null ? { js: v, t: itemOf(listSrc) } : key.kind === 'List' ? null : this.src(key, inner, true);
      this.loops.pop();
      const item: Src = whole ?? { js: x, t: 'list', tuple: pieces.map((p) => ({ js: p.local, t: p.src.t, ...(p.src.of ? { of: p.src.of } : {}) })) };
      // The choice's condition and forbidding rules, judged on the item (what they ask of it more than once: asked once).
      const option = new Map(scope).set(s.variable.text, item);
      const loop = newLoop(s.variable.text, true);
      this.loops.push(loop);
      const refused: string[] = [];
      if (s.where) refused.push(`!${truth(this.src(s.where, option, true))}`);
      refused.push(...this.forbidding(s.name.text, option, who));
      const template = around || s.label.kind === 'verb' ? null : this.template(s.label.text, option);
      this.loops.pop();
      // A list written out is made only when offered, unless the tests read it whole.
      const made = pieces.length > 0 && new RegExp(`\\b${x}\\b`).test(refused.join(' ') + (template ?? ''));
      const value = pieces.length && !made ? `[${pieces.map((p) => p.local).join(', ')}]` : item.js;
      written.push({ item, pieces: pieces.map((p) => ({ local: p.local, t: p.src.t })), value, template, lines: [
        ...partLoop.decls,
        ...loop.decls,
        `const ${items} = ${list(listSrc)};`,
        `for (let ${i} = 0; ${i} < ${items}.length; ${i}++) {`,
        `  const ${v} = ${items}[${i}];`,
        ...(partLoop.resets.length ? [`  ${partLoop.resets.join(' ')}`] : []),
        ...(where ? [`  if (!${where}) continue;`] : []),
        ...pieces.map((p) => `  const ${p.local} = ${p.src.js};`),
        ...(made ? [`  const ${x} = [${pieces.map((p) => p.local).join(', ')}];`] : []),
        ...(loop.resets.length ? [`  ${loop.resets.join(' ')}`] : []),
        ...refused.map((t) => `  if (${t}) continue;`),
      ] });
    }
    // Identical options are one, across the parts too: found by the label's number (every option a
    // thing of a known kind), by a pair's labels' numbers (every option a pair written out, each a
    // thing or none), else by the label itself.
    const byRef = verb !== null && written.every((w) => isRefKind(w.item.t));
    const byPair = verb !== null && !byRef && written.every((w) => w.pieces.length === 2);
    const loops = written.flatMap(({ pieces, value, template, lines }) => {
      const label = template ?? `${verb} + LABEL(${value})${around?.after ? ` + ${around.after}` : ''}`;
      const byLabel = `{ const id = ${label}; if (!offered(id)) offer(${value}, id); }`;
      const offerOne = byRef
        ? `if (LABEL_MARKS[${value}.labelId] !== ${mark}) { LABEL_MARKS[${value}.labelId] = ${mark}; offer(${value}, null); }`
        : byPair
          ? `if (PAIR_MARKS !== null) { const a = ${pieces[0]!.local}, b = ${pieces[1]!.local}; ${pieces.every((p) => isThingOrNone(p.t)) ? '' : 'if (!(a === null || a instanceof Ref) || !(b === null || b instanceof Ref)) deopt(); '}const pair = labelNumber(a) * LABEL_COUNT + labelNumber(b); if (PAIR_MARKS[pair] !== ${mark}) { PAIR_MARKS[pair] = ${mark}; ${value === `[${pieces[0]!.local}, ${pieces[1]!.local}]` ? 'offerPair(a, b)' : `offer(${value}, null)`}; } } else ${byLabel}`
          : byLabel;
      return [...lines, `  ${offerOne}`, '}'];
    });
    const lines = [
      `const ${who} = ${this.decider(s.by, scope)};`,
      'OFFERED = 0;',
      `const ${mark} = ++marks;`,
      ...loops,
      ...(s.optional ? [`offer(null, ${this.constant(s.passLabel ?? 'pass')});`] : []),
      `const ${k} = decide(${verb ?? 'null'}, ${who}, ${this.constant(s.name.text)}, ${around?.after ?? "''"}, ${this.choices++}${this.choiceNote(s)});`,
    ];
    const chosen = this.blockVar(s.variable.text);
    const kinds = new Set(written.map((w) => w.item.t));
    scope.set(s.variable.text, { js: chosen, t: kinds.size === 1 ? chosenKind([...kinds][0]!, s.optional) : 'any' });
    return `${ind}{\n${lines.map((l) => `${ind}  ${l}\n`).join('')}${ind}  ${chosen} = OPTIONS[${k}];\n${ind}}\n`;
  }

  /**
   * A choice's option labels as the text before and after the option's own label (the constants,
   * the one after none where there is nothing after) — a verb's `take b2`, a
   * template's `take {card} now` — or null where a template names anything else. Options' labels
   * are then the same where their own labels are.
   */
  private labelAround(s: ChooseStmt): { before: string; after: string | null } | null {
    if (s.label.kind === 'verb') return { before: this.constant(`${s.label.verb.text} `), after: null };
    const parts = s.label.text.split(/\{([^}]+)\}/);
    if (parts.length !== 3 || parts[1] !== s.variable.text) return null;
    return { before: this.constant(parts[0]!), after: parts[2] ? this.constant(parts[2]) : null };
  }

  private menu(s: Extract<Stmt, { kind: 'Menu' }>, scope: Scope, ind: string): string {
    const who = this.local(), k = this.local(), chosen = this.local();
    const lines = [`const ${who} = ${this.decider(s.by, scope)};`, 'OFFERED = 0;'];
    const bodies: string[] = [];
    s.options.forEach((o, branch) => {
      const items = this.local(), i = this.local(), x = this.local(), id = this.local();
      const inner = o.each ? new Map(scope).set(o.each.variable.text, { js: x, t: 'any' }) : scope;
      const refused: string[] = [];
      if (o.when) refused.push(`!${truth(this.src(o.when, inner, true))}`);
      // A named menu's forbidding rules judge the options made for an item.
      if (s.name && o.each) refused.push(...this.forbidding(s.name.text, inner, who));
      lines.push(
        `const ${items} = ${o.each ? `L(${this.expr(o.each.list, scope, true)})` : `[${this.constant(o.label)}]`};`,
        `for (let ${i} = 0; ${i} < ${items}.length; ${i}++) {`,
        `  const ${x} = ${items}[${i}];`,
        ...refused.map((t) => `  if (${t}) continue;`),
        `  const ${id} = ${o.label.includes('{') ? this.template(o.label, inner) : this.constant(o.label)};`,
        `  if (offered(${id})) continue;`,
        `  BRANCHES[OFFERED] = ${branch};`,
        `  offer(${x}, ${id});`,
        '}',
      );
      const value = this.local();
      const bodyScope = o.each ? new Map(scope).set(o.each.variable.text, { js: value, t: 'any' }) : scope;
      // A menu decided by another player runs the chosen option as that player's.
      this.startVars = o.each ? [{ name: o.each.variable.text, js: value }] : [];
      const body = this.block(o.body, bodyScope, ind + '    ');
      const turn = s.by ? [`${ind}    const was = cur;\n${ind}    cur = ${who};\n`, `${ind}    cur = was;\n`] : ['', ''];
      bodies.push(`${ind}  case ${branch}: {\n${ind}    const ${value} = OPTIONS[${k}];\n${turn[0]}${body}${turn[1]}${ind}    break;\n${ind}  }\n`);
    });
    if (s.optional) lines.push('BRANCHES[OFFERED] = -1;', `offer(null, ${this.constant('pass')});`);
    lines.push(`const ${k} = decide(null, ${who}, ${this.constant(s.name?.text ?? 'menu')}${this.choiceNote(s)});`);
    if (this.deciding.stmt(s)) {
      // Resuming inside an option's body (a menu is never the choice waited at here: that one is
      // listed anew): the option is the one whose body is the next frame, its item from that frame;
      // decided by another player, a turn's frame names them first.
      const f = this.local();
      const resumed = s.options.flatMap((o, branch) => (this.deciding.block(o.body)
        ? [`${f}.b === ${this.m.blockIds.get(o.body)!} ? (OPTIONS[0] = ${o.each ? `VAR(${f}, ${this.constant(o.each.variable.text)})` : 'null'}, ${branch})`] : []));
      const listing = lines.filter((l) => !l.startsWith(`const ${who} =`)).map((l) => l.replace(`const ${k} = `, `${k} = `));
      return `${ind}{\n${ind}  let ${k} = 0, ${chosen}, ${who};\n`
        + `${ind}  if (RS !== null) {\n${s.by ? `${ind}    ${who} = rframe('turn').player;\n` : ''}${ind}    const ${f} = rnext();\n${ind}    ${chosen} = ${[...resumed, 'deopt()'].join(' : ')};\n${ind}  } else {\n`
        + `${ind}    ${who} = ${this.decider(s.by, scope)};\n${listing.map((l) => `${ind}    ${l}\n`).join('')}${ind}    ${chosen} = BRANCHES[${k}];\n${ind}  }\n`
        // Stopped inside an option decided by another player: the turn's frame that names them.
        + (s.by ? this.stopped(`${ind}  switch (${chosen}) {\n${bodies.join('')}${ind}  }\n`, `{ k: 'turn', player: ${who}, quiet: true }`, `${ind}  `) : `${ind}  switch (${chosen}) {\n${bodies.join('')}${ind}  }\n`)
        + `${ind}}\n`;
    }
    return `${ind}{\n${lines.map((l) => `${ind}  ${l}\n`).join('')}${ind}  const ${chosen} = BRANCHES[${k}];\n${ind}  switch (${chosen}) {\n${bodies.join('')}${ind}  }\n${ind}}\n`;
  }

  private rank(s: Extract<Stmt, { kind: 'Rank' }>, scope: Scope, ind: string): string {
    const items = this.local(), x = this.local(), ranked = this.local(), i = this.local(), value = this.local(), place = this.local();
    const inner = new Map(scope).set(s.variable.text, { js: x, t: 'any' });
    const key = number(this.src(s.by, inner, true));
    const shared = s.ties === 'share';
    this.startVars = [{ name: s.variable.text, js: value }, { name: 'place', js: place }];
    const body = this.block(s.body, new Map(scope).set(s.variable.text, { js: value, t: 'any' }).set('place', { js: place, t: 'num' }), ind + '  ');
    if (this.deciding.stmt(s)) {
      // Resuming: the ranking and the place in it from the frame.
      const f = this.local(), from = this.local();
      return `${ind}let ${items}, ${ranked}, ${from} = 0;\n`
        + `${ind}if (RS !== null) { const ${f} = rframe('rank'); ${items} = ${f}.items.map((x) => ({ value: VAL(x.value) })); ${ranked} = ${f}.items.map((x) => x.place); ${from} = ${f}.i - 1; if (!(${from} >= 0 && ${from} < ${items}.length)) deopt(); }\n`
        + `${ind}else {\n`
        + `${ind}  ${items} = L(${this.expr(s.list, scope, true)}).map((${x}) => ({ value: ${x}, key: ${key} }));\n`
        + `${ind}  ${items}.sort((a, b) => b.key - a.key);\n`
        + `${ind}  ${ranked} = [];\n`
        + `${ind}  for (let ${i} = 0; ${i} < ${items}.length; ${i}++) {\n`
        + `${ind}    const prev = ${items}[${i} - 1];\n`
        + `${ind}    ${ranked}.push(!prev ? 1 : prev.key === ${items}[${i}].key ? ${ranked}[${i} - 1] : ${shared ? `${ranked}[${i} - 1] + 1` : `${i} + 1`});\n`
        + `${ind}  }\n`
        + `${ind}}\n`
        + `${ind}let ${i} = ${from};\n`
        + this.stopped(`${ind}for (; ${i} < ${items}.length; ${i}++) {\n`
        + `${ind}  if (++rounds > ${ROUNDS_BEFORE_GIVING_UP}) deopt();\n`
        + `${ind}  const ${value} = ${items}[${i}].value, ${place} = ${ranked}[${i}];\n`
        + `${body}${ind}}\n`, `{ k: 'rank', s: ${this.here()}, items: ${items}.map((x, j) => ({ value: OUT(x.value), place: ${ranked}[j] })), i: ${i} + 1 }`, ind);
    }
    return `${ind}const ${items} = L(${this.expr(s.list, scope, true)}).map((${x}) => ({ value: ${x}, key: ${key} }));\n`
      + `${ind}${items}.sort((a, b) => b.key - a.key);\n`
      + `${ind}const ${ranked} = [];\n`
      + `${ind}for (let ${i} = 0; ${i} < ${items}.length; ${i}++) {\n`
      + `${ind}  const prev = ${items}[${i} - 1];\n`
      + `${ind}  ${ranked}.push(!prev ? 1 : prev.key === ${items}[${i}].key ? ${ranked}[${i} - 1] : ${shared ? `${ranked}[${i} - 1] + 1` : `${i} + 1`});\n`
      + `${ind}}\n`
      + `${ind}for (let ${i} = 0; ${i} < ${items}.length; ${i}++) {\n`
      + `${ind}  if (++rounds > ${ROUNDS_BEFORE_GIVING_UP}) deopt();\n`
      + `${ind}  const ${value} = ${items}[${i}].value, ${place} = ${ranked}[${i}];\n`
      + `${body}${ind}}\n`;
  }
}


/**
 * Whether `x`, written as `src`, is a list made afresh each time it is worked out (or no list): an
 * `each` or `all` called as it stands, or a sum of such (a sum's list is always a new one). A
 * value kept for reading again (a define's, a loop's hoisted value) is written otherwise.
 */
function madeJustNow(x: Expr, src: Src): boolean {
  if (x.kind === 'Comprehension') return (x.quantifier === 'each' || x.quantifier === 'all') && /^c\d+\([^()]*\)$/.test(src.js);
  return x.kind === 'Binary' && x.op === '+' && /^(APPEND|PLUS)\(/.test(src.js);
}

/** Whether every value is a whole number from 0 to 4095: an attribute such as a column's or a row's number. */
function smallWholeNumbers(values: Iterable<unknown>): boolean {
  for (const v of values) if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 4095) return false;
  return true;
}
/** A map from whole numbers as an array with the number as the index (holes where no thing has it). */
function dense<T>(byNumber: ReadonlyMap<unknown, T>): T[] {
  const out: T[] = [];
  for (const [v, x] of byNumber) out[v as number] = x;
  return out;
}

/** The values of a list's items when every one is a literal (a number, text, flag or none), else null. */
function literalValues(items: readonly Expr[]): unknown[] | null {
  const values: unknown[] = [];
  for (const x of items) {
    if (x.kind === 'Number' || x.kind === 'Text' || x.kind === 'Flag') values.push(x.value);
    else if (x.kind === 'None') values.push(null);
    else return null;
  }
  return values;
}

/** `space of x is none` (or `= none`, either way round), or with `not`: `space of x is not none`. */
function isNoSpaceTest(e: Expr, variable: string, not = false): boolean {
  if (e.kind !== 'Binary' || !(not ? ['is not', '!='] : ['is', '=']).includes(e.op)) return false;
  const spaceOf = (x: Expr) => x.kind === 'Of' && !x.on && x.property.text === 'space' && x.target.kind === 'Ref' && x.target.name.text === variable;
  return (spaceOf(e.left) && e.right.kind === 'None') || (spaceOf(e.right) && e.left.kind === 'None');
}

