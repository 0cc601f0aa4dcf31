// Saved games checked against their rules: every state a real game passes through is sound, and
// each kind of damage is named by its field.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomAgent } from '../../interpreter/runtime/index.js';
import { modelFor } from '../../interpreter/runtime/index.js';
import { playGame } from '../../interpreter/runtime/index.js';
import type { GameState } from '../../interpreter/runtime/index.js';
import { stateProblems } from '../../interpreter/runtime/index.js';
import { compileFile, repoRoot } from '../helpers.js';
import { playerCounts, shippedRulesets } from '../settings.js';

describe('every state of real games is sound', () => {
  it.each(shippedRulesets(repoRoot))('%s', (ruleset) => {
    const def = compileFile(join(repoRoot, ruleset));
    for (const players of playerCounts(def)) {
      const seed = `state-check-${players}`;
      const model = modelFor(def, players, []);
      playGame(def, {
        players, seed, agents: Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`)),
        onMove: (state) => expect(stateProblems(model, state), `after move ${state.moves.length}`).toEqual([]),
      });
    }
  });
});

describe('a damaged saved game is refused, naming the field', () => {
  const def = compileFile(join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules'));
  const model = modelFor(def, 3, []);
  const start = playGame(def, { players: 3, seed: 5, script: [] });
  const damaged = (damage: (s: GameState) => void) => {
    const s = structuredClone(start);
    damage(s);
    return stateProblems(model, s);
  };

  it('accepts the undamaged state', () => expect(stateProblems(model, start)).toEqual([]));

  it.each([
    ['a program counter past its block', (s: GameState) => { const f = s.stack.find((x) => x.k === 'block')!; if (f.k === 'block') f.pc = 10_000; }, /^stack\[\d+\]: statement 10000 is outside block/],
    ['a block that does not exist', (s: GameState) => { const f = s.stack.find((x) => x.k === 'block')!; if (f.k === 'block') f.b = 99_999; }, /no block 99999/],
    ['a pending decision of a seat the game lacks', (s: GameState) => { s.pending = { ...s.pending!, player: 7 }; }, /^pending.player: must be a seat from 0 to 2/],
    ['a decision waiting on an empty stack', (s: GameState) => { s.stack = []; }, /^pending: a decision is waiting but nothing is running/],
    ['a card no rule knows', (s: GameState) => { s.zones['meal-deck']!.push('Pizza'); }, /^zones.meal-deck\[\d+\]: no card `Pizza`/],
    ['a zone no rule knows', (s: GameState) => { s.zones['attic'] = []; }, /^zones.attic: no such zone/],
    ['a counter of the wrong shape', (s: GameState) => { s.counters['coins'] = [1, 2]; }, /^counters.coins: must be 3 numbers/],
    ['a piece on a space that does not exist', (s: GameState) => { const id = Object.keys(s.pieces)[0]!; s.pieces[id] = { space: 'Atlantis', slot: 0 }; }, /space: no space `Atlantis`/],
    ['a turn of a missing seat', (s: GameState) => { s.stack.push({ k: 'turn', player: 9 }); }, /turn of seat 9/],
  ])('%s', (_what, damage, message) => {
    const problems = damaged(damage);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => message.test(p)), problems.join('\n')).toBe(true);
  });
});
