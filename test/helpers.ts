// Shared by the tests: compile a ruleset from text or a file, the way the CLI does.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderDiagnostic } from '../grammar/diagnostics.js';
import { loadRuleset } from '../cli/load.js';
import { compileSource } from '../interpreter/compiler/index.js';
import type { GameDefinition } from '../interpreter/definition/index.js';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Compiles ruleset text, failing the test with rendered diagnostics when it has errors. */
export function compileText(source: string, file = 'test.rules'): GameDefinition {
  const result = compileSource(source, file);
  if (!result.definition) {
    throw new Error(result.diagnostics.map((d) => renderDiagnostic(d, source, file)).join('\n'));
  }
  return result.definition;
}

/** Loads a ruleset file through the CLI's loader (rulebook found and quotations verified). */
export function compileFile(path: string): GameDefinition {
  const loaded = loadRuleset(path);
  if (!loaded.definition) {
    throw new Error(loaded.diagnostics.map((d) => renderDiagnostic(d, loaded.source, path)).join('\n'));
  }
  return loaded.definition;
}

export const readText = (path: string) => readFileSync(path, 'utf8');
