// The checker's small type lattice: what an expression is known to give, or `unknown` when it
// cannot tell. Cards and spaces remember their component, so their attributes can be checked.

export interface EnumInfo {
  readonly attr: string;
  readonly values: readonly string[];
}

export type Type =
  | { readonly k: 'number' }
  | { readonly k: 'text'; readonly enumOf?: EnumInfo }
  | { readonly k: 'flag' }
  | { readonly k: 'player' }
  | { readonly k: 'piece' }
  | { readonly k: 'card'; readonly component: string | null }
  | { readonly k: 'space'; readonly component: string | null }
  | { readonly k: 'zone'; readonly component: string | null }
  | { readonly k: 'list'; readonly of: Type }
  | { readonly k: 'none' }
  | { readonly k: 'unknown' };

export const NUMBER: Type = { k: 'number' };
export const TEXT: Type = { k: 'text' };
export const FLAG: Type = { k: 'flag' };
export const PLAYER: Type = { k: 'player' };
export const PIECE: Type = { k: 'piece' };
export const NONE: Type = { k: 'none' };
export const UNKNOWN: Type = { k: 'unknown' };
export const listOf = (of: Type): Type => ({ k: 'list', of });
export const card = (component: string | null): Type => ({ k: 'card', component });
export const space = (component: string | null): Type => ({ k: 'space', component });
export const zone = (component: string | null): Type => ({ k: 'zone', component });

/** What a statement or operator asks for, and how a message names it. */
export type Want = 'number' | 'flag' | 'player' | 'zone' | 'space' | 'list' | 'text';

export const WANTED: Record<Want, string> = {
  number: 'a number',
  flag: 'a yes/no value',
  player: 'a player',
  zone: 'a zone',
  space: 'a space',
  list: 'a list',
  text: 'a text',
};

/** Whether a value of type `t` may stand where `want` is asked; unknown always may. */
export function fits(t: Type, want: Want): boolean {
  if (t.k === 'unknown') return true;
  if (want === 'list') return t.k === 'list' || t.k === 'zone';
  return t.k === want;
}

const PLURAL: Record<Type['k'], string> = {
  number: 'numbers', text: 'texts', flag: 'yes/no values', player: 'players', piece: 'pieces',
  card: 'cards', space: 'spaces', zone: 'zones', list: 'lists', none: 'nones', unknown: 'things',
};

/** How a message names a value of this type: "a number", "a list of cards", "none". */
export function describe(t: Type): string {
  switch (t.k) {
    case 'number': return 'a number';
    case 'text': return 'a text';
    case 'flag': return 'a yes/no value';
    case 'player': return 'a player';
    case 'piece': return 'a piece';
    case 'card': return 'a card';
    case 'space': return 'a space';
    case 'zone': return 'a zone';
    case 'list': return t.of.k === 'unknown' || t.of.k === 'none' ? 'a list' : `a list of ${PLURAL[t.of.k]}`;
    case 'none': return 'none';
    case 'unknown': return 'something';
    default: return assertNever(t);
  }
}

/** The type of the things in a list (a zone is the list of its cards); unknown when not a list. */
export function elementOf(t: Type): Type {
  if (t.k === 'list') return t.of.k === 'none' ? UNKNOWN : t.of;
  if (t.k === 'zone') return card(t.component);
  return UNKNOWN;
}

/** The least type both fit in: equal kinds stay, `none` gives way to the other, anything else is unknown. */
export function join(a: Type, b: Type): Type {
  if (a.k === 'none') return b;
  if (b.k === 'none') return a;
  if (a.k === 'unknown' || b.k === 'unknown' || a.k !== b.k) return UNKNOWN;
  switch (a.k) {
    case 'card': case 'space': case 'zone': {
      const other = b as typeof a;
      return a.component === other.component ? a : { k: a.k, component: null };
    }
    case 'list': return listOf(join(a.of, (b as typeof a).of));
    case 'text': {
      const other = b as typeof a;
      const same = a.enumOf && other.enumOf && a.enumOf.attr === other.enumOf.attr
        && a.enumOf.values.join('|') === other.enumOf.values.join('|');
      return same ? a : TEXT;
    }
    case 'number': case 'flag': case 'player': case 'piece': return a;
    default: return assertNever(a);
  }
}

export const joinAll = (types: readonly Type[]): Type => types.reduce(join, NONE);

export function assertNever(x: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(x)}`);
}

/** An exhaustiveness check for values read from a parse that recovered from errors: gives `fallback`. */
export function exhausted<T>(_x: never, fallback: T): T {
  return fallback;
}
