// Reading rulesets from disk: finds the rulebook a ruleset cites (so quotations are verified),
// runs the pipeline, and turns every failure into diagnostics or a clear message.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../grammar/diagnostics.js';
import { citedFiles, compileSource, type CompileResult } from '../interpreter/compiler/index.js';
import type { Scenario } from '../interpreter/tools/index.js';
import type { GameState } from '../interpreter/state.js';
import { parseJsonFile } from '../interpreter/definition/index.js';

/**
 * Looks for a file a ruleset cites (its rulebook, or another file such as components.md) beside
 * the ruleset, then in `rulebooks/`, `reference/`, `shared/rulebooks/` or `shared/reference/` of
 * each folder above it.
 */
export function findRulebook(rulesetPath: string, name: string): string | null {
  let dir = dirname(resolve(rulesetPath));
  for (;;) {
    const places = [dir, join(dir, 'rulebooks'), join(dir, 'reference'), join(dir, 'shared', 'rulebooks'), join(dir, 'shared', 'reference')];
    for (const candidate of places.map((place) => join(place, name))) {
      if (existsSync(candidate)) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}


export interface Loaded extends CompileResult {
  readonly path: string;
  readonly source: string;
  /** The rulebook the header names, when it could be read. */
  readonly rulebook: { readonly file: string; readonly text: string } | null;
}

export class LoadError extends Error {}

export function loadRuleset(path: string): Loaded {
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (e) {
    throw new LoadError(`${path} cannot be read: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const { rulebook: name, others } = citedFiles(source);
  const rulebookPath = name ? findRulebook(path, name) : null;
  const rulebook = rulebookPath ? { file: name!, text: readFileSync(rulebookPath, 'utf8') } : null;
  const references: { file: string; text: string }[] = [];
  const extra: Diagnostic[] = [];
  const unreadable = (file: string) =>
    extra.push({ code: 'R0502', severity: 'warning', message: `Rulebook file ${file} cannot be read: citations are not verified.`, span: { start: 0, end: 0 }, file: path });
  for (const file of others) {
    const found = findRulebook(path, file);
    if (found) references.push({ file, text: readFileSync(found, 'utf8') });
    else unreadable(file);
  }
  const result = compileSource(source, path, { rulebook, references });
  if (name && !rulebookPath) unreadable(name);
  return { ...result, diagnostics: [...result.diagnostics, ...extra], path, source, rulebook };
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
