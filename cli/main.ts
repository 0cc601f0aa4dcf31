// `regula`: the command line over the whole pipeline. Exit codes: 0 done; 1 the ruleset has
// errors (or a replay/scenario disagrees); 2 bad input (usage, files, an illegal move); 3 a rule
// failed while the game ran.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderDiagnostic } from '../grammar/diagnostics.js';
import { AGENTS, type AgentFactory } from '../interpreter/agents.js';
import type { GameDefinition } from '../interpreter/definition.js';
import { EndlessGameError, IllegalMoveError, RuleError } from '../interpreter/errors.js';
import { playGame } from '../interpreter/play.js';
import { checkSetup, checkStateFits, legalMoves, SetupError, why } from '../interpreter/runtime.js';
import { runScenario } from '../interpreter/scenario.js';
import { simulate } from '../interpreter/simulate.js';
import type { GameState } from '../interpreter/state.js';
import { InvalidFileError, parseJsonFile } from '../interpreter/validate.js';
import { flag, flags, intFlag, parseArgs, UsageError, type Args } from './args.js';
import { LoadError, loadRuleset, loadScenario, type Loaded } from './load.js';
import { formatGame } from './format.js';
import { formatOutcomes, formatPlay, formatStructure } from './format-comparison.js';
import { formatOutline } from './format-outline.js';
import { formatCoverage } from './format-coverage.js';
import { coverage } from '../interpreter/coverage.js';
import { outline } from '../interpreter/outline.js';
import { compareOutcomes, comparePlay, compareStructure, sharedPlayerCounts } from '../interpreter/compare.js';

const USAGE = `regula — write, check and play the rules of board games

  regula check <file>...                 check rulesets; errors as path:line:col: error CODE: message
  regula info <file> [--json]            name, player counts, variants, rulebook
  regula coverage <file> [--json]        how much of its rulebook the ruleset cites: passages not
                                         cited, or only in part, and declarations citing nothing
  regula outline <file> [options] [--json] the game's structure: zones, counters, and the flow's
                                         phases, turns, loops, decisions and rules as a tree
  regula play <file> [options] [--json]  play a game: scripted moves, then agents to the end
  regula moves <file> [options]          the legal moves (and whose decision) after --moves FILE
  regula why <file> --move ID [options]  why that move is or is not legal there
  regula replay <file> <log.json>        replay a logged game and compare the final scores
  regula scenario <scenario.json>...     run scenario files (arranged positions, moves, expectations)
  regula sim <file> [--games N] [options] many agent games: wins by seat, scores, game length
  regula diff <first> [<second>] [--games N] [options]
                                         where two encodings of one game differ: declaration by
                                         declaration, in the same games played in both, and in
                                         outcomes; --first-variant/--second-variant ID compare a
                                         game with and without a variant (exit 0 same, 1 differ)
  regula bench [--json] [--only TEXT] [--budget-ms MS]
                                         random playouts/s for every shipped ruleset and player count,
                                         against hand-written references; parse/check/compile times
  (a game that has not ended after --max-moves N moves, 100000 by default, is stopped with exit 3)

options: --players N  --seed S  --variant ID (repeatable)  --moves FILE  --json
         --agent random|first|MODULE[#export] (a game's own agents, e.g. rulesets/kudy-tudy/agents.ts)
         --state FILE (continue a saved game)  --save FILE (save the game where it stopped)`;

const out = (s: string) => process.stdout.write(`${s}\n`);
const err = (s: string) => process.stderr.write(`${s}\n`);

/** Loads a ruleset, printing its diagnostics; returns null when it has errors. */
function load(path: string, quietWarnings = false): (Loaded & { definition: GameDefinition }) | null {
  const loaded = loadRuleset(path);
  for (const d of loaded.diagnostics) {
    if (d.severity === 'error' || !quietWarnings) err(renderDiagnostic(d, loaded.source, path));
  }
  return loaded.definition ? (loaded as Loaded & { definition: GameDefinition }) : null;
}

interface GameOptions {
  players: number;
  seed: string | number;
  variants: string[];
  script: string[];
}

function gameOptions(args: Args, def: GameDefinition): GameOptions {
  const rawSeed = flag(args, 'seed') ?? '1';
  const seed = /^-?\d+$/.test(rawSeed) ? Number(rawSeed) : rawSeed;
  const movesFile = flag(args, 'moves');
  let script: string[] = [];
  if (movesFile) {
    try {
      script = readFileSync(movesFile, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    } catch {
      throw new UsageError(`--moves ${movesFile}: the file cannot be read.`);
    }
  }
  return { players: intFlag(args, 'players', def.players.min), seed, variants: flags(args, 'variant'), script };
}

/**
 * `--agent random|first`, or a module of a game's own agents: `--agent rulesets/x/agents.ts`
 * (its default export) or `--agent rulesets/x/agents.ts#name` — a function (seed, seat) → Agent.
 */
async function agentFactory(args: Args): Promise<AgentFactory> {
  const spec = flag(args, 'agent') ?? 'random';
  if (AGENTS[spec]) return AGENTS[spec]!;
  if (!/[/\\.]/.test(spec)) throw new UsageError(`--agent ${spec}: agents are ${Object.keys(AGENTS).join(', ')}, or a module path.`);
  const [path, exported = 'default'] = spec.split('#') as [string, string?];
  let mod: Record<string, unknown>;
  try {
    mod = await import(pathToFileURL(resolvePath(path)).href);
  } catch (e) {
    throw new UsageError(`--agent ${spec}: the module cannot be loaded (${(e as Error).message}).`);
  }
  const factory = mod[exported];
  if (typeof factory !== 'function') throw new UsageError(`--agent ${spec}: the module has no \`${exported}\` export that makes agents.`);
  return factory as AgentFactory;
}

async function agentsFor(args: Args, seed: string | number, players: number) {
  const make = await agentFactory(args);
  return Array.from({ length: players }, (_, seat) => make(seed, seat));
}

function gameJson(def: GameDefinition, o: GameOptions, state: GameState) {
  return {
    game: def.name, players: o.players, seed: o.seed, variants: o.variants,
    moves: state.moves.map((m) => ({ player: m.player, move: m.move })),
    log: state.log,
    final: state.result ? { scores: state.result.scores, winners: state.result.winners } : null,
  };
}

async function command(name: string, args: Args): Promise<number> {
  const file = args.positional[0];
  if (!file && name !== 'help' && name !== 'bench') throw new UsageError(`regula ${name} needs a file.\n\n${USAGE}`);
  switch (name) {
    case 'check': {
      let failed = false;
      for (const path of args.positional) {
        const loaded = loadRuleset(path);
        for (const d of loaded.diagnostics) err(renderDiagnostic(d, loaded.source, path));
        const errors = loaded.diagnostics.filter((d) => d.severity === 'error').length;
        if (errors) failed = true;
        else out(`${path}: ok${loaded.diagnostics.length ? ` (${loaded.diagnostics.length} warning${loaded.diagnostics.length > 1 ? 's' : ''})` : ''}`);
      }
      return failed ? 1 : 0;
    }
    case 'info': {
      const g = load(file!, true);
      if (!g) return 1;
      const def = g.definition;
      const info = {
        name: def.name, players: def.players,
        variants: def.variants.filter((v) => v.when === null).map((v) => ({ id: v.id, title: v.title })),
        source: def.rulebook,
      };
      if (flag(args, 'json')) out(JSON.stringify(info));
      else {
        out(`${info.name} — ${info.players.min} to ${info.players.max} players — rulebook ${info.source ?? '(none)'}`);
        for (const v of info.variants) out(`  variant ${v.id}: ${v.title}`);
        for (const v of def.variants.filter((x) => x.when !== null)) out(`  rule for some player counts: ${v.id}: ${v.title}`);
      }
      return 0;
    }
    case 'coverage': {
      const g = load(file!, true);
      if (!g) return 1;
      if (!g.rulebook) throw new UsageError(`${file} names no rulebook that can be read, so there is nothing to measure it against.`);
      const c = coverage(g.definition, g.rulebook);
      out(flag(args, 'json') ? JSON.stringify(c) : formatCoverage(c, file!));
      return 0;
    }
    case 'outline': {
      const g = load(file!, true);
      if (!g) return 1;
      const players = intFlag(args, 'players', g.definition.players.min);
      checkSetup(g.definition, players, flags(args, 'variant'));
      const o = outline(g.definition, players, flags(args, 'variant'));
      out(flag(args, 'json') ? JSON.stringify(o) : formatOutline(o));
      return 0;
    }
    case 'play': case 'moves': case 'why': {
      const g = load(file!, true);
      if (!g) return 1;
      const def = g.definition;
      const o = gameOptions(args, def);
      const moveToExplain = flag(args, 'move');
      if (name === 'why' && !moveToExplain) throw new UsageError('regula why needs --move ID.');
      const statePath = flag(args, 'state');
      const from = statePath ? checkStateFits(def, parseJsonFile<GameState>('saved game', readText(statePath), statePath), statePath) : undefined;
      if (from) Object.assign(o, { players: from.players, seed: from.seed, variants: [...from.variants] });
      const state = playGame(def, {
        ...o, from, maxMoves: intFlag(args, 'max-moves', 100_000), agents: name === 'play' ? await agentsFor(args, o.seed, o.players) : undefined,
      });
      const savePath = flag(args, 'save');
      if (savePath) writeFileSync(savePath, `${JSON.stringify(state)}\n`);
      if (name === 'play') {
        if (flag(args, 'json')) out(JSON.stringify(gameJson(def, o, state)));
        else out(formatGame(def, state));
        return 0;
      }
      if (name === 'moves') {
        const legal = legalMoves(def, state);
        if (flag(args, 'json')) out(JSON.stringify(legal ?? { over: true, final: state.result }));
        else if (!legal) out(`The game is over. Scores: ${state.result?.scores.join(', ')}; winners: ${state.result?.winners.map((s) => `P${s + 1}`).join(', ')}.`);
        else {
          out(`P${legal.player + 1} (seat ${legal.player}) decides: choice \`${legal.choice}\` in rule \`${legal.rule}\``);
          for (const m of legal.moves) out(`  ${m}`);
        }
        return 0;
      }
      const w = why(def, state, moveToExplain!);
      if (flag(args, 'json')) out(JSON.stringify(w));
      else {
        out(w.text);
        if (w.rule) out(`  rule ${w.rule.name} at ${w.rule.at}${w.rule.cites.map((c) => `\n  rulebook: “${c}”`).join('')}`);
        if (!w.legal) out(`  legal now: ${w.legalMoves.join(', ') || '(none)'}`);
      }
      return 0;
    }
    case 'replay': {
      const g = load(file!, true);
      if (!g) return 1;
      const logPath = args.positional[1];
      if (!logPath) throw new UsageError('regula replay needs a ruleset and a log file.');
      const logged = parseJsonFile<ReturnType<typeof gameJson>>('move log', readText(logPath), logPath);
      const state = playGame(g.definition, { players: logged.players, seed: logged.seed, variants: logged.variants, script: logged.moves.map((m) => m.move) });
      const same = JSON.stringify(state.result) === JSON.stringify(logged.final ?? null);
      out(`replayed ${logged.moves.length} moves: ${state.over ? `scores ${state.result!.scores.join(', ')}, winners ${state.result!.winners.join(', ')}` : 'the game is not over'}`);
      out(same ? 'identical to the log' : `DIFFERENT from the log, which says ${JSON.stringify(logged.final)}`);
      return same ? 0 : 1;
    }
    case 'scenario': {
      let failed = 0;
      for (const path of args.positional) {
        const { scenario, rulesetPath, start } = loadScenario(path);
        const g = load(rulesetPath, true);
        if (!g) return 1;
        const outcomes = runScenario(g.definition, scenario, start && checkStateFits(g.definition, start, path));
        const bad = outcomes.filter((o) => o.failures.length);
        out(`${bad.length ? 'FAIL' : 'ok  '} ${path}: ${scenario.title}`);
        for (const o of bad) for (const f of o.failures) out(`     step ${o.step}${o.note ? ` (${o.note})` : ''}: ${f}`);
        if (bad.length) failed++;
      }
      return failed ? 1 : 0;
    }
    case 'sim': {
      const g = load(file!, true);
      if (!g) return 1;
      const o = gameOptions(args, g.definition);
      const games = intFlag(args, 'games', 100);
      const report = simulate(g.definition, {
        players: o.players, variants: o.variants, games, seed: o.seed, agent: await agentFactory(args), agentName: flag(args, 'agent') ?? 'random',
        onProgress: (done) => progress('games')(done, games),
      });
      if (flag(args, 'json')) out(JSON.stringify(report));
      else out(report.text);
      return 0;
    }
    case 'diff': {
      // One file with two sets of variants compares a game with itself changed by a variant.
      const secondPath = args.positional[1] ?? file!;
      const first = load(file!, true);
      const second = secondPath === file ? first : load(secondPath, true);
      if (!first || !second) return 1;
      const [a, b] = [first.definition, second.definition];
      const variants = {
        first: [...flags(args, 'variant'), ...flags(args, 'first-variant')],
        second: [...flags(args, 'variant'), ...flags(args, 'second-variant')],
      };
      for (const [def, ids] of [[a, variants.first], [b, variants.second]] as const) {
        const known = def.variants.filter((v) => v.when === null).map((v) => v.id);
        for (const id of ids) if (!known.includes(id)) throw new UsageError(`${def.source.file} has no variant \`${id}\` to choose (it has: ${known.join(', ') || 'none'}).`);
      }
      const structure = compareStructure(a, b, variants);
      const games = intFlag(args, 'games', 10);
      if (games < 0) throw new UsageError('--games takes 0 (structure only) or more.');
      const counts = flag(args, 'players') ? [intFlag(args, 'players', 0)] : sharedPlayerCounts(a, b);
      for (const n of counts) {
        if (n < Math.max(a.players.min, b.players.min) || n > Math.min(a.players.max, b.players.max)) {
          throw new UsageError(`--players ${n}: the first encoding plays ${a.players.min}–${a.players.max}, the second ${b.players.min}–${b.players.max}.`);
        }
      }
      const seed = flag(args, 'seed') ?? '1';
      const play = games === 0 ? null : comparePlay(a, b, {
        players: counts, games, seed, variants, maxMoves: intFlag(args, 'max-moves', 100_000), onProgress: progress('games played in both'),
      });
      const outcomes = games === 0 ? null : compareOutcomes(a, b, { players: counts, games, seed, variants, onProgress: progress('games played on each side') });
      if (flag(args, 'json')) out(JSON.stringify({ first: file, second: secondPath, variants, structure, play, outcomes }));
      else {
        const withVariants = (ids: readonly string[]) => (ids.length ? ` with ${ids.join(', ')}` : '');
        out(`Comparing ${file}${withVariants(variants.first)} (first) with ${secondPath}${withVariants(variants.second)} (second).\n`);
        out(formatStructure(structure));
        if (play) out(`\n${formatPlay(play)}`);
        if (outcomes) out(`\n${formatOutcomes(outcomes)}`);
      }
      return structure.differences.length || (play && play.groups.length) ? 1 : 0;
    }
    case 'bench': {
      // The bench lives beside the source (it needs the hand-written references in test/reference/).
      const { benchRoot, formatBench, runBench } = await import('../bench/report.js');
      const root = benchRoot();
      const { shippedRulesets } = await import('../test/settings.js');
      const only = flags(args, 'only');
      const rulesets = shippedRulesets(root).filter((r) => only.length === 0 || only.some((o) => r.includes(o)));
      if (rulesets.length === 0) throw new UsageError(`--only ${only.join(', ')}: no shipped ruleset matches.`);
      const budgetMs = intFlag(args, 'budget-ms', Number(process.env.BENCH_MS ?? 1000));
      if (budgetMs < 1) throw new UsageError('--budget-ms takes a positive number of milliseconds.');
      const report = runBench({ root, rulesets, budgetMs, progress: (what) => process.stderr.write(`bench: ${what}\n`) });
      out(flag(args, 'json') ? JSON.stringify(report) : formatBench(report));
      return 0;
    }
    default:
      throw new UsageError(`Unknown command \`${name}\`.\n\n${USAGE}`);
  }
}

/** Progress of long work on stderr: updated in place on a terminal, a line every tenth in a log. */
function progress(what: string): (done: number, total: number) => void {
  return (done, total) => {
    if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} ${what}${done === total ? '\n' : ''}`);
    else if (done % Math.max(1, Math.floor(total / 10)) === 0) process.stderr.write(`${done}/${total} ${what}\n`);
  };
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`${path} cannot be read.`);
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    out(USAGE);
    return name ? 0 : 2;
  }
  try {
    return await command(name, parseArgs(rest, ['json']));
  } catch (e) {
    if (e instanceof IllegalMoveError) {
      err(`error: ${e.message}`);
      return 2;
    }
    if (e instanceof RuleError) {
      const file = e.diagnostic.file;
      let source = '';
      try { if (file) source = readFileSync(file, 'utf8'); } catch { /* shown without the line */ }
      err(renderDiagnostic(e.diagnostic, source, file));
      return 3;
    }
    if (e instanceof EndlessGameError) {
      err(`error: ${e.message}`);
      return 3;
    }
    if (e instanceof UsageError || e instanceof LoadError || e instanceof SetupError || e instanceof InvalidFileError) {
      err(`error: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
