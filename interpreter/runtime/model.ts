// The rules in force for one game: the definition's base declarations with the chosen and
// automatic variants overlaid, indexed by name, with tables expanded into things and boards
// into spaces. Built once per (definition, player count, variants) and shared by every state.
import type {
  Block, BoardDecl, CellValue, ComponentDecl, CounterDecl, Decl, DefineDecl, EventDecl, ForbidDecl,
  FlowDecl, PieceDecl, PowerDecl, RecountDecl, RuleDecl, SetupDecl, Stmt, TableDecl, WinnerDecl, ZoneDecl,
} from '../../grammar/ast.js';
import { overlay, variantsInForce, type GameDefinition } from '../definition/index.js';

export interface Thing {
  readonly id: string;
  readonly label: string;
  /**
   * What `name of` it gives: its name as its component declares it — a number for `name: number`
   * (the label is the same name as text, for move ids and logs), else the label.
   */
  readonly name: string | number;
  readonly table: string;
  readonly component: string;
  readonly attrs: Readonly<Record<string, CellValue>>;
  /** The zone a card starts in (`null` for a board's spaces and cards dealt by rules). */
  readonly zone: string | null;
}

export interface BoardModel {
  readonly decl: BoardDecl;
  /** Space ids in order: travel order for a track, table order otherwise. */
  readonly order: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly neighbours: ReadonlyMap<string, readonly string[]>;
  /** Grids: space id → direction (as `toward` names it) → the space that way, if any. */
  readonly toward: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** The directions of a grid and the step each takes in its coordinates. */
export const GRID_STEPS: Readonly<Record<'square' | 'hex', Readonly<Record<string, readonly [number, number]>>>> = {
  /** Square grids (x, y): north is y − 1. */
  square: { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] },
  /** Hex grids in axial coordinates (q, r), pointy-topped: north-east is (q + 1, r − 1). */
  hex: { east: [1, 0], west: [-1, 0], 'north-east': [1, -1], 'north-west': [0, -1], 'south-east': [0, 1], 'south-west': [-1, 1] },
};

/** Square grids' diagonal directions: `toward` and `line` go this way, but a diagonal is no neighbour. */
export const GRID_DIAGONALS: Readonly<Record<string, readonly [number, number]>> = {
  'north-east': [1, -1], 'north-west': [-1, -1], 'south-east': [1, 1], 'south-west': [-1, 1],
};

/** Every direction `toward` and `line` know on a grid of this shape, in the order they are listed. */
export const gridDirections = (shape: 'square' | 'hex'): readonly string[] =>
  shape === 'square' ? [...Object.keys(GRID_STEPS.square), ...Object.keys(GRID_DIAGONALS)] : Object.keys(GRID_STEPS.hex);

/** The direction back the way `direction` goes, on either grid. */
export const OPPOSITE: Readonly<Record<string, string>> = {
  north: 'south', south: 'north', east: 'west', west: 'east',
  'north-east': 'south-west', 'south-west': 'north-east', 'north-west': 'south-east', 'south-east': 'north-west',
};

export interface PieceInfo {
  readonly id: string;
  readonly label: string;
  readonly collection: string;
  readonly owner: number | null;
}

export interface Handler {
  readonly rule: RuleDecl;
  readonly power: string | null;
}

export interface ForbidRule {
  readonly decl: ForbidDecl;
  readonly power: string | null;
}

export interface Model {
  readonly def: GameDefinition;
  readonly playerCount: number;
  /** Every variant in force: the chosen ones and the automatic ones whose condition holds. */
  readonly variants: readonly string[];
  readonly components: ReadonlyMap<string, ComponentDecl>;
  readonly tables: ReadonlyMap<string, TableDecl>;
  readonly things: ReadonlyMap<string, Thing>;
  readonly tableThings: ReadonlyMap<string, readonly string[]>;
  readonly zones: ReadonlyMap<string, ZoneDecl>;
  readonly counters: ReadonlyMap<string, CounterDecl>;
  readonly pieceDecls: ReadonlyMap<string, PieceDecl>;
  /** Collection name → its pieces' ids in order; single piece name → its id. */
  readonly collections: ReadonlyMap<string, readonly string[]>;
  readonly singlePieces: ReadonlyMap<string, string>;
  readonly pieces: ReadonlyMap<string, PieceInfo>;
  readonly boards: ReadonlyMap<string, BoardModel>;
  readonly spaceBoard: ReadonlyMap<string, string>;
  /** The value of each space, made once: equal spaces are then usually the same object. */
  readonly spaceValues: ReadonlyMap<string, { readonly space: string }>;
  readonly defines: ReadonlyMap<string, DefineDecl>;
  readonly powerDefines: ReadonlyMap<string, ReadonlyMap<string, DefineDecl>>;
  /** Defines that are plain constants (no parameters, a literal body, no power overrides them). */
  readonly constants: ReadonlyMap<string, CellValue | null>;
  /** Define name → the powers that override it, with their versions (the hot path of every call). */
  readonly overrides: ReadonlyMap<string, readonly (readonly [string, DefineDecl])[]>;
  readonly rules: ReadonlyMap<string, RuleDecl>;
  readonly handlers: ReadonlyMap<string, readonly Handler[]>;
  readonly forbids: ReadonlyMap<string, readonly ForbidRule[]>;
  readonly events: ReadonlyMap<string, EventDecl>;
  readonly powersZone: string | null;
  readonly powers: ReadonlyMap<string, PowerDecl>;
  readonly setup: SetupDecl | null;
  readonly flow: FlowDecl | null;
  readonly recounts: readonly RecountDecl[];
  readonly winner: WinnerDecl | null;
  /** Every block of every rule, numbered, so the machine's frames can point at them as plain data. */
  readonly blocks: readonly Block[];
  readonly blockIds: ReadonlyMap<Block, number>;
}

/** A definition that cannot be made into a model (the checker rules these out for checked rulesets). */
export class ModelError extends Error {}

function constantsOf(defines: ReadonlyMap<string, DefineDecl>, powerDefines: ReadonlyMap<string, ReadonlyMap<string, DefineDecl>>): Map<string, CellValue | null> {
  const out = new Map<string, CellValue | null>();
  const overridden = new Set([...powerDefines.values()].flatMap((defs) => [...defs.keys()]));
  for (const [name, d] of defines) {
    if (d.params.length > 0 || overridden.has(name)) continue;
    const b = d.body;
    if (b.kind === 'Number' || b.kind === 'Text' || b.kind === 'Flag') out.set(name, b.value);
    else if (b.kind === 'None') out.set(name, null);
  }
  return out;
}

function overridesOf(powerDefines: ReadonlyMap<string, ReadonlyMap<string, DefineDecl>>): Map<string, [string, DefineDecl][]> {
  const out = new Map<string, [string, DefineDecl][]>();
  for (const [power, defs] of powerDefines) {
    for (const [name, d] of defs) out.set(name, [...(out.get(name) ?? []), [power, d]]);
  }
  return out;
}

/** Per definition, its models by player count (no variant chosen) or by `players|variants`. */
const cache = new WeakMap<GameDefinition, Map<number | string, Model>>();

export function modelFor(def: GameDefinition, playerCount: number, chosen: readonly string[]): Model {
  let byKey = cache.get(def);
  if (!byKey) cache.set(def, (byKey = new Map()));
  // (Most games are played with no variant chosen, a playout's thousands of them too: no key is made for them.)
  const key = chosen.length === 0 ? playerCount : `${playerCount}|${[...chosen].sort().join(',')}`;
  let model = byKey.get(key);
  if (!model) byKey.set(key, (model = buildModel(def, playerCount, chosen)));
  return model;
}

function buildModel(def: GameDefinition, playerCount: number, chosen: readonly string[]): Model {
  const inForce = variantsInForce(def, playerCount, chosen);
  const decls = overlay(def.decls, inForce);
  const of = <K extends Decl['kind']>(kind: K) => decls.filter((d): d is Extract<Decl, { kind: K }> => d.kind === kind);
  const byName = <T extends { name: { text: string } }>(items: T[]) => new Map(items.map((d) => [d.name.text, d]));

  const components = byName(of('Component'));
  const tables = byName(of('Table'));
  const boardsDecls = of('Board');
  const boardTables = new Set(boardsDecls.map((b) => ('spaces' in b.shape ? b.shape.spaces : 'nodes' in b.shape ? b.shape.nodes : b.shape.cells).text));

  const things = new Map<string, Thing>();
  const tableThings = new Map<string, string[]>();
  const labelCount = new Map<string, number>();
  /** Components whose `name` is declared a number: their things' names read back as numbers. */
  const numberNamed = new Set([...components.values()].filter((c) => c.attrs.some((a) => a.name.text === 'name' && a.type.kind === 'number')).map((c) => c.name.text));
  for (const t of tables.values()) for (const row of t.rows) labelCount.set(String(row[0]?.value), (labelCount.get(String(row[0]?.value)) ?? 0) + 1);
  for (const t of tables.values()) {
    const ids: string[] = [];
    const copiesAt = t.columns.findIndex((c) => c.text === 'copies');
    for (const row of t.rows) {
      const attrs: Record<string, CellValue> = {};
      t.columns.forEach((c, i) => { if (i !== copiesAt && row[i]) attrs[c.text] = row[i]!.value; });
      const label = String(row[0]?.value ?? '');
      const name = numberNamed.has(t.component.text) && typeof attrs.name === 'number' ? attrs.name : label;
      const copies = copiesAt >= 0 ? Number(row[copiesAt]?.value ?? 1) : 1;
      // Labels shared by rows of different tables are qualified by the table's name.
      const base = (labelCount.get(label) ?? 0) > 1 && !boardTables.has(t.name.text) ? `${t.name.text}/${label}` : label;
      for (let k = 1; k <= copies; k++) {
        const id = boardTables.has(t.name.text) ? `${t.name.text}:${label}` : copies > 1 ? `${base}#${k}` : base;
        if (things.has(id)) throw new ModelError(`Two things are both called \`${id}\`: give them different names.`);
        things.set(id, { id, label, name, table: t.name.text, component: t.component.text, attrs, zone: t.zone?.text ?? null });
        ids.push(id);
      }
    }
    tableThings.set(t.name.text, ids);
  }

  const boards = new Map<string, BoardModel>();
  const spaceBoard = new Map<string, string>();
  for (const b of boardsDecls) {
    const shape = b.shape;
    const tableName = shape.kind === 'track' ? shape.spaces.text : shape.kind === 'graph' ? shape.nodes.text : shape.cells.text;
    const order = [...(tableThings.get(tableName) ?? [])];
    if (shape.kind === 'track' && shape.reversed) order.reverse();
    const neighbours = new Map<string, string[]>(order.map((id) => [id, []]));
    const toward = new Map<string, Map<string, string>>();
    const link = (a: string, c: string) => {
      if (!neighbours.get(a)?.includes(c)) neighbours.get(a)?.push(c);
      if (!neighbours.get(c)?.includes(a)) neighbours.get(c)?.push(a);
    };
    if (shape.kind === 'track') order.forEach((id, i) => { if (i > 0) link(order[i - 1]!, id); });
    if (shape.kind === 'graph') for (const e of shape.edges) link(`${tableName}:${e.from.text}`, `${tableName}:${e.to.text}`);
    if (shape.kind === 'square' || shape.kind === 'hex') {
      const [cx, cy] = shape.kind === 'square' ? ['x', 'y'] : ['q', 'r'];
      const position = (id: string, dx = 0, dy = 0) => `${Number(things.get(id)!.attrs[cx!]) + dx},${Number(things.get(id)!.attrs[cy!]) + dy}`;
      const at = new Map(order.map((id) => [position(id), id]));
      for (const id of order) {
        const ways = new Map<string, string>();
        for (const [direction, [dx, dy]] of Object.entries(GRID_STEPS[shape.kind])) {
          const other = at.get(position(id, dx, dy));
          if (other) { ways.set(direction, other); link(id, other); }
        }
        if (shape.kind === 'square') {
          for (const [direction, [dx, dy]] of Object.entries(GRID_DIAGONALS)) {
            const other = at.get(position(id, dx, dy));
            if (other) ways.set(direction, other);
          }
        }
        toward.set(id, ways);
      }
    }
    boards.set(b.name.text, { decl: b, order, index: new Map(order.map((id, i) => [id, i])), neighbours, toward });
    for (const id of order) spaceBoard.set(id, b.name.text);
  }

  const pieceDecls = byName(of('Piece'));
  const collections = new Map<string, string[]>();
  const singlePieces = new Map<string, string>();
  const pieces = new Map<string, PieceInfo>();
  for (const p of pieceDecls.values()) {
    if (p.perPlayer) {
      const ids: string[] = [];
      for (let seat = 0; seat < playerCount; seat++) {
        for (let k = 1; k <= p.count; k++) {
          const id = p.count === 1 ? `${p.name.text}#${seat}` : `${p.name.text}#${seat}.${k}`;
          pieces.set(id, { id, label: `P${seat + 1}`, collection: p.name.text, owner: seat });
          ids.push(id);
        }
      }
      collections.set(p.name.text, [...(collections.get(p.name.text) ?? []), ...ids]);
    }
  }
  for (const p of pieceDecls.values()) {
    if (!p.perPlayer) {
      const collection = p.collection?.text ?? p.name.text;
      pieces.set(p.name.text, { id: p.name.text, label: p.name.text, collection, owner: null });
      singlePieces.set(p.name.text, p.name.text);
      collections.set(collection, [...(collections.get(collection) ?? []), p.name.text]);
    }
  }

  const handlers = new Map<string, Handler[]>();
  const forbids = new Map<string, ForbidRule[]>();
  const addRule = (rule: RuleDecl, power: string | null) => {
    if (rule.trigger) handlers.set(rule.trigger.event.text, [...(handlers.get(rule.trigger.event.text) ?? []), { rule, power }]);
  };
  const addForbid = (decl: ForbidDecl, power: string | null) =>
    forbids.set(decl.choice.text, [...(forbids.get(decl.choice.text) ?? []), { decl, power }]);
  const rules = byName(of('Rule'));
  for (const r of rules.values()) addRule(r, null);
  for (const f of of('Forbid')) addForbid(f, null);
  const powers = byName(of('Power'));
  const powerDefines = new Map<string, Map<string, DefineDecl>>();
  for (const p of powers.values()) {
    const defs = new Map<string, DefineDecl>();
    for (const item of p.items) {
      if (item.kind === 'Define') defs.set(item.name.text, item);
      else if (item.kind === 'Rule') addRule(item, p.name.text);
      else addForbid(item as unknown as ForbidDecl, p.name.text);
    }
    powerDefines.set(p.name.text, defs);
  }

  const blocks: Block[] = [];
  const blockIds = new Map<Block, number>();
  const visitBlock = (b: Block) => {
    if (blockIds.has(b)) return;
    blockIds.set(b, blocks.length);
    blocks.push(b);
    b.stmts.forEach(visitStmt);
  };
  const visitStmt = (s: Stmt): void => {
    switch (s.kind) {
      case 'If':
        visitBlock(s.then);
        if (s.else) { if (s.else.kind === 'Block') visitBlock(s.else); else visitStmt(s.else); }
        break;
      case 'Menu': s.options.forEach((o) => visitBlock(o.body)); break;
      case 'ForEach': case 'Repeat': case 'Turn': case 'Phase': case 'Rank': visitBlock(s.body); break;
      // Statements without a body of their own.
      case 'Let': case 'Change': case 'Move': case 'Draw': case 'Shuffle': case 'Choose': case 'Fire':
      case 'Call': case 'EndGame': case 'Random': case 'Reveal': case 'Say': break;
      default: {
        const never: never = s;
        throw new ModelError(`Unknown statement ${JSON.stringify(never)}`);
      }
    }
  };
  const setup = of('Setup')[0] ?? null;
  const flow = of('Flow')[0] ?? null;
  if (setup) visitBlock(setup.body);
  if (flow) visitBlock(flow.body);
  for (const r of rules.values()) visitBlock(r.body);
  for (const p of powers.values()) for (const item of p.items) if (item.kind === 'Rule') visitBlock(item.body);

  return {
    def, playerCount, variants: inForce.map((v) => v.id),
    components, tables, things, tableThings,
    zones: byName(of('Zone')), counters: byName(of('Counter')),
    pieceDecls, collections, singlePieces, pieces, boards, spaceBoard,
    spaceValues: new Map([...spaceBoard.keys()].map((space) => [space, Object.freeze({ space })])),
    defines: byName(of('Define')), powerDefines, rules, handlers, forbids,
    overrides: overridesOf(powerDefines),
    constants: constantsOf(byName(of('Define')), powerDefines),
    events: byName(of('Event')),
    powersZone: of('Powers')[0]?.zone.text ?? null, powers,
    setup, flow, recounts: of('Recount'), winner: of('Winner')[0] ?? null,
    blocks, blockIds,
  };
}

/** The ids of the things a counter `per X` (or `per player per X`) keeps a value for: X's spaces, pieces or cards. */
export function thingsOf(model: Model, of: string): readonly string[] {
  return model.boards.get(of)?.order ?? model.collections.get(of) ?? model.tableThings.get(of) ?? [];
}
