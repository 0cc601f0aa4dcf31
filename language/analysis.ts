// One document as the editor sees it: takes a ruleset's text (and the rulebook files it cites),
// gives its AST, its diagnostics, every declared name and every use of one, resolved the way the
// checker resolves them (same order: variables, built-ins, counters, zones, defines, pieces,
// boards, tables), with the variables visible at each point.
import type {
  AttrDecl, Block, Decl, Expr, Meta, Name, Ruleset, Span, Stmt,
} from '../grammar/ast.js';
import type { Diagnostic } from '../grammar/diagnostics.js';
import { parseRuleset } from '../grammar/index.js';
import { check, contextsOf, powerItems, type Symbols } from '../interpreter/checker/index.js';

export type SymbolKind =
  | 'component' | 'attribute' | 'table' | 'zone' | 'counter' | 'pieces' | 'piece' | 'board' | 'define'
  | 'rule' | 'event' | 'power' | 'variant' | 'choice' | 'parameter' | 'variable';

/** A declared name: one place where a name is introduced. */
export interface Declared {
  /** Same key, same thing: a define and the variant's replacement of it, a choice made in two places. */
  readonly key: string;
  readonly name: string;
  readonly kind: SymbolKind;
  /** The name itself. */
  readonly span: Span;
  /** The whole declaration or statement that introduces it. */
  readonly node: Span;
  /** Its citations and ambiguity marks, for a declaration that has them. */
  readonly meta?: Meta;
  /** Where a variable or parameter can be used; absent for names the whole ruleset sees. */
  readonly visible?: Span;
}

/** A name used somewhere, and the key of what it means. */
export interface Use {
  readonly key: string;
  readonly span: Span;
}

export interface CitedText {
  readonly file: string;
  readonly text: string;
}

export interface Analysis {
  readonly file: string;
  readonly source: string;
  readonly ruleset: Ruleset;
  readonly diagnostics: readonly Diagnostic[];
  /** What the base rules see (names any variant adds included), as the checker collects them. */
  readonly symbols: Symbols;
  readonly declared: readonly Declared[];
  readonly uses: readonly Use[];
  readonly rulebook: CitedText | null;
  readonly references: readonly CitedText[];
}

export interface AnalyzeOptions {
  readonly rulebook?: CitedText | null;
  readonly references?: readonly CitedText[];
}

/** Parses and checks `source` (checks only when it parses, as compileSource does) and indexes its names. */
export function analyze(source: string, file: string, options: AnalyzeOptions = {}): Analysis {
  const parsed = parseRuleset(source, file);
  const parseErrors = parsed.diagnostics.some((d) => d.severity === 'error');
  const rulebook = options.rulebook ?? null;
  const references = options.references ?? [];
  let diagnostics: Diagnostic[] = parsed.diagnostics.map((d) => ({ ...d, file }));
  if (!parseErrors) {
    try {
      diagnostics = [...diagnostics, ...check(parsed.ruleset, { file, source, rulebook, references })];
    } catch {
      // A checker failure must not take the editor down: the names are still indexed.
    }
  }
  const symbols = contextsOf(parsed.ruleset)[0]!.symbols;
  const index = new Indexer(symbols);
  index.ruleset(parsed.ruleset);
  return { file, source, ruleset: parsed.ruleset, diagnostics, symbols, declared: index.declared, uses: index.uses, rulebook, references };
}

/** What a variable holds, as far as the index needs to know. */
type Thing = 'card' | 'space' | 'player' | 'piece';

/** The key of a name the whole ruleset sees. */
export const globalKey = (kind: SymbolKind, name: string): string => `${kind}:${name}`;

const BUILTIN_VALUES = new Set(['player', 'players', 'player-count', 'game-ending']);

/** The global key a bare name means, in the checker's order; undefined for built-ins and the undeclared. */
export function valueKey(name: string, s: Symbols): string | undefined {
  if (BUILTIN_VALUES.has(name)) return undefined;
  if (s.counters.has(name)) return globalKey('counter', name);
  if (s.zones.has(name)) return globalKey('zone', name);
  if (s.defines.has(name)) return globalKey('define', name);
  if (s.pieceCollections.has(name)) return globalKey('pieces', name);
  if (s.singlePieces.has(name)) return globalKey('piece', name);
  if (s.boards.has(name)) return globalKey('board', name);
  if (s.tables.has(name)) return globalKey('table', name);
  return undefined;
}

/** What `NAME of x` may mean: a counter, a per-player zone, an attribute. */
export function propertyKey(name: string, s: Symbols): string | undefined {
  if (s.counters.has(name)) return globalKey('counter', name);
  if (s.zones.get(name)?.perPlayer) return globalKey('zone', name);
  if (s.attributes.has(name)) return globalKey('attribute', name);
  return undefined;
}

class Indexer {
  readonly declared: Declared[] = [];
  readonly uses: Use[] = [];
  private scopes: Map<string, string>[] = [];
  private locals = 0;
  /** What each variable holds, where it can be told without types: enough to read `P of x` right. */
  private readonly things = new Map<string, Thing>();

  constructor(private readonly s: Symbols) {}

  private declare(kind: SymbolKind, name: Name | null | undefined, node: { readonly span: Span; readonly meta?: Meta }): void {
    if (!name?.text) return;
    this.declared.push({ key: globalKey(kind, name.text), name: name.text, kind, span: name.span, node: node.span, ...(node.meta ? { meta: node.meta } : {}) });
  }

  private use(key: string | undefined, name: Name | null | undefined): void {
    if (key && name?.text) this.uses.push({ key, span: name.span });
  }

  /** A variable or parameter, visible in `visible`, bound in the innermost scope. */
  private local(kind: 'parameter' | 'variable', name: Name | null | undefined, node: Span, visible: Span, thing?: Thing): void {
    if (!name?.text) return;
    const key = `${kind}#${++this.locals}:${name.text}`;
    if (thing) this.things.set(key, thing);
    this.declared.push({ key, name: name.text, kind, span: name.span, node, visible });
    this.scopes.at(-1)?.set(name.text, key);
  }

  private lookup(name: string): string | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const key = this.scopes[i]!.get(name);
      if (key) return key;
    }
    return undefined;
  }

  private scoped(run: () => void): void {
    this.scopes.push(new Map());
    try {
      run();
    } finally {
      this.scopes.pop();
    }
  }

  ruleset(r: Ruleset): void {
    for (const d of r.decls) {
      try {
        this.decl(d);
      } catch {
        // A declaration the parser recovered only in part: index the others.
      }
    }
  }

  private decl(d: Decl): void {
    switch (d.kind) {
      case 'Game': case 'Winner':
        if (d.kind === 'Winner') for (const o of d.order) this.expr(o.expr);
        return;
      case 'Component':
        this.declare('component', d.name, d);
        for (const a of d.attrs) this.attr(a);
        return;
      case 'Table': {
        this.declare('table', d.name, d);
        this.use(globalKey('component', d.component?.text ?? ''), d.component);
        this.use(d.zone ? globalKey('zone', d.zone.text) : undefined, d.zone);
        for (const c of d.columns) if (this.s.attributes.has(c.text)) this.use(globalKey('attribute', c.text), c);
        return;
      }
      case 'Zone':
        this.declare('zone', d.name, d);
        if (d.component) this.use(globalKey('component', d.component.text), d.component);
        return;
      case 'Counter':
        this.declare('counter', d.name, d);
        if (d.owner.kind === 'each') this.use(valueKey(d.owner.of.text, this.s), d.owner.of);
        for (const e of [d.initial, d.min, d.max]) if (e) this.expr(e);
        return;
      case 'Piece':
        if (d.perPlayer) this.declare('pieces', d.name, d);
        else {
          this.declare('piece', d.name, d);
          if (d.collection) this.use(globalKey('pieces', d.collection.text), d.collection);
        }
        return;
      case 'Board': {
        this.declare('board', d.name, d);
        const shape = d.shape;
        const table = shape.kind === 'track' ? shape.spaces : shape.kind === 'graph' ? shape.nodes : shape.cells;
        this.use(globalKey('table', table.text), table);
        return;
      }
      case 'Define':
        this.declare('define', d.name, d);
        this.scoped(() => {
          for (const p of d.params) this.local('parameter', p, d.span, d.span);
          this.expr(d.body);
        });
        return;
      case 'Rule':
        this.declare('rule', d.name, d);
        this.scoped(() => {
          if (d.trigger) {
            this.use(globalKey('event', d.trigger.event.text), d.trigger.event);
            // A triggered rule sees the event's parameters by their names.
            const event = this.s.events.get(d.trigger.event.text)?.[0];
            for (const p of event?.params ?? []) this.scopes.at(-1)!.set(p.text, globalKey('event', d.trigger.event.text) + `/${p.text}`);
            if (d.trigger.where) this.expr(d.trigger.where);
          }
          for (const p of d.params) this.local('parameter', p, d.span, d.span);
          this.block(d.body);
        });
        return;
      case 'Forbid':
        this.declare('rule', d.name, d);
        this.use(globalKey('choice', d.choice.text), d.choice);
        this.expr(d.when);
        return;
      case 'Event':
        this.declare('event', d.name, d);
        for (const p of d.params) this.declared.push({ key: `${globalKey('event', d.name.text)}/${p.text}`, name: p.text, kind: 'parameter', span: p.span, node: d.span });
        return;
      case 'Powers':
        this.use(globalKey('zone', d.zone.text), d.zone);
        return;
      case 'Power':
        this.declare('power', d.name, d);
        for (const item of powerItems(d)) this.decl(item);
        return;
      case 'Setup': case 'Flow':
        this.scoped(() => this.block(d.body));
        return;
      case 'Recount':
        this.use(globalKey('counter', d.counter.text), d.counter);
        this.expr(d.expr);
        return;
      case 'Variant':
        this.declare('variant', d.id, d);
        if (d.when) this.expr(d.when);
        for (const x of d.excludes) this.use(globalKey('variant', x.text), x);
        for (const item of d.items) {
          if (item.kind === 'Remove') this.use(this.anyKey(item.target.text), item.target);
          else this.decl(item.decl);
        }
        return;
      default: {
        const never: never = d;
        return never;
      }
    }
  }

  /** Whatever declaration a name is (for `remove NAME` in a variant). */
  private anyKey(name: string): string | undefined {
    const s = this.s;
    if (s.rules.has(name)) return globalKey('rule', name);
    if (s.events.has(name)) return globalKey('event', name);
    if (s.components.has(name)) return globalKey('component', name);
    if (s.powers.has(name)) return globalKey('power', name);
    return valueKey(name, s);
  }

  private attr(a: AttrDecl): void {
    this.declare('attribute', a.name, a);
  }

  private block(b: Block): void {
    this.scoped(() => {
      for (const s of b.stmts) this.stmt(s, b);
    });
  }

  /** From a statement to the end of its block: where `let`, `choose` and `pick random` bind. */
  private rest(s: Stmt, b: Block): Span {
    return { start: s.span.start, end: b.span.end };
  }

  private stmt(s: Stmt, b: Block): void {
    switch (s.kind) {
      case 'Let':
        this.expr(s.value);
        this.local('variable', s.name, s.span, { start: s.span.end, end: b.span.end }, this.thingOf(s.value));
        return;
      case 'Change':
        this.expr(s.amount);
        this.use(globalKey('counter', s.counter.text), s.counter);
        if (s.target) this.expr(s.target);
        return;
      case 'Move': this.expr(s.what); this.expr(s.to); return;
      case 'Draw': this.expr(s.count); this.expr(s.from); this.expr(s.to); return;
      case 'Shuffle': this.expr(s.zone); return;
      case 'Choose':
        this.expr(s.from);
        if (s.by) this.expr(s.by);
        // A choice is named by its verb, or by its template's first word (what `forbids` names).
        { const n = s.label.kind === 'verb' ? s.label.verb : s.name; if (n?.text) this.declared.push({ key: globalKey('choice', n.text), name: n.text, kind: 'choice', span: n.span, node: s.span }); }
        this.local('variable', s.variable, s.span, this.rest(s, b), this.elementOf(s.from));
        if (s.where) this.expr(s.where);
        return;
      case 'Menu':
        if (s.by) this.expr(s.by);
        if (s.name) this.declared.push({ key: globalKey('choice', s.name.text), name: s.name.text, kind: 'choice', span: s.name.span, node: s.span });
        for (const o of s.options) {
          const each = o.each;
          if (each) this.expr(each.list);
          this.scoped(() => {
            if (each) this.local('variable', each.variable, o.span, o.span, this.elementOf(each.list));
            if (o.when) this.expr(o.when);
            this.block(o.body);
          });
        }
        return;
      case 'If':
        this.expr(s.cond);
        this.block(s.then);
        if (s.else?.kind === 'Block') this.block(s.else);
        else if (s.else) this.stmt(s.else, b);
        return;
      case 'ForEach':
        this.expr(s.list);
        this.scoped(() => {
          this.local('variable', s.variable, s.span, s.span, this.elementOf(s.list));
          if (s.where) this.expr(s.where);
          this.block(s.body);
        });
        return;
      case 'Repeat': this.expr(s.expr); this.block(s.body); return;
      case 'Turn': this.expr(s.player); this.block(s.body); return;
      case 'Phase':
        if (s.timeLimit) this.expr(s.timeLimit);
        this.block(s.body);
        return;
      case 'Fire':
        this.use(globalKey('event', s.event.text), s.event);
        s.args.forEach((a) => this.expr(a));
        return;
      case 'Call':
        this.use(globalKey('rule', s.rule.text), s.rule);
        s.args.forEach((a) => this.expr(a));
        return;
      case 'EndGame': case 'Say': return;
      case 'Rank':
        this.expr(s.list);
        this.scoped(() => {
          this.local('variable', s.variable, s.span, s.span, this.elementOf(s.list));
          this.expr(s.by);
          this.block(s.body);
        });
        return;
      case 'Random':
        this.expr(s.from);
        this.local('variable', s.variable, s.span, this.rest(s, b), this.elementOf(s.from));
        if (s.where) this.expr(s.where);
        return;
      case 'Reveal': this.expr(s.what); return;
      default: {
        const never: never = s;
        return never;
      }
    }
  }

  /** `P of x`: an attribute when x is a card or a space (unless a counter of spaces), else a counter or a zone. */
  private propertyOf(name: string, thing: Thing | undefined): string | undefined {
    const s = this.s;
    const counter = s.counters.get(name);
    if ((thing === 'card' || thing === 'space') && s.attributes.has(name)) {
      const ofSpaces = thing === 'space' && counter?.owner.kind === 'each' && s.boards.has(counter.owner.of.text);
      if (!ofSpaces) return globalKey('attribute', name);
    }
    return propertyKey(name, s);
  }

  /** What one value is, when it can be told from its form. */
  private thingOf(e: Expr | null | undefined): Thing | undefined {
    switch (e?.kind) {
      case 'Ref': {
        if (e.name.text === 'player') return 'player';
        const key = this.lookup(e.name.text);
        if (key) return this.things.get(key);
        return this.s.singlePieces.has(e.name.text) ? 'piece' : undefined;
      }
      case 'Of':
        if (e.property.text === 'owner') return 'player';
        if (e.property.text === 'space') return 'space';
        return undefined;
      case 'Index': return this.elementOf(e.target);
      case 'Comprehension': return e.quantifier === 'first' || e.quantifier === 'last' ? this.elementOf(e.list) : undefined;
      case 'IfExpr': { const t = this.thingOf(e.then); return t === this.thingOf(e.else) ? t : undefined; }
      default: return undefined;
    }
  }

  /** What the things of a list are, when it can be told from its form. */
  private elementOf(e: Expr | null | undefined): Thing | undefined {
    const s = this.s;
    switch (e?.kind) {
      case 'Ref': {
        const name = e.name.text;
        if (name === 'players') return 'player';
        if (this.lookup(name)) return undefined;
        if (s.zones.has(name)) return 'card';
        if (s.collections.has(name)) return 'piece';
        if (s.boards.has(name)) return 'space';
        if (s.tables.has(name)) return s.boardTables.has(name) ? 'space' : 'card';
        return undefined;
      }
      case 'Of': return s.zones.has(e.property.text) ? 'card' : undefined;
      case 'Comprehension':
        return ['all', 'sorted', 'best', 'worst'].includes(e.quantifier) ? this.elementOf(e.list) : e.quantifier === 'connected' ? 'space' : undefined;
      case 'Call':
        if (e.callee.text === 'pieces-at') return 'piece';
        if (e.callee.text === 'neighbours') return 'space';
        if (e.callee.text === 'players-from') return 'player';
        if (e.callee.text === 'distinct') return this.elementOf(e.args[0]);
        return undefined;
      case 'List': { const kinds = new Set(e.items.map((i) => this.thingOf(i))); return kinds.size === 1 ? [...kinds][0] : undefined; }
      default: return undefined;
    }
  }

  private expr(e: Expr | null | undefined): void {
    if (!e) return;
    switch (e.kind) {
      case 'Number': case 'Text': case 'Flag': case 'None': return;
      case 'List': e.items.forEach((i) => this.expr(i)); return;
      case 'Ref': this.use(this.lookup(e.name.text) ?? valueKey(e.name.text, this.s), e.name); return;
      case 'Of':
        this.use(this.propertyOf(e.property.text, this.thingOf(e.target)), e.property);
        // `bid on lot` is read as `bid of player on lot`: the implied `player` is not in the text.
        if (!(e.on && e.target.span === e.property.span)) this.expr(e.target);
        this.expr(e.on);
        return;
      case 'Call':
        if (this.s.defines.has(e.callee.text)) this.use(globalKey('define', e.callee.text), e.callee);
        e.args.forEach((a) => this.expr(a));
        return;
      case 'Binary': this.expr(e.left); this.expr(e.right); return;
      case 'Unary': this.expr(e.operand); return;
      case 'IfExpr': this.expr(e.cond); this.expr(e.then); this.expr(e.else); return;
      case 'Index': this.expr(e.target); this.expr(e.index); return;
      case 'Range': this.expr(e.from); this.expr(e.to); return;
      case 'Comprehension':
        this.expr(e.list);
        this.scoped(() => {
          this.local('variable', e.variable, e.span, e.span, e.quantifier === 'connected' ? 'space' : this.elementOf(e.list));
          if (e.where) this.expr(e.where);
          e.keys.forEach((k) => this.expr(k));
        });
        return;
      default: {
        const never: never = e;
        return never;
      }
    }
  }
}

/** The declaration or use whose name holds `offset` (its end included: the cursor just after a word). */
export function symbolAt(a: Analysis, offset: number): { key: string; span: Span; declared?: Declared } | undefined {
  const inside = (s: Span) => s.start <= offset && offset <= s.end;
  const d = a.declared.find((x) => inside(x.span));
  if (d) return { key: d.key, span: d.span, declared: d };
  const u = a.uses.find((x) => inside(x.span));
  return u ? { key: u.key, span: u.span } : undefined;
}

/** Every declaration of a key, in source order. */
export const declarationsOf = (a: Analysis, key: string): Declared[] =>
  a.declared.filter((d) => d.key === key).sort((x, y) => x.span.start - y.span.start);
