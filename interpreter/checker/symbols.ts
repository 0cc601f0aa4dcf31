// What a ruleset declares, by name: the symbol tables the passes resolve names against, the
// contexts declarations are checked in (the base rules; each variant's overlay over them), and
// small walkers over declarations and statements that every pass shares.
import type {
  AttrDecl, Block, BoardDecl, ComponentDecl, CounterDecl, Decl, DefineDecl, EventDecl, ForbidDecl, Meta,
  PieceDecl, PowerDecl, RuleDecl, Ruleset, Stmt, TableDecl, VariantDecl, ZoneDecl,
} from '../../grammar/ast.js';
import { assertNever } from './types.js';

export type PowerItem = DefineDecl | RuleDecl | ForbidDecl;

/** A power's items; the parser also puts `rule … forbids …` there, which the model runs. */
export const powerItems = (p: PowerDecl): readonly PowerItem[] => p.items as readonly PowerItem[];

export interface Symbols {
  readonly components: ReadonlyMap<string, ComponentDecl>;
  readonly tables: ReadonlyMap<string, TableDecl>;
  readonly zones: ReadonlyMap<string, ZoneDecl>;
  readonly counters: ReadonlyMap<string, CounterDecl>;
  /** `pieces X per player` declarations, by X. */
  readonly pieceCollections: ReadonlyMap<string, PieceDecl>;
  /** Every name that is a list of pieces: declared collections and those single pieces join. */
  readonly collections: ReadonlySet<string>;
  readonly singlePieces: ReadonlyMap<string, PieceDecl>;
  readonly boards: ReadonlyMap<string, BoardDecl>;
  /** Tables whose rows are a board's spaces. */
  readonly boardTables: ReadonlySet<string>;
  /** Defines by name: the base one first, then any a variant puts in its place. */
  readonly defines: ReadonlyMap<string, readonly DefineDecl[]>;
  /** Defines inside powers, by the name they override. */
  readonly powerDefines: ReadonlyMap<string, readonly DefineDecl[]>;
  /** Top-level rules (the ones a statement can call), by name. */
  readonly rules: ReadonlyMap<string, readonly RuleDecl[]>;
  readonly forbids: readonly ForbidDecl[];
  readonly events: ReadonlyMap<string, readonly EventDecl[]>;
  readonly powers: ReadonlyMap<string, PowerDecl>;
  readonly variants: ReadonlyMap<string, VariantDecl>;
  /** Component attributes by attribute name, across components. */
  readonly attributes: ReadonlyMap<string, readonly AttrDecl[]>;
  /** Every table column name but `copies`: what `X of card` may name at run time. */
  readonly columns: ReadonlySet<string>;
}

function first<T>(map: Map<string, T>, name: string, value: T): void {
  if (!map.has(name)) map.set(name, value);
}
function push<T>(map: Map<string, T[]>, name: string, value: T): void {
  map.set(name, [...(map.get(name) ?? []), value]);
}

/** The symbol tables of a list of declarations (the first of a name wins; duplicates are another pass's). */
export function collectSymbols(decls: readonly Decl[]): Symbols {
  const s = {
    components: new Map<string, ComponentDecl>(), tables: new Map<string, TableDecl>(),
    zones: new Map<string, ZoneDecl>(), counters: new Map<string, CounterDecl>(),
    pieceCollections: new Map<string, PieceDecl>(), collections: new Set<string>(),
    singlePieces: new Map<string, PieceDecl>(), boards: new Map<string, BoardDecl>(),
    boardTables: new Set<string>(), defines: new Map<string, DefineDecl[]>(),
    powerDefines: new Map<string, DefineDecl[]>(), rules: new Map<string, RuleDecl[]>(),
    forbids: [] as ForbidDecl[], events: new Map<string, EventDecl[]>(), powers: new Map<string, PowerDecl>(),
    variants: new Map<string, VariantDecl>(), attributes: new Map<string, AttrDecl[]>(), columns: new Set<string>(),
  };
  for (const d of decls) {
    switch (d.kind) {
      case 'Component':
        first(s.components, d.name.text, d);
        for (const a of d.attrs) push(s.attributes, a.name.text, a);
        break;
      case 'Table':
        first(s.tables, d.name.text, d);
        for (const c of d.columns) if (c.text !== 'copies') s.columns.add(c.text);
        break;
      case 'Zone': first(s.zones, d.name.text, d); break;
      case 'Counter': first(s.counters, d.name.text, d); break;
      case 'Piece':
        if (d.perPlayer) {
          first(s.pieceCollections, d.name.text, d);
          s.collections.add(d.name.text);
        } else {
          first(s.singlePieces, d.name.text, d);
          s.collections.add(d.collection?.text ?? d.name.text);
        }
        break;
      case 'Board':
        first(s.boards, d.name.text, d);
        s.boardTables.add(boardTable(d).text);
        break;
      case 'Define': push(s.defines, d.name.text, d); break;
      case 'Rule': push(s.rules, d.name.text, d); break;
      case 'Forbid': s.forbids.push(d); break;
      case 'Event': push(s.events, d.name.text, d); break;
      case 'Power':
        first(s.powers, d.name.text, d);
        for (const item of powerItems(d)) if (item.kind === 'Define') push(s.powerDefines, item.name.text, item);
        break;
      case 'Variant': first(s.variants, d.id.text, d); break;
      case 'Game': case 'Powers': case 'Setup': case 'Flow': case 'Recount': case 'Winner': break;
      default: assertNever(d);
    }
  }
  return s;
}

/** The table a board's spaces come from. */
export function boardTable(b: BoardDecl): { readonly text: string; readonly span: { start: number; end: number } } {
  const shape = b.shape;
  switch (shape.kind) {
    case 'track': return shape.spaces;
    case 'graph': return shape.nodes;
    case 'hex': case 'square': return shape.cells;
    default: return assertNever(shape);
  }
}

/** The declarations a variant adds or puts in place of others. */
export const overlayDecls = (v: VariantDecl): Decl[] => v.items.flatMap((i) => (i.kind === 'Remove' ? [] : [i.decl]));

const variantsOf = (r: Ruleset): VariantDecl[] => r.decls.filter((d): d is VariantDecl => d.kind === 'Variant');

/**
 * Where declarations are checked: the base rules (names may also be ones any variant adds, as base
 * rules often guard their use by the player count), and each variant's overlay (base names and
 * the ones that same variant adds).
 */
export interface Context {
  readonly symbols: Symbols;
  readonly decls: readonly Decl[];
  readonly variant: VariantDecl | null;
}

export function contextsOf(ruleset: Ruleset): Context[] {
  const variants = variantsOf(ruleset);
  const everything = [...ruleset.decls, ...variants.flatMap(overlayDecls)];
  const base: Context = { symbols: collectSymbols(everything), decls: ruleset.decls, variant: null };
  return [
    base,
    ...variants.map((v) => ({ symbols: collectSymbols([...ruleset.decls, ...overlayDecls(v)]), decls: overlayDecls(v), variant: v })),
  ];
}

/** Every declaration outside powers: the base ones, then what each variant adds or replaces. */
export const everyDecl = (ruleset: Ruleset): Decl[] => [...ruleset.decls, ...variantsOf(ruleset).flatMap(overlayDecls)];

/** Every declaration's meta, powers' items and variants' overlays included. */
export function everyMeta(ruleset: Ruleset): Meta[] {
  const out: Meta[] = [];
  for (const d of everyDecl(ruleset)) {
    out.push(d.meta);
    if (d.kind === 'Power') for (const item of powerItems(d)) out.push(item.meta);
  }
  return out;
}

/** The blocks a declaration runs: setup, flow, a rule's body, a power's rules' bodies. */
export function bodiesOf(d: Decl): Block[] {
  switch (d.kind) {
    case 'Setup': case 'Flow': case 'Rule': return [d.body];
    case 'Power': return powerItems(d).flatMap((i) => (i.kind === 'Rule' ? [i.body] : []));
    case 'Game': case 'Component': case 'Table': case 'Zone': case 'Counter': case 'Piece': case 'Board':
    case 'Define': case 'Forbid': case 'Event': case 'Powers': case 'Recount': case 'Winner': case 'Variant':
      return [];
    default: return assertNever(d);
  }
}

/** The blocks directly inside a statement. */
export function childBlocks(s: Stmt): Block[] {
  switch (s.kind) {
    case 'If': return [s.then, ...(s.else === null ? [] : s.else.kind === 'Block' ? [s.else] : childBlocks(s.else))];
    case 'Menu': return s.options.map((o) => o.body);
    case 'ForEach': case 'Repeat': case 'Turn': case 'Phase': case 'Rank': return [s.body];
    case 'Let': case 'Change': case 'Move': case 'Draw': case 'Shuffle': case 'Choose': case 'Fire': case 'Call':
    case 'EndGame': case 'Random': case 'Reveal': case 'Say':
      return [];
    default: return assertNever(s);
  }
}

/** Calls `visit` on every block inside `b`, `b` itself first. */
export function eachBlock(b: Block, visit: (b: Block) => void): void {
  visit(b);
  for (const s of b.stmts) for (const inner of childBlocks(s)) eachBlock(inner, visit);
}

/** Every statement inside `b`, at any depth. */
export function eachStmt(b: Block, visit: (s: Stmt) => void): void {
  eachBlock(b, (block) => block.stmts.forEach(visit));
}
