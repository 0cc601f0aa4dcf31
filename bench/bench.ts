// `npm run bench`: for each ruleset, how long parsing and checking take, and how many random
// playouts per second the interpreter runs for each player count. Figures, not assertions.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRuleset } from '../grammar/index.js';
import { check } from '../interpreter/check.js';
import { randomAgent } from '../interpreter/agents.js';
import { playGame } from '../interpreter/play.js';
import { loadRuleset } from '../cli/load.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const budgetMs = Number(process.env.BENCH_MS ?? 3000);

function time<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}

const files = readdirSync(join(root, 'rulesets'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(root, 'rulesets', d.name)).filter((f) => f.endsWith('.rules')).map((f) => join(root, 'rulesets', d.name, f)));

for (const file of files) {
  const source = readFileSync(file, 'utf8');
  const rel = file.slice(root.length);
  for (let i = 0; i < 3; i++) check(parseRuleset(source, rel).ruleset, { file: rel, source }); // warm up
  const runs = 20;
  let parseMs = 0;
  let checkMs = 0;
  for (let i = 0; i < runs; i++) {
    const [parsed, p] = time(() => parseRuleset(source, rel));
    const [, c] = time(() => check(parsed.ruleset, { file: rel, source }));
    parseMs += p;
    checkMs += c;
  }
  console.log(`${rel}: ${source.split('\n').length} lines; parse ${(parseMs / runs).toFixed(1)} ms, check ${(checkMs / runs).toFixed(1)} ms`);
  const def = loadRuleset(file).definition;
  if (!def) {
    console.log('  (has errors: not played)');
    continue;
  }
  // One untimed game per player count first, so compiling and the JIT are not in the figures.
  for (let players = def.players.min; players <= def.players.max; players++) {
    playGame(def, { players, seed: 'warm-up', agents: Array.from({ length: players }, (_, i) => randomAgent(`warm-up:${i}`)) });
  }
  let slowest = 0;
  for (let players = def.players.min; players <= def.players.max; players++) {
    let games = 0;
    let moves = 0;
    const start = performance.now();
    while (performance.now() - start < budgetMs / (def.players.max - def.players.min + 1)) {
      const seed = `bench-${games}`;
      const s = playGame(def, { players, seed, agents: Array.from({ length: players }, (_, i) => randomAgent(`${seed}:${i}`)) });
      games++;
      moves += s.moves.length;
    }
    const seconds = (performance.now() - start) / 1000;
    const msPerGame = (1000 * seconds) / games;
    slowest = Math.max(slowest, msPerGame);
    console.log(`  ${players} players: ${(games / seconds).toFixed(1)} playouts/s (${msPerGame.toFixed(1)} ms a game, ${(moves / games).toFixed(0)} moves, ${((1000 * msPerGame) / (moves / games)).toFixed(0)} µs a move)`);
  }
  // The target a full random game is held to: well under a second.
  console.log(`  slowest full random game: ${slowest.toFixed(0)} ms = ${(slowest / 1000).toFixed(2)} of a second`);
}
