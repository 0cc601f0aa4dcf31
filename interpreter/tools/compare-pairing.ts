// Pairs the declarations of two encodings of one game by what they are, not by what they are
// called: takes both encodings' declarations and variants; gives the pairs, the second's names in
// the first's words, and each declaration's meaning with every name it uses said the same way on
// both sides. Two encoders never name things alike; a renaming, however large, pairs the same.
import type { Decl } from '../../grammar/ast.js';
import { declLabel, type VariantDefinition } from '../definition/index.js';

/** What people read and each translation words its own way: the fields a node's meaning leaves out. */
const WORDING: Readonly<Record<string, readonly string[]>> = {
  Game: ['title', 'rulebook'], Variant: ['title'], Phase: ['title'],
  // A choice's name and its moves' labels: `pass` and `skip a turn` are the same move.
  Choose: ['name', 'label', 'passLabel'], MenuOption: ['label'], Menu: ['name'],
  // The choice a restriction names is that name again: renamed with the choice, it is the same rule
  // (a restriction moved to another choice shows in play, where it refuses other moves).
  Forbid: ['choice'],
  // A line of the game's log is wording too.
  Say: ['text'],
};

/** The nodes that bind a local name, and where: a rule's parameters, `let`, a choice's variable… */
const BINDERS: Readonly<Record<string, (node: Record<string, unknown>) => readonly unknown[]>> = {
  Define: (n) => n.params as unknown[], Rule: (n) => n.params as unknown[], Event: (n) => n.params as unknown[],
  Let: (n) => [n.name], Choose: (n) => [n.variable], ForEach: (n) => [n.variable], Rank: (n) => [n.variable],
  Random: (n) => [n.variable], Comprehension: (n) => [n.variable],
  MenuOption: (n) => (n.each ? [(n.each as { variable: unknown }).variable] : []),
};

/** One thing an encoding names: a declaration, a variant, a component's attribute, a declaration inside a power or a variant. */
interface Unit {
  readonly kind: string;
  /** How a translator knows it: `rule score`, `variant short-game`, `attribute cost of Card`. */
  readonly label: string;
  /** The name other declarations use it by, when they can. */
  readonly name: string | null;
  readonly node: unknown;
  /** A declaration the comparison reports on (not one inside a power or a variant, nor an attribute). */
  readonly top: boolean;
  readonly cites: readonly string[];
}

interface Side {
  readonly units: readonly Unit[];
  /** Every name declared, and what it names. */
  readonly byName: ReadonlyMap<string, Unit>;
  /** An event's parameters by the event's name. */
  readonly eventParams: ReadonlyMap<string, readonly string[]>;
  /** What a restriction on a choice may read, by the choice's name: for each rule making the choice, its variables and what each is there. */
  readonly choiceContext: ReadonlyMap<string, readonly ReadonlyMap<string, string>[]>;
  /** What uses each unit: the units whose text names it. */
  readonly usedBy: ReadonlyMap<Unit, readonly Unit[]>;
  readonly uses: ReadonlyMap<Unit, readonly Unit[]>;
}

/** A declaration (or variant) as the comparison sees it: its label, its node, whether it is top-level. */
export interface PairedDeclaration {
  readonly first: string;
  readonly second: string;
}

export interface Pairing {
  /** Each of the first's declarations by its label, and the second's it is paired with (top-level and nested). */
  readonly secondOf: Readonly<Record<string, string>>;
  /** The second's names in the first's words, where the two encoders spelt them differently. */
  readonly names: Readonly<Record<string, string>>;
  /** For each of the second's events, its parameters in the first's words (a triggered rule reads them by name). */
  readonly params: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The top-level pairs whose names differ: what the report shows as `listed-price` ↔ `printed-price`. */
  readonly renamed: readonly PairedDeclaration[];
}

const NAMELESS = new Set(['Game', 'Setup', 'Flow', 'Winner', 'Powers', 'Recount']);

function citesOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const x of node) citesOf(x, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'meta') for (const c of (v as Decl['meta']).cites) out.push(c.quote.replace(/\s+/g, ' ').trim());
      else if (k !== 'span') citesOf(v, out);
    }
  }
  return out;
}

/** The node a variant is compared as: its id, condition, exclusions and overlays. */
export function variantNode(v: VariantDefinition): unknown {
  return { kind: 'Variant', id: { kind: 'Name', text: v.id }, when: v.when, excludes: v.excludes.map((text) => ({ kind: 'Name', text })), items: v.items, meta: v.meta };
}

function sideOf(decls: readonly Decl[], variants: readonly VariantDefinition[]): Side {
  const units: Unit[] = [];
  const byName = new Map<string, Unit>();
  const eventParams = new Map<string, readonly string[]>();
  const add = (u: Unit) => {
    units.push(u);
    if (u.name !== null && !byName.has(u.name)) byName.set(u.name, u);
  };
  const declUnit = (d: Decl, top: boolean) => {
    const name = NAMELESS.has(d.kind) || d.kind === 'Variant' ? null : (d as { name: { text: string } }).name.text;
    // A declaration inside a power or a variant that replaces one of the base's is that one again.
    if (!top && name !== null && byName.has(name)) return;
    if (d.kind === 'Event') eventParams.set(d.name.text, d.params.map((p) => p.text));
    add({ kind: d.kind, label: declLabel(d), name: d.kind === 'Power' ? null : name, node: d, top, cites: citesOf(d) });
  };
  for (const d of decls) declUnit(d, true);
  for (const d of decls) {
    if (d.kind === 'Power') for (const item of d.items) declUnit(item, false);
    if (d.kind === 'Component') {
      for (const a of d.attrs) {
        // An attribute is known by its type and the values the tables give it.
        const data = decls.flatMap((t) => {
          if (t.kind !== 'Table' || t.component.text !== d.name.text) return [];
          const at = t.columns.findIndex((c) => c.text === a.name.text);
          return at < 0 ? [] : [t.rows.map((r) => r[at]?.value ?? null)];
        });
        add({ kind: 'Attr', label: `attribute ${a.name.text} of ${d.name.text}`, name: a.name.text, node: { kind: 'Attr', type: a.type, of: d.name, data }, top: false, cites: [] });
      }
    }
  }
  // What each variable a restriction may read is, in the rule making the choice: the option being
  // weighed (`@chosen`), the event's parameter (`@^1`), or another of the rule's variables (by the order it is bound).
  const choiceContext = new Map<string, Map<string, string>[]>();
  const rulesIn = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(rulesIn);
    else if (node !== null && typeof node === 'object') {
      const r = node as Decl;
      if (r.kind === 'Rule') {
        const params = r.trigger ? eventParams.get(r.trigger.event.text) ?? [] : [];
        for (const n of nodesOf(r)) {
          if ((n.kind !== 'Choose' && n.kind !== 'Menu') || !n.name) continue;
          const context = new Map<string, string>([...bindersIn(r).map((b, i) => [b, `@${i + 1}`] as const), ...params.map((p, i) => [p, `@^${i + 1}`] as const)]);
          const chosen = n.kind === 'Choose' ? [n.variable] : (n.options as { each: { variable: unknown } | null }[]).map((o) => o.each?.variable);
          for (const v of chosen) if (v) context.set((v as { text: string }).text, '@chosen');
          const name = (n.name as { text: string }).text;
          choiceContext.set(name, [...(choiceContext.get(name) ?? []), context]);
        }
      } else for (const [k, v] of Object.entries(r)) if (k !== 'span' && k !== 'meta') rulesIn(v);
    }
  };
  rulesIn([...decls, ...variants]);
  for (const v of variants) {
    add({ kind: 'Variant', label: `variant ${v.id}`, name: v.id, node: variantNode(v), top: true, cites: citesOf(v) });
    for (const item of v.items) if (item.kind === 'Add') declUnit(item.decl, false);
  }
  // The nested declarations (a power's rule) belong to their parent's uses too, through its node.
  const uses = new Map<Unit, Unit[]>();
  const usedBy = new Map<Unit, Unit[]>(units.map((u) => [u, []]));
  for (const u of units) {
    const named = new Set<Unit>();
    namesIn(u.node, (text) => { const v = byName.get(text); if (v && v !== u) named.add(v); });
    uses.set(u, [...named]);
    for (const v of named) usedBy.get(v)!.push(u);
  }
  return { units, byName, eventParams, choiceContext, uses, usedBy };
}

function nodesOf(node: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) for (const x of node) nodesOf(x, out);
  else if (node !== null && typeof node === 'object') {
    out.push(node as Record<string, unknown>);
    for (const [k, v] of Object.entries(node)) if (k !== 'span' && k !== 'meta') nodesOf(v, out);
  }
  return out;
}

function namesIn(node: unknown, visit: (text: string) => void): void {
  if (Array.isArray(node)) for (const x of node) namesIn(x, visit);
  else if (node !== null && typeof node === 'object') {
    const n = node as { kind?: string; text?: string };
    if (n.kind === 'Name' && typeof n.text === 'string') visit(n.text);
    else for (const [k, v] of Object.entries(node)) if (k !== 'span' && k !== 'meta') namesIn(v, visit);
  }
}

/** The local names a node binds, in the order they are first bound. */
function bindersIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const x of node) bindersIn(x, out);
  else if (node !== null && typeof node === 'object') {
    const n = node as Record<string, unknown> & { kind?: string };
    const binds = BINDERS[n.kind ?? ''];
    if (binds) for (const b of binds(n)) { const t = (b as { text?: string } | null)?.text; if (t && !out.includes(t)) out.push(t); }
    for (const [k, v] of Object.entries(n)) if (k !== 'span' && k !== 'meta') bindersIn(v, out);
  }
  return out;
}

/**
 * A node's meaning: everything but where it is, what it cites and the words people read, with each
 * name said as `resolve` says it — a local name by the order it is bound in (`$1`), an event's
 * parameter by its place (`^1`), a declared one as the caller wishes (its pair's name, or its kind
 * while unpaired), a built-in as it is.
 */
function shape(node: unknown, side: Side, resolve: (u: Unit) => string): unknown {
  const locals = bindersIn(node);
  const context = contextOf(node, side);
  let params: readonly string[] = [];
  const say = (text: string): string => {
    const l = locals.indexOf(text);
    if (l >= 0) return `$${l + 1}`;
    const p = params.indexOf(text);
    if (p >= 0) return `^${p + 1}`;
    const c = context.get(text);
    if (c !== undefined) return c;
    const u = side.byName.get(text);
    return u ? resolve(u) : text;
  };
  const walk = (n: unknown): unknown => {
    if (Array.isArray(n)) return n.map(walk);
    if (n === null || typeof n !== 'object') return n;
    const o = n as Record<string, unknown> & { kind?: string };
    if (o.kind === 'Name') return say(o.text as string);
    const skip = WORDING[o.kind ?? ''] ?? [];
    const out: Record<string, unknown> = {};
    const outer = params;
    // A triggered rule reads its event's parameters (a power's or a variant's rules each their own).
    if (o.kind === 'Rule') params = side.eventParams.get(triggerOf(o) ?? '') ?? [];
    for (const [k, v] of Object.entries(o)) {
      if (k === 'span' || k === 'meta' || skip.includes(k)) continue;
      out[k] = walk(v);
    }
    params = outer;
    return out;
  };
  return walk(node);
}

/**
 * The variables a node reads from where it applies — a restriction's, those of the rules making the
 * choice it restricts — each said by what it is there (`@chosen`, `@^1`), whatever it is called and
 * in whatever order the rules come.
 */
function contextOf(node: unknown, side: Side): ReadonlyMap<string, string> {
  const roles = new Map<string, Set<string>>();
  for (const n of nodesOf(node)) {
    if (n.kind !== 'Forbid') continue;
    for (const context of side.choiceContext.get((n.choice as { text: string }).text) ?? []) {
      for (const [v, role] of context) { if (!roles.has(v)) roles.set(v, new Set()); roles.get(v)!.add(role); }
    }
  }
  return new Map([...roles].map(([v, r]) => [v, [...r].sort().join('|')]));
}

/** The tokens of a text, for telling how alike two shapes are. */
const tokens = (s: string): string[] => s.split(/[^\w$^#?.-]+/).filter(Boolean);

/** How alike two lists of tokens are (Dice's coefficient over multisets), 0 to 1. */
function alike(a: readonly string[], b: readonly string[]): number {
  if (!a.length && !b.length) return 1;
  const count = new Map<string, number>();
  for (const t of a) count.set(t, (count.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of b) { const c = count.get(t) ?? 0; if (c > 0) { common++; count.set(t, c - 1); } }
  return (2 * common) / (a.length + b.length);
}

const jaccard = (a: readonly string[], b: readonly string[]): number => {
  const x = new Set(a), y = new Set(b);
  if (!x.size && !y.size) return 0;
  let both = 0;
  for (const t of x) if (y.has(t)) both++;
  return both / (x.size + y.size - both);
};

/**
 * Pairs two encodings' declarations. First those of the same shape once every name is taken out
 * (a name of a declaration already paired said as the pair's, of one not yet paired as its kind),
 * where the shape is found once on each side — then again with what uses them and what they cite,
 * to tell apart declarations of one shape; each new pair lets more shapes match, until none does.
 * What is left is paired by name (a declaration changed in meaning), then by likeness of shape,
 * uses and citations (changed and renamed); the rest only one encoding has.
 */
export function pairDeclarations(
  first: { readonly decls: readonly Decl[]; readonly variants: readonly VariantDefinition[] },
  second: { readonly decls: readonly Decl[]; readonly variants: readonly VariantDefinition[] },
): Pairing {
  const sides = [sideOf(first.decls, first.variants), sideOf(second.decls, second.variants)] as const;
  const pairOf = [new Map<Unit, Unit>(), new Map<Unit, Unit>()] as const;
  const id = new Map<Unit, number>();
  const pair = (a: Unit, b: Unit) => {
    pairOf[0].set(a, b);
    pairOf[1].set(b, a);
    id.set(a, id.size);
    id.set(b, id.get(a)!);
  };
  const resolveNow = (u: Unit) => (u.kind === 'Power' ? u.label : id.has(u) ? `#${id.get(u)}` : `?${u.kind}`);
  const unpaired = (s: 0 | 1) => sides[s].units.filter((u) => !pairOf[s].has(u));
  // A power is named after the card that grants it: that name is the rulebook's, not the encoder's.
  const keyed = (u: Unit) => (NAMELESS.has(u.kind) && u.kind !== 'Recount' ? u.kind : u.kind === 'Power' ? u.label : null);
  for (const a of sides[0].units) {
    const k = keyed(a);
    const b = k === null ? undefined : unpaired(1).find((x) => keyed(x) === k);
    if (b) pair(a, b);
  }
  // A shape only changes when a name it uses is paired: kept until the next pair.
  const shapes = new Map<Unit, string>();
  let shapesAt = -1;
  const signature = (s: 0 | 1, u: Unit, level: number): string => {
    if (shapesAt !== id.size) { shapes.clear(); shapesAt = id.size; }
    let own = shapes.get(u);
    if (own === undefined) shapes.set(u, (own = `${u.kind}|${JSON.stringify(shape(u.node, sides[s], resolveNow))}`));
    if (level === 0) return own;
    const around = (us: readonly Unit[]) => us.map((v) => `${v.kind}${id.has(v) ? `#${id.get(v)}` : ''}`).sort().join(',');
    const uses = `${own}|by ${around(sides[s].usedBy.get(u)!)}|uses ${around(sides[s].uses.get(u)!)}`;
    return level === 1 ? uses : `${uses}|${[...u.cites].sort().join('|')}`;
  };
  const matchShapes = (): boolean => {
    for (let level = 0; level < 3; level++) {
      const bySig = [new Map<string, Unit[]>(), new Map<string, Unit[]>()] as const;
      for (const s of [0, 1] as const) {
        for (const u of unpaired(s)) {
          const sig = signature(s, u, level);
          bySig[s].set(sig, [...(bySig[s].get(sig) ?? []), u]);
        }
      }
      let found = false;
      for (const [sig, as] of bySig[0]) {
        const bs = bySig[1].get(sig);
        if (as.length === 1 && bs?.length === 1) { pair(as[0]!, bs[0]!); found = true; }
        // Several alike on both sides with the same names: the names tell them apart.
        else if (bs && as.length === bs.length && level === 2) {
          for (const a of as) { const b = bs.find((x) => x.name === a.name && !pairOf[1].has(x)); if (b) { pair(a, b); found = true; } }
        }
      }
      if (found) return true;
    }
    return false;
  };
  const matchNames = (): boolean => {
    let found = false;
    for (const a of unpaired(0)) {
      const b = a.name === null ? undefined : unpaired(1).find((x) => x.kind === a.kind && x.name === a.name);
      if (b) { pair(a, b); found = true; }
    }
    return found;
  };
  // Where paired declarations use a name not yet paired at the same place, those two names are likely one thing.
  const usedAlike = (): Map<string, number> => {
    const votes = new Map<string, number>();
    const named = (s: 0 | 1) => (u: Unit) => (id.has(u) || u.kind === 'Power' ? resolveNow(u) : `?${sides[s].units.indexOf(u)}`);
    const walk = (x: unknown, y: unknown): void => {
      if (typeof x === 'string' && typeof y === 'string') {
        if (x.startsWith('?') && y.startsWith('?')) votes.set(`${x}|${y}`, (votes.get(`${x}|${y}`) ?? 0) + 1);
      } else if (Array.isArray(x) && Array.isArray(y)) x.forEach((v, i) => walk(v, y[i]));
      else if (x && y && typeof x === 'object' && typeof y === 'object' && (x as { kind?: string }).kind === (y as { kind?: string }).kind) {
        for (const [k, v] of Object.entries(x)) walk(v, (y as Record<string, unknown>)[k]);
      }
    };
    for (const [a, b] of pairOf[0]) walk(shape(a.node, sides[0], named(0)), shape(b.node, sides[1], named(1)));
    return votes;
  };
  const matchLikeness = (): boolean => {
    const votes = usedAlike();
    const tokensOf = new Map<Unit, string[]>();
    const t = (s: 0 | 1, u: Unit) => tokensOf.get(u) ?? tokensOf.set(u, tokens(signature(s, u, 0))).get(u)!;
    const score = (a: Unit, b: Unit): number => {
      const around = (s: 0 | 1, u: Unit) => [...sides[s].usedBy.get(u)!, ...sides[s].uses.get(u)!].filter((v) => id.has(v)).map((v) => `#${id.get(v)}`);
      const sameUse = votes.has(`?${sides[0].units.indexOf(a)}|?${sides[1].units.indexOf(b)}`) ? 0.3 : 0;
      return 0.6 * alike(t(0, a), t(1, b)) + 0.25 * jaccard(around(0, a), around(1, b)) + 0.15 * jaccard(a.cites, b.cites) + sameUse;
    };
    let found = false;
    const bs = unpaired(1);
    const best = new Map<Unit, { other: Unit; score: number }>();
    for (const a of unpaired(0)) {
      for (const b of bs) {
        if (b.kind !== a.kind) continue;
        const sc = score(a, b);
        if (sc > (best.get(a)?.score ?? 0)) best.set(a, { other: b, score: sc });
        if (sc > (best.get(b)?.score ?? 0)) best.set(b, { other: a, score: sc });
      }
    }
    for (const [a, { other: b, score: sc }] of best) {
      if (sides[0].units.includes(a) && best.get(b)?.other === a && sc >= 0.5 && !pairOf[0].has(a) && !pairOf[1].has(b)) { pair(a, b); found = true; }
    }
    return found;
  };
  while (matchShapes() || matchNames() || matchLikeness());
  const secondOf: Record<string, string> = {};
  const names: Record<string, string> = {};
  const params: Record<string, Record<string, string>> = {};
  const renamed: PairedDeclaration[] = [];
  for (const [a, b] of pairOf[0]) {
    secondOf[a.label] = b.label;
    if (a.name !== null && b.name !== null && a.name !== b.name) names[b.name] = a.name;
    if (a.top && a.label !== b.label) renamed.push({ first: a.label, second: b.label });
    if (a.kind === 'Event' && b.name !== null && a.name !== null) {
      const [pa, pb] = [sides[0].eventParams.get(a.name) ?? [], sides[1].eventParams.get(b.name) ?? []];
      const differ = pb.map((p, i) => [p, pa[i] ?? p] as const).filter(([x, y]) => x !== y);
      if (differ.length) params[b.name] = Object.fromEntries(differ);
    }
  }
  return { secondOf, names, params, renamed };
}

/**
 * What a declaration (or a variant's node) means on one side, every declared name said as the first
 * encoding says it (`names`: the second's names in the first's words), locals by the order they are
 * bound: two declarations that mean the same give the same text whatever their encoders called things.
 */
export function meaningsIn(nodes: readonly unknown[], decls: readonly Decl[], variants: readonly VariantDefinition[], names: Readonly<Record<string, string>> = {}): string[] {
  const side = sideOf(decls, variants);
  return nodes.map((node) => JSON.stringify(shape(node, side, (u) => (u.name === null ? u.label : names[u.name] ?? u.name))));
}

const triggerOf = (node: unknown): string | null => (node as { trigger?: { event: { text: string } } | null }).trigger?.event.text ?? null;

/**
 * A declaration of the second encoding in the first's words: each declared name it uses (not a
 * local one) spelt as the first spells it — how one side's declaration is put into the other.
 */
export function inFirstWords<T>(node: T, pairing: Pick<Pairing, 'names' | 'params'>): T {
  const locals = bindersIn(node);
  let params: Readonly<Record<string, string>> = {};
  const say = (text: string): string | undefined => (locals.includes(text) ? undefined : params[text] ?? pairing.names[text]);
  // (A restriction reads the variables of the rule making its choice: those keep the second's spelling, as that rule does when it is put in too.)
  const walk = (n: unknown): unknown => {
    if (Array.isArray(n)) return n.map(walk);
    if (n === null || typeof n !== 'object') return n;
    const o = n as Record<string, unknown> & { kind?: string; text?: string };
    if (o.kind === 'Name' && typeof o.text === 'string' && say(o.text) !== undefined) return { ...o, text: say(o.text) };
    const out: Record<string, unknown> = {};
    const outer = params;
    if (o.kind === 'Rule') params = pairing.params[triggerOf(o) ?? ''] ?? {};
    for (const [k, v] of Object.entries(o)) out[k] = k === 'span' || k === 'meta' ? v : walk(v);
    params = outer;
    return out;
  };
  return walk(node) as T;
}
