// The search agents think on the compiled program: in every shipped game it covers, an mcts decision
// mid-game plays its iterations there, and the program gives up a sample only where the machine finds
// the sample breaks the rules (a hidden plan dealt as nobody could have made it); it decides as the
// machine-only agent would where both see the same samples (Connect Four's open board has no hidden
// cards: the same tree, the same move).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyInPlace, compiledProgram, Deopt, determinizer, legalMoves, nextInt, randomAgent, RuleError, seedRng, setup, view, whyNotCompiled,
} from '../../interpreter/runtime/index.js';
import { mctsAgent } from '../../interpreter/tools/index.js';
import { compileFile, repoRoot } from '../helpers.js';
import { shippedRulesets } from '../settings.js';

describe('mcts on the compiled program', () => {
  for (const path of shippedRulesets(repoRoot)) {
    it(`${path}: a mid-game decision runs compiled, giving up only samples the machine cannot play on`, () => {
      const def = compileFile(join(repoRoot, path));
      const players = Math.max(def.players.min, Math.min(3, def.players.max));
      if (whyNotCompiled(def, players) !== null) return;
      const state = setup(def, players, 'engine');
      const agents = Array.from({ length: players }, (_, seat) => randomAgent(`engine:${seat}`));
      let legal = legalMoves(def, state)!;
      for (let i = 0; i < 12 || legal.moves.length < 2; i++) {
        applyInPlace(def, state, agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }));
        legal = legalMoves(def, state)!;
      }
      const agent = mctsAgent('engine', { iterations: 40, depth: 20 });
      const seen = view(def, state, legal.player);
      const move = agent.choose(legal.moves, { def, seat: legal.player, view: () => seen });
      expect(legal.moves).toContain(move);
      expect(agent.iterations.compiled + agent.iterations.machine).toBe(40);
      if (agent.iterations.machine === 0) return;
      // Given up: each such sample is one the machine cannot play on either, the same picks made.
      const sampler = determinizer(def, seen);
      const program = compiledProgram(def, players, [])!;
      for (let i = 0; i < 10; i++) {
        const dealt = sampler.deal(seedRng(`engine:${i}`));
        const rng = seedRng(`picks:${i}`);
        const picks: number[] = [];
        const pick = (n: number) => (picks.push(nextInt(rng, n)), picks[picks.length - 1]!);
        let gaveUp = false;
        try {
          program.resume(dealt, Array.from({ length: players }, () => pick), 100_000);
        } catch (e) {
          if (!(e instanceof Deopt)) throw e;
          gaveUp = true;
        }
        let failed = false;
        try {
          const machine = sampler.listed(dealt);
          for (const k of picks) applyInPlace(def, machine, legalMoves(def, machine)!.moves[k]!, { engine: 'machine' });
          if (gaveUp) for (let l = legalMoves(def, machine); l; l = legalMoves(def, machine)) applyInPlace(def, machine, l.moves[nextInt(rng, l.moves.length)]!, { engine: 'machine' });
        } catch (e) {
          if (!(e instanceof RuleError)) throw e;
          failed = true;
        }
        expect(gaveUp, `${path}, sample ${i}`).toBe(failed);
      }
    });
  }

  it('chooses as the machine-only agent where the samples are the same (no hidden cards)', () => {
    const def = compileFile(join(repoRoot, 'rulesets/connect-four/connect-four.rules'));
    for (const seed of ['a', 'b', 'c']) {
      const state = setup(def, 2, seed);
      const r = randomAgent(seed);
      for (let i = 0; i < 6; i++) {
        const legal = legalMoves(def, state)!;
        applyInPlace(def, state, r.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }));
      }
      const legal = legalMoves(def, state)!;
      const context = { def, seat: legal.player, view: () => view(def, state, legal.player) };
      const [compiled, machine] = [mctsAgent(seed, { iterations: 200 }), mctsAgent(seed, { iterations: 200, machine: 1 })];
      expect(compiled.choose(legal.moves, context), seed).toBe(machine.choose(legal.moves, context));
      expect(machine.iterations.compiled).toBe(0);
    }
  });
});
