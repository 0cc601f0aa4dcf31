// Reading a command line strictly (node:util parseArgs): unknown flags, missing values and bad
// numbers are usage errors that name the flag, never silently ignored.
import { parseArgs as parseNodeArgs } from 'node:util';

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** May be given more than once (`--variant a --variant b`). */
  readonly multiple?: boolean;
  /** The value's name in the usage text, e.g. `N` for `--players N`. */
  readonly value?: string;
  readonly help: string;
}

export interface Args {
  readonly positional: string[];
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], options: Readonly<Record<string, OptionSpec>>): Args {
  const spec = Object.fromEntries(Object.entries(options).map(([name, o]) => [name, { type: o.type, multiple: o.multiple ?? false }]));
  try {
    const { values, positionals } = parseNodeArgs({ args: [...argv], options: spec, allowPositionals: true, strict: true });
    return { positional: positionals, values: values as Args['values'] };
  } catch (e) {
    // node:util's messages name the flag; strip its error-code prefix and its advice about `--`.
    const message = (e as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, '').replace(/\. To specify a positional argument.*$/s, '.');
    throw new UsageError(message);
  }
}

export const flag = (args: Args, name: string): string | undefined => {
  const v = args.values[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? (v.at(-1) as string | undefined) : undefined;
};
export const flags = (args: Args, name: string): string[] => {
  const v = args.values[name];
  return Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : [];
};
export const has = (args: Args, name: string): boolean => args.values[name] === true;

export function intFlag(args: Args, name: string, fallback: number, min = -Infinity): number {
  const v = flag(args, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!/^\s*-?\d+\s*$/.test(v) || !Number.isSafeInteger(n)) throw new UsageError(`--${name} takes a whole number, not \`${v}\`.`);
  if (n < min) throw new UsageError(`--${name} takes ${min} or more, not ${n}.`);
  return n;
}
