// Arranging a scenario's position (`arrange` in a scenario file, as `regula scenario` reads it):
// a zone emptied back to where its cards start, without naming a zone, and a piece taken off the
// board; the scenario checks where pieces stand with `expect.pieces`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonFile } from '../../interpreter/definition/index.js';
import { runScenario, type Scenario } from '../../interpreter/tools/index.js';
import { compileFile, repoRoot } from '../helpers.js';

const cards = compileFile(join(repoRoot, 'test/interpreter/card-game.rules'));
const connectFour = compileFile(join(repoRoot, 'rulesets/connect-four/connect-four.rules'));

/** The scenario as a file would give it: JSON, checked against the scenario schema. */
const scenario = (steps: unknown[], ruleset = 'game.rules'): Scenario =>
  parseJsonFile<Scenario>('scenario', JSON.stringify({ title: 'arranged', ruleset, players: 2, seed: 5, steps }), 'arranged.json');

const failures = (def: typeof cards, s: Scenario) => runScenario(def, s).flatMap((o) => o.failures);

describe('arrange', () => {
  it('empties a zone back to the zone its cards start in when no zone is named (`null`)', () => {
    // Empty hands and then a hand of two, in one step: a pending choice with no option would be an error.
    const s = scenario([{
      arrange: { empty: { 'hand@0': null, 'hand@1': null }, zones: { 'hand@0': ['five', 'one'] } },
      expect: { zones: { 'hand@0': ['five', 'one'] }, zoneCounts: { 'hand@1': 0, deck: 8 }, legalExactly: ['play five', 'play one'] },
    }]);
    expect(failures(cards, s)).toEqual([]);
  });

  it('refuses to empty a zone back into itself, saying what to write instead', () => {
    const s = scenario([{ arrange: { empty: { deck: null } } }]);
    expect(failures(cards, s).join('\n')).toMatch(/Cannot arrange: `deck` cannot be emptied back where its cards start.*name the zone its cards go to/);
  });

  it('takes a piece off the board with `null`, and checks where pieces stand', () => {
    const s = scenario([
      { arrange: { pieces: { 'discs#0.1': 'd', 'discs#1.1': 'e' } }, expect: { pieces: { 'discs#0.1': 'd', 'discs#1.1': 'e' } } },
      { arrange: { pieces: { 'discs#0.1': null } }, expect: { pieces: { 'discs#0.1': null, 'discs#1.1': 'e' } } },
    ], 'connect-four.rules');
    expect(failures(connectFour, s)).toEqual([]);
  });

  it('says where a piece is when it is not where the scenario expects it', () => {
    const s = scenario([{ arrange: { pieces: { 'discs#0.1': 'd' } }, expect: { pieces: { 'discs#0.1': null } } }], 'connect-four.rules');
    expect(failures(connectFour, s)).toEqual(['expected piece `discs#0.1` off the board, but it is on `d`']);
  });

  it('is refused by the schema when a piece is given something else than a space or null', () => {
    expect(() => scenario([{ arrange: { pieces: { 'discs#0.1': 3 } } }])).toThrow(/is not a valid scenario/);
  });
});
