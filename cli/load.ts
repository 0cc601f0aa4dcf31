// Reading rulesets from disk: finds the rulebook a ruleset cites (so quotations are verified),
// runs the pipeline, and turns every failure into diagnostics or a clear message.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../grammar/diagnostics.js';
import { compileSource, type CompileResult } from '../interpreter/compile.js';
import type { Scenario } from '../interpreter/scenario.js';
import type { GameState } from '../interpreter/state.js';
import { parseJsonFile } from '../interpreter/validate.js';

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

/** A scenario file with its ruleset path resolved and its saved starting game loaded and validated. */
export interface LoadedScenario {
  readonly scenario: Scenario;
  readonly rulesetPath: string;
  readonly start?: GameState;
}

export function loadScenario(path: string): LoadedScenario {
  const read = (p: string) => {
    try {
      return readFileSync(p, 'utf8');
    } catch {
      throw new LoadError(`${p} cannot be read.`);
    }
  };
  const scenario = parseJsonFile<Scenario>('scenario', read(path), path);
  const here = dirname(path);
  const startPath = scenario.start ? resolve(here, scenario.start) : null;
  const start = startPath ? parseJsonFile<GameState>('saved game', read(startPath), startPath) : undefined;
  return { scenario, rulesetPath: resolve(here, scenario.ruleset), ...(start ? { start } : {}) };
}
