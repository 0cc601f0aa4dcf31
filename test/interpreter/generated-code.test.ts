// Expressions compiled to generated JavaScript (interpreter/runtime/generate.ts): the same games,
// answers and errors as the closures, no way for a ruleset's texts to become code, and closures
// alone where making functions from source is forbidden (a content security policy).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playGame, randomAgent, RuleError, setup, useGeneratedCode, watchGeneratedCode } from '../../interpreter/runtime/index.js';
import { compileFile, compileText } from '../helpers.js';
import { HOSTILE } from './hostile.js';

afterEach(() => {
  useGeneratedCode(true);
  watchGeneratedCode(undefined);
  vi.unstubAllGlobals();
});

const RULES = `
game "Hostile texts" { players 2 }
counter score per player
${HOSTILE.map((t, i) => `define text${i} = "${t}"`).join('\n')}
define same(a, b) = a = b
define joined(a, b) = a + b
flow {
${HOSTILE.map((t, i) => `  if same(text${i}, "${t}") and joined(text${i}, "!") != "${t}" { gain ${i + 1} score to players[1] }\n  let said${i} = joined(text${i}, "")\n  say "{said${i}}"`).join('\n')}
  end the game
}
`;

/** Plays a ruleset with generated code switched on or off, and the sources generated meanwhile. */
function playBoth(source: () => ReturnType<typeof compileText>, players: number, seed: string) {
  const run = (on: boolean) => {
    useGeneratedCode(on);
    const sources: string[] = [];
    watchGeneratedCode((s) => sources.push(s));
    const agents = Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`));
    // (On the machine: its expressions are what is compared; setup and applyInPlace play on the live program unless told.)
    const state = playGame(source(), { players, seed, agents, engine: 'machine' });
    watchGeneratedCode(undefined);
    return { state, sources };
  };
  return { generated: run(true), closures: run(false) };
}

describe('generated code', () => {
  it('plays every shipped ruleset as the closures do, move for move', () => {
    const games: [string, number][] = [
      ['rulesets/connect-four/connect-four.rules', 2],
      ['rulesets/connect-four/connect-four.obvious.rules', 2],
      ['rulesets/tokaido/tokaido.ru.rules', 3],
      ['rulesets/breakthrough/breakthrough.rules', 2],
      ['rulesets/tokaido/tokaido.cs.rules', 4],
      ['rulesets/java/java.cs.rules', 3],
      ['rulesets/hearts/hearts.rules', 4],
      ['rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules', 3],
      ['rulesets/kudy-tudy/kudy-tudy.cs.rules', 3],
      ['rulesets/draughts/draughts.rules', 2],
      ['rulesets/yacht/yacht.rules', 2],
    ];
    for (const [file, players] of games) {
      const { generated, closures } = playBoth(() => compileFile(file), players, `gen-${file}`);
      expect(generated.sources.length, file).toBeGreaterThan(0);
      expect(closures.sources, file).toEqual([]);
      expect(generated.state.moves.length, file).toBeGreaterThan(5);
      expect(JSON.stringify(generated.state), file).toBe(JSON.stringify(closures.state));
    }
  });

  it('never writes a ruleset\'s texts into the source it generates', () => {
    const { generated, closures } = playBoth(() => compileText(RULES), 2, 'hostile');
    expect((globalThis as Record<string, unknown>).__regulaInjected).toBeUndefined();
    // The texts were compared and joined by generated code, and every comparison held.
    expect(generated.state.log.map((l) => l.text)).toContain('P1: score +1 → 1');
    expect(generated.state.log.filter((l) => / score \+\d/.test(l.text))).toHaveLength(HOSTILE.length);
    expect(JSON.stringify(generated.state)).toBe(JSON.stringify(closures.state));
    const said = generated.state.log.map((l) => l.text);
    for (const text of HOSTILE) expect(said).toContain(text.replaceAll('\\"', '"'));
    const source = generated.sources.join('\n');
    expect(source).toContain('EQ(');
    for (const fragment of ['__regulaInjected', 'script', '*/', '`', "'"]) expect(source).not.toContain(fragment);
  });

  it('writes a define\'s comprehensions as loops that answer as the closures do, nested and recursive', () => {
    const rules = `
game "Loops" { players 2 }
define nums = [3, 1, 4, 1, 5, 9, 2, 6]
define above(xs, k) = count x in xs where x > k
define first-above(xs, k) = first x in xs where x > k
define last-below(xs, k) = last x in xs where x < k
define all-below(xs, k) = every x in xs where x < k
define some-pair(xs) = any x in xs where (count y in xs where y = x) > 1
define rising(xs) = count x in xs while x < 5
define last-rising(xs) = last x in xs while x < 5
define none-rising(xs) = first x in xs while x > 100
define depth(n) = if n <= 0 then 0 else 1 + (count k in [n] where depth(k - 1) >= 0) + depth(n - 1) - 1
flow {
  let a = above(nums, 3)
  let b = first-above(nums, 4)
  let c = last-below(nums, 3)
  let d = all-below(nums, 10)
  let e = all-below(nums, 9)
  let f = some-pair(nums)
  let g = rising(nums)
  let h = last-rising(nums)
  let i = none-rising(nums)
  let j = depth(5)
  say "{a} {b} {c} {d} {e} {f} {g} {h} {i} {j}"
  end the game
}
`;
    const said = (on: boolean) => {
      useGeneratedCode(on);
      const sources: string[] = [];
      watchGeneratedCode((s) => sources.push(s));
      const log = setup(compileText(rules), 2, 1, [], { engine: 'machine' }).log.map((l) => l.text);
      return { line: log.find((t) => /^\d/.test(t)), loops: sources.filter((s) => /function c\d/.test(s)).length };
    };
    const generated = said(true), closures = said(false);
    expect(generated.line).toBe('4 5 2 yes no yes 4 1 none 5');
    expect(closures.line).toBe(generated.line);
    expect(generated.loops).toBeGreaterThanOrEqual(9);
    expect(closures.loops).toBe(0);
  });

  it('stops with the same error, at the same place, as the closures', () => {
    const rules = `
game "Errors" { players 2 }
define half(n) = n / (n - n)
define negated(n) = not n
flow {
  let a = 3
  say "{a}"
  let b = half(a)
  end the game
}
`;
    const errorOf = (on: boolean, text: string) => {
      useGeneratedCode(on);
      try {
        setup(compileText(text), 2, 1, [], { engine: 'machine' });
      } catch (e) {
        return e;
      }
      return null;
    };
    for (const text of [rules, rules.replace('half(a)', 'negated(a)')]) {
      const generated = errorOf(true, text), closures = errorOf(false, text);
      expect(generated).toBeInstanceOf(RuleError);
      expect((generated as RuleError).message).toBe((closures as RuleError).message);
      expect((generated as RuleError).diagnostic).toEqual((closures as RuleError).diagnostic);
    }
  });

  it('falls back to closures where making functions from source is forbidden', () => {
    vi.stubGlobal('Function', function forbidden() {
      throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source");
    });
    expect(useGeneratedCode(true)).toBe(true); // it was on; it cannot be now
    const sources: string[] = [];
    watchGeneratedCode((s) => sources.push(s));
    const state = playGame(compileFile('rulesets/connect-four/connect-four.rules'), { players: 2, seed: 'csp', agents: [randomAgent('a'), randomAgent('b')] });
    expect(state.over).toBe(true);
    expect(sources).toEqual([]);
    vi.unstubAllGlobals();
    expect(useGeneratedCode(true)).toBe(false); // switched back on once source is allowed again
  });
});
