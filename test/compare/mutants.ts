// Generated edits of a ruleset for the mutation suite of `regula diff`: takes a ruleset's text;
// gives edited copies of two sorts. Harmless edits change only names (every kind of declaration,
// and a rule's own variables), the order of declarations, the layout or the labels of moves: the
// comparison must report nothing. Rule edits change one rule — a constant, a comparison, a
// condition, a tie policy, a choice made optional or mandatory — and must be reported once, on
// the declaration edited (and on its pair, when that declaration is renamed too).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRuleset } from '../../grammar/index.js';
import type { Decl, Span } from '../../grammar/ast.js';
import { declLabel } from '../../interpreter/definition/index.js';

export interface Mutant {
  /** `rename define`, `reorder`, `constant`, `comparison`, … */
  readonly kind: string;
  /** What was edited, in a line. */
  readonly what: string;
  readonly text: string;
  /** For a rule edit: the declaration that must be reported, as the original and as the edited encoding call it. */
  readonly expected: { readonly first: string; readonly second: string } | null;
}

interface Edit {
  readonly span: Span;
  readonly text: string;
}

/** The text with the edits made (they must not overlap). */
function edited(source: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const e of [...edits].sort((x, y) => x.span.start - y.span.start)) {
    if (e.span.start < at) continue;
    out += source.slice(at, e.span.start) + e.text;
    at = e.span.end;
  }
  return out + source.slice(at);
}

type Node = Record<string, unknown> & { kind?: string; span?: Span };

/** Every node under `node` (itself included), depth first in source order. */
function nodes(node: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(node)) for (const x of node) nodes(x, out);
  else if (node !== null && typeof node === 'object') {
    out.push(node as Node);
    for (const [k, v] of Object.entries(node)) if (k !== 'span' && k !== 'meta') nodes(v, out);
  }
  return out;
}

const names = (node: unknown) => nodes(node).filter((n) => n.kind === 'Name') as unknown as { text: string; span: Span }[];

/** A fresh name made of letters, like nothing the ruleset has: the pairing may not lean on likeness of names. */
const fresh = (i: number): string => `zq-${Array.from(String(i), (d) => 'abcdefghij'[Number(d)]).join('')}`;

const BUILT_IN_PROPERTIES = new Set(['owner', 'slot', 'position', 'space', 'name', 'seat', 'zone']);

const RENAMED_KINDS: Readonly<Record<string, string>> = {
  Component: 'component', Table: 'table', Zone: 'zone', Counter: 'counter', Piece: 'pieces', Board: 'board',
  Define: 'define', Rule: 'rule', Forbid: 'rule', Event: 'event',
};

/** The names a ruleset declares, by kind: what a translator's own naming would change. */
export function declaredNames(decls: readonly Decl[]): { kind: string; name: string }[] {
  const out: { kind: string; name: string }[] = [];
  const seen = new Set<string>();
  const texts = new Set(nodes(decls).filter((n) => n.kind === 'Text').map((n) => n.value as string));
  const add = (kind: string, name: string) => { if (!seen.has(name)) { seen.add(name); out.push({ kind, name }); } };
  const visit = (d: Decl) => {
    const word = RENAMED_KINDS[d.kind];
    if (word) add(word, (d as { name: { text: string } }).name.text);
    // An attribute spelt as a thing's own property (`name`, `position`…) shares its name with that property.
    // An attribute a text names (`set-score(cards, "family")`) is named by data too.
    if (d.kind === 'Component') for (const a of d.attrs) if (!BUILT_IN_PROPERTIES.has(a.name.text) && !texts.has(a.name.text)) add('attribute', a.name.text);
    if (d.kind === 'Event') for (const p of d.params) if (!BUILT_IN_PROPERTIES.has(p.text)) add('event parameter', p.text);
    // A power is named by the card that grants it: that name is the rulebook's, not the encoder's.
    if (d.kind === 'Power') for (const item of d.items) if (item.kind !== 'Define') visit(item);
    if (d.kind === 'Variant') {
      add('variant', d.id.text);
      for (const item of d.items) if (item.kind === 'Add') visit(item.decl);
    }
  };
  decls.forEach(visit);
  return out;
}

/** Where a label or a log line shows a name: `{meal}` in `"eat {meal}"`. */
function inTemplates(source: string, from: number, to: number, name: string): Span[] {
  const out: Span[] = [];
  const pattern = new RegExp(`\\{${name.replace(/[-]/g, '\\-')}(?=[\\s}])`, 'g');
  for (const m of source.slice(from, to).matchAll(pattern)) out.push({ start: from + m.index + 1, end: from + m.index + 1 + name.length });
  return out;
}

/** The text with every use of declared names spelt another way: Names and the templates that show them (never a quotation or a comment). */
function renamedText(source: string, decls: readonly Decl[], renames: ReadonlyMap<string, string>): string {
  const edits: Edit[] = names(decls).filter((n) => renames.has(n.text)).map((n) => ({ span: n.span, text: renames.get(n.text)! }));
  for (const [from, to] of renames) for (const span of inTemplates(source, 0, source.length, from)) edits.push({ span, text: to });
  return edited(source, edits);
}

/**
 * One local variable of a declaration renamed there, with the labels that show it: the first bound
 * by `let`, a loop or a quantifier that no restriction reads (a choice's variable is read by the
 * restrictions on it, elsewhere).
 */
function renamedLocal(source: string, decls: readonly Decl[], d: Decl): { text: string; name: string } | null {
  const readElsewhere = new Set(names(decls.filter((x) => x.kind === 'Forbid' || x.kind === 'Power')).map((n) => n.text));
  const binders = nodes(d).flatMap((n) => (n.kind === 'Let' ? [n.name] : ['ForEach', 'Rank', 'Comprehension'].includes(n.kind ?? '') ? [n.variable] : []));
  const local = binders.map((b) => (b as { text: string }).text).find((t) => !readElsewhere.has(t) && !decls.some((x) => 'name' in x && (x.name as { text?: string })?.text === t));
  if (!local) return null;
  const to = `${local}-zq`;
  const edits: Edit[] = names(d).filter((n) => n.text === local).map((n) => ({ span: n.span, text: to }));
  for (const span of inTemplates(source, d.span.start, d.span.end, local)) edits.push({ span, text: to });
  return { text: edited(source, edits), name: local };
}

/** The declarations' spans in order, and the text between them (comments stay with the declaration after them). */
function pieces(source: string, decls: readonly Decl[]): { head: string; parts: string[]; tail: string } {
  const parts: string[] = [];
  let at = decls[0]!.span.end;
  const head = source.slice(0, at);
  for (const d of decls.slice(1)) {
    parts.push(source.slice(at, d.span.end));
    at = d.span.end;
  }
  return { head, parts, tail: source.slice(at) };
}

/** A seeded shuffle (the suite must make the same mutants every run). */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The harmless edits of a ruleset: renames of every kind, reorderings, reformatting, relabelling. */
export function harmlessMutants(source: string, options: { readonly everyName?: boolean } = {}): Mutant[] {
  const decls = parseRuleset(source).ruleset.decls;
  const out: Mutant[] = [];
  const declared = declaredNames(decls);
  const all = new Map(declared.map((d, i) => [d.name, fresh(i)]));
  out.push({ kind: 'rename every name', what: `${declared.length} names renamed at once`, text: renamedText(source, decls, all), expected: null });
  // One name of each kind on its own (or, for the larger sweep, every name).
  const kinds = new Set<string>();
  declared.forEach((d, i) => {
    if (!options.everyName && kinds.has(d.kind)) return;
    kinds.add(d.kind);
    out.push({ kind: `rename ${d.kind}`, what: `${d.kind} ${d.name} → ${fresh(i)}`, text: renamedText(source, decls, new Map([[d.name, fresh(i)]])), expected: null });
  });
  const withLocals = decls.filter((d) => d.kind === 'Rule' || d.kind === 'Define');
  for (const d of withLocals) {
    const r = renamedLocal(source, decls, d);
    if (r) out.push({ kind: 'rename local', what: `variable ${r.name} in ${declLabel(d)}`, text: r.text, expected: null });
    if (r && !options.everyName) break;
  }
  const { head, parts, tail } = pieces(source, decls);
  out.push({ kind: 'reorder', what: 'declarations in reverse order', text: head + [...parts].reverse().join('') + tail, expected: null });
  out.push({ kind: 'reorder', what: 'declarations shuffled', text: head + shuffled(parts, 7).join('') + tail, expected: null });
  out.push({
    kind: 'reformat', what: 'indentation doubled, blank lines and comments added',
    text: source.replace(/\n {2}(?=\S)/g, '\n    ').replace(/\n\n/g, '\n\n// a note of the translator\n\n'), expected: null,
  });
  out.push({ kind: 'relabel', what: 'every move label and choice reworded', text: relabelled(source, decls), expected: null });
  return out;
}

/** Every label reworded: a template or a menu option gets a word at its end, a verb another verb (and the restrictions naming it follow). */
function relabelled(source: string, decls: readonly Decl[]): string {
  const edits: Edit[] = [];
  const verbs = new Set<string>();
  for (const n of nodes(decls)) {
    if (n.kind === 'Choose') {
      const label = n.label as { kind: string; verb?: { text: string; span: Span }; span?: Span };
      if (label.kind === 'verb') verbs.add(label.verb!.text);
      else edits.push({ span: { start: label.span!.end - 1, end: label.span!.end - 1 }, text: ' now' });
      if (n.passLabel) {
        const text = source.slice((n.span as Span).start, (n.span as Span).end);
        const at = text.lastIndexOf(JSON.stringify(n.passLabel));
        if (at >= 0) edits.push({ span: { start: (n.span as Span).start + at + 1, end: (n.span as Span).start + at + 1 }, text: 'just ' });
      }
    }
  }
  for (const n of nodes(decls)) {
    const spanOf = (x: unknown) => (x as { text: string; span: Span } | null);
    const named = n.kind === 'Choose' ? [spanOf((n.label as { verb?: unknown }).verb), spanOf(n.name)] : n.kind === 'Forbid' ? [spanOf(n.choice)] : n.kind === 'Menu' ? [spanOf(n.name)] : [];
    for (const x of named) if (x && verbs.has(x.text) && !edits.some((e) => e.span.start === x.span.start)) edits.push({ span: x.span, text: `${x.text}-zq` });
  }
  return edited(source, edits);
}

const SWAPPED_OPS: Readonly<Record<string, string>> = { '<': '<=', '<=': '<', '>': '>=', '>=': '>', '=': '!=', '!=': '=' };

/**
 * The rule edits of a ruleset: for each declaration, the first constant made one more, the first
 * comparison swapped (`<` for `<=`, `=` for `!=`), the first condition with a part dropped, the
 * ties of a ranking the other way, a choice made optional or mandatory.
 */
export function ruleMutants(source: string): Mutant[] {
  const decls = parseRuleset(source).ruleset.decls;
  const out: Mutant[] = [];
  const at = (s: Span) => `${source.slice(0, s.start).split('\n').length}`;
  for (const d of decls) {
    if (d.kind === 'Game') continue;
    const label = d.kind === 'Variant' ? `variant ${d.id.text}` : declLabel(d);
    const expected = { first: label, second: label };
    const all = nodes(d);
    const add = (kind: string, span: Span, text: string, what: string) => out.push({ kind, what: `${what} in ${label} (line ${at(span)})`, text: edited(source, [{ span, text }]), expected });
    const number = all.find((n) => n.kind === 'Number' || (n.kind === 'Cell' && typeof n.value === 'number'));
    if (number) add('constant', number.span!, String((number.value as number) + 1), `${number.value as number} made ${(number.value as number) + 1}`);
    const comparison = all.find((n) => n.kind === 'Binary' && SWAPPED_OPS[n.op as string]);
    if (comparison) {
      const [l, r] = [(comparison.left as Node).span!, (comparison.right as Node).span!];
      const between = source.slice(l.end, r.start);
      const op = comparison.op as string;
      const i = between.indexOf(op);
      if (i >= 0) add('comparison', { start: l.end + i, end: l.end + i + op.length }, SWAPPED_OPS[op]!, `${op} made ${SWAPPED_OPS[op]}`);
    }
    const condition = all.find((n) => n.kind === 'Binary' && (n.op === 'and' || n.op === 'or'));
    if (condition) {
      const l = (condition.left as Node).span!;
      add('condition', condition.span!, source.slice(l.start, l.end), `the condition after \`${condition.op as string}\` dropped`);
    }
    const rank = all.find((n) => n.kind === 'Rank');
    if (rank) {
      const text = source.slice(rank.span!.start, rank.span!.end);
      const from = rank.ties === 'share' ? 'ties share' : 'ties skip';
      const i = text.indexOf(from);
      const to = rank.ties === 'share' ? 'ties skip' : 'ties share';
      if (i >= 0) add('ties', { start: rank.span!.start + i, end: rank.span!.start + i + from.length }, to, `${from} made ${to}`);
    }
    const choice = all.find((n) => n.kind === 'Choose');
    if (choice) {
      const s = choice.span!;
      if (choice.optional) {
        const text = source.slice(s.start, s.end);
        const i = text.indexOf('may ');
        if (i >= 0) add('optional', { start: s.start + i, end: s.start + i + 4 }, '', 'an optional choice made mandatory');
      } else add('optional', { start: s.start, end: s.start }, 'may ', 'a mandatory choice made optional');
    }
  }
  return out;
}

/** A rule edit made in a declaration that is renamed too: it must be reported on the pair, first name ↔ new name. */
export function renamedRuleMutant(source: string, m: Mutant): Mutant | null {
  if (!m.expected) return null;
  const decls = parseRuleset(m.text).ruleset.decls;
  const [word, ...rest] = m.expected.first.split(' ');
  const name = rest.join(' ');
  if (!['define', 'rule', 'table', 'zone', 'counter'].includes(word!)) return null;
  const to = fresh(source.length % 997);
  return { ...m, kind: `${m.kind}, renamed`, what: `${m.what}, and ${name} renamed ${to}`, text: renamedText(m.text, decls, new Map([[name, to]])), expected: { first: m.expected.first, second: `${word} ${to}` } };
}

/** Every shipped ruleset whose header names a rulebook. */
export function rulesetsWithRulebooks(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((d) =>
    readdirSync(join(root, d.name)).filter((f) => f.endsWith('.rules')).map((f) => join(root, d.name, f)))
    .filter((f) => /^\s*rulebook\s+"/m.test(readFileSync(f, 'utf8'))).sort();
}

/** Every edit: every name renamed on its own, every declaration's rule edits, each also with the declaration renamed. */
export function allMutants(text: string): Mutant[] {
  const rules = ruleMutants(text);
  return [...harmlessMutants(text, { everyName: true }), ...rules, ...rules.map((m) => renamedRuleMutant(text, m)).filter((m): m is Mutant => m !== null)];
}

/** The suite's sample: the harmless edits (one name of each kind), and of each kind of rule edit one, alone and with its declaration renamed. */
export function sampleMutants(text: string): Mutant[] {
  const rules = ruleMutants(text);
  const kinds = [...new Set(rules.map((m) => m.kind))];
  // The middle one of each kind: not always the first declaration's.
  const picked = kinds.map((k) => { const of = rules.filter((m) => m.kind === k); return of[Math.floor(of.length / 2)]!; });
  return [...harmlessMutants(text), ...picked, ...picked.map((m) => renamedRuleMutant(text, m)).filter((m): m is Mutant => m !== null)];
}

export interface Score {
  readonly harmlessEdits: number;
  readonly ruleEdits: number;
  /** Rule edits reported once, on the right pair of declarations. */
  readonly found: number;
  /** Rule edits not so reported, with what was reported instead. */
  readonly misses: readonly string[];
  /** Entries reported that no edit made: any for a harmless edit, any but the edited declaration's for a rule edit. */
  readonly falseEntries: readonly string[];
  /** Rule edits that did not make a valid ruleset (left out: a constant that makes two rows one, say). */
  readonly invalid: number;
  /** Harmless edits that did not make a valid ruleset: the generator's fault, to be fixed. */
  readonly invalidHarmless: readonly string[];
}

/** Compares the original with each mutant and scores what is reported. */
export function mutationScore(mutants: readonly Mutant[], compare: (m: Mutant) => { readonly differences: readonly { key: string; secondKey?: string; status: string }[] }): Score {
  let harmlessEdits = 0, ruleEdits = 0, found = 0, invalid = 0;
  const invalidHarmless: string[] = [];
  const misses: string[] = [];
  const falseEntries: string[] = [];
  const shown = (d: { key: string; secondKey?: string; status: string }) => `${d.key}${d.secondKey ? ` ↔ ${d.secondKey}` : ''} (${d.status})`;
  for (const m of mutants) {
    let differences;
    try {
      differences = compare(m).differences;
    } catch (e) {
      if (!(e instanceof Error) || !/error|R\d{4}/i.test(e.message)) throw e;
      if (m.expected) invalid++;
      else invalidHarmless.push(`${m.kind} — ${m.what}: ${e.message.split('\n')[0]}`);
      continue;
    }
    if (!m.expected) {
      harmlessEdits++;
      for (const d of differences) falseEntries.push(`${m.kind} — ${m.what}: ${shown(d)}`);
      continue;
    }
    ruleEdits++;
    const hits = differences.filter((d) => d.status === 'changed' && d.key === m.expected!.first && (d.secondKey ?? d.key) === m.expected!.second);
    if (hits.length === 1) found++;
    else misses.push(`${m.kind} — ${m.what}: ${differences.map(shown).join(', ') || 'nothing reported'}`);
    for (const d of differences) if (!hits.includes(d)) falseEntries.push(`${m.kind} — ${m.what}: ${shown(d)}`);
  }
  return { harmlessEdits, ruleEdits, found, misses, falseEntries, invalid, invalidHarmless };
}
