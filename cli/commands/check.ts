// `regula check <file>...`: every diagnostic of each ruleset, rendered with its line and caret.
import { renderDiagnostic } from '../../grammar/diagnostics.js';
import type { Args } from '../args.js';
import { loadRuleset } from '../load.js';
import { err, out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  let failed = false;
  for (const path of args.positional) {
    const loaded = loadRuleset(path);
    for (const d of loaded.diagnostics) err(renderDiagnostic(d, loaded.source, path));
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = loaded.diagnostics.length;
    if (errors) failed = true;
    else out(`${path}: ok${warnings ? ` (${warnings} warning${warnings > 1 ? 's' : ''})` : ''}`);
  }
  return failed ? 1 : 0;
}
