// The interpreter and the grammar know no game: every game's words live in rulesets/.
import { expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './helpers.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

it('grammar/ and interpreter/ name no game, card or term of a game', () => {
  const words = /tokaido|souvenir|meal|panorama|temple|traveller|traveler|thurn|taxis|kudy|carriage|palace|festival|irrigation/i;
  const hits = ['grammar', 'interpreter'].flatMap((dir) => files(join(repoRoot, dir)))
    .flatMap((path) => readFileSync(path, 'utf8').split('\n').map((line, i) => ({ path, line, n: i + 1 })))
    .filter((x) => words.test(x.line))
    .map((x) => `${x.path.slice(repoRoot.length)}:${x.n}: ${x.line.trim()}`);
  expect(hits).toEqual([]);
});
