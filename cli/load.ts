// Reading rulesets from disk: finds the rulebook a ruleset cites (so quotations are verified),
// runs the pipeline, and turns every failure into diagnostics or a clear message.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../grammar/diagnostics.js';
import { compileSource, type CompileResult } from '../interpreter/compile.js';

/** Looks for `name` beside the ruleset, then in `rulebooks/` or `shared/rulebooks/` of each folder above it. */
export function findRulebook(rulesetPath: string, name: string): string | null {
  let dir = dirname(resolve(rulesetPath));
  for (;;) {
    for (const candidate of [join(dir, name), join(dir, 'rulebooks', name), join(dir, 'shared', 'rulebooks', name)]) {
      if (existsSync(candidate)) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

const headerRulebook = (source: string): string | null => /\brulebook\s+"([^"]+)"/.exec(source)?.[1] ?? null;

export interface Loaded extends CompileResult {
  readonly path: string;
  readonly source: string;
}

export class LoadError extends Error {}

export function loadRuleset(path: string): Loaded {
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (e) {
    throw new LoadError(`${path} cannot be read: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const name = headerRulebook(source);
  const rulebookPath = name ? findRulebook(path, name) : null;
  const rulebook = rulebookPath ? { file: name!, text: readFileSync(rulebookPath, 'utf8') } : null;
  const result = compileSource(source, path, { rulebook });
  const extra: Diagnostic[] = [];
  if (name && !rulebookPath) {
    extra.push({ code: 'R0502', severity: 'warning', message: `Rulebook file ${name} cannot be read: citations are not verified.`, span: { start: 0, end: 0 }, file: path });
  }
  return { ...result, diagnostics: [...result.diagnostics, ...extra], path, source };
}
