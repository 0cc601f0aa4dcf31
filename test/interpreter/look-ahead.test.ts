// Looking one decision ahead on the compiled program (what the playground's table shows before a
// click) gives what the machine gives by playing the move on a copy: the next decision's seat and
// options (ids, values, a menu's branches), or the end of the game; and whenever the move asks chance,
// moves or reveals a card, it says so.
import { describe, expect, it } from 'vitest';
import { applyInPlace, legalMoves, nextDecision, randomAgent, setup, view, type GameState } from '../../interpreter/runtime/index.js';
import { compileFile } from '../helpers.js';

/** The machine's answer: the move played on a copy. */
function machineAhead(def: Parameters<typeof applyInPlace>[0], state: GameState, move: string) {
  const copy = structuredClone(state);
  applyInPlace(def, copy, move, { engine: 'machine' });
  const changed = JSON.stringify([copy.rng, copy.zones, copy.revealed]) !== JSON.stringify([state.rng, state.zones, state.revealed]);
  return { next: copy.over || !copy.pending ? null : { player: copy.pending.player, options: copy.pending.options }, changed };
}

describe('the next decision, looked at on the compiled program', () => {
  for (const [file, players] of [
    ['rulesets/java/java.cs.rules', 2], ['rulesets/tokaido/tokaido.cs.rules', 3], ['rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules', 2],
    ['rulesets/kudy-tudy/kudy-tudy.cs.rules', 3], ['rulesets/connect-four/connect-four.rules', 2], ['rulesets/yacht/yacht.rules', 2],
  ] as const) {
    it(`${file}: as the machine finds it, for every option at every fifth decision`, () => {
      const def = compileFile(file);
      const state = setup(def, players, 'ahead');
      const agents = Array.from({ length: players }, (_, seat) => randomAgent(`ahead:${seat}`));
      let decisions = 0;
      for (let legal = legalMoves(def, state); legal && decisions < 150; legal = legalMoves(def, state)) {
        if (decisions++ % 5 === 0) {
          for (const move of legal.moves) {
            const found = nextDecision(def, state, move);
            expect(found, `${move} at move ${state.moves.length}`).not.toBeUndefined();
            const ahead = found!;
            const machine = machineAhead(def, state, move);
            if (machine.changed && ahead !== null) expect(ahead.drawn, move).toBe(true);
            expect(ahead === null ? null : { player: ahead.player, options: ahead.options }, move).toEqual(machine.next);
          }
        }
        applyInPlace(def, state, agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }));
      }
    });
  }
});
