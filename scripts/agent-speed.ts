// Playouts per second of an mcts spec at a few decisions of one random game per ruleset (docs/agents.md):
//
//   npx tsx scripts/agent-speed.ts <mcts spec, e.g. mcts:iterations=100> <ruleset>...
//
// The positions are those of a random game (seed `speed`, two players) at every third move where the
// seat to move has a real choice; six of them per ruleset.
import { loadRuleset } from '../cli/load.js';
import { applyInPlace, legalMoves, randomAgent, setup, view } from '../interpreter/runtime/index.js';
import { agentFromSpec } from '../interpreter/tools/index.js';

const [spec, ...files] = process.argv.slice(2);
if (!spec || !files.length) {
  console.error('usage: npx tsx scripts/agent-speed.ts <mcts spec> <ruleset>...');
  process.exit(2);
}
const iterations = Number(/iterations=(\d+)/.exec(spec)?.[1] ?? 300);
for (const file of files) {
  const def = loadRuleset(file).definition;
  if (!def) throw new Error(`${file} does not compile`);
  const state = setup(def, Math.max(2, def.players.min), 'speed');
  const random = Array.from({ length: state.players }, (_, seat) => randomAgent(`speed:${seat}`));
  let decisions = 0;
  let ms = 0;
  for (let legal = legalMoves(def, state); legal && decisions < 6; legal = legalMoves(def, state)) {
    const seat = legal.player;
    const context = { def, seat, view: () => view(def, state, seat) };
    if (legal.moves.length > 1 && state.moves.length % 3 === 0) {
      const started = performance.now();
      agentFromSpec(spec)('speed', seat).choose(legal.moves, context);
      ms += performance.now() - started;
      decisions++;
    }
    applyInPlace(def, state, random[seat]!.choose(legal.moves, context));
  }
  console.log(`${file}: ${Math.round((decisions * iterations * 1000) / ms)} playouts/s over ${decisions} decisions`);
}
