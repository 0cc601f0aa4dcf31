// `regula check <file>...`: every diagnostic of each ruleset, rendered with its line and caret; a
// file that cannot be read is one line, and the rest are checked (exit 2 then).
import { renderDiagnostic } from '../../grammar/diagnostics.js';
import type { Args } from '../args.js';
import { LoadError, loadRuleset } from '../load.js';
import { err, out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  let failed = false;
  let unreadable = false;
  let firstCode: string | undefined;
  for (const path of args.positional) {
    let loaded;
    try {
      loaded = loadRuleset(path);
    } catch (e) {
      // One file that cannot be read (a folder a glob matched) is said in its line; the others are still checked.
      if (!(e instanceof LoadError)) throw e;
      err(`error${e.code ? ` ${e.code}` : ''}: ${e.message}`);
      unreadable = true;
      continue;
    }
    for (const d of loaded.diagnostics) err(renderDiagnostic(d, loaded.source, path));
    firstCode ??= loaded.diagnostics[0]?.code;
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = loaded.diagnostics.length;
    if (errors) failed = true;
    else out(`${path}: ok${warnings ? ` (${warnings} warning${warnings > 1 ? 's' : ''})` : ''}`);
  }
  // One pointer, not one per diagnostic: the catalogue has each code's cause, an example and the fix.
  if (firstCode) err(`Each code is explained in docs/errors.md: the first one above at docs/errors.md#${firstCode.toLowerCase()}.`);
  return unreadable ? 2 : failed ? 1 : 0;
}
