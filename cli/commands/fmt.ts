// `regula fmt [--check] <file>...`: lays rulesets out the one canonical way (language/format.ts),
// rewriting each in place; with --check, lists the files that would change and changes nothing.
// A file with syntax errors is refused with its diagnostics and left as it is; one that cannot be
// read or written is one line, and the others are still formatted (exit 2).
import { renderDiagnostic } from '../../grammar/diagnostics.js';
import { format, FormatSafetyError } from '../../language/format.js';
import { has, type Args } from '../args.js';
import { FileError, readInputFile, replaceFile } from '../files.js';
import { err, out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const check = has(args, 'check');
  let failed = false;
  // A file that cannot be read or written is said in one line, and the others are still formatted (exit 2).
  let refused = false;
  const fileError = (e: unknown) => {
    if (!(e instanceof FileError)) throw e;
    err(`error: ${e.message}`);
    refused = true;
  };
  for (const path of args.positional) {
    let source: string;
    try {
      source = readInputFile(path, 'ruleset');
    } catch (e) {
      fileError(e);
      continue;
    }
    let result;
    try {
      result = format(source, path);
    } catch (e) {
      if (!(e instanceof FormatSafetyError)) throw e;
      err(`${path}: not formatted: ${e.message}. This is a bug in regula fmt; the file is left as it is.`);
      failed = true;
      continue;
    }
    if (!result.ok) {
      for (const d of result.diagnostics) err(renderDiagnostic(d, source, path));
      err(`${path}: not formatted: fix the error${result.diagnostics.length > 1 ? 's' : ''} above first.`);
      failed = true;
      continue;
    }
    if (!result.changed) continue;
    if (check) {
      out(`${path}: would be reformatted (${firstDifference(source, result.text)}); run regula fmt ${path}`);
      failed = true;
    } else {
      try {
        replaceFile(path, result.text);
      } catch (e) {
        fileError(e);
        continue;
      }
      out(`${path}: formatted`);
    }
  }
  return refused ? 2 : failed ? 1 : 0;
}

/** Where the two texts first part, as `line N: - old / + new`. */
function firstDifference(before: string, after: string): string {
  const a = before.split(/\r?\n/);
  const b = after.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const cut = (s: string | undefined) => {
    const t = (s ?? '').trim();
    return t.length > 60 ? `${t.slice(0, 59)}…` : t;
  };
  return `line ${i + 1}: - ${cut(a[i])} / + ${cut(b[i])}`;
}
