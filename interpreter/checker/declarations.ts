// Declarations: duplicates (R0202, R0105), the names declarations refer to (components, zones,
// tables, pieces, events, board spaces, overridden defines, variant targets), table cells against
// their component's attributes, and the expressions and bodies inside each declaration.
import type {
  BoardDecl, Cell, CellValue, ComponentDecl, CounterDecl, Decl, DefineDecl, Expr, ForbidDecl, Name, PowerDecl, PowersDecl,
  RecountDecl, RuleDecl, Ruleset, TableDecl, VariantDecl,
} from '../../grammar/ast.js';
import { closest } from '../../grammar/diagnostics.js';
import { STATEMENT_KEYWORDS, type Keyword } from '../../grammar/tokens.js';
import { declKey } from '../definition/index.js';
import { attrType, BUILTIN_MEANINGS, BUILTINS, ExprChecker, ownerText, type Env } from './expressions.js';
import { Scope, type Reporter } from './report.js';
import { checkForbidVariables } from './forbid-variables.js';
import { BodyChecker, type Choices } from './statements.js';
import { boardTable, everyDecl, powerItems, type Context } from './symbols.js';
import { assertNever, describe, fits, UNKNOWN, type Type } from './types.js';

// ─── Duplicates ───────────────────────────────────────────────────────────────

/** A declaration's name family (two of one family may not share a name), or the message word for one that may appear once. */
type Family = { readonly family: string; readonly name: Name } | { readonly once: string };

function familyOf(d: Decl): Family {
  switch (d.kind) {
    case 'Component': case 'Table': case 'Zone': case 'Counter': case 'Board': case 'Define': case 'Event':
    case 'Power':
      return { family: d.kind, name: d.name };
    case 'Piece': return { family: 'Pieces', name: d.name };
    case 'Rule': case 'Forbid': return { family: 'Rule', name: d.name };
    case 'Variant': return { family: 'Variant', name: d.id };
    case 'Recount': return { family: 'Recount', name: d.counter };
    case 'Game': return { once: 'A `game` header' };
    case 'Setup': return { once: 'A `setup` block' };
    case 'Flow': return { once: 'A `flow` block' };
    case 'Winner': return { once: 'A `winner` declaration' };
    case 'Powers': return { once: 'A `powers come from` declaration' };
    default: return assertNever(d);
  }
}

/** Remembers names by family and reports a second declaration of one. */
class Seen {
  private readonly names = new Map<string, Name>();
  private readonly once = new Set<string>();

  constructor(private readonly reporter: Reporter, from?: Seen) {
    if (from) {
      for (const [k, v] of from.names) this.names.set(k, v);
      for (const o of from.once) this.once.add(o);
    }
  }

  add(d: Decl): void {
    const f = familyOf(d);
    if ('once' in f) {
      if (this.once.has(f.once)) this.reporter.report('R0105', d.span, { what: f.once });
      this.once.add(f.once);
      return;
    }
    const key = `${f.family} ${f.name.text}`;
    const earlier = this.names.get(key);
    if (earlier) this.reporter.report('R0202', f.name.span, { what: f.family, name: f.name.text, line: this.reporter.lineOf(earlier.span) });
    else this.names.set(key, f.name);
  }
}

/** Duplicates in the base rules, in each power, and in what each variant adds to the base. */
export function checkDuplicates(ruleset: Ruleset, reporter: Reporter): void {
  const base = new Seen(reporter);
  for (const d of ruleset.decls) base.add(d);
  for (const d of everyDecl(ruleset)) {
    if (d.kind === 'Power') {
      const inPower = new Seen(reporter);
      for (const item of powerItems(d)) inPower.add(item);
    }
    if (d.kind === 'Variant') {
      const added = new Seen(reporter, base);
      for (const item of d.items) if (item.kind === 'Add') added.add(item.decl);
    }
  }
}

// ─── Variant overlays ─────────────────────────────────────────────────────────

/** `replace D` and `remove x` need a declaration of that key (in the base, or added by a variant). */
export function checkOverlays(ruleset: Ruleset, reporter: Reporter): void {
  const variants = ruleset.decls.filter((d): d is VariantDecl => d.kind === 'Variant');
  for (const v of variants) {
    const added = variants.filter((o) => o !== v).flatMap((o) => o.items.flatMap((i) => (i.kind === 'Add' ? [i.decl] : [])));
    const keys = new Set([...ruleset.decls, ...added].map(declKey));
    for (const item of v.items) {
      if (item.kind === 'Add') continue;
      const target = item.kind === 'Replace' ? declKey(item.decl) : item.target.text;
      const span = item.kind === 'Replace' ? nameSpanOf(item.decl) : item.target.span;
      if (!keys.has(target)) reporter.report('R0209', span, { name: v.id.text, target }, () => closest(target, keys));
    }
  }
}

function nameSpanOf(d: Decl): { start: number; end: number } {
  const f = familyOf(d);
  return 'name' in f ? f.name.span : d.span;
}

// ─── Each declaration ─────────────────────────────────────────────────────────

/** Checks every declaration of one context; gives back the forbids, which need every choice seen first. */
export class DeclChecker {
  readonly forbids: ForbidDecl[] = [];
  private readonly exprs: ExprChecker;
  private readonly bodies: BodyChecker;

  constructor(private readonly env: Env, private readonly context: Context, choices: Choices) {
    this.exprs = new ExprChecker(env);
    this.bodies = new BodyChecker(env, this.exprs, choices);
  }

  private get s() {
    return this.env.symbols;
  }

  private report(...args: Parameters<Reporter['report']>): void {
    this.env.reporter.report(...args);
  }

  run(): void {
    for (const d of this.context.decls) this.decl(d);
    this.thingNames();
  }

  /**
   * Every thing the tables make needs its own id, named as the model names them: the row's label,
   * `table/label` when tables share it, `#k` for each copy, `table:label` for a board's spaces.
   */
  private thingNames(): void {
    const tables = [...this.s.tables.values()];
    const labelOf = (row: readonly Cell[]) => String(row[0]?.value ?? '');
    const labelCount = new Map<string, number>();
    for (const t of tables) for (const row of t.rows) labelCount.set(labelOf(row), (labelCount.get(labelOf(row)) ?? 0) + 1);
    const made = new Map<string, Cell>();
    for (const t of tables) {
      const board = this.s.boardTables.has(t.name.text);
      const copiesAt = t.columns.findIndex((c) => c.text === 'copies');
      for (const row of t.rows) {
        const first = row[0];
        if (!first) continue;
        const label = labelOf(row);
        const copies = copiesAt >= 0 ? Number(row[copiesAt]?.value ?? 1) : 1;
        const base = (labelCount.get(label) ?? 0) > 1 && !board ? `${t.name.text}/${label}` : label;
        // More than LIMITS.things copies are reported as such: no need to name them all.
        for (let k = 1; k <= Math.min(copies, 2); k++) {
          const id = board ? `${t.name.text}:${label}` : copies > 1 ? `${base}#${k}` : base;
          const earlier = made.get(id);
          if (earlier) {
            this.report('R0211', first.span, { id, line: this.env.reporter.lineOf(earlier.span) });
            break;
          }
          made.set(id, first);
        }
      }
    }
  }

  private decl(d: Decl): void {
    const empty = new Scope();
    switch (d.kind) {
      case 'Game': case 'Event': return;
      case 'Component': return this.component(d);
      case 'Table': return this.table(d);
      case 'Zone':
        if (d.component) this.known(d.component, 'Component', this.s.components);
        return;
      case 'Counter': return this.counter(d);
      case 'Piece':
        if (d.collection) this.known(d.collection, 'Pieces', this.s.pieceCollections);
        return;
      case 'Board': return this.board(d);
      case 'Define':
        this.builtinName(d);
        return this.define(d);
      case 'Rule': return this.rule(d);
      case 'Forbid':
        this.forbids.push(d);
        return;
      case 'Powers': return this.powersZone(d);
      case 'Power': return this.power(d);
      case 'Setup': case 'Flow': return this.bodies.block(d.body, empty);
      case 'Recount': return this.recount(d);
      case 'Winner':
        for (const o of d.order) {
          // The runtime counts a list's items; anything else but a number (a zone too) scores 0.
          const t = this.exprs.typeOf(o.expr, empty);
          if (!fits(t, 'number') && t.k !== 'list') this.report('R0301', o.expr.span, { expected: 'a number', found: describe(t) });
        }
        return;
      case 'Variant': return this.variant(d);
      default: return assertNever(d);
    }
  }

  /** R0201 (with the closest name of that kind) unless `name` is among `names`. */
  private known(name: Name, what: string, names: ReadonlyMap<string, unknown> | ReadonlySet<string>): boolean {
    if (names.has(name.text)) return true;
    this.report('R0201', name.span, { what, name: name.text }, () => closest(name.text, names.keys()));
    return false;
  }

  private component(d: ComponentDecl): void {
    const seen = new Map<string, Name>();
    for (const a of d.attrs) {
      const earlier = seen.get(a.name.text);
      if (earlier) this.report('R0202', a.name.span, { what: 'Attribute', name: a.name.text, line: this.env.reporter.lineOf(earlier.span) });
      else seen.set(a.name.text, a.name);
    }
  }

  private table(t: TableDecl): void {
    if (t.zone) this.known(t.zone, 'Zone', this.s.zones);
    if (!this.known(t.component, 'Component', this.s.components)) return;
    const component = this.s.components.get(t.component.text)!;
    const attrs = new Map(component.attrs.map((a) => [a.name.text, a]));
    const types = t.columns.map((c, i): Type | null => {
      if (c.text === 'copies') return { k: 'number' };
      const attr = attrs.get(c.text);
      if (attr) return attrType(attr);
      if (!(i === 0 && c.text === 'name')) {
        this.report('R0205', c.span, { name: c.text, component: component.name.text }, () => closest(c.text, [...attrs.keys(), 'copies']));
      }
      return null;
    });
    for (const row of t.rows) row.forEach((cell, i) => this.cell(cell, types[i] ?? null));
  }

  /** A table cell must fit its column's attribute; an enum's value must be one of its values. */
  private cell(cell: Cell, type: Type | null): void {
    if (type === null || type.k === 'unknown') return;
    const v = cell.value;
    if (type.k === 'text' && type.enumOf) {
      const { attr, values } = type.enumOf;
      if (typeof v !== 'string' || !values.includes(v)) {
        this.report('R0206', cell.span, { value: cellText(v), attr, values: values.join(', ') }, () => closest(cellText(v), values));
      }
      return;
    }
    const found = cellType(v);
    // A flag spelt wrong (`yex`) reads as a text: say which flag it was probably meant to be.
    const meant = type.k === 'flag' && typeof v === 'string' ? closest(v, ['yes', 'no']) : undefined;
    if (found.k !== type.k) this.report('R0301', cell.span, { expected: describe(type), found: describe(found) }, meant);
  }

  private counter(d: CounterDecl): void {
    if (d.owner.kind === 'each' && !this.s.boards.has(d.owner.of.text)) {
      this.known(d.owner.of, 'Pieces or board', new Set([...this.s.collections, ...this.s.boards.keys()]));
    }
    // `per player per X`: X is a table (its cards), pieces or a board (its spaces).
    if (d.owner.kind === 'player-each') {
      if (d.owner.first) this.report('R0301', d.owner.first.span, { expected: '`player` (a counter kept for each player and each thing is `per player per …`)', found: `\`${d.owner.first.text}\`` });
      this.known(d.owner.of, 'Table, pieces or board', new Set([...this.s.tables.keys(), ...this.s.collections, ...this.s.boards.keys()]));
    }
    // `from none`: a counter of any value (a player, a card): it has no bounds to keep.
    if (d.initial?.kind === 'None') {
      for (const e of [d.min, d.max]) if (e) this.report('R0301', e.span, { expected: 'no bound on a counter that starts from none (it holds any value)', found: 'a bound' });
      return;
    }
    for (const e of [d.initial, d.min, d.max]) if (e) this.exprs.expect(e, new Scope(), 'number');
  }

  private board(d: BoardDecl): void {
    const tableName = boardTable(d);
    if (!this.known(tableName as Name, 'Table', this.s.tables)) return;
    if (d.shape.kind !== 'graph') return;
    const table = this.s.tables.get(tableName.text)!;
    const rows = new Set(table.rows.map((r) => (r[0] ? String(r[0].value) : '')));
    for (const edge of d.shape.edges) for (const end of [edge.from, edge.to]) this.known(end, 'Space', rows);
  }

  /**
   * A define named like a built-in (R0213) hides it, or is hidden by it, without a word: a call
   * `neighbours(s)` runs the define, while a bare `player` is still the built-in.
   */
  private builtinName(d: DefineDecl): void {
    const name = d.name.text;
    const other = `my-${name}`;
    const meaning = BUILTIN_MEANINGS.get(name);
    if (meaning) {
      const effect = `\`${name}\` alone still means ${meaning}${d.params.length > 0 ? ', and only a call with arguments reaches this define' : ' and this define is never used'}`;
      this.report('R0213', d.name.span, { name, builtin: `\`${name}\``, effect, other });
    } else if (BUILTINS.has(name)) {
      this.report('R0213', d.name.span, { name, builtin: `function \`${name}(…)\``, effect: `every call \`${name}(…)\` runs this define, and the built-in cannot be used`, other });
    }
  }

  private define(d: DefineDecl): void {
    this.exprs.typeOf(d.body, Scope.of(d.params.map((p) => [p.text, UNKNOWN] as const)));
  }

  private rule(d: RuleDecl): void {
    const scope = Scope.of(d.params.map((p) => [p.text, UNKNOWN] as const));
    // `move(x)` in a block reads as the statement `move …`: a rule run by name cannot be called so.
    if (!d.trigger && STATEMENT_KEYWORDS.has(d.name.text as Keyword)) {
      this.report('R0406', d.name.span, {
        name: d.name.text,
        meaning: `the statement \`${d.name.text} …\`, so a rule by that name could not be run: give it another name, such as \`do-${d.name.text}\``,
      });
    }
    if (d.trigger) {
      const event = d.trigger.event;
      const events = this.s.events.get(event.text);
      if (!events) this.report('R0201', event.span, { what: 'Event', name: event.text }, () => closest(event.text, this.s.events.keys()));
      for (const e of events ?? []) for (const p of e.params) scope.bind(p.text, UNKNOWN);
      if (d.trigger.where) this.exprs.expect(d.trigger.where, scope, 'flag');
    }
    this.bodies.block(d.body, scope);
  }

  private powersZone(d: PowersDecl): void {
    if (!this.known(d.zone, 'Zone', this.s.zones)) return;
    if (!this.s.zones.get(d.zone.text)!.perPlayer) {
      this.report('R0203', d.zone.span, { name: d.zone.text, actual: 'shared zone', expected: 'per-player zone' });
    }
  }

  /** A power's defines override top-level ones of the same name and arity; its rules are checked as rules. */
  private power(d: PowerDecl): void {
    for (const item of powerItems(d)) {
      switch (item.kind) {
        case 'Define': {
          const base = this.s.defines.get(item.name.text);
          if (!base) {
            this.report('R0201', item.name.span, { what: 'Define', name: item.name.text }, () => closest(item.name.text, this.s.defines.keys()));
          } else if (!base.some((b) => b.params.length === item.params.length)) {
            this.report('R0204', item.name.span, { name: item.name.text, expected: base[0]!.params.length, found: item.params.length });
          }
          this.define(item);
          break;
        }
        case 'Rule': this.rule(item); break;
        case 'Forbid': this.forbids.push(item); break;
        default: assertNever(item);
      }
    }
  }

  private recount(d: RecountDecl): void {
    const counter = this.s.counters.get(d.counter.text);
    if (!counter) this.known(d.counter, 'Counter', this.s.counters);
    else if (counter.owner.kind !== 'player') {
      this.report('R0303', d.counter.span, { name: d.counter.text, owner: ownerText(counter), found: 'each player' });
    }
    this.exprs.expect(d.expr, new Scope(), 'number');
  }

  private variant(d: VariantDecl): void {
    if (d.when && this.playerCountOnly(d.when)) this.exprs.expect(d.when, new Scope(), 'flag');
    for (const other of d.excludes) this.known(other, 'Variant', this.s.variants);
  }

  /** A variant's `when` is worked out before the game exists: the model allows only these forms. */
  private playerCountOnly(e: Expr): boolean {
    const refuse = (name: string): boolean => {
      this.report('R0210', e.span, { name });
      return false;
    };
    const text = () => this.env.reporter.source.slice(e.span.start, e.span.end);
    switch (e.kind) {
      case 'Number': case 'Text': case 'Flag': return true;
      case 'Ref': return e.name.text === 'player-count' || refuse(e.name.text);
      case 'Call': {
        const [arg] = e.args;
        const countsPlayers = e.callee.text === 'count' && e.args.length === 1 && arg?.kind === 'Ref' && arg.name.text === 'players';
        return countsPlayers || refuse(text());
      }
      case 'Unary': return this.playerCountOnly(e.operand);
      case 'Binary':
        if (e.op === '*' || e.op === '/' || e.op === 'mod' || e.op === 'in' || e.op === 'not in') return refuse(text());
        return [this.playerCountOnly(e.left), this.playerCountOnly(e.right)].every(Boolean);
      case 'None': case 'List': case 'Of': case 'IfExpr': case 'Index': case 'Range': case 'Comprehension':
        return refuse(text());
      default: return assertNever(e);
    }
  }

  /** `rule r forbids verb when C`: `verb` must be a choice made somewhere; C sees the chooser's variables. */
  checkForbid(d: ForbidDecl, choices: Choices): void {
    if (!choices.has(d.choice.text)) {
      this.report('R0208', d.choice.span, { name: d.choice.text }, () => closest(d.choice.text, choices.names()));
      new ExprChecker(this.env, true).typeOf(d.when, new Scope());
      return;
    }
    this.exprs.expect(d.when, choices.scopeOf(d.choice.text), 'flag');
    checkForbidVariables(d, choices, this.env.reporter);
  }
}

const cellText = (v: CellValue): string => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));

function cellType(v: CellValue): Type {
  if (typeof v === 'number') return { k: 'number' };
  if (typeof v === 'boolean') return { k: 'flag' };
  return { k: 'text' };
}
