// What an expression is compiled among, and where its variables live while it runs: shared by the
// two ways an expression is compiled (closures, evaluate.ts; JavaScript source, generate.ts).
import type { Ctx, Scope } from './context.js';
import type { Value } from './values.js';

/** A compiled expression. */
export type Code = (ctx: Ctx) => Value;

/**
 * The variables an expression is compiled among: the names each enclosing binder adds (a define's
 * parameters, a comprehension's variable), outermost first. `open` says whether the scope goes on
 * beyond them at run time, into variables the machine binds and the stack: then a name that is
 * none of these is looked up there before it is taken for a declaration. A define's body is closed
 * (its scope is its parameters and nothing else), so its names are all settled when it is compiled.
 */
export interface Env {
  readonly frames: readonly (readonly string[])[];
  readonly open: boolean;
  /** Whether the outermost frame is a define's parameters, read from the argument stack (ARGS), not from a scope. */
  readonly params?: boolean;
}
export const OPEN: Env = { frames: [], open: true };
export const inner = (env: Env, names: readonly string[]): Env => ({ frames: [...env.frames, names], open: env.open, params: env.params });

/**
 * The arguments of the defines being run, on one stack: a define's body reads its parameter i at
 * `vals[base + i]`, where `base` is the running call's first slot, and a call makes no scope, array
 * or context of its own. Evaluation is synchronous and nothing keeps a frame, so a call takes its
 * slots from `top` up and gives them back when it returns. An error abandons the evaluation: the
 * outermost define call, or the outermost compiled expression, gives back what it took.
 */
export const ARGS: { readonly vals: Value[]; base: number; top: number } = { vals: [], base: 0, top: 0 };

/** Where a variable an expression names is found at run time, or null when it is none of the env's. */
export type Binding =
  | { readonly at: 'argument'; readonly slot: number }
  | { readonly at: 'scope'; readonly hops: number; readonly slot: number };

export function bindingOf(env: Env, name: string): Binding | null {
  const { frames } = env;
  for (let i = frames.length - 1; i >= 0; i--) {
    const slot = frames[i]!.lastIndexOf(name);
    if (slot < 0) continue;
    // A define's parameters are on ARGS; the scopes of the binders inside its body come after
    // them in `frames` but are the whole of the scope chain at run time (the body's has none).
    if (i === 0 && env.params) return { at: 'argument', slot };
    return { at: 'scope', hops: frames.length - 1 - i, slot };
  }
  return null;
}

/** Reads a variable bound in a scope `hops` levels out. */
export function scopeRead(hops: number, slot: number): Code {
  if (hops === 0) return (ctx) => (ctx.scope as Scope).vals[slot] ?? null;
  if (hops === 1) return (ctx) => ((ctx.scope as Scope).parent as Scope).vals[slot] ?? null;
  return (ctx) => {
    let scope = ctx.scope as Scope;
    for (let h = 0; h < hops; h++) scope = scope.parent as Scope;
    return scope.vals[slot] ?? null;
  };
}
