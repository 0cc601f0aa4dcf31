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
  /**
   * In a define's body: how many of the outermost frames live on the argument stack (ARGS), not in
   * scopes — its parameters, then the variables of comprehensions the generator writes as loops —
   * and the slots the call takes in all (`size`, grown as such frames are added).
   */
  readonly onArgs?: { readonly frames: number; readonly layout: { size: number } };
}
export const OPEN: Env = { frames: [], open: true };
/** The env with one more frame, bound in a scope at run time (a comprehension's, a choice's). */
export const inner = (env: Env, names: readonly string[]): Env => ({ ...env, frames: [...env.frames, names] });

/** A define body's env: its parameters on ARGS. */
export function defineEnv(params: readonly string[]): Env {
  return { frames: [params], open: false, onArgs: { frames: 1, layout: { size: params.length } } };
}

/**
 * The env with one more frame on ARGS (a comprehension's variable as a slot), or null where the
 * frames so far are not all on ARGS (outside a define, or inside a scope).
 */
export function innerOnArgs(env: Env, names: readonly string[]): Env | null {
  const on = env.onArgs;
  if (!on || on.frames !== env.frames.length) return null;
  const end = slotsBefore(env, env.frames.length) + names.length;
  if (end > on.layout.size) on.layout.size = end;
  return { ...env, frames: [...env.frames, names], onArgs: { frames: on.frames + 1, layout: on.layout } };
}

function slotsBefore(env: Env, frame: number): number {
  let n = 0;
  for (let i = 0; i < frame; i++) n += env.frames[i]!.length;
  return n;
}

/**
 * The arguments of the defines being run, on one stack: a define's body reads its parameter i at
 * `vals[base + i]`, where `base` is the running call's first slot, and a call makes no scope, array
 * or context of its own. The slots after its parameters hold the variables of its body's generated
 * loops. Evaluation is synchronous and nothing keeps a frame, so a call takes its
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
    // A define's parameters (and the variables of its generated loops) are on ARGS; the scopes of
    // the binders inside its body come after them in `frames` but are the whole of the scope chain
    // at run time (the body's has none).
    if (env.onArgs && i < env.onArgs.frames) return { at: 'argument', slot: slotsBefore(env, i) + slot };
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
