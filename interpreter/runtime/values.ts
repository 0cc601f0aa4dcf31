// Runtime values: plain JSON, so a game state holding them round-trips through JSON.stringify.
// Things are referenced by id; labels are what people read in move ids and logs.

export type Ref =
  | { readonly card: string }
  | { readonly space: string }
  | { readonly player: number }
  | { readonly piece: string }
  | { readonly zone: string };

export type Value = number | string | boolean | null | Ref | readonly Value[];

export const isList = (v: Value): v is readonly Value[] => Array.isArray(v);
export const isRef = (v: Value): v is Ref => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isCard = (v: Value): v is { card: string } => isRef(v) && 'card' in v;
export const isSpace = (v: Value): v is { space: string } => isRef(v) && 'space' in v;
export const isPlayer = (v: Value): v is { player: number } => isRef(v) && 'player' in v;
export const isPiece = (v: Value): v is { piece: string } => isRef(v) && 'piece' in v;
export const isZone = (v: Value): v is { zone: string } => isRef(v) && 'zone' in v;

export function equal(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => equal(x, b[i] as Value));
  }
  // A reference has exactly one key, its kind: equal when b has the same key with the same id.
  for (const k in a) return (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k];
  return false;
}

/** A short name for the kind of a value, for error messages. */
export function describeType(v: Value): string {
  if (v === null) return 'none';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'string') return 'a text';
  if (typeof v === 'boolean') return 'a yes/no value';
  if (Array.isArray(v)) return 'a list';
  if (isCard(v)) return 'a card';
  if (isSpace(v)) return 'a space';
  if (isPlayer(v)) return 'a player';
  if (isPiece(v)) return 'a piece';
  return 'a zone';
}

/** Zone keys in the state: `deck` for a shared zone, `hand@2` for seat 2's. */
export const zoneKey = (zone: string, seat: number | null): string => (seat === null ? zone : `${zone}@${seat}`);
export function splitZoneKey(key: string): { zone: string; seat: number | null } {
  const at = key.lastIndexOf('@');
  return at < 0 ? { zone: key, seat: null } : { zone: key.slice(0, at), seat: Number(key.slice(at + 1)) };
}

/** A card's label is its id without the copy number: `Soba#2` → `Soba`. */
export const cardLabel = (id: string): string => {
  const hash = id.lastIndexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
};

export const playerLabel = (seat: number): string => `P${seat + 1}`;
