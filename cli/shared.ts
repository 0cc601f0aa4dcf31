// What several commands share: printing, loading a ruleset with its diagnostics, reading the
// options that set up a game, making agents, showing progress.
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderDiagnostic } from '../grammar/diagnostics.js';
import type { AgentFactory } from '../interpreter/runtime/index.js';
import { agentFromSpec, AgentSpecError, seatSpecs } from '../interpreter/tools/index.js';
import type { GameDefinition } from '../interpreter/definition/index.js';
import { loadSavedGame, rulesetIdentity, type LoadedGame as LoadedSavedGame, type LoadOptions, type RulesetIdentity } from '../interpreter/tools/index.js';
import { flag, flags, intFlag, UsageError, type Args } from './args.js';
import { guardedFactory } from './agent-errors.js';
import { checkReadable, FileError, readInputFile } from './files.js';
import { loadRuleset, readSavedGameText, type Loaded } from './load.js';
import { err } from './output.js';

export { err, out } from './output.js';

export type LoadedGame = Loaded & { definition: GameDefinition };

/** Loads a ruleset, printing its diagnostics (warnings only unless quiet); null when it has errors. */
export function load(path: string, quietWarnings = false): LoadedGame | null {
  const loaded = loadRuleset(path);
  for (const d of loaded.diagnostics) {
    if (d.severity === 'error' || !quietWarnings) err(renderDiagnostic(d, loaded.source, path));
  }
  return loaded.definition ? (loaded as LoadedGame) : null;
}

/** An input file's text (cli/files.ts: a regular file, within the size limit, UTF-8). */
export function readText(path: string, what = 'file'): string {
  return readInputFile(path, what);
}

export interface GameOptions {
  players: number;
  seed: string | number;
  variants: string[];
  script: string[];
}

export function gameOptions(args: Args, def: GameDefinition): GameOptions {
  const rawSeed = flag(args, 'seed') ?? '1';
  const seed = /^-?\d+$/.test(rawSeed) ? Number(rawSeed) : rawSeed;
  const movesFile = flag(args, 'moves');
  const script = movesFile
    ? readText(movesFile, 'moves file').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
    : [];
  return { players: intFlag(args, 'players', def.players.min), seed, variants: flags(args, 'variant'), script };
}

/**
 * `--agents A[,A…]` (or `--agent A`): one agent for every seat, or one per seat. A built-in agent
 * with its options (`random`, `greedy`, `mcts:iterations=500`, tools/agents.ts), or a module of a
 * game's own agents: `rulesets/x/agents.ts` (its default export) or `rulesets/x/agents.ts#name` — a
 * function (seed, seat) → Agent. A module is code and is run as such: only a path the user typed is
 * ever loaded.
 */
export async function agentFactory(args: Args, players?: number): Promise<AgentFactory> {
  if (flag(args, 'agents') !== undefined && flag(args, 'agent') !== undefined) throw new UsageError('--agent is another name for --agents: give one of them.');
  const option = flag(args, 'agents') !== undefined ? '--agents' : '--agent';
  const given = flag(args, 'agents') ?? flag(args, 'agent') ?? 'random';
  if (!given.includes(',')) return oneAgent(option, given);
  let specs: string[];
  try {
    specs = seatSpecs(given, players ?? given.split(',').length);
  } catch (e) {
    throw new UsageError(`${option} ${given}: ${(e as Error).message}`);
  }
  const factories = await Promise.all(specs.map((spec) => oneAgent(option, spec)));
  return (seed, seat) => factories[seat]!(seed, seat);
}

async function oneAgent(option: string, spec: string): Promise<AgentFactory> {
  if (!/[/\\]|\.[cm]?[jt]s(#|$)/.test(spec)) {
    try {
      return agentFromSpec(spec);
    } catch (e) {
      if (e instanceof AgentSpecError) throw new UsageError(`${option} ${spec}: ${e.message} Or give a module path.`);
      throw e;
    }
  }
  const [path, exported = 'default'] = spec.split('#') as [string, string?];
  let mod: Record<string, unknown>;
  try {
    // Importing reads the file whole: a FIFO or a device would block or never end.
    checkReadable(path, 'agent module');
    // Agent modules may be TypeScript: the compiled CLI loads tsx only when one is asked for.
    if (/\.[cm]?ts$/.test(path)) (await import('tsx/esm/api')).register();
    mod = await import(pathToFileURL(resolvePath(path)).href);
  } catch (e) {
    const reason = e instanceof FileError ? e.reason : String((e as Error)?.message ?? e).split('\n', 1)[0];
    throw new UsageError(`${option} ${spec}: the module cannot be loaded (${reason}).`);
  }
  const factory = mod[exported];
  if (typeof factory !== 'function') throw new UsageError(`${option} ${spec}: the module has no \`${exported}\` export that makes agents.`);
  return guardedFactory(spec, factory as AgentFactory);
}

export async function agentsFor(args: Args, seed: string | number, players: number) {
  const make = await agentFactory(args, players);
  return Array.from({ length: players }, (_, seat) => make(seed, seat));
}

/** The identity a saved game records of a loaded ruleset: its text and the files it cites that were read. */
export function identityOf(g: LoadedGame): RulesetIdentity {
  return rulesetIdentity({ file: g.path, text: g.source, cites: [...(g.rulebook ? [g.rulebook] : []), ...g.references] });
}

/** Reads and replays a saved game on a loaded ruleset (interpreter/tools/saved-game.ts); a file of an old format is noted on stderr. */
export function loadSaved(g: LoadedGame, path: string, options: LoadOptions = {}): LoadedSavedGame {
  const loaded = loadSavedGame(g.definition, identityOf(g), readSavedGameText(path), path, options);
  if (loaded.oldFormat) {
    err(`note: ${path} is ${loaded.oldFormat}: only its ${loaded.moves} moves were read, replayed from setup and each checked (it names no ruleset, so which one it was saved from cannot be checked). To keep it in today's format: regula moves ${g.path} --state ${path} --save NEW.json`);
  }
  return loaded;
}

/** Progress of long work on stderr: updated in place on a terminal, a line every tenth in a log. */
export function progress(what: string): (done: number, total: number) => void {
  return (done, total) => {
    if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} ${what}${done === total ? '\n' : ''}`);
    else if (done % Math.max(1, Math.floor(total / 10)) === 0) process.stderr.write(`${done}/${total} ${what}\n`);
  };
}
