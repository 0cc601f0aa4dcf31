// Diagonal directions, lines to the edge of a grid and `while` in comprehensions (docs/language.md
// § Boards, "Directions and lines"): the documented N-in-a-row example played through the API.
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../interpreter/compiler/index.js';
import { apply, legalMoves, setup } from '../../interpreter/runtime/index.js';
import { compileText } from '../helpers.js';
import { docExample } from './docs-example.js';

const def = compileText(docExample('Boards'));
const play = (moves: string[]) => moves.reduce((s, m) => apply(def, s, m), setup(def, 2, 1));

describe('lines on a square grid', () => {
  it('ends the game on three in a row along a diagonal', () => {
    // P1: a3, b2, c1 (the falling diagonal); P2: b3, c3.
    const state = play(['mark a3', 'mark b3', 'mark b2', 'mark c3', 'mark c1']);
    expect(state.over).toBe(true);
    expect(state.counters.lines).toEqual([1, 0]);
    expect(state.result?.winners).toEqual([0]);
  });

  it('counts a run through the middle, both ways (a1 and c3 on either side of b2)', () => {
    const state = play(['mark a1', 'mark a3', 'mark c3', 'mark c1', 'mark b2']);
    expect(state.over).toBe(true);
    expect(state.counters.lines).toEqual([1, 0]);
  });

  it('does not count marks with a gap between them (`while` stops at the gap)', () => {
    const state = play(['mark a3', 'mark b3', 'mark c3', 'mark b2', 'mark c1']);
    expect(state.over).toBe(false);
    expect(legalMoves(def, state)!.moves).toEqual(['mark a2', 'mark c2', 'mark a1', 'mark b1']);
  });
});

describe('line, directions, opposite, flatten and while', () => {
  const grid = docExample('Boards').split('pieces marks')[0]!;
  const value = (expr: string): unknown => {
    const source = `${grid}setup {\n  let x = ${expr}\n  say "{x}"\n}\nflow { }\n`;
    const compiled = compileSource(source, 't.rules');
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    return setup(compiled.definition!, 2, 1).log.at(-1)?.text;
  };

  it('goes to the edge, diagonals included, nearest first', () => {
    expect(value('line(first c in grid where name of c = "a1", "north-east")')).toBe('b2+c3');
    expect(value('line(first c in grid where name of c = "a1", "south")')).toBe('nothing');
    expect(value('directions(first c in grid where name of c = "b2")')).toBe('north+south+east+west+north-east+north-west+south-east+south-west');
    expect(value('opposite("north-west")')).toBe('south-east');
  });

  it('flattens one level and takes items while a condition holds', () => {
    expect(value('flatten([[1, 2], [], [3]])')).toBe('1+2+3');
    expect(value('each n * 10 for n in [1, 2, 5, 3] while n < 4')).toBe('10+20');
    expect(value('count n in [1, 2, 5, 3] while n < 4')).toBe('2');
    expect(value('first n in [1, 2, 5, 3] while n > 1')).toBe('none');
  });

  it('refuses a direction the grid does not know, naming the ones it does', () => {
    const source = `${grid}setup {\n  let x = line(first c in grid where name of c = "a1", "up")\n}\nflow { }\n`;
    const compiled = compileSource(source, 't.rules');
    expect(() => setup(compiled.definition!, 2, 1)).toThrow(/line goes north, south, east, west, north-east, north-west, south-east, south-west; not up/);
  });
});
