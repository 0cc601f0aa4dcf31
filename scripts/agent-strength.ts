// How often one agent beats another at two players, seats swapped every game, in every shipped game
// two can play (docs/agents.md, "Strength"):
//
//   npx tsx scripts/agent-strength.ts [--games N] [--skip N] [--agent SPEC] [--opponent SPEC] [--seed S] [--json FILE] [ruleset...]
//
// Defaults: 10 games a game, `mcts` (its defaults) against `greedy`, seed `strength`, and one
// encoding of every game in rulesets/ that two players can play and win apart (bench/strength.ts's
// `strengthPlayable`; the shortest file name of each folder, so Tokaido's Czech encoding and the
// plain Connect Four). Games come in pairs on one seed: game 2k and 2k+1 are seeded `<seed>/k`, the
// agent in seat 1 and then in seat 2. A win counts 1, a win shared by k players 1/k. Prints a line a
// game as it ends, then a table: games, the agent's wins, its win rate with the 95% Wilson interval;
// `--json FILE` writes the same figures. `--skip N` plays only games N+1 to `--games` (a long game's
// series split over several runs, the rows added by hand). Counts games and wins, never time (the seconds are shown
// only to say what a game costs).
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRuleset } from '../cli/load.js';
import { playGame, type Agent } from '../interpreter/runtime/index.js';
import { agentFromSpec, wilson } from '../interpreter/tools/index.js';
import { strengthPlayable, type StrengthFigures } from '../bench/strength.js';

/** The bench's figures for a pairing, and what the script adds. */
interface Row extends StrengthFigures {
  /** Mean seconds a game, on a machine shared with others: what a game costs, not a measurement. */
  readonly secondsPerGame: number;
  /** The agent's search iterations by engine, where it counts them (mcts). */
  readonly iterations?: { compiled: number; machine: number };
}

const usage = 'usage: npx tsx scripts/agent-strength.ts [--games N] [--skip N] [--agent SPEC] [--opponent SPEC] [--seed S] [--json FILE] [ruleset...]';
const options = { games: 10, skip: 0, agent: 'mcts', opponent: 'greedy', seed: 'strength', json: '' };
const files: string[] = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  const flag = /^--(games|skip|agent|opponent|seed|json)$/.exec(arg)?.[1] as keyof typeof options | undefined;
  if (flag === undefined) {
    if (arg.startsWith('-')) fail(`unknown flag ${arg}`);
    files.push(arg);
    continue;
  }
  const value = args[++i];
  if (value === undefined) fail(`${arg} needs a value`);
  if (flag === 'games' || flag === 'skip') {
    if (!/^\d+$/.test(value) || (flag === 'games' && value === '0')) fail(`--${flag} takes a whole number${flag === 'games' ? ' above 0' : ''}, not ${value}`);
    options[flag] = Number(value);
  } else options[flag] = value;
}

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** One encoding of every game two players can play apart: the shortest file name of each folder of rulesets/. */
function shippedGames(): string[] {
  const found: string[] = [];
  for (const folder of readdirSync('rulesets', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    const candidates = readdirSync(join('rulesets', folder)).filter((f) => f.endsWith('.rules'))
      .sort((a, b) => a.length - b.length || a.localeCompare(b));
    for (const name of candidates) {
      const def = loadRuleset(join('rulesets', folder, name)).definition;
      if (def && strengthPlayable(def)) {
        found.push(join('rulesets', folder, name));
        break;
      }
    }
  }
  return found;
}

function measure(file: string): Row {
  const def = loadRuleset(file).definition;
  if (!def) fail(`${file} does not compile (regula check ${file})`);
  if (!strengthPlayable(def)) fail(`${file}: two players cannot play it apart (a team game, or not for two)`);
  const [mine, theirs] = [agentFromSpec(options.agent), agentFromSpec(options.opponent)];
  let wins = 0;
  let seconds = 0;
  const iterations = { compiled: 0, machine: 0 };
  const played = options.games - options.skip;
  let counted = false;
  for (let g = options.skip; g < options.games; g++) {
    const seed = `${options.seed}/${Math.floor(g / 2)}`;
    const seat = g % 2;
    const agents: Agent[] = [0, 1].map((s) => (s === seat ? mine : theirs)(seed, s));
    const started = performance.now();
    const state = playGame(def, { players: 2, seed, agents });
    const took = (performance.now() - started) / 1000;
    seconds += took;
    const winners = state.result?.winners ?? [];
    const got = winners.includes(seat) ? 1 / winners.length : 0;
    wins += got;
    const counts = (agents[seat] as Agent & { iterations?: { compiled: number; machine: number } }).iterations;
    if (counts) {
      counted = true;
      iterations.compiled += counts.compiled;
      iterations.machine += counts.machine;
    }
    const outcome = got === 1 ? 'wins' : got > 0 ? 'shares' : 'loses';
    console.log(`${file} game ${g + 1}/${options.games} (seed ${seed}, agent in seat ${seat + 1}): scores ${state.result?.scores.join(':')}, ${state.moves.length} moves, ${took.toFixed(1)} s, agent ${outcome}`);
  }
  return {
    file, agent: options.agent, opponent: options.opponent, games: played, wins,
    winRate: wilson(wins, played), secondsPerGame: seconds / played, ...(counted ? { iterations } : {}),
  };
}

const percent = (x: number) => `${Math.round(100 * x)}%`;
if (options.skip >= options.games) fail(`--skip ${options.skip} leaves none of ${options.games} games`);
const rows = (files.length ? files : shippedGames()).map(measure);
console.log(`\n${options.agent} against ${options.opponent}, games ${options.skip + 1}–${options.games} of each, seeds ${options.seed}/k, seats swapped every game\n`);
console.log('| game | games | wins | win rate (95% interval) | s a game | iterations (compiled / machine) |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  const it = r.iterations ? `${r.iterations.compiled} / ${r.iterations.machine}` : '—';
  console.log(`| ${r.file} | ${r.games} | ${r.wins} | ${percent(r.winRate.value)} (${percent(r.winRate.low)}–${percent(r.winRate.high)}) | ${r.secondsPerGame.toFixed(1)} | ${it} |`);
}
if (options.json) {
  writeFileSync(options.json, `${JSON.stringify({ agent: options.agent, opponent: options.opponent, seed: options.seed, games: options.games, skip: options.skip, rows }, null, 2)}\n`);
  console.log(`\nwritten to ${options.json}`);
}
