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
  /** Names a file the command writes: checked before the command's work starts (cli/files.ts). */
  readonly writes?: true;
}

export interface Args {
  readonly positional: string[];
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], options: Readonly<Record<string, OptionSpec>>): Args {
  const spec = Object.fromEntries(Object.entries(options).map(([name, o]) => [name, { type: o.type, multiple: o.multiple ?? false }]));
  try {
    const { values, positionals } = parseNodeArgs({ args: negativeValuesJoined(argv, options), options: spec, allowPositionals: true, strict: true });
    return { positional: positionals, values: values as Args['values'] };
  } catch (e) {
    throw new UsageError(usageMessage((e as Error).message));
  }
}

/**
 * `--players -1` as `--players=-1`: node:util takes a value that starts with a dash for a forgotten
 * one, and calls it ambiguous; a negative number is a value (which the option then judges).
 */
function negativeValuesJoined(argv: readonly string[], options: Readonly<Record<string, OptionSpec>>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = /^--([^=]+)$/.exec(argv[i]!)?.[1];
    const next = argv[i + 1];
    if (name && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${argv[i]}=${next}`);
      i++;
    } else joined.push(argv[i]!);
  }
  return joined;
}

/** node:util's message on one line, without its error-code prefix and its advice about `--`. */
function usageMessage(message: string): string {
  const text = message.replace(/^TypeError \[[A-Z_]+\]: /, '').replace(/\. To specify a positional argument.*$/s, '.');
  const ambiguous = /^Option '(--[^' ]+)' argument is ambiguous/.exec(text);
  if (ambiguous) return `${ambiguous[1]} needs a value, and the next word starts with a dash: write ${ambiguous[1]}=VALUE if the value starts with one.`;
  return text.replace(/\s*\n\s*/g, ' ');
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
