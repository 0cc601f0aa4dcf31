// Declarations and variants at the level of the definition, before any game is set up: the name
// each declaration is known by, and the declarations in force once the chosen variants and those
// that apply to the player count are laid over the base game. Shared by the checker (duplicates,
// overlay targets), the compiler's model and the tools.
import type { Decl, Expr } from '../../grammar/ast.js';
import type { GameDefinition, VariantDefinition } from './index.js';

/** A variant that cannot be applied: a condition that speaks of more than the player count, or a missing target. */
export class VariantError extends Error {}

/** The name a declaration is known by, for overlays (`replace`, `remove`) and duplicate checks. */
export function declKey(d: Decl): string {
  switch (d.kind) {
    case 'Game': return 'game';
    case 'Setup': return 'setup';
    case 'Flow': return 'flow';
    case 'Winner': return 'winner';
    case 'Powers': return 'powers';
    case 'Recount': return `recount ${d.counter.text}`;
    case 'Variant': return d.id.text;
    default: return d.name.text;
  }
}

const KIND_WORDS: Readonly<Partial<Record<Decl['kind'], string>>> = {
  Component: 'component', Table: 'table', Zone: 'zone', Counter: 'counter', Piece: 'pieces', Board: 'board',
  Define: 'define', Rule: 'rule', Forbid: 'rule', Event: 'event', Power: 'power', Powers: 'powers',
};

/** A declaration as people name it: `rule eat`, `counter coins`, `flow`, `recount points`. */
export function declLabel(d: Decl): string {
  const word = KIND_WORDS[d.kind];
  return word ? `${word} ${declKey(d)}` : declKey(d);
}

/** Evaluates a variant's `when` condition, which may only speak of the player count. */
export function staticValue(e: Expr, playerCount: number): number | boolean | string | null {
  switch (e.kind) {
    case 'Number': case 'Text': case 'Flag': return e.value;
    case 'Ref':
      if (e.name.text === 'player-count') return playerCount;
      throw new VariantError(`\`${e.name.text}\` cannot be used in a variant's condition: only player-count can.`);
    case 'Call':
      if (e.callee.text === 'count' && e.args.length === 1 && e.args[0]!.kind === 'Ref' && e.args[0]!.name.text === 'players') return playerCount;
      break;
    case 'Unary': {
      const v = staticValue(e.operand, playerCount);
      return e.op === 'not' ? !v : -(v as number);
    }
    case 'Binary': {
      const a = staticValue(e.left, playerCount);
      const b = staticValue(e.right, playerCount);
      switch (e.op) {
        case '=': case 'is': return a === b;
        case '!=': case 'is not': return a !== b;
        case '<': return (a as number) < (b as number);
        case '<=': return (a as number) <= (b as number);
        case '>': return (a as number) > (b as number);
        case '>=': return (a as number) >= (b as number);
        case 'and': return Boolean(a) && Boolean(b);
        case 'or': return Boolean(a) || Boolean(b);
        case '+': return (a as number) + (b as number);
        case '-': return (a as number) - (b as number);
        default: break;
      }
      break;
    }
    default: break;
  }
  throw new VariantError('A variant\'s condition may only compare the player count.');
}

/** Which variants are in force: the chosen ones plus the automatic ones that apply. */
export function variantsInForce(def: GameDefinition, playerCount: number, chosen: readonly string[]): VariantDefinition[] {
  return def.variants.filter((v) => (v.when ? Boolean(staticValue(v.when, playerCount)) : chosen.includes(v.id)));
}

/** The base declarations with the variants' overlays applied, in order. */
export function overlay(decls: readonly Decl[], variants: readonly VariantDefinition[]): Decl[] {
  const out = [...decls];
  for (const variant of variants) {
    for (const item of variant.items) {
      if (item.kind === 'Add') out.push(item.decl);
      else {
        const key = item.kind === 'Replace' ? declKey(item.decl) : item.target.text;
        const at = out.findIndex((d) => declKey(d) === key);
        if (at < 0) throw new VariantError(`Variant \`${variant.id}\` overlays \`${key}\`, but no such declaration exists.`);
        if (item.kind === 'Replace') out[at] = item.decl;
        else out.splice(at, 1);
      }
    }
  }
  return out;
}
