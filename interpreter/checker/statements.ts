// Rule bodies: walks blocks with the lexical scope the machine gives them at run time (`let`
// and `choose` bind for the rest of their block, loop variables inside their body) and checks
// each statement's names (counters, events, rules, `{x}` in texts) and the types it needs.
import type { Block, ChangeStmt, ChooseStmt, CounterDecl, Expr, MoveStmt, Name, Span, Stmt } from '../../grammar/ast.js';
import { closest } from '../../grammar/diagnostics.js';
import { declaredKind, holdsValues, mayHoldValues, ownerText, type Env, type ExprChecker } from './expressions.js';
import { Scope } from './report.js';
import { assertNever, describe, elementOf, fits, join, listOf, NUMBER, UNKNOWN, type Type } from './types.js';

/** The variables in scope at each choice, by choice name: what a `rule … forbids` may use. */
export class Choices {
  private readonly scopes = new Map<string, Map<string, Type>>();
  /** Each place a choice of the name is made, with the variables in reach there (R0212). */
  private readonly sites = new Map<string, { readonly vars: ReadonlySet<string>; readonly at?: Span }[]>();

  record(name: string, scope: Scope, at?: Span): void {
    const known = this.scopes.get(name) ?? new Map<string, Type>();
    const vars = scope.entries();
    for (const [v, t] of vars) known.set(v, known.has(v) ? join(known.get(v)!, t) : t);
    this.scopes.set(name, known);
    this.sites.set(name, [...(this.sites.get(name) ?? []), { vars: new Set(vars.keys()), ...(at ? { at } : {}) }]);
  }

  /** A place a choice of this name is made without `variable` in reach, if there is one. */
  lacking(name: string, variable: string): { readonly at?: Span } | undefined {
    return this.sites.get(name)?.find((site) => !site.vars.has(variable));
  }

  has(name: string): boolean {
    return this.scopes.has(name);
  }

  names(): string[] {
    return [...this.scopes.keys()];
  }

  scopeOf(name: string): Scope {
    return Scope.of(this.scopes.get(name) ?? []);
  }
}

export class BodyChecker {
  constructor(
    private readonly env: Env,
    private readonly exprs: ExprChecker,
    private readonly choices: Choices,
  ) {}

  block(b: Block, parent: Scope): void {
    const scope = parent.child();
    for (const s of b.stmts) this.stmt(s, scope);
  }

  stmt(s: Stmt, scope: Scope): void {
    const x = this.exprs;
    switch (s.kind) {
      case 'Let':
        scope.bind(s.name.text, x.typeOf(s.value, scope));
        return;
      case 'Change': return this.change(s, scope);
      case 'Move': return this.move(s, scope);
      case 'Draw':
        x.expect(s.count, scope, 'number');
        x.expect(s.from, scope, 'zone', 'Zone');
        x.expect(s.to, scope, 'zone', 'Zone');
        return;
      case 'Shuffle':
        x.expect(s.zone, scope, 'zone', 'Zone');
        return;
      case 'Choose': return this.choose(s, scope);
      case 'Menu':
        if (s.by) x.expect(s.by, scope, 'player');
        for (const o of s.options) {
          // `"play {c}" for c in hand`: c is bound in the label, `when`, forbidding rules and body.
          const inner = o.each ? this.bindElement(o.each.variable, o.each.list, scope) : scope;
          // A named menu's forbidding rules judge the options made for an item, with its variable.
          if (s.name && o.each) this.choices.record(s.name.text, inner);
          this.interpolations(o.label, o.span, inner);
          if (o.when) x.expect(o.when, inner, 'flag');
          this.block(o.body, inner);
        }
        return;
      case 'If':
        x.expect(s.cond, scope, 'flag');
        this.block(s.then, scope);
        if (s.else?.kind === 'Block') this.block(s.else, scope);
        else if (s.else) this.stmt(s.else, scope);
        return;
      case 'ForEach': {
        const inner = this.bindElement(s.variable, s.list, scope);
        if (s.where) x.expect(s.where, inner, 'flag');
        this.block(s.body, inner);
        return;
      }
      case 'Repeat':
        x.expect(s.expr, scope, s.mode === 'times' ? 'number' : 'flag');
        this.block(s.body, scope);
        return;
      case 'Turn':
        x.expect(s.player, scope, 'player');
        this.block(s.body, scope);
        return;
      case 'Phase':
        if (s.timeLimit) x.expect(s.timeLimit, scope, 'number');
        this.block(s.body, scope);
        return;
      case 'Fire': return this.fire(s.event, s.args, scope);
      case 'Call': return this.callRule(s.rule, s.args, scope);
      case 'EndGame': return;
      case 'Rank': {
        const inner = this.bindElement(s.variable, s.list, scope);
        x.expect(s.by, inner, 'number');
        const body = inner.child();
        body.bind('place', NUMBER);
        this.block(s.body, body);
        return;
      }
      case 'Random': {
        const inner = this.bindElement(s.variable, s.from, scope);
        if (s.where) x.expect(s.where, inner, 'flag');
        scope.bind(s.variable.text, inner.lookup(s.variable.text) ?? UNKNOWN);
        return;
      }
      case 'Reveal': {
        const t = x.typeOf(s.what, scope);
        if (!this.cards(t)) x.report('R0301', s.what.span, { expected: 'cards', found: describe(t) });
        return;
      }
      case 'Say': return this.interpolations(s.text, s.span, scope);
      default: return assertNever(s);
    }
  }

  /** A child scope with `variable` bound to an element of `list` (which must be a list). */
  private bindElement(variable: Name, list: Expr, scope: Scope): Scope {
    const inner = scope.child();
    inner.bind(variable.text, elementOf(this.exprs.expect(list, scope, 'list')));
    return inner;
  }

  /** Whether a value of this type can be cards: a card, a zone, a list that may hold cards. */
  private cards(t: Type): boolean {
    if (t.k === 'list') return ['card', 'unknown', 'none'].includes(t.of.k);
    return ['card', 'zone', 'none', 'unknown'].includes(t.k);
  }

  private choose(s: ChooseStmt, scope: Scope): void {
    const element = elementOf(this.exprs.expect(s.from, scope, 'list'));
    const bound = s.subset || s.count ? listOf(element) : element;
    if (s.count) this.chooseCount(s.count, s.from, scope);
    const inner = scope.child();
    inner.bind(s.variable.text, bound);
    if (s.where) this.exprs.expect(s.where, inner, 'flag');
    if (s.label.kind === 'template') this.interpolations(s.label.text, s.label.span, inner);
    if (s.by) this.exprs.expect(s.by, scope, 'player');
    this.choices.record(s.name.text, inner, s.span);
    scope.bind(s.variable.text, bound);
  }

  /**
   * `choose N xs from L`: N is a number; where the text says it (a written number, a written list),
   * a count that can offer nothing is refused here rather than when the game reaches it.
   */
  private chooseCount(count: Expr, from: Expr, scope: Scope): void {
    this.exprs.expect(count, scope, 'number');
    if (count.kind !== 'Number') return;
    if (count.value < 1) this.exprs.report('R0301', count.span, { expected: 'a number of things of at least 1', found: '0 (nothing to choose)' });
    const known = from.kind === 'List' ? from.items.length : from.kind === 'Range' && from.from.kind === 'Number' && from.to.kind === 'Number' ? Math.max(0, from.to.value - from.from.value + 1) : null;
    if (known !== null && count.value > known) this.exprs.report('R0301', count.span, { expected: `a number of things no more than the ${known} there are to choose from`, found: String(count.value) });
  }

  /** `move X to Z`: cards (or a zone's cards) go to a zone, a piece to a space or off the board. */
  private move(s: MoveStmt, scope: Scope): void {
    const what = this.exprs.typeOf(s.what, scope);
    // `move P off the board` (`to none`): only a piece has somewhere to leave.
    if (s.to.kind === 'None') {
      if (what.k !== 'piece' && what.k !== 'unknown') this.exprs.report('R0301', s.what.span, { expected: 'a piece (cards move to a zone)', found: describe(what) });
      return;
    }
    if (what.k === 'piece') {
      this.exprs.expect(s.to, scope, 'space');
      return;
    }
    if (what.k === 'unknown') {
      const to = this.exprs.typeOf(s.to, scope, 'Zone');
      if (!fits(to, 'zone') && !fits(to, 'space')) this.exprs.report('R0301', s.to.span, { expected: 'a zone', found: describe(to) });
      return;
    }
    if (!this.cards(what)) {
      this.exprs.report('R0301', s.what.span, { expected: 'cards, a zone or a piece', found: describe(what) });
    }
    this.exprs.expect(s.to, scope, 'zone', 'Zone');
  }

  /** `gain/lose/pay/add/set`: a real counter, a number, and a target of the counter's owner kind. */
  private change(s: ChangeStmt, scope: Scope): void {
    const x = this.exprs;
    const target = s.target ? x.typeOf(s.target, scope) : null;
    const name = s.counter.text;
    const counter = this.env.symbols.counters.get(name);
    // A counter `from none` holds any value: only `set` changes it; the others count.
    if (counter && holdsValues(counter)) {
      if (s.op === 'set') x.typeOf(s.amount, scope);
      else x.report('R0301', s.counter.span, { expected: `a counter of numbers for \`${s.op}\``, found: `\`${name}\`, which starts from none and holds any value (change it with \`set ${name} to …\`)` });
    } else if (counter && mayHoldValues(counter)) x.typeOf(s.amount, scope);
    else x.expect(s.amount, scope, 'number');
    if (!counter) {
      const other = declaredKind(name, this.env.symbols);
      if (other) x.report('R0203', s.counter.span, { name, actual: other, expected: 'counter' });
      else x.report('R0201', s.counter.span, { what: 'Counter', name }, () => closest(name, this.env.symbols.counters.keys()));
      return;
    }
    // `per player per X`: a player's value for one thing, named after `on`.
    if (counter.owner.kind === 'player-each' || s.on) return this.changeOn(s, counter, target, scope);
    // A counter `per <board>` belongs to spaces; `per <pieces>` to pieces.
    const owner = counter.owner.kind === 'each'
      ? (this.env.symbols.boards.has(counter.owner.of.text) ? 'space' : 'piece')
      : counter.owner.kind;
    const mismatch =
      owner === 'global' ? target !== null
      : target === null ? owner !== 'player'
      : target.k !== 'unknown' && target.k !== owner;
    if (mismatch) {
      const found = target === null ? 'the current player' : target.k === 'unknown' ? `\`${this.textOf(s.target!.span)}\`` : describe(target);
      x.report('R0303', s.target?.span ?? s.counter.span, { name, owner: ownerText(counter), found });
    }
  }

  /** `gain 3 scored on c [to p]`, `set scored of p on c to 5`: a counter kept per player per thing. */
  private changeOn(s: ChangeStmt, counter: CounterDecl, target: Type | null, scope: Scope): void {
    const x = this.exprs;
    const name = counter.name.text;
    if (counter.owner.kind !== 'player-each') {
      x.typeOf(s.on!, scope);
      x.report('R0306', s.on!.span, { found: `\`${name}\`` });
      return;
    }
    if (!s.on) {
      x.report('R0305', s.counter.span, { name, of: counter.owner.of.text });
      return;
    }
    if (target && target.k !== 'player' && target.k !== 'unknown') x.report('R0303', s.target!.span, { name, owner: ownerText(counter), found: describe(target) });
    x.expectThing(counter, s.on, scope);
  }

  private fire(event: Name, args: readonly Expr[], scope: Scope): void {
    this.invocation(event, args, scope, this.env.symbols.events, 'Event', 'declared event');
  }

  private callRule(rule: Name, args: readonly Expr[], scope: Scope): void {
    this.invocation(rule, args, scope, this.env.symbols.rules, 'Rule', 'rule');
  }

  /** `fire e(…)` and `r(…)`: the name must be declared as that kind, with a matching parameter count. */
  private invocation(
    name: Name, args: readonly Expr[], scope: Scope,
    declared: ReadonlyMap<string, readonly { params: readonly Name[] }[]>, what: string, expected: string,
  ): void {
    args.forEach((a) => this.exprs.typeOf(a, scope));
    const decls = declared.get(name.text);
    if (!decls) {
      const other = declaredKind(name.text, this.env.symbols);
      if (other) this.exprs.report('R0203', name.span, { name: name.text, actual: other, expected });
      else this.exprs.report('R0201', name.span, { what, name: name.text }, () => closest(name.text, declared.keys()));
      return;
    }
    if (!decls.some((d) => d.params.length === args.length)) {
      this.exprs.report('R0204', name.span, { name: name.text, expected: decls[0]!.params.length, found: args.length });
    }
  }


  /** `{x}` in a `say` text or a choice's template must be a variable in scope (or `player`). */
  interpolations(text: string, span: Span, scope: Scope): void {
    const visible = scope.entries();
    for (const m of text.matchAll(/\{([^}]+)\}/g)) {
      const name = m[1]!;
      if (visible.has(name) || name === 'player') continue;
      this.exprs.report('R0201', this.spanWithin(span, `{${name}}`), { what: 'Variable', name }, () => closest(name, [...visible.keys(), 'player']));
    }
  }

  private textOf(span: Span): string {
    return this.env.reporter.source.slice(span.start, span.end);
  }

  /** The span of `needle` inside the source text of `span`, or `span` itself. */
  private spanWithin(span: Span, needle: string): Span {
    const at = this.env.reporter.source.slice(span.start, span.end).indexOf(needle);
    return at < 0 ? span : { start: span.start + at + 1, end: span.start + at + needle.length - 1 };
  }
}
