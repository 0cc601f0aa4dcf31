// Reading rulesets from disk: finds the rulebook a ruleset cites (so quotations are verified),
// runs the pipeline, and turns every failure into diagnostics or a clear message.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { diag, type Code, type Diagnostic } from '../grammar/diagnostics.js';
import { citedFiles, compileSource, type CompileResult } from '../interpreter/compiler/index.js';
import type { Scenario } from '../interpreter/tools/index.js';
import { InvalidFileError, parseJsonFile } from '../interpreter/definition/index.js';
import { FileError, readInputFile } from './files.js';
import { MAX_SAVED_GAME_BYTES } from '../interpreter/tools/index.js';

/** The folders, above a ruleset, that hold rulebooks and component lists for the rulesets below them. */
export const LIBRARY_FOLDERS = ['rulebooks', 'reference', join('shared', 'rulebooks'), join('shared', 'reference')];

/**
 * Looks for a file a ruleset cites (its rulebook, or another file such as components.md): first in
 * the ruleset's own folder, then in the library folders (LIBRARY_FOLDERS) of each folder above it,
 * going up the real path (links resolved) of the ruleset's folder. A name is a path inside one of
 * those folders: an absolute path or a `..` is refused; so is a library folder that is a link out of
 * the folder it is found in, and a file that is a link out of its library. Null when nothing is found.
 */
export function findRulebook(rulesetPath: string, name: string): string | null {
  if (isAbsolute(name) || name.split(/[\\/]/).includes('..')) {
    throw new LoadError(`${rulesetPath}: the cited file "${name}" must be named from the ruleset's folder or a rulebooks library (${LIBRARY_FOLDERS.join(', ')}) above it; absolute paths and ".." are not allowed.`);
  }
  const own = realOrResolved(dirname(resolve(rulesetPath)));
  for (let dir = own; ; dir = dirname(dir)) {
    const folders = dir === own ? [dir, ...LIBRARY_FOLDERS.map((f) => join(dir, f))] : LIBRARY_FOLDERS.map((f) => join(dir, f));
    for (const folder of folders) {
      const candidate = join(folder, name);
      if (!existsSync(candidate)) continue;
      const library = realpathSync(folder);
      if (!within(dir, library) && !trustedRoots().some((root) => within(root, library))) {
        throw new LoadError(`${rulesetPath}: the rulebooks library ${folder} is a link to ${library}, outside ${dir} where it is found; make it a folder there (copy the files) instead of a link.`);
      }
      if (!within(library, realpathSync(candidate))) {
        throw new LoadError(`${rulesetPath}: the cited file "${name}" is a link that leads out of ${folder}; copy the file there instead.`);
      }
      return candidate;
    }
    if (dirname(dir) === dir) return null;
  }
}

/**
 * Folders a library may link into although they lie outside its tree: REGULA_LIBRARY_ROOTS, a list
 * of paths (separated as PATH is) the person running regula trusts — a CI host that places the
 * shared rulebooks beside the checkout as a link, say. Nothing is trusted unless it is named.
 */
function trustedRoots(): string[] {
  return (process.env.REGULA_LIBRARY_ROOTS ?? '').split(delimiter).filter((p) => p !== '').map(realOrResolved);
}

/** Whether `path` is `root` or inside it (both real paths). */
const within = (root: string, path: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export interface Loaded extends CompileResult {
  readonly path: string;
  readonly source: string;
  /** The rulebook the header names, when it could be read. */
  readonly rulebook: { readonly file: string; readonly text: string } | null;
  /** The other files it cites that could be read (a component list). */
  readonly references: readonly { readonly file: string; readonly text: string }[];
}

export class LoadError extends Error {
  /** The registry code, when the failure has one (R0702: a file that cannot be read). */
  constructor(message: string, readonly code?: Code) {
    super(message);
  }
}

const unreadableFile = (file: string, reason: string) => new LoadError(diag('R0702', { start: 0, end: 0 }, { file, reason }).message, 'R0702');

export function loadRuleset(path: string): Loaded {
  let source: string;
  try {
    source = readInputFile(path, 'ruleset');
  } catch (e) {
    if (e instanceof FileError) throw unreadableFile(path, e.reason);
    throw e;
  }
  const { rulebook: name, others } = citedFiles(source);
  const rulebookPath = name ? findRulebook(path, name) : null;
  const rulebook = rulebookPath ? { file: name!, text: readInputFile(rulebookPath, 'rulebook') } : null;
  const references: { file: string; text: string }[] = [];
  const extra: Diagnostic[] = [];
  const unreadable = (file: string) =>
    extra.push({ code: 'R0502', severity: 'warning', message: `Rulebook file ${file} cannot be read: citations are not verified.`, span: { start: 0, end: 0 }, file: path });
  for (const file of others) {
    const found = findRulebook(path, file);
    if (found) references.push({ file, text: readInputFile(found, 'cited file') });
    else unreadable(file);
  }
  const result = compileSource(source, path, { rulebook, references });
  if (name && !rulebookPath) unreadable(name);
  return { ...result, diagnostics: [...result.diagnostics, ...extra], path, source, rulebook, references };
}

/** A scenario file with its ruleset path resolved, and the saved game it starts from (read, not yet replayed). */
export interface LoadedScenario {
  readonly scenario: Scenario;
  readonly rulesetPath: string;
  readonly start?: { readonly file: string; readonly text: string };
}

export function loadScenario(path: string): LoadedScenario {
  const scenario = parseJsonFile<Scenario>('scenario', readInputFile(path, 'scenario'), path);
  const here = dirname(path);
  const startPath = scenario.start ? resolve(here, scenario.start) : null;
  const start = startPath ? { file: startPath, text: readSavedGameText(startPath) } : undefined;
  return { scenario, rulesetPath: resolve(here, scenario.ruleset), ...(start ? { start } : {}) };
}

/** A saved game's text, refused before it is read when it is larger than a saved game can be. */
export function readSavedGameText(path: string): string {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (e) {
    throw unreadableFile(path, (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message);
  }
  if (size > MAX_SAVED_GAME_BYTES) {
    throw new InvalidFileError(path, 'saved game', [`it is ${(size / 1024 / 1024).toFixed(1)} MB, more than the ${MAX_SAVED_GAME_BYTES / 1024 / 1024} MB a saved game may have`]);
  }
  try {
    // cli/files.ts: only a regular file, read to its end within the limit (a device or FIFO would never end).
    return readInputFile(path, 'saved game', MAX_SAVED_GAME_BYTES);
  } catch (e) {
    throw unreadableFile(path, e instanceof FileError ? e.reason : (e as Error).message);
  }
}
