// Instructions a move, counted by valgrind: work done, whatever else the machine is doing. Timings
// on a shared machine swing 2–3× from minute to minute; the count of instructions the same build
// runs for the same seeded games moves by under 1%, so two builds can be compared on a busy machine
// (docs/performance.md, "Measuring a change"). It counts work, not time: memory stalls and cache
// misses do not show, so it decides between builds, and the bench's timings still say how fast.
//
//   npm run build && node dist/bench/instructions.js rulesets/connect-four/connect-four.rules 2 300
//
// plays 300 and then 900 seeded random games under valgrind, each in a fresh process, and divides
// the difference in instructions by the difference in moves, which leaves out start-up, compiling
// and the engine's warm-up — if the first run is long enough for the engine to have finished
// warming up: Tokaido still settles after 60 games (count it with 120 or more). Repeat counts of one
// build differ by 1–5%. Needs valgrind (`apt-get install valgrind`); takes minutes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileSource } from '../interpreter/compiler/index.js';
import { interpretedPlayout } from './measure.js';

/** Plays `games` seeded random games and prints how many moves they made (the child's job). */
function play(file: string, players: number, games: number): void {
  const { definition: def, diagnostics } = compileSource(readFileSync(file, 'utf8'), file);
  if (def === null) throw new Error(`${file} does not compile: ${diagnostics.find((d) => d.severity === 'error')?.message}`);
  const playout = interpretedPlayout(def, players);
  let moves = 0;
  for (let g = 0; g < games; g++) moves += playout(g);
  console.log(`moves ${moves}`);
}

/** Instructions and moves of one run of `games` games under valgrind. */
function counted(file: string, players: number, games: number): { instructions: number; moves: number } {
  const me = fileURLToPath(import.meta.url);
  const run = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', '--predictable', me, '--play', file, String(players), String(games)], { encoding: 'utf8' });
  if (run.error) throw new Error(`valgrind could not be run (${run.error.message}); install it: apt-get install valgrind`);
  const moves = /moves (\d+)/.exec(run.stdout)?.[1];
  const instructions = /Collected : (\d+)/.exec(run.stderr)?.[1];
  if (run.status !== 0 || moves === undefined || instructions === undefined) throw new Error(`the counted run failed:\n${run.stderr.slice(-2000)}`);
  return { instructions: Number(instructions), moves: Number(moves) };
}

const args = process.argv.slice(2);
if (args[0] === '--play') play(args[1]!, Number(args[2]), Number(args[3]));
else {
  const [file, players = '2', games = '100'] = args;
  if (!file) {
    console.error('usage: node dist/bench/instructions.js <ruleset.rules> [players] [games]');
    process.exit(2);
  }
  const n = Number(games);
  process.stderr.write(`counting ${n} and ${3 * n} games of ${file}, ${players} players, under valgrind…\n`);
  const few = counted(file, Number(players), n);
  const many = counted(file, Number(players), 3 * n);
  const perMove = (many.instructions - few.instructions) / (many.moves - few.moves);
  console.log(`${file} ${players}p: ${Math.round(perMove).toLocaleString('en-US')} instructions a move (over ${many.moves - few.moves} moves)`);
}
