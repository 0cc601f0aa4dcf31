// The helpers the generated program calls by fixed names: a value's kind checked (a surprise gives
// the game up), equality and labels as the machine's, division as the machine's.
import { scoreSets } from '../builtins.js';
import { nextInt, seedRng } from '../rng.js';
import { Deopt } from './errors.js';
import { Ref, SPACE, type CValue } from './world.js';

/** Thrown by `end the game`. */
export const END = { end: true };

const deopt = (): never => {
  throw new Deopt();
};
const T = (v: CValue): boolean => (typeof v === 'boolean' ? v : deopt());
const N = (v: CValue): number => (typeof v === 'number' ? v : deopt());
const S = (v: CValue): Ref => (v instanceof Ref && v.kind === SPACE ? v : deopt());
function EQ(a: CValue, b: CValue): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!EQ(a[i]!, b[i]!)) return false;
  return true;
}
function LABEL(v: CValue): string {
  if (v === null) return 'none';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v instanceof Ref) return v.label;
  if (v.length === 0) return 'nothing';
  let out = LABEL(v[0]!);
  for (let i = 1; i < v.length; i++) out += '+' + LABEL(v[i]!);
  return out;
}
const DIV = (x: number, d: number): number => (d === 0 ? deopt() : Math.floor(x / d));
const MOD = (x: number, d: number): number => (d === 0 ? deopt() : ((x % d) + d) % d);
export const HELPERS = { deopt, T, N, S, EQ, LABEL, DIV, MOD, Ref, END, seedRng, nextIntOf: nextInt, scoreSets };
