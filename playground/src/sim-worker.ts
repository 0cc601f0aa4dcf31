// A web worker of the simulate card: plays the batches of seeded games the page hands it with the
// code `regula sim` runs in its worker threads (Tally, interpreter/tools), and sends back each
// batch's whole-number counts. The page merges them in game order (simulation.ts), so the figures
// are `regula sim`'s for the same ruleset, players, variants, agents and seed.
import { Tally } from '../../interpreter/tools/index.js';
import { problemOf } from './game.js';
import type { SimToPage, SimToWorker } from './sim-protocol.js';

let setup: Extract<SimToWorker, { type: 'setup' }> | null = null;
const post = (message: SimToPage) => postMessage(message);

addEventListener('message', (event: MessageEvent<SimToWorker>) => {
  const m = event.data;
  if (m.type === 'setup') {
    setup = m;
    return;
  }
  if (!setup) throw new Error('The simulation worker got a batch before its setup.');
  const { def, players, variants, seed, agents } = setup;
  const tally = new Tally(def, { players, variants, seed, agents });
  for (let g = m.from; g < m.to; g++) {
    try {
      tally.play(g);
    } catch (e) {
      post({ type: 'failed', batch: m.batch, game: `${seed}/${g}`, problem: problemOf(e, def) });
      return;
    }
    post({ type: 'played', batch: m.batch });
  }
  post({ type: 'done', batch: m.batch, counts: tally.counts });
});
