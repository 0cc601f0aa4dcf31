// The golden games (every shipped ruleset, player count and variant setting) on the compiled program,
// from every decision of the first game of each setting: it lists the machine's options there, and
// resumed from the machine's state every 40 decisions and fed the rest of the recorded moves by id,
// it ends in the recorded result.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../cli/load.js';
import { applyInPlace, compiledProgram, legalMoves, setup, type GameState, type Picker } from '../../interpreter/runtime/index.js';
import { repoRoot } from '../helpers.js';
import { goldenFixtures, type GoldenFile } from './golden.js';

const fixtures = goldenFixtures(repoRoot);

describe.each(fixtures)('%s', (fixture) => {
  const file = JSON.parse(readFileSync(join(repoRoot, fixture), 'utf8')) as GoldenFile;
  it('on the compiled program: the same options at every decision, the same end from every 40th', async () => {
    const def = loadRuleset(join(repoRoot, file.ruleset)).definition!;
    const program = compiledProgram(def, file.players, file.variants);
    expect(program, 'the compiled program covers every shipped setting').not.toBeNull();
    const game = file.games[0]!;
    const state: GameState = setup(def, file.players, game.seed, file.variants, { engine: 'machine' });
    for (let k = 0; k < game.moves.length; k++) {
      if (k % 50 === 0) await new Promise((done) => setImmediate(done)); // let the test runner's worker answer its messages
      const legal = legalMoves(def, state)!;
      // The listing, and from every 40th decision the rest of the game fed by id.
      const rest = k % 40 === 0 ? game.moves.slice(k) : [];
      let listed: string[] = [];
      let next = 0;
      const pick: Picker = (n, options) => {
        const ids = Array.from({ length: n }, (_, j) => options.id(j));
        if (next === 0) listed = ids;
        if (next >= rest.length) return -1;
        const j = ids.indexOf(rest[next++]!);
        return j < 0 ? -1 : j;
      };
      const out = program!.resume(state, Array.from({ length: file.players }, () => pick), 100_000);
      expect(listed, `${fixture}, move ${k}`).toEqual(legal.moves);
      if (rest.length) {
        expect(next, `${fixture}: every recorded move from ${k} on was offered`).toBe(rest.length);
        expect(out.result, `${fixture}: the end from move ${k}`).toEqual((game.final as { result: unknown }).result);
      }
      applyInPlace(def, state, game.moves[k]!, { engine: 'machine' });
    }
  });
});
