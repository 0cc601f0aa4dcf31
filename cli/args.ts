// A small argument reader: positionals, `--flag value`, repeatable flags, and boolean switches.

export interface Args {
  readonly positional: string[];
  readonly flags: Map<string, string[]>;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], switches: readonly string[]): Args {
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    let value = inline;
    if (value === undefined) {
      if (switches.includes(name)) value = 'true';
      else {
        value = argv[++i];
        if (value === undefined) throw new UsageError(`--${name} needs a value.`);
      }
    }
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  return { positional, flags };
}

export const flag = (args: Args, name: string): string | undefined => args.flags.get(name)?.at(-1);
export const flags = (args: Args, name: string): string[] => args.flags.get(name) ?? [];

export function intFlag(args: Args, name: string, fallback: number): number {
  const v = flag(args, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new UsageError(`--${name} takes a whole number, not \`${v}\`.`);
  return n;
}
