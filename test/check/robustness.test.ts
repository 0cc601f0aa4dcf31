// The checker reads what a parse that recovered from errors leaves: it must never throw on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseRuleset } from '../../grammar/index.js';
import { check } from '../../interpreter/checker/index.js';

const dir = join(import.meta.dirname, 'fixtures');
const sources = ['clean.rules', 'wrong-types.rules', 'scopes.rules', 'variants.rules'].map((f) => readFileSync(join(dir, f), 'utf8'));

it('survives 100 randomly damaged rulesets', () => {
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let i = 0; i < 100; i++) {
    const words = sources[i % sources.length]!.split(/(\s+)/);
    for (let k = 0; k < 3; k++) {
      const at = rand(words.length);
      const op = rand(3);
      if (op === 0) words.splice(at, 1);
      else if (op === 1) words.splice(at, 0, words[rand(words.length)]!);
      else words[at] = words[rand(words.length)]!;
    }
    const source = words.join('');
    expect(() => check(parseRuleset(source, 'damaged.rules').ruleset, { file: 'damaged.rules', source, rulebook: { file: 'b', text: '' } })).not.toThrow();
  }
});
