// Java (rulesets/java/java.cs.rules): games that once never ended. A player who owed a land tile
// was offered an anchor whose every placement would join two cities (the anchor search leaves that
// rule out), so the kind of tile was never found not to fit, `no land tile fits` was never offered
// and the turn went round for ever. The position itself is the scenario
// rulesets/java/scenarios/nothing-fits-two-cities.json.
import { describe, expect, it } from 'vitest';
import { playGame, playout, randomAgent } from '../../interpreter/runtime/index.js';
import { compileFile } from '../helpers.js';

const def = compileFile('rulesets/java/java.cs.rules');
const agents = (seed: string, players: number) => Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`));

describe('Java: random games end', () => {
  it('seed bench-454 with 3 players ends (it was stuck in one turn before)', () => {
    const state = playGame(def, { players: 3, seed: 'bench-454', agents: agents('bench-454', 3), maxMoves: 5000 });
    expect(state.over).toBe(true);
    expect(state.moves.length).toBeLessThan(5000);
  });

  it('the compiled tier plays seed bench-454 as the machine does', () => {
    const p = playout(def, { players: 3, seed: 'bench-454', agents: (seat) => randomAgent(`bench-454:${seat}`) });
    const state = playGame(def, { players: 3, seed: 'bench-454', agents: agents('bench-454', 3) });
    expect(JSON.stringify([p.moves, p.result])).toBe(JSON.stringify([state.moves, state.result]));
  });
});
