// `regula check <file>...`: every diagnostic of each ruleset, rendered with its line and caret.
import { renderDiagnostic } from '../../grammar/diagnostics.js';
import type { Args } from '../args.js';
import { loadRuleset } from '../load.js';
import { err, out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  let failed = false;
  let firstCode: string | undefined;
  for (const path of args.positional) {
    const loaded = loadRuleset(path);
    for (const d of loaded.diagnostics) err(renderDiagnostic(d, loaded.source, path));
    firstCode ??= loaded.diagnostics[0]?.code;
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = loaded.diagnostics.length;
    if (errors) failed = true;
    else out(`${path}: ok${warnings ? ` (${warnings} warning${warnings > 1 ? 's' : ''})` : ''}`);
  }
  // One pointer, not one per diagnostic: the catalogue has each code's cause, an example and the fix.
  if (firstCode) err(`Each code is explained in docs/errors.md: the first one above at docs/errors.md#${firstCode.toLowerCase()}.`);
  return failed ? 1 : 0;
}
