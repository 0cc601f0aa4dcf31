// Comparing two encodings of one game in structure: declaration by declaration, by what each
// means (spans, citations and titles aside), a changed one shown as a line diff with the
// passages each encoding cites. Typically one rulebook in two translations, or a game with and
// without a variant.
import type { Decl, Span } from '../../grammar/ast.js';
import { locate, type GameDefinition } from '../definition/index.js';
import { declLabel, overlay } from '../definition/index.js';
import { meaningsIn, pairDeclarations, variantNode, type PairedDeclaration, type Pairing } from './compare-pairing.js';

/**
 * The variants each side is taken with: two encodings with the same ones, or one encoding with
 * and without a variant — how a designer sees what a rule change does.
 */
export interface SideVariants {
  readonly first: readonly string[];
  readonly second: readonly string[];
}
export const NO_VARIANTS: SideVariants = { first: [], second: [] };

/** One declaration as one encoding has it. */
export interface DeclSide {
  /** `file:line:col` of the declaration. */
  readonly at: string;
  /** Its source text without its citations and ambiguity notes. */
  readonly text: string;
  /** The rulebook passages it cites, for reading the two translations side by side. */
  readonly cites: readonly string[];
  /** Where the encoding had to decide: the words it read one way, and why. */
  readonly ambiguous: readonly { readonly quote: string; readonly because: string | null }[];
}

export interface LineChange {
  readonly op: ' ' | '-' | '+';
  readonly text: string;
}

export interface DeclDifference {
  /** What the declaration is known by: `rule eat`, `counter coins`, `variant gourmet`, `flow` (the first's name when both have it). */
  readonly key: string;
  /** What the second encoding calls it, when its encoder named it otherwise: `define printed-price`. */
  readonly secondKey?: string;
  readonly status: 'changed' | 'only-first' | 'only-second';
  readonly first?: DeclSide;
  readonly second?: DeclSide;
  /** For a changed declaration: its lines, kept (' '), only in the first ('-'), only in the second ('+'). */
  readonly lines?: readonly LineChange[];
}

export interface StructureComparison {
  /** Declarations that mean the same in both (citations, titles and the rulebook's name aside). */
  readonly same: readonly string[];
  readonly differences: readonly DeclDifference[];
  /** Declarations paired across the two whose names differ: `define listed-price` ↔ `define printed-price`. */
  readonly renamed: readonly PairedDeclaration[];
  /** How the declarations were paired: the second's names in the first's words. */
  readonly pairing: Pairing;
}

interface Entry {
  readonly key: string;
  /** What the declaration means: its AST without spans, citations and titles, as JSON. */
  readonly meaning: string;
  readonly side: DeclSide;
}


/** The source of a declaration with its `cites …` and `ambiguous … because …` clauses cut out. */
function textWithoutNotes(def: GameDefinition, span: Span, notes: readonly Span[]): string {
  const source = def.source.text;
  let text = '';
  let at = span.start;
  for (const n of [...notes].sort((x, y) => x.start - y.start)) {
    if (n.start < at || n.end > span.end) continue;
    text += source.slice(at, n.start).replace(/[ \t]+$/, '');
    at = n.end;
  }
  text += source.slice(at, span.end);
  return text.split('\n').map((l) => l.replace(/[ \t]+$/, '')).filter((l) => l.trim() !== '').join('\n');
}

/** The spans of every `cites` and `ambiguous` clause in a declaration, its nested rules' too. */
function notesIn(node: unknown, out: Span[] = []): Span[] {
  if (Array.isArray(node)) for (const x of node) notesIn(x, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'meta') for (const n of [...(v as Decl['meta']).cites, ...(v as Decl['meta']).ambiguous]) out.push(n.span);
      else if (k !== 'span') notesIn(v, out);
    }
  }
  return out;
}

/** The declaration's own notes and those of the rules nested in it (a power's, a variant's). */
function metasIn(node: unknown, out: Decl['meta'][] = []): Decl['meta'][] {
  if (Array.isArray(node)) for (const x of node) metasIn(x, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'meta') { if (!out.includes(v as Decl['meta'])) out.push(v as Decl['meta']); }
      else if (k !== 'span') metasIn(v, out);
    }
  }
  return out;
}

function entries(def: GameDefinition, decls: readonly Decl[], names: Pairing['names'] = {}): Entry[] {
  const out: Entry[] = [];
  const side = (span: Span, meta: Decl['meta'], node: unknown): DeclSide => ({
    at: locate(def, span.start),
    text: textWithoutNotes(def, span, notesIn(node)),
    cites: [...new Set(metasIn(node, [meta]).flatMap((m) => m.cites.map((c) => (c.file ? `${c.quote} (${c.file})` : c.quote))))],
    ambiguous: metasIn(node, [meta]).flatMap((m) => m.ambiguous.map((a) => ({ quote: a.quote, because: a.note }))),
  });
  const meanings = meaningsIn([...decls, ...def.variants.map(variantNode)], decls, def.variants, names);
  decls.forEach((d, i) => out.push({ key: declLabel(d), meaning: meanings[i]!, side: side(d.span, d.meta, d) }));
  def.variants.forEach((v, i) => out.push({ key: `variant ${v.id}`, meaning: meanings[decls.length + i]!, side: side(v.span, v.meta, v) }));
  return out;
}

/** The declarations in force: with variants chosen, those they overlay (replace, add, remove) as they make them. */
const inForce = (def: GameDefinition, variants: readonly string[]): readonly Decl[] =>
  variants.length ? overlay(def.decls, def.variants.filter((v) => variants.includes(v.id))) : def.decls;

/**
 * Declaration by declaration: which mean the same, which differ, which only one encoding has. The
 * declarations are paired by what they are (compare-pairing.ts), so what two encoders called
 * things does not matter; the second's are read in the first's words.
 */
export function compareStructure(first: GameDefinition, second: GameDefinition, variants: SideVariants = NO_VARIANTS): StructureComparison {
  const [da, db] = [inForce(first, variants.first), inForce(second, variants.second)];
  const pairing = pairDeclarations({ decls: da, variants: first.variants }, { decls: db, variants: second.variants });
  const a = entries(first, da);
  const b = new Map(entries(second, db, pairing.names).map((e) => [e.key, e]));
  const same: string[] = [];
  const differences: DeclDifference[] = [];
  for (const x of a) {
    const other = pairing.secondOf[x.key];
    const y = other === undefined ? undefined : b.get(other);
    if (y) b.delete(y.key);
    const secondKey = y && y.key !== x.key ? { secondKey: y.key } : {};
    if (!y) differences.push({ key: x.key, status: 'only-first', first: x.side });
    else if (x.meaning === y.meaning) same.push(x.key);
    else differences.push({ key: x.key, ...secondKey, status: 'changed', first: x.side, second: y.side, lines: diffLines(x.side.text.split('\n'), y.side.text.split('\n')) });
  }
  for (const y of b.values()) differences.push({ key: y.key, status: 'only-second', second: y.side });
  return { same, differences, renamed: pairing.renamed, pairing };
}

/** A line diff by longest common subsequence (declarations are short). */
export function diffLines(a: readonly string[], b: readonly string[]): LineChange[] {
  // A title is each translation's words, never a difference: lines that differ only there are kept.
  const norm = (l: string) => l.trim().replace(/^((?:add |replace )?(?:variant [\w-]+|phase|step|game))\s+"(?:[^"\\]|\\.)*"/, '$1');
  const n = a.length, m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = norm(a[i]!) === norm(b[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: LineChange[] = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && norm(a[i]!) === norm(b[j]!)) { out.push({ op: ' ', text: b[j]! }); i++; j++; }
    else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) out.push({ op: '-', text: a[i++]! });
    else out.push({ op: '+', text: b[j++]! });
  }
  return out;
}
