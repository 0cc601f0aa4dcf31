// Expressions as JavaScript: the fast way to compile an expression. Its literals, operators,
// variable reads, define calls and (inside a define) comprehensions that decide item by item become
// one JavaScript function, which the engine compiles and optimizes as a whole (no closure called per
// node, numbers and yes/no values checked only where their type is not known). Any other node (a
// property, a built-in, a declared name, another comprehension) stays a closure from the closure
// compiler (evaluate.ts), called from the generated code.
//
// Nothing a rule's author writes reaches the generated source as text. The source is made of fixed
// tokens, the numbers of slots and constants, and finite number literals written by
// JSON.stringify; every text, name, span, closure and non-finite number is a constant, read from
// the array K by its index. So no ruleset can inject code (test/interpreter/generated-code.test.ts).
//
// Where making functions from source is not allowed (a content security policy without
// 'unsafe-eval'), `generating` is false and every expression is compiled to closures, which give
// the same answers and the same errors.
import type { Comprehension, Expr, Span } from '../../grammar/ast.js';
import { asList, num, truth, type Ctx } from './context.js';
import { ARGS, bindingOf, innerOnArgs, type Code, type Env } from './env.js';
import { divide, member, modulo, plus } from './operators.js';
import { equal, type Value } from './values.js';

/** What the generator asks of the closure compiler. */
export interface Lowering {
  /** The closure of a node the generator does not write itself. */
  closure(e: Expr, env: Env): Code;
  /** A define's call at one call site (its arguments already on ARGS), or null when `name` is a built-in. */
  defineCall(name: string, n: number, span: Span): ((ctx: Ctx, first: number) => Value) | null;
  /** Whether the closure compiler finds this comprehension's items by index (then its closure is the faster). */
  indexed(e: Comprehension, env: Env): boolean;
}

/** Whether functions may be made from source here (not under a content security policy that forbids it). */
function sourceAllowed(): boolean {
  try {
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
}
let generating = sourceAllowed();

/**
 * Switches generated code on or off for expressions compiled from now on, and says whether it was
 * on (tests compile the same rules both ways; it cannot be switched on where source is forbidden).
 */
export function useGeneratedCode(on: boolean): boolean {
  const was = generating;
  generating = on && sourceAllowed();
  return was;
}

/** Told the source of each function generated (tests read it). */
let watcher: ((source: string) => void) | undefined;
export function watchGeneratedCode(watch: ((source: string) => void) | undefined): void {
  watcher = watch;
}

/** The nodes the generator writes itself; an expression whose top node is another is left to closures. */
const WRITTEN = new Set<Expr['kind']>(['Number', 'Text', 'Flag', 'None', 'Ref', 'Unary', 'IfExpr', 'Binary', 'Call', 'Comprehension']);

/** The helpers generated code calls, passed in by name (fixed names, never from a ruleset). */
const HELPERS = { T: truth, N: num, EQ: equal, L: asList, IN: member, PLUS: plus, DIV: divide, MOD: modulo };

/** A piece of generated source and what is known of its value's type. */
interface Source {
  readonly js: string;
  readonly type: 'number' | 'boolean' | 'any';
  /** The closure the source calls and does nothing else with: then no function is generated around it. */
  readonly only?: Code;
}

/** The generated function's constants and temporaries, as its source is written. */
class Writer {
  readonly constants: unknown[] = [];
  /** Functions the generated one calls (its comprehensions' loops), by their source. */
  readonly functions: string[] = [];
  /** Temporaries of the function being written (`t0`, `t1`, …). */
  temps = 0;
  /** Define calls written: a function outside a define's body that makes one guards their arguments. */
  calls = 0;
  constructor(readonly lowering: Lowering) {}
  constant(v: unknown): string {
    this.constants.push(v);
    return `K[${this.constants.length - 1}]`;
  }
}

/**
 * `e` compiled to one generated function, or null where that would not pay (its top node is one
 * the closure compiler writes) or is not allowed here.
 */
export function generate(e: Expr, env: Env, lowering: Lowering): Code | null {
  if (!generating || !WRITTEN.has(e.kind)) return null;
  const w = new Writer(lowering);
  const top = write(e, env, w);
  if (top.only) return top.only;
  const body = top.js;
  // Outside a define's body, an error thrown while a call's arguments are on ARGS gives them back
  // (inside one, the outermost define call does).
  const guarded = w.calls > 0 && !env.onArgs;
  const source = [
    '"use strict";',
    'const { T, N, EQ, L, IN, PLUS, DIV, MOD } = H;',
    ...w.functions,
    'return function generated(ctx) {',
    lets(w.temps),
    guarded ? `  const top = A.top;\n  try {\n    return ${body};\n  } catch (e) {\n    A.top = top;\n    throw e;\n  }` : `  return ${body};`,
    '};',
  ].filter(Boolean).join('\n');
  watcher?.(source);
  return new Function('K', 'H', 'A', source)(w.constants, HELPERS, ARGS) as Code;
}

function write(e: Expr, env: Env, w: Writer): Source {
  switch (e.kind) {
    case 'Number':
      return Number.isFinite(e.value) ? { js: `(${JSON.stringify(e.value)})`, type: 'number' } : { js: w.constant(e.value), type: 'number' };
    case 'Text': return { js: w.constant(e.value), type: 'any' };
    case 'Flag': return { js: e.value ? 'true' : 'false', type: 'boolean' };
    case 'None': return { js: 'null', type: 'any' };
    case 'Ref': {
      const binding = bindingOf(env, e.name.text);
      if (binding?.at === 'argument') return { js: `A.vals[A.base + ${binding.slot}]`, type: 'any' };
      if (binding?.at === 'scope') return { js: `(ctx.scope${'.parent'.repeat(binding.hops)}.vals[${binding.slot}] ?? null)`, type: 'any' };
      // Among a define's parameters alone, a name that is none of them may be a define, called
      // here (elsewhere a variable the machine binds may hide it: the closure looks).
      if (!env.open) return call(e.name.text, [], e.span, env, w) ?? closure(e, env, w);
      return closure(e, env, w);
    }
    case 'Unary': {
      const operand = write(e.operand, env, w);
      return e.op === 'not'
        ? { js: `!${bool(operand, e.span, w)}`, type: 'boolean' }
        : { js: `(-${number(operand, e.span, w)})`, type: 'number' };
    }
    case 'IfExpr': {
      const cond = bool(write(e.cond, env, w), e.cond.span, w);
      const then = write(e.then, env, w), otherwise = write(e.else, env, w);
      return { js: `(${cond} ? ${then.js} : ${otherwise.js})`, type: then.type === otherwise.type ? then.type : 'any' };
    }
    case 'Binary': return binary(e, env, w);
    case 'Call': return call(e.callee.text, e.args, e.span, env, w) ?? closure(e, env, w);
    case 'Comprehension': return loop(e, env, w) ?? closure(e, env, w);
    default: return closure(e, env, w);
  }
}

/** A define's call, or null when `name` is no define (a built-in: its closure is called). */
function call(name: string, argExprs: readonly Expr[], span: Span, env: Env, w: Writer): Source | null {
  const define = w.lowering.defineCall(name, argExprs.length, span);
  if (define === null) return null;
  const args = argExprs.map((a) => write(a, env, w).js);
  const f = w.constant(define);
  w.calls++;
  if (args.length === 0) return { js: `${f}(ctx, A.top)`, type: 'any' };
  // The arguments go on ARGS above the slots in use, and the call gives their slots back.
  const t = `t${w.temps++}`;
  const pushes = args.map((a, i) => `A.vals[${t} + ${i}] = ${a}`).join(', ');
  return { js: `(${t} = A.top, A.top = ${t} + ${args.length}, ${pushes}, ${f}(ctx, ${t}))`, type: 'any' };
}

function closure(e: Expr, env: Env, w: Writer): Source {
  const boolean = e.kind === 'Comprehension' && (e.quantifier === 'any' || e.quantifier === 'every');
  const code = w.lowering.closure(e, env);
  return { js: `${w.constant(code)}(ctx)`, type: boolean ? 'boolean' : 'any', only: code };
}

/**
 * A comprehension in a define's body that decides by its items one at a time (`any`, `every`,
 * `count`, `first`, `last`, with `where` or `while`), written as a loop in a function of its own,
 * its variable a slot on ARGS. It judges the items in the closure's order, so it gives the same
 * answer and stops at the same error. Null where the closure is used: outside a define, a
 * comprehension of another kind, or one whose items the closure finds by index.
 */
function loop(e: Comprehension, env: Env, w: Writer): Source | null {
  const q = e.quantifier;
  if (!e.where || !(q === 'any' || q === 'every' || q === 'count' || q === 'first' || q === 'last')) return null;
  const itemEnv = innerOnArgs(env, [e.variable.text]);
  if (itemEnv === null || (!e.stops && w.lowering.indexed(e, env))) return null;
  const slot = (bindingOf(itemEnv, e.variable.text) as { slot: number }).slot;
  const outerTemps = w.temps;
  w.temps = 0;
  const list = write(e.list, env, w).js;
  const cond = bool(write(e.where, itemEnv, w), e.where.span, w);
  const temps = w.temps;
  w.temps = outerTemps;
  const head = [lets(temps), `  const items = L(ctx, ${list}, ${w.constant(e.list.span)});`];
  const bind = (i: string) => `A.vals[A.base + ${slot}] = items[${i}];`;
  let body: string[];
  if (e.stops) {
    // `while`: the items up to the first that fails, all judged as the closure judges them.
    const n = '  let n = 0;\n  while (n < items.length) {\n    ' + bind('n') + `\n    if (!${cond}) break;\n    n++;\n  }`;
    const answer = { any: 'n > 0', every: 'true', count: 'n', first: 'n > 0 ? items[0] : null', last: 'n > 0 ? items[n - 1] : null' }[q];
    body = [n, `  return ${answer};`];
  } else if (q === 'count') {
    body = ['  let n = 0;', `  for (let i = 0; i < items.length; i++) {\n    ${bind('i')}\n    if (${cond}) n++;\n  }`, '  return n;'];
  } else if (q === 'every') {
    body = [`  for (let i = 0; i < items.length; i++) {\n    ${bind('i')}\n    if (!${cond}) return false;\n  }`, '  return true;'];
  } else {
    const found = q === 'any' ? 'true' : 'items[i]';
    const none = q === 'any' ? 'false' : 'null';
    const from = q === 'last' ? 'let i = items.length - 1; i >= 0; i--' : 'let i = 0; i < items.length; i++';
    body = [`  for (${from}) {\n    ${bind('i')}\n    if (${cond}) return ${found};\n  }`, `  return ${none};`];
  }
  const name = `c${w.functions.length}`;
  w.functions.push([`function ${name}(ctx) {`, ...head, ...body, '}'].filter(Boolean).join('\n'));
  return { js: `${name}(ctx)`, type: q === 'any' || q === 'every' ? 'boolean' : q === 'count' ? 'number' : 'any' };
}

/** The declaration of a function's temporaries, if it has any. */
const lets = (n: number): string => (n ? `  let ${Array.from({ length: n }, (_, i) => `t${i}`).join(', ')};` : '');

/** The source as yes or no: checked, with the span of its expression, unless it surely is. */
function bool(s: Source, span: Span, w: Writer): string {
  return s.type === 'boolean' ? s.js : `T(ctx, ${s.js}, ${w.constant(span)})`;
}
function number(s: Source, span: Span, w: Writer): string {
  return s.type === 'number' ? s.js : `N(ctx, ${s.js}, ${w.constant(span)})`;
}

/** Literals whose equality is the same as JavaScript's `===`. */
const primitive = (e: Expr): boolean => e.kind === 'Number' || e.kind === 'Text' || e.kind === 'Flag' || e.kind === 'None';

function binary(e: Extract<Expr, { kind: 'Binary' }>, env: Env, w: Writer): Source {
  const { op } = e;
  const l = write(e.left, env, w);
  const r = write(e.right, env, w);
  const ls = e.left.span, rs = e.right.span;
  switch (op) {
    case 'and': return { js: `(${bool(l, ls, w)} && ${bool(r, rs, w)})`, type: 'boolean' };
    case 'or': return { js: `(${bool(l, ls, w)} || ${bool(r, rs, w)})`, type: 'boolean' };
    case '=': case 'is': case '!=': case 'is not': {
      const same = primitive(e.left) || primitive(e.right) ? `(${l.js} === ${r.js})` : `EQ(${l.js}, ${r.js})`;
      return { js: op === '=' || op === 'is' ? same : `!${same}`, type: 'boolean' };
    }
    case 'in': return { js: `IN(ctx, ${l.js}, ${r.js}, ${w.constant(rs)})`, type: 'boolean' };
    case 'not in': return { js: `!IN(ctx, ${l.js}, ${r.js}, ${w.constant(rs)})`, type: 'boolean' };
    case '+':
      if (l.type === 'number' && r.type === 'number') return { js: `(${l.js} + ${r.js})`, type: 'number' };
      return { js: `PLUS(ctx, ${l.js}, ${r.js}, ${w.constant(ls)}, ${w.constant(rs)})`, type: 'any' };
    case '-': case '*': return { js: `(${number(l, ls, w)} ${op} ${number(r, rs, w)})`, type: 'number' };
    case '/': return { js: `DIV(ctx, ${number(l, ls, w)}, ${number(r, rs, w)}, ${w.constant(e.span)})`, type: 'number' };
    case 'mod': return { js: `MOD(ctx, ${number(l, ls, w)}, ${number(r, rs, w)}, ${w.constant(e.span)})`, type: 'number' };
    case '<': case '<=': case '>': case '>=': return { js: `(${number(l, ls, w)} ${op} ${number(r, rs, w)})`, type: 'boolean' };
  }
  return closure(e, env, w);
}
