// Names and types in expressions: resolves every name the way the runtime's `resolveName`,
// `property` and `call` do (same order), reports the undeclared and the misspelt, and infers a
// type for each expression so that operators, properties and calls can be checked.
import type {
  AttrDecl, Binary, CallExpr, Comprehension, CounterDecl, DefineDecl, Expr, Name, OfExpr, Ref, Span,
} from '../../grammar/ast.js';
import { closest, editDistance, type Code } from '../../grammar/diagnostics.js';
import type { Suggestion } from './report.js';
import { Scope, type Reporter } from './report.js';
import { boardTable, type Symbols } from './symbols.js';
import {
  assertNever, card, describe, exhausted, elementOf, FLAG, fits, join, joinAll, listOf, NONE, NUMBER, PIECE, PLAYER, space,
  TEXT, UNKNOWN, WANTED, zone, type Type, type Want,
} from './types.js';

/** What the expression checks of one context share: where to report, what is declared, caches. */
export interface Env {
  readonly reporter: Reporter;
  readonly symbols: Symbols;
  /** Inferred types of define bodies (worked out once, silently). */
  readonly defineTypes: Map<DefineDecl, Type>;
  /** How deep `typeOf` is now, defines' bodies included (see MAX_TYPING_DEPTH). */
  readonly typing?: { depth: number };
}

/**
 * A backstop under the limits: R0802 and R0807 keep expressions, with the defines they use, within
 * LIMITS.depth levels, but through a loop of defines the typing can follow a longer path than
 * R0807 measures. Past this depth a type is taken as unknown rather than worked out.
 */
const MAX_TYPING_DEPTH = 1_000;

/** How an undeclared name is named in its message, by where it stands. */
export type NameHint = 'Name' | 'Zone';

/** The built-in names and what each is, for messages. */
export const BUILTIN_MEANINGS: ReadonlyMap<string, string> = new Map([
  ['player', 'the current player'],
  ['players', 'every player, in seat order'],
  ['player-count', 'the number of players'],
  ['game-ending', 'whether the game is ending'],
]);

const BUILTIN_VALUES: ReadonlyMap<string, Type> = new Map([
  ['player', PLAYER],
  ['players', listOf(PLAYER)],
  ['player-count', NUMBER],
  ['game-ending', FLAG],
]);

/** What a bare name stands for, in the runtime's order. */
export type Resolved =
  | { readonly kind: 'variable' | 'builtin'; readonly type: Type }
  | { readonly kind: 'counter'; readonly decl: CounterDecl }
  | { readonly kind: 'zone' | 'define' | 'collection' | 'piece' | 'board' | 'table'; readonly type: Type };

export function resolveName(name: string, scope: Scope, env: Env, typeOfDefine: (name: string) => Type): Resolved | undefined {
  const s = env.symbols;
  const local = scope.lookup(name);
  if (local !== undefined) return { kind: 'variable', type: local };
  const builtin = BUILTIN_VALUES.get(name);
  if (builtin) return { kind: 'builtin', type: builtin };
  const counter = s.counters.get(name);
  if (counter) return { kind: 'counter', decl: counter };
  const z = s.zones.get(name);
  if (z) return { kind: 'zone', type: zone(z.component?.text ?? null) };
  if (s.defines.has(name)) return { kind: 'define', type: typeOfDefine(name) };
  if (s.collections.has(name)) return { kind: 'collection', type: listOf(PIECE) };
  if (s.singlePieces.has(name)) return { kind: 'piece', type: PIECE };
  const board = s.boards.get(name);
  if (board) return { kind: 'board', type: listOf(thingsOf(s, boardTable(board).text)) };
  if (s.tables.has(name)) return { kind: 'table', type: listOf(thingsOf(s, name)) };
  return undefined;
}

/** The type of one thing of a table: a space if a board uses the table, a card otherwise. */
function thingsOf(s: Symbols, table: string): Type {
  const component = s.tables.get(table)?.component.text ?? null;
  return s.boardTables.has(table) ? space(component) : card(component);
}

/** Every name a bare reference could mean here, for "did you mean". */
export function namesInScope(scope: Scope, s: Symbols): string[] {
  return [
    ...scope.entries().keys(), ...BUILTIN_VALUES.keys(), ...s.counters.keys(), ...s.zones.keys(), ...s.defines.keys(),
    ...s.collections, ...s.singlePieces.keys(), ...s.boards.keys(), ...s.tables.keys(),
  ];
}

/** What else a name is declared as, for "`x` is a rule, not a counter". */
export function declaredKind(name: string, s: Symbols): string | undefined {
  if (s.counters.has(name)) return 'counter';
  if (s.zones.has(name)) return 'zone';
  if (s.defines.has(name)) return 'define';
  if (s.collections.has(name)) return 'piece collection';
  if (s.singlePieces.has(name)) return 'piece';
  if (s.boards.has(name)) return 'board';
  if (s.tables.has(name)) return 'table';
  if (s.components.has(name)) return 'component';
  if (s.rules.has(name)) return 'rule';
  if (s.events.has(name)) return 'declared event';
  if (s.powers.has(name)) return 'power';
  if (s.variants.has(name)) return 'variant';
  return undefined;
}

export function ownerText(c: CounterDecl): string {
  switch (c.owner.kind) {
    case 'global': return 'the game';
    case 'player': return 'each player';
    case 'each': return `each of ${c.owner.of.text}`;
    case 'player-each': return `each player for each of ${c.owner.of.text}`;
    default: return assertNever(c.owner);
  }
}

/** A counter holds numbers, or any value when declared `from none`. */
export const holdsValues = (c: CounterDecl): boolean => c.initial?.kind === 'None';
/**
 * A start one letter from `none` (`from nonq`) may be `none` misspelt (R0201 says so if it is not
 * declared): such a counter's values are not typed, so that its uses do not each report it again.
 */
export const mayHoldValues = (c: CounterDecl): boolean =>
  holdsValues(c) || (c.initial?.kind === 'Ref' && editDistance(c.initial.name.text, 'none') === 1);
export const counterType = (c: CounterDecl): Type => (mayHoldValues(c) ? UNKNOWN : NUMBER);

export function attrType(a: AttrDecl): Type {
  switch (a.type.kind) {
    case 'number': return NUMBER;
    case 'text': return TEXT;
    case 'flag': return FLAG;
    case 'enum': return { k: 'text', enumOf: { attr: a.name.text, values: a.type.values } };
    default: return assertNever(a.type);
  }
}

/** What `flatten` gives items of: a list's items, or the item itself when it is not a list. */
const flattened = (t: Type): Type => (t.k === 'list' || t.k === 'zone' ? elementOf(t) : t);

interface Builtin {
  readonly min: number;
  readonly max: number;
  /** What each argument must be; `numbers`: numbers, or one list of numbers. */
  readonly params: readonly Want[] | 'numbers';
  readonly result: (args: readonly Type[]) => Type;
}

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map(Object.entries({
  count: { min: 1, max: 1, params: ['list'], result: () => NUMBER },
  sum: { min: 1, max: Infinity, params: 'numbers', result: () => NUMBER },
  max: { min: 1, max: Infinity, params: 'numbers', result: () => NUMBER },
  min: { min: 1, max: Infinity, params: 'numbers', result: () => NUMBER },
  abs: { min: 1, max: 1, params: ['number'], result: () => NUMBER },
  distinct: { min: 1, max: 1, params: ['list'], result: ([l]) => listOf(elementOf(l ?? UNKNOWN)) },
  'pieces-at': { min: 1, max: 1, params: ['space'], result: () => listOf(PIECE) },
  neighbours: { min: 1, max: 1, params: ['space'], result: ([s]) => listOf(s?.k === 'space' ? s : space(null)) },
  adjacent: { min: 2, max: 2, params: ['space', 'space'], result: () => FLAG },
  toward: { min: 2, max: 2, params: ['space', 'text'], result: ([s]) => (s?.k === 'space' ? s : space(null)) },
  line: { min: 2, max: 2, params: ['space', 'text'], result: ([s]) => listOf(s?.k === 'space' ? s : space(null)) },
  directions: { min: 1, max: 1, params: ['space'], result: () => listOf(TEXT) },
  opposite: { min: 1, max: 1, params: ['text'], result: () => TEXT },
  flatten: { min: 1, max: 1, params: ['list'], result: ([l]) => listOf(flattened(elementOf(l ?? UNKNOWN))) },
  'set-score': { min: 3, max: 3, params: ['list', 'text', 'list'], result: () => NUMBER },
  holds: { min: 2, max: 2, params: ['player', 'text'], result: () => FLAG },
  'players-from': { min: 1, max: 1, params: ['player'], result: () => listOf(PLAYER) },
} satisfies Record<string, Builtin>));

const PIECE_PROPERTIES: ReadonlyMap<string, Type> = new Map([['owner', PLAYER], ['slot', NUMBER], ['position', NUMBER]]);

export class ExprChecker {
  /** `quiet`: work out types only, reporting nothing (for define bodies used elsewhere). */
  constructor(private readonly env: Env, private readonly quiet = false) {}

  private get symbols(): Symbols {
    return this.env.symbols;
  }

  report(code: Code, span: Span, args: Record<string, string | number>, suggestion?: Suggestion): void {
    if (!this.quiet) this.env.reporter.report(code, span, args, suggestion);
  }

  /** Checks `e` and reports R0301 when it is known not to be what `want` asks. */
  expect(e: Expr, scope: Scope, want: Want, hint: NameHint = 'Name'): Type {
    const t = this.typeOf(e, scope, hint);
    if (!fits(t, want)) this.report('R0301', e.span, { expected: WANTED[want], found: describe(t) });
    return t;
  }

  typeOf(e: Expr, scope: Scope, hint: NameHint = 'Name'): Type {
    const typing = this.env.typing;
    if (!typing) return this.typeOfHere(e, scope, hint);
    if (typing.depth >= MAX_TYPING_DEPTH) return UNKNOWN;
    typing.depth++;
    try {
      return this.typeOfHere(e, scope, hint);
    } finally {
      typing.depth--;
    }
  }

  private typeOfHere(e: Expr, scope: Scope, hint: NameHint): Type {
    switch (e.kind) {
      case 'Number': return NUMBER;
      case 'Text': return TEXT;
      case 'Flag': return FLAG;
      case 'None': return NONE;
      case 'List': return listOf(joinAll(e.items.map((item) => this.typeOf(item, scope))));
      case 'Ref': return this.ref(e, scope, hint);
      case 'Of': return this.property(e, scope);
      case 'Call': return this.call(e, scope);
      case 'Binary': return this.binary(e, scope);
      case 'Unary':
        if (e.op === 'not') {
          this.expect(e.operand, scope, 'flag');
          return FLAG;
        }
        this.expect(e.operand, scope, 'number');
        return NUMBER;
      case 'IfExpr':
        this.expect(e.cond, scope, 'flag');
        return join(this.typeOf(e.then, scope), this.typeOf(e.else, scope));
      case 'Index': {
        const list = this.expect(e.target, scope, 'list');
        this.expect(e.index, scope, 'number');
        return elementOf(list);
      }
      case 'Range':
        this.expect(e.from, scope, 'number');
        this.expect(e.to, scope, 'number');
        return listOf(NUMBER);
      case 'Comprehension': return this.comprehension(e, scope);
      default: return assertNever(e);
    }
  }

  // ─── Names ──────────────────────────────────────────────────────────────────

  private ref(e: Ref, scope: Scope, hint: NameHint): Type {
    const name = e.name.text;
    const r = resolveName(name, scope, this.env, (n) => this.defineType(n));
    if (!r) {
      this.undeclared(e.name, scope, hint);
      return UNKNOWN;
    }
    switch (r.kind) {
      case 'counter':
        if (r.decl.owner.kind === 'each') {
          this.report('R0303', e.span, { name, owner: ownerText(r.decl), found: 'the current player' });
        }
        if (r.decl.owner.kind === 'player-each') this.report('R0305', e.span, { name, of: r.decl.owner.of.text });
        return counterType(r.decl);
      case 'define': {
        const defs = this.symbols.defines.get(name) ?? [];
        if (!defs.some((d) => d.params.length === 0)) {
          this.report('R0204', e.span, { name, expected: defs[0]?.params.length ?? 0, found: 0 });
        }
        return r.type;
      }
      case 'variable': case 'builtin': case 'zone': case 'collection': case 'piece': case 'board': case 'table':
        return r.type;
      default: return assertNever(r);
    }
  }

  /** R0201 with the closest name in scope (or value word), or R0203 when the name is a declaration of another kind. */
  private undeclared(name: Name, scope: Scope, hint: NameHint): void {
    const preferred = () => (hint === 'Zone' ? closest(name.text, this.symbols.zones.keys()) : undefined);
    const other = declaredKind(name.text, this.symbols);
    if (other) {
      const expected = hint === 'Zone' ? 'zone' : 'value';
      this.report('R0203', name.span, { name: name.text, actual: other, expected }, preferred);
      return;
    }
    const suggestion = () => preferred() ?? closest(name.text, namesInScope(scope, this.symbols)) ?? valueWordLike(name.text);
    this.report('R0201', name.span, { what: hint, name: name.text }, suggestion);
  }

  private defineType(name: string): Type {
    const decls = [...(this.symbols.defines.get(name) ?? []), ...(this.symbols.powerDefines.get(name) ?? [])];
    return joinAll(decls.map((d) => this.bodyType(d)));
  }

  private bodyType(d: DefineDecl): Type {
    const cache = this.env.defineTypes;
    const known = cache.get(d);
    if (known) return known;
    cache.set(d, UNKNOWN); // a define that uses itself is unknown while it is worked out
    const t = new ExprChecker(this.env, true).typeOf(d.body, Scope.of(d.params.map((p) => [p.text, UNKNOWN] as const)));
    cache.set(d, t);
    return t;
  }

  // ─── Properties (`P of X`) ─────────────────────────────────────────────────

  private property(e: OfExpr, scope: Scope): Type {
    if (e.on) return this.counterOn(e, e.on, scope);
    if (e.target.kind === 'Index' && this.misgrouped(e, e.target.target, e.target.index, scope)) return UNKNOWN;
    const target = this.typeOf(e.target, scope);
    if (e.property.text === 'name') return target.k === 'none' ? this.cannot(e, target, []) : this.nameType(target);
    switch (target.k) {
      case 'unknown': return this.anyProperty(e.property);
      case 'player': return this.playerProperty(e, target);
      case 'piece': return this.pieceProperty(e, target);
      case 'zone': return e.property.text === 'owner' ? PLAYER : this.cannot(e, target, ['owner', 'name']);
      case 'card': case 'space': return this.thingProperty(e, target);
      case 'number': case 'text': case 'flag': case 'list': case 'none': return this.cannot(e, target, ['name']);
      default: return assertNever(target);
    }
  }

  /**
   * `name of x`: a thing's name is a number when its component declares `name: number`, else text
   * (the label, as move ids show it); unknown when the thing could be of either kind of component.
   */
  private nameType(target: Type): Type {
    const numberNamed = (c: string) => this.symbols.components.get(c)?.attrs.some((a) => a.name.text === 'name' && a.type.kind === 'number') === true;
    if ((target.k === 'card' || target.k === 'space') && target.component !== null) return numberNamed(target.component) ? NUMBER : TEXT;
    if (target.k !== 'card' && target.k !== 'space' && target.k !== 'unknown') return TEXT;
    return [...this.symbols.components.keys()].some(numberNamed) ? UNKNOWN : TEXT;
  }

  /**
   * `played of p[1]` reads as `played of (p[1])` (R0304): when p is known not to be a list, the
   * writer meant an item of `played of p`, so say how to write that instead of "expected a list".
   */
  private misgrouped(e: OfExpr, indexed: Expr, index: Expr, scope: Scope): boolean {
    const t = this.typeOf(indexed, scope);
    if (fits(t, 'list')) return false;
    this.expect(index, scope, 'number');
    const text = (x: Expr) => this.env.reporter.source.slice(x.span.start, x.span.end);
    this.report('R0304', e.span, { property: e.property.text, target: text(indexed), index: text(index), found: describe(t) });
    return true;
  }

  private cannot(e: OfExpr, target: Type, valid: readonly string[]): Type {
    // At the property's name: that is the word a quick fix replaces with the suggestion.
    this.report('R0302', e.property.span, { property: e.property.text, found: describe(target) }, () => closest(e.property.text, valid));
    return UNKNOWN;
  }

  /** `scored of p on c`: a counter kept per player per thing, of a player, for one of its things. */
  private counterOn(e: OfExpr, on: Expr, scope: Scope): Type {
    const counter = this.symbols.counters.get(e.property.text);
    const target = this.typeOf(e.target, scope);
    if (counter?.owner.kind !== 'player-each') {
      this.typeOf(on, scope);
      const found = e.property.text === 'on' ? `\`${this.env.reporter.source.slice(e.target.span.start, e.target.span.end)}\`` : `\`${e.property.text}\``;
      this.report('R0306', e.span, { found });
      return UNKNOWN;
    }
    if (target.k !== 'player' && target.k !== 'unknown') this.report('R0303', e.span, { name: counter.name.text, owner: ownerText(counter), found: describe(target) });
    this.expectThing(counter, on, scope);
    return counterType(counter);
  }

  /** The thing after `on`: a card of the counter's table, a piece of its pieces or a space of its board. */
  expectThing(counter: CounterDecl, on: Expr, scope: Scope): void {
    if (counter.owner.kind !== 'player-each') return;
    const of = counter.owner.of.text;
    const kind = this.symbols.boards.has(of) ? 'space' : this.symbols.collections.has(of) ? 'piece' : 'card';
    const t = this.typeOf(on, scope);
    if (t.k !== kind && t.k !== 'unknown') this.report('R0301', on.span, { expected: `a ${kind} of \`${of}\``, found: describe(t) });
  }

  /** A counter named as a property: it must belong to the kind of thing it is taken of. */
  private counterOf(e: OfExpr, counter: CounterDecl, target: Type): Type {
    if (counter.owner.kind === 'player-each') {
      this.report('R0305', e.span, { name: counter.name.text, of: counter.owner.of.text });
      return counterType(counter);
    }
    const owner = counter.owner.kind === 'each'
      ? (this.symbols.boards.has(counter.owner.of.text) ? 'space' : 'piece')
      : counter.owner.kind;
    if (owner !== target.k) {
      this.report('R0303', e.span, { name: counter.name.text, owner: ownerText(counter), found: describe(target) });
    }
    return counterType(counter);
  }

  private playerProperty(e: OfExpr, target: Type): Type {
    const name = e.property.text;
    if (name === 'seat') return NUMBER;
    const counter = this.symbols.counters.get(name);
    if (counter) return this.counterOf(e, counter, target);
    const z = this.symbols.zones.get(name);
    if (z?.perPlayer) return zone(z.component?.text ?? null);
    const perPlayerZones = [...this.symbols.zones.values()].filter((x) => x.perPlayer).map((x) => x.name.text);
    return this.cannot(e, target, ['seat', 'name', ...this.symbols.counters.keys(), ...perPlayerZones]);
  }

  private pieceProperty(e: OfExpr, target: Type): Type {
    const name = e.property.text;
    if (name === 'space') return space(this.spaceComponent());
    const builtin = PIECE_PROPERTIES.get(name);
    if (builtin) return builtin;
    const counter = this.symbols.counters.get(name);
    if (counter) return this.counterOf(e, counter, target);
    return this.cannot(e, target, ['space', 'name', ...PIECE_PROPERTIES.keys(), ...this.symbols.counters.keys()]);
  }

  private thingProperty(e: OfExpr, target: Extract<Type, { k: 'card' | 'space' }>): Type {
    const name = e.property.text;
    const counter = target.k === 'space' ? this.symbols.counters.get(name) : undefined;
    if (counter) return this.counterOf(e, counter, target);
    const extra = target.k === 'space' ? 'position' : 'zone';
    const extraType = target.k === 'space' ? NUMBER : zone(null);
    // A space also has the counters kept per space (`level of s`): they are suggested too.
    const spaceCounters = target.k === 'space' ? [...this.symbols.counters.keys()] : [];
    if (target.component === null) {
      const attr = this.attributeNamed(name);
      if (attr) return attr;
      if (name === extra) return extraType;
      if (this.symbols.columns.has(name)) return UNKNOWN;
      return this.cannot(e, target, [...this.symbols.attributes.keys(), extra, 'name', ...spaceCounters]);
    }
    const component = this.symbols.components.get(target.component);
    if (!component) return UNKNOWN;
    const attr = component.attrs.find((a) => a.name.text === name);
    if (attr) return attrType(attr);
    if (name === extra) return extraType;
    const columns = [...this.symbols.tables.values()].filter((t) => t.component.text === target.component).flatMap((t) => t.columns);
    if (columns.some((c) => c.text === name && c.text !== 'copies')) return UNKNOWN; // not an attribute: reported at the table
    return this.cannot(e, target, [...component.attrs.map((a) => a.name.text), extra, 'name', ...spaceCounters]);
  }

  /** A property of something of unknown type: whatever it can mean; undeclared if nothing. */
  private anyProperty(prop: Name): Type {
    const name = prop.text;
    const s = this.symbols;
    const types: Type[] = [];
    if (name === 'seat' || name === 'slot' || name === 'position') types.push(NUMBER);
    if (name === 'owner') types.push(PLAYER);
    if (name === 'space') types.push(space(this.spaceComponent()));
    if (name === 'zone') types.push(zone(null));
    const counter = s.counters.get(name);
    if (counter) types.push(counterType(counter));
    const z = s.zones.get(name);
    if (z?.perPlayer) types.push(zone(z.component?.text ?? null));
    const attr = this.attributeNamed(name);
    if (attr) types.push(attr);
    else if (s.columns.has(name)) types.push(UNKNOWN);
    if (types.length === 0) {
      const known = ['seat', 'slot', 'position', 'owner', 'space', 'zone', 'name', ...s.counters.keys(), ...s.zones.keys(), ...s.attributes.keys(), ...s.columns];
      this.report('R0201', prop.span, { what: 'Property', name }, () => closest(name, known));
      return UNKNOWN;
    }
    return joinAll(types);
  }

  /** The type of an attribute by name across components; enums of the same name merge their values. */
  private attributeNamed(name: string): Type | undefined {
    const attrs = this.symbols.attributes.get(name);
    if (!attrs?.length) return undefined;
    const types = attrs.map(attrType);
    if (types.every((t) => t.k === 'text' && t.enumOf)) {
      const values = [...new Set(types.flatMap((t) => (t.k === 'text' && t.enumOf ? t.enumOf.values : [])))];
      return { k: 'text', enumOf: { attr: name, values } };
    }
    return joinAll(types);
  }

  /** The component of board spaces, when every board's table has the same one. */
  private spaceComponent(): string | null {
    const components = new Set([...this.symbols.boardTables].map((t) => this.symbols.tables.get(t)?.component.text ?? null));
    return components.size === 1 ? [...components][0]! : null;
  }

  // ─── Calls ──────────────────────────────────────────────────────────────────

  private call(e: CallExpr, scope: Scope): Type {
    const name = e.callee.text;
    const defs = this.symbols.defines.get(name);
    if (defs) {
      e.args.forEach((a) => this.typeOf(a, scope));
      if (!defs.some((d) => d.params.length === e.args.length)) {
        this.report('R0204', e.callee.span, { name, expected: defs[0]!.params.length, found: e.args.length });
      }
      return this.defineType(name);
    }
    const b = BUILTINS.get(name);
    if (!b) {
      e.args.forEach((a) => this.typeOf(a, scope));
      const other = declaredKind(name, this.symbols);
      if (other) this.report('R0203', e.callee.span, { name, actual: other, expected: 'function' });
      else this.report('R0201', e.callee.span, { what: 'Function', name }, () => closest(name, [...this.symbols.defines.keys(), ...BUILTINS.keys()]));
      return UNKNOWN;
    }
    if (e.args.length < b.min || e.args.length > b.max) {
      const expected = b.min === b.max ? String(b.min) : `${b.min} or more`;
      this.report('R0204', e.callee.span, { name, expected, found: e.args.length });
    }
    const args = b.params === 'numbers' ? this.numberArgs(e, scope) : e.args.map((a, i) => this.argument(a, scope, (b.params as readonly Want[])[i]));
    if (name === 'holds') this.powerName(e.args[1]);
    if (name === 'set-score') this.attributeName(e.args[1]);
    return b.result(args);
  }

  private argument(a: Expr, scope: Scope, want: Want | undefined): Type {
    return want ? this.expect(a, scope, want) : this.typeOf(a, scope);
  }

  /** `max(a, b, …)` takes numbers; `max(xs)` one list of numbers. */
  private numberArgs(e: CallExpr, scope: Scope): Type[] {
    if (e.args.length !== 1) return e.args.map((a) => this.expect(a, scope, 'number'));
    const t = this.typeOf(e.args[0]!, scope);
    const element = t.k === 'list' ? t.of : t.k === 'zone' ? card(null) : t;
    if (!fits(element, 'number') && element.k !== 'none') {
      this.report('R0301', e.args[0]!.span, { expected: 'a number or a list of numbers', found: describe(t) });
    }
    return [t];
  }

  /** `holds(p, "Miser")`: the power must exist. */
  private powerName(arg: Expr | undefined): void {
    if (arg?.kind !== 'Text' || this.symbols.powers.has(arg.value)) return;
    this.report('R0201', arg.span, { what: 'Power', name: arg.value }, () => closest(arg.value, this.symbols.powers.keys()));
  }

  /** `set-score(cards, "family", …)`: some component must have that attribute. */
  private attributeName(arg: Expr | undefined): void {
    const s = this.symbols;
    if (arg?.kind !== 'Text' || s.attributes.has(arg.value) || s.columns.has(arg.value)) return;
    this.report('R0201', arg.span, { what: 'Attribute', name: arg.value }, () => closest(arg.value, s.attributes.keys()));
  }

  // ─── Operators and comprehensions ──────────────────────────────────────────

  private binary(e: Binary, scope: Scope): Type {
    switch (e.op) {
      case 'and': case 'or':
        this.expect(e.left, scope, 'flag');
        this.expect(e.right, scope, 'flag');
        return FLAG;
      case '=': case '!=': case 'is': case 'is not': {
        const l = this.typeOf(e.left, scope);
        const r = this.typeOf(e.right, scope);
        this.enumValues(l, e.right);
        this.enumValues(r, e.left);
        this.textWithNumber(e, l, r, 'compare');
        return FLAG;
      }
      case 'in': case 'not in': {
        const l = this.typeOf(e.left, scope);
        const r = this.expect(e.right, scope, 'list');
        this.enumValues(l, e.right);
        this.textWithNumber(e, l, elementOf(r), 'compare');
        return FLAG;
      }
      case '<': case '<=': case '>': case '>=':
        this.expect(e.left, scope, 'number');
        this.expect(e.right, scope, 'number');
        return FLAG;
      case '+': return this.plus(e, scope);
      case '-': case '*': case '/': case 'mod':
        this.expect(e.left, scope, 'number');
        this.expect(e.right, scope, 'number');
        return NUMBER;
      default: return exhausted(e.op, UNKNOWN); // a recovered parse may leave a partial operator
    }
  }

  /**
   * A text beside a number (R0307): compared, they are never equal (`name of c = "2"` when the name
   * is declared a number); added, `+` would join them as texts ("2" + 1 is "21"). Either way the
   * rule does not say what its writer meant.
   */
  private textWithNumber(e: Binary, a: Type, b: Type, verb: 'compare' | 'add'): boolean {
    if (!((a.k === 'text' && b.k === 'number') || (a.k === 'number' && b.k === 'text'))) return false;
    const args = verb === 'compare'
      ? { verb, why: 'a text is never equal to a number', fix: 'Compare a number with a number (a name declared `name: number` is one: `name of c = 2`) or a text with a text.' }
      : { verb, why: '`+` adds numbers or joins texts, and would join these as texts ("2" + 1 is "21")', fix: 'To add, give two numbers; to write a number into a text, use a template: `"row {n}"`.' };
    this.report('R0307', e.span, args);
    return true;
  }

  /** `+` joins texts, joins lists, or adds numbers, as the runtime tries them. */
  private plus(e: Binary, scope: Scope): Type {
    const a = this.typeOf(e.left, scope);
    const b = this.typeOf(e.right, scope);
    if (this.textWithNumber(e, a, b, 'add')) return UNKNOWN;
    if (a.k === 'text' || b.k === 'text') return TEXT;
    if (a.k === 'list' || a.k === 'zone') {
      if (!fits(b, 'list')) this.report('R0301', e.right.span, { expected: WANTED.list, found: describe(b) });
      return listOf(join(elementOf(a), elementOf(b)));
    }
    if (a.k === 'unknown') return b.k === 'number' ? NUMBER : UNKNOWN;
    if (a.k !== 'number') {
      this.report('R0301', e.left.span, { expected: WANTED.number, found: describe(a) });
      return UNKNOWN;
    }
    if (!fits(b, 'number')) this.report('R0301', e.right.span, { expected: WANTED.number, found: describe(b) });
    return NUMBER;
  }

  /** `type of s = "templ"`: a text compared with an enum attribute must be one of its values. */
  private enumValues(t: Type, other: Expr): void {
    if (t.k !== 'text' || !t.enumOf) return;
    const { attr, values } = t.enumOf;
    const literals = other.kind === 'Text' ? [other] : other.kind === 'List' ? other.items : [];
    for (const lit of literals) {
      if (lit.kind !== 'Text' || values.includes(lit.value)) continue;
      this.report('R0206', lit.span, { value: lit.value, attr, values: values.join(', ') }, () => closest(lit.value, values));
    }
  }

  private comprehension(e: Comprehension, scope: Scope): Type {
    if (e.quantifier === 'connected') {
      const start = this.typeOf(e.list, scope);
      const board = start.k === 'space' ? start : start.k === 'list' && start.of.k === 'space' ? start.of : space(null);
      if (start.k !== 'unknown' && start.k !== 'space' && !(start.k === 'list' && (start.of.k === 'space' || start.of.k === 'unknown'))) {
        this.report('R0301', e.list.span, { expected: 'a space or a list of spaces', found: describe(start) });
      }
      const inner = scope.child();
      inner.bind(e.variable.text, board);
      if (e.where) this.expect(e.where, inner, 'flag');
      return listOf(board);
    }
    const element = elementOf(this.expect(e.list, scope, 'list'));
    const inner = scope.child();
    inner.bind(e.variable.text, element);
    if (e.where) this.expect(e.where, inner, 'flag');
    switch (e.quantifier) {
      case 'count':
        return NUMBER;
      case 'any': case 'every':
        return FLAG;
      case 'all':
        return listOf(element);
      case 'first': case 'last':
        return element;
      case 'sum': case 'max': case 'min':
        e.keys.forEach((k) => this.expect(k, inner, 'number'));
        return NUMBER;
      case 'each':
        return listOf(e.keys[0] ? this.typeOf(e.keys[0], inner) : UNKNOWN);
      case 'best': case 'worst': case 'sorted':
        e.keys.forEach((k) => this.typeOf(k, inner));
        return listOf(element);
      default: return assertNever(e.quantifier);
    }
  }
}

/** `one` for `none`, `yess` for `yes`: a value word one letter off, when no name in scope is close. */
function valueWordLike(name: string): string | undefined {
  if (name.length < 3) return undefined;
  return ['none', 'yes', 'no'].find((w) => editDistance(name, w) === 1);
}
