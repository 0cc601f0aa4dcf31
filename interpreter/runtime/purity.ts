// Which defines depend on their arguments alone. `define cell(a, b) = first s in holes where x of s
// = a and y of s = b` reads only the rules (a table, its attributes) and its arguments, never the
// state or the current player, so its answer for the same arguments never changes during any game
// of these rules: the evaluator keeps those answers per model (evaluate.ts, `compileCall`). This is
// how a cell found by its coordinates, as a newcomer writes it, costs a look-up and not a search.
//
// The test is conservative: anything that might read the state makes a define not free of it.
// Arguments are checked when the define is called: a zone passed in would let the body read cards.
import type { DefineDecl, Expr } from '../../grammar/ast.js';
import type { Model } from './model.js';
import { isList, isZone, type Value } from './values.js';

/** Built-ins whose answer depends on their arguments alone (given arguments that are not zones). */
const PURE_BUILTINS = new Set([
  'count', 'sum', 'max', 'min', 'abs', 'distinct', 'neighbours', 'adjacent', 'toward', 'line', 'directions',
  'opposite', 'flatten', 'set-score', 'players-from',
]);

/** Properties that, of a thing that is not a zone, the rules settle: a piece's owner, any thing's name. */
const FIXED_PROPERTIES = new Set(['owner', 'name']);

/** Properties read from where things stand, never fixed (a piece's space or position, a card's zone). */
const PLACE_PROPERTIES = new Set(['space', 'slot', 'position', 'zone', 'seat']);

const cache = new WeakMap<Model, Map<DefineDecl, boolean>>();

/** Whether a define's body depends only on its arguments and on the rules in force. */
export function dependsOnArgumentsAlone(m: Model, d: DefineDecl): boolean {
  let known = cache.get(m);
  if (!known) cache.set(m, (known = new Map()));
  const cached = known.get(d);
  if (cached !== undefined) return cached;
  known.set(d, false); // while it is being judged: a define that calls itself is not taken as free
  const free = !m.overrides.has(d.name.text) && freeOfState(m, d.body, new Set(d.params.map((p) => p.text)));
  known.set(d, free);
  return free;
}

/** Whether an argument keeps a free define free: no zone in it (its cards are state). */
export function argumentIsFixed(v: Value): boolean {
  if (v === null || typeof v !== 'object') return true;
  if (isList(v)) return v.every(argumentIsFixed);
  return !isZone(v);
}

function freeOfState(m: Model, e: Expr, bound: ReadonlySet<string>): boolean {
  const free = (x: Expr, names: ReadonlySet<string> = bound) => freeOfState(m, x, names);
  switch (e.kind) {
    case 'Number': case 'Text': case 'Flag': case 'None': return true;
    case 'List': return e.items.every((x) => free(x));
    case 'Unary': return free(e.operand);
    case 'IfExpr': return free(e.cond) && free(e.then) && free(e.else);
    case 'Index': return free(e.target) && free(e.index);
    case 'Range': return free(e.from) && free(e.to);
    case 'Binary': return free(e.left) && free(e.right);
    case 'Ref': return bound.has(e.name.text) || fixedName(m, e.name.text);
    case 'Of': {
      if (e.on) return false;
      const name = e.property.text;
      if (PLACE_PROPERTIES.has(name) || m.counters.has(name) || m.zones.has(name)) return false;
      const attribute = [...m.components.values()].some((c) => c.attrs.some((a) => a.name.text === name));
      return (attribute || FIXED_PROPERTIES.has(name)) && free(e.target);
    }
    case 'Call': {
      const name = e.callee.text;
      if (!e.args.every((x) => free(x))) return false;
      const define = m.defines.get(name);
      if (define) return define.params.length === e.args.length && dependsOnArgumentsAlone(m, define);
      return PURE_BUILTINS.has(name);
    }
    case 'Comprehension': {
      const inner = new Set(bound).add(e.variable.text);
      return free(e.list) && (e.where === null || free(e.where, inner)) && e.keys.every((k) => free(k, inner));
    }
  }
}

/** A declared name whose value the rules settle: a board, table or collection, a constant, the player count. */
function fixedName(m: Model, name: string): boolean {
  if (name === 'players' || name === 'player-count') return true;
  if (name === 'player' || name === 'game-ending') return false;
  if (m.counters.has(name) || m.zones.has(name)) return false;
  if (m.constants.has(name)) return true;
  const define = m.defines.get(name);
  if (define) return define.params.length === 0 && dependsOnArgumentsAlone(m, define);
  return m.collections.has(name) || m.singlePieces.has(name) || m.boards.has(name) || m.tableThings.has(name);
}
