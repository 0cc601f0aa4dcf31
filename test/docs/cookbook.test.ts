// Plays the recipes of the cookbook in docs/language.md: every complete ```regula block under
// `## Cookbook` compiles and, for every player count its header allows and two seeds, random
// players take it to the end and it names a result. (language.test.ts parses and checks them.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playGame, randomAgent } from '../../interpreter/runtime/index.js';
import { compileText, repoRoot } from '../helpers.js';
import { invariantViolations } from '../invariants.js';
import { examples, sectionLines } from './examples.js';

const markdown = readFileSync(join(repoRoot, 'docs', 'language.md'), 'utf8');
const section = sectionLines(markdown, 'Cookbook');
const recipes = section === null
  ? []
  : examples(markdown).filter((b) => !b.fragment && b.line > section.from && b.line < section.to);

describe('the cookbook of docs/language.md', () => {
  it('has six recipes, each a complete ruleset', () => {
    expect(section, 'docs/language.md has a `## Cookbook` section').not.toBeNull();
    expect(recipes.map((r) => r.heading)).toHaveLength(6);
  });
});

for (const recipe of recipes) {
  const file = `docs/language.md:${recipe.line}`;
  describe(recipe.name, () => {
    const def = compileText(recipe.source, file);
    for (let players = def.players.min; players <= def.players.max; players++) {
      for (const seed of ['cookbook-1', 'cookbook-2']) {
        it(`plays to the end with ${players} random players (seed ${seed})`, () => {
          let checkedLog = 0;
          const state = playGame(def, {
            players, seed, maxMoves: 5000,
            agents: Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`)),
            onMove: (s) => {
              const problems = invariantViolations(def, s, checkedLog);
              checkedLog = s.log.length;
              if (problems.length) throw new Error(`after move ${s.moves.length}: ${problems.join('; ')}`);
            },
          });
          expect(state.over).toBe(true);
          expect(state.result).not.toBeNull();
          expect(state.result!.winners.length).toBeGreaterThan(0);
        });
      }
    }
  });
}
