// Which defines depend on their arguments alone. `define cell(a, b) = first s in holes where x of s
// = a and y of s = b` reads only the rules (a table, its attributes) and its arguments, never the
// state or the current player, so its answer for the same arguments never changes during any game
// of these rules: the evaluator keeps those answers per model (evaluate.ts, `compileCall`). This is
// how a cell found by its coordinates, as a newcomer writes it, costs a look-up and not a search.
//
// The test is conservative: anything that might read the state makes a define not free of it.
// Arguments are checked when the define is called: a zone passed in would let the body read cards.
import type { DefineDecl, Expr } from '../../grammar/ast.js';
import { exprChildren } from '../../grammar/limits.js';
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

// ─── Which answers are worth keeping ──────────────────────────────────────────
// Keeping a define's answer (evaluate.ts, `defineCall`) costs a few map look-ups a call. That pays
// for a body that searches — `first q in pawns where space of q = s` — and loses for one that
// does not — `s is not none and count(pieces-at(s)) = 0` — which is quicker to work out again,
// except without parameters, when the answer is one look-up away (by seat).

/** Built-ins that answer without walking a list: each is a look-up, a length, or arithmetic. */
const QUICK_BUILTINS = new Set(['count', 'abs', 'pieces-at', 'toward', 'line', 'opposite', 'holds']);

const searching = new WeakMap<Model, Map<DefineDecl, boolean>>();

/**
 * Whether a define's answers are worth keeping: its body searches (a comprehension, a built-in that
 * walks a list, or a define that does), or it has no parameters (its answer is then found in one
 * look-up, by seat).
 */
export function worthRemembering(m: Model, d: DefineDecl): boolean {
  return d.params.length === 0 || bodySearches(m, d);
}

/** Whether a define's body searches: a comprehension, a built-in that walks a list, or a define that does. */
function bodySearches(m: Model, d: DefineDecl): boolean {
  let known = searching.get(m);
  if (!known) searching.set(m, (known = new Map()));
  const cached = known.get(d);
  if (cached !== undefined) return cached;
  known.set(d, true); // while it is being judged: a define that calls itself searches
  const worth = searches(m, d.body);
  known.set(d, worth);
  return worth;
}

function searches(m: Model, e: Expr): boolean {
  switch (e.kind) {
    case 'Comprehension': case 'Range': return true; // a Range builds a list
    case 'Ref': return callsSearching(m, e.name.text);
    case 'Call':
      if (m.defines.has(e.callee.text) ? callsSearching(m, e.callee.text) : !QUICK_BUILTINS.has(e.callee.text)) return true;
      break;
  }
  return exprChildren(e).some((x) => searches(m, x));
}

/** Whether naming `name` runs a define (or one of its overrides) whose body searches. */
function callsSearching(m: Model, name: string): boolean {
  const define = m.defines.get(name);
  if (!define) return false;
  return bodySearches(m, define) || (m.overrides.get(name) ?? []).some(([, body]) => bodySearches(m, body));
}
