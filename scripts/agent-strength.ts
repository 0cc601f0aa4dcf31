// How often one agent beats another, seats rotated every game (docs/agents.md):
//
//   npx tsx scripts/agent-strength.ts <ruleset> <agent A> <agent B> [games, default 10] [seed, default strength] [players, default 2]
//
// Game g is seeded `<seed>/g`; A sits in seat g mod players, B in every other seat. A win counts 1, a
// win shared by k players 1/k. Prints one line per game and then A's score rate with a 95% Wilson
// interval (chance is 1/players). For team games (everyone wins or loses together) it compares the
// team's score instead: with A in the seat against B in every seat, on the same seeds.
import { loadRuleset } from '../cli/load.js';
import { modelFor, playGame } from '../interpreter/runtime/index.js';
import { agentFromSpec } from '../interpreter/tools/index.js';

const [file, specA, specB, gamesArg = '10', seedArg = 'strength', playersArg = '2'] = process.argv.slice(2);
const players = Number(playersArg);
if (!file || !specA || !specB) {
  console.error('usage: npx tsx scripts/agent-strength.ts <ruleset> <agent A> <agent B> [games] [seed]');
  process.exit(2);
}
const loaded = loadRuleset(file);
const def = loaded.definition;
if (!def) throw new Error(`${file} does not compile`);
const team = modelFor(def, players, []).winner?.team ?? false;
const [a, b] = [agentFromSpec(specA), agentFromSpec(specB)];
const games = Number(gamesArg);
let points = 0;
const teamScores = { a: [] as number[], b: [] as number[] };
const started = performance.now();
for (let g = 0; g < games; g++) {
  const seed = `${seedArg}/${g}`;
  const seatA = g % players;
  const seats = Array.from({ length: players }, (_, seat) => seat);
  const agents = seats.map((seat) => (seat === seatA ? a : b)(seed, seat));
  const t = performance.now();
  const state = playGame(def, { players, seed, agents });
  const { winners, scores } = state.result!;
  const got = winners.includes(seatA) ? 1 / winners.length : 0;
  points += got;
  if (team) {
    // A team game: the same seed played again by B in A's seat, for the score A's seat made.
    const other = playGame(def, { players, seed, agents: seats.map((seat) => b(seed, seat)) });
    teamScores.a.push(scores[seatA]!);
    teamScores.b.push(other.result!.scores[seatA]!);
  }
  console.log(`game ${g}: A in seat ${seatA + 1}, scores ${scores.join(':')}, ${state.moves.length} moves, ${((performance.now() - t) / 1000).toFixed(1)} s${team ? `; B's team on the same seed: ${teamScores.b.at(-1)}` : `, A ${got === 1 ? 'wins' : got ? 'shares' : 'loses'}`}`);
}
const wilson = (k: number, n: number) => {
  const z = 1.96, p = k / n, d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d, half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
};
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const [lo, hi] = wilson(points, games);
const summary = team
  ? `team score with A ${mean(teamScores.a).toFixed(2)} vs with B ${mean(teamScores.b).toFixed(2)} over ${games} seeds`
  : `A (${specA}) scores ${points}/${games} = ${((100 * points) / games).toFixed(0)}% against B (${specB}), 95% CI ${(100 * lo!).toFixed(0)}–${(100 * hi!).toFixed(0)}%`;
console.log(`${file}: ${summary}; ${((performance.now() - started) / 1000).toFixed(0)} s`);
