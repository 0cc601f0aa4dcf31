// Every `regula` command: its synopsis, what it does, its options, and the module that runs it,
// loaded only when that command runs (so `regula --help` loads no parser, checker or runtime).
import type { Args, OptionSpec } from './args.js';

export interface Command {
  readonly name: string;
  /** What follows the command's name in its usage line. */
  readonly synopsis: string;
  readonly summary: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** The fewest positional arguments it takes; the most are those its synopsis names (mostPositionals). */
  readonly positionals: number;
  readonly load: () => Promise<{ run(args: Args, name: string): Promise<number> }>;
}

const json: Record<string, OptionSpec> = { json: { type: 'boolean', help: 'print JSON instead of text' } };
const setup: Record<string, OptionSpec> = {
  players: { type: 'string', value: 'N', help: 'player count (default: the fewest the game allows)' },
  variant: { type: 'string', multiple: true, value: 'ID', help: 'play with a variant (repeatable)' },
};
const game: Record<string, OptionSpec> = {
  ...setup,
  seed: { type: 'string', value: 'S', help: 'the seed of chance (default 1)' },
  moves: { type: 'string', value: 'FILE', help: 'move ids to play first, one a line (# starts a comment)' },
  state: { type: 'string', value: 'FILE', help: 'continue a saved game (play --json, --save): replayed from its setup, every move checked' },
  save: { type: 'string', value: 'FILE', help: 'save the game where it stopped', writes: true },
  'max-moves': { type: 'string', value: 'N', help: 'stop a game that has not ended after N moves (default 100000; exit 3)' },
};
const agent: Record<string, OptionSpec> = {
  agents: { type: 'string', value: 'A[,A…]', help: 'one agent for every seat, or one per seat (mcts,random): random (default), first, greedy, mcts (options as mcts:iterations=500:ms=50:c=0.7:depth=40; docs/agents.md), or MODULE[#export] — a module of a game\'s own agents, e.g. rulesets/kudy-tudy/agents.ts, run as code' },
  agent: { type: 'string', value: 'A', help: 'another name for --agents' },
};

const as: Record<string, OptionSpec> = {
  as: { type: 'string', value: 'P', help: 'show only what player P (P1, P2, … or 1, 2, …) may see: no seed, hidden cards as counts, others\' secret choices masked' },
};

/** The transport flags language clients append to a server's command (vscode-languageclient's TransportKind): stdio is the one spoken. */
const lspTransport: Record<string, OptionSpec> = {
  stdio: { type: 'boolean', help: 'speak LSP over stdin and stdout, as it does anyway (VS Code\'s client passes it)' },
  clientProcessId: { type: 'string', value: 'PID', help: 'the editor\'s process: the server exits when it is gone' },
  socket: { type: 'string', value: 'PORT', help: 'not supported (exit 2): the server speaks over stdio only' },
  pipe: { type: 'string', value: 'NAME', help: 'not supported (exit 2)' },
  'node-ipc': { type: 'boolean', help: 'not supported (exit 2)' },
};

export const COMMANDS: readonly Command[] = [
  { name: 'check', synopsis: '<file>...', summary: 'check rulesets; errors as path:line:col: error CODE: message', options: {}, positionals: 1, load: () => import('./commands/check.js') },
  { name: 'fmt', synopsis: '[--check] <file>...', summary: 'lay rulesets out the canonical way, in place (comments kept, meaning unchanged); --check lists the files that would change (exit 1)', options: { check: { type: 'boolean', help: 'change nothing: list the files that are not formatted, exit 1 if any' } }, positionals: 1, load: () => import('./commands/fmt.js') },
  { name: 'info', synopsis: '<file>', summary: 'name, player counts, variants, rulebook', options: json, positionals: 1, load: () => import('./commands/info.js') },
  { name: 'coverage', synopsis: '<file>', summary: 'how much of its rulebook the ruleset cites: passages not cited, or only in part, and declarations citing nothing', options: json, positionals: 1, load: () => import('./commands/coverage.js') },
  { name: 'outline', synopsis: '<file>', summary: "the game's structure: zones, counters, and the flow's phases, turns, loops, decisions and rules as a tree", options: { ...setup, ...json }, positionals: 1, load: () => import('./commands/outline.js') },
  { name: 'play', synopsis: '<file>', summary: 'play a game: scripted moves, then agents to the end (--as P: only what player P may see)', options: { ...game, ...agent, ...as, ...json }, positionals: 1, load: () => import('./commands/play.js') },
  { name: 'state', synopsis: '<file>', summary: 'the position after --moves FILE (or of --state FILE): the machine\'s whole state as JSON, for reading (a saved game is what --save writes), or with --as P what player P may see', options: { ...game, ...as, ...json }, positionals: 1, load: () => import('./commands/play.js') },
  { name: 'moves', synopsis: '<file>', summary: 'the legal moves (and whose decision) after --moves FILE', options: { ...game, ...json }, positionals: 1, load: () => import('./commands/play.js') },
  { name: 'why', synopsis: '<file> --move ID', summary: 'why that move is or is not legal there', options: { ...game, move: { type: 'string', value: 'ID', help: 'the move to explain' }, ...json }, positionals: 1, load: () => import('./commands/play.js') },
  { name: 'replay', synopsis: '<file> <game.json>', summary: 'replay a saved game (play --json, --save) from its setup, every move checked, and compare its result and log (exit 1 when they differ)', options: {}, positionals: 2, load: () => import('./commands/replay.js') },
  { name: 'scenario', synopsis: '<scenario.json>...', summary: 'run scenario files (arranged positions, moves, expectations)', options: {}, positionals: 1, load: () => import('./commands/scenario.js') },
  { name: 'lsp', synopsis: '[--stdio]', summary: 'a language server over stdio (completion, hover, definitions, rename, quick fixes) for VS Code, Neovim, Helix: editors/vscode/ and README § Editors', options: lspTransport, positionals: 0, load: () => import('./commands/lsp.js') },
  {
    name: 'sim', synopsis: '<file>',
    summary: 'many seeded agent games on every core: win rates by seat and by starting option, scores, game length, decisiveness, how often each rule fired and which never did — each estimate with its 95% interval; --compare shows what a variant or another ruleset shifts, with p-values (docs/simulation.md)',
    options: {
      ...setup, seed: game.seed!,
      games: { type: 'string', value: 'N', help: 'games to play (default 100); game g is seeded S/g' },
      ...agent,
      workers: { type: 'string', value: 'W', help: 'worker threads (default: every core); the results are the same for any W' },
      compare: { type: 'string', multiple: true, value: 'FILE|variants=ID,…', help: 'also play a second side on the same seeds and agents — another ruleset FILE, or this one with variants=ID,… instead of --variant (variants= for none), or both — and report what shifted, with p-values' },
      report: { type: 'string', value: 'FILE.html', help: 'also write the report as one self-contained HTML page with charts (opens offline)', writes: true },
      'max-moves': { type: 'string', value: 'N', help: 'stop with an error a game that has not ended after N moves (default 100000)' },
      json: { type: 'boolean', help: 'print the report as JSON (cli/sim/sim.schema.json, docs/simulation.md)' },
    },
    positionals: 1, load: () => import('./commands/sim.js'),
  },
  {
    name: 'diff', synopsis: '<first> [<second>]',
    summary: 'where two encodings of one game differ: declaration by declaration, in the same games played in both, and in outcomes; --first-variant/--second-variant compare a game with and without a variant (exit 0 same, 1 differ)',
    options: {
      ...setup, seed: game.seed!, 'max-moves': game['max-moves']!,
      'first-variant': { type: 'string', multiple: true, value: 'ID', help: 'a variant for the first side only' },
      'second-variant': { type: 'string', multiple: true, value: 'ID', help: 'a variant for the second side only' },
      games: { type: 'string', value: 'N', help: 'games per setting (player count and variants: by default every count both allow, with no variant, each variant alone and all together), each encoding leading once (default 10; 0: structure only)' },
      budget: { type: 'string', value: 'SECONDS', help: 'time the games may take in all; the report says what it cut (default 120; 0: no limit)' },
      notes: { type: 'string', value: 'FILE', help: 'the translators\' notes on where the rulebooks differ (default: a <game>.differences.json beside the first file naming both)' },
      report: { type: 'string', value: 'FILE.html', help: 'also write the comparison as a self-contained HTML page', writes: true },
      ...json,
    },
    positionals: 1, load: () => import('./commands/diff.js'),
  },
  {
    name: 'bench', synopsis: '', summary: 'random playouts/s for every shipped ruleset and player count against hand-written references; parse, check and compile times; agent strength at 2 players (in a checkout)',
    options: {
      only: { type: 'string', multiple: true, value: 'TEXT', help: 'only rulesets whose path contains TEXT (repeatable)' },
      'budget-ms': { type: 'string', value: 'MS', help: 'timed milliseconds per figure, after a warm-up (default 1000, or BENCH_MS)' },
      differential: { type: 'string', value: 'N', help: 'interpreted games replayed in each hand-written reference per player count (default 500; 0: none); exit 1 if any differs' },
      strength: { type: 'string', value: 'N', help: 'games at least per pairing for agent strength at 2 players, against random and greedy (default 2, more while the budget lasts; 0: none)' },
      'strength-agent': { type: 'string', value: 'SPEC', help: 'the agent whose strength is measured (default mcts:iterations=30:depth=10)' },
      ...json,
    },
    positionals: 0, load: () => import('./commands/bench.js'),
  },
];

/** The most positional arguments a command takes: those its synopsis names, any number after a `...`. */
export function mostPositionals(c: Command): number {
  return c.synopsis.includes('...') ? Infinity : (c.synopsis.match(/<[^>]+>/g) ?? []).length;
}

export const HELP_OPTION: OptionSpec = { type: 'boolean', help: 'show this help' };

/** `regula --help`: one line or two per command. */
export function overview(): string {
  const lines = ['regula — write, check and play the rules of board games', ''];
  for (const c of COMMANDS) lines.push(`  regula ${c.name} ${c.synopsis}`.trimEnd(), `      ${c.summary}`);
  lines.push('', 'regula <command> --help shows a command\'s options. Exit codes: 0 done; 1 the ruleset has errors (or a replay,', 'scenario or diff disagrees); 2 bad input (usage, unreadable or invalid files, an illegal move); 3 a rule failed while running.');
  return lines.join('\n');
}

/** `regula <command> --help`: its usage line and every option. */
export function commandHelp(c: Command): string {
  const lines = [`regula ${c.name} ${c.synopsis}`.trimEnd(), '', `  ${c.summary}`];
  const options = Object.entries({ ...c.options, help: HELP_OPTION });
  lines.push('', 'options:');
  const left = options.map(([name, o]) => `--${name}${o.value ? ` ${o.value}` : ''}`);
  const width = Math.max(...left.map((l) => l.length)) + 2;
  options.forEach(([, o], i) => lines.push(`  ${left[i]!.padEnd(width)}${o.help}`));
  return lines.join('\n');
}
