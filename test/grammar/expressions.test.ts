// Expression precedence and shapes, loosest first: or, and, not, comparison, + -, * /, unary -, of, [index].
import { describe, expect, it } from 'vitest';
import { parseExpr, show, textAt } from './helpers.js';

const cases: [string, string][] = [
  ['a + b * c', '(+ a (* b c))'],
  ['a * b - c / d', '(- (* a b) (/ c d))'],
  ['a - b - c', '(- (- a b) c)'],
  ['not a and b', '(and (not a) b)'],
  ['a or b and c', '(or a (and b c))'],
  ['not a = b', '(not (= a b))'],
  ['cost of meal + 1', '(+ (of cost meal) 1)'],
  ['coins of owner of t', '(of coins (of owner t))'],
  ['-x * 2', '(* (- x) 2)'],
  ['- cost of m', '(- (of cost m))'],
  ['x is not none', '(is not x none)'],
  ['x is none', '(is x none)'],
  ['m not in meals', '(not in m meals)'],
  ['m in meals and yes', '(and (in m meals) yes)'],
  ['[10, 7, 4, 2][place]', '(index [10 7 4 2] place)'],
  ['xs[1][2]', '(index (index xs 1) 2)'],
  ['cost of meals[1]', '(of cost (index meals 1))'],
  ['(a + b) * c', '(* (+ a b) c)'],
  ['if a > 1 then "x" else "y"', '(if (> a 1) "x" "y")'],
  ['meal-price(m) >= 2', '(>= (meal-price() m) 2)'],
  ['[]', '[]'],
  ['a != b', '(!= a b)'],
  ['a <= b', '(<= a b)'],
  // A counter per player per thing: `on` names the thing, after the whole `of` chain.
  ['scored of p on c', '(of scored p on c)'],
  ['scored on c', '(of scored player on c)'],
  ['scored of owner of t on first c in sheet', '(of scored (of owner t) on (first c in sheet))'],
  ['scored of p on c + 1', '(+ (of scored p on c) 1)'],
];

describe('precedence', () => {
  it.each(cases)('%s → %s', (source, expected) => {
    expect(show(parseExpr(source))).toBe(expected);
  });
});

describe('comprehensions and built-in calls', () => {
  it.each([
    ['count m in meals where cost of m > 2', '(count m in meals where (> (of cost m) 2))'],
    ['count(meals)', '(count() meals)'],
    ['any(xs)', '(any() xs)'],
    ['every t in travellers', '(every t in travellers)'],
    ['sum cost of m for m in meals where m in hand', '(sum m in meals where (in m hand) keys (of cost m))'],
    ['sum (cost of m) for m in meals', '(sum m in meals keys (of cost m))'],
    ['max(0, cost of meal - 1)', '(max() 0 (- (of cost meal) 1))'],
    ['max(a, max(b, c))', '(max() a (max() b c))'],
    ['sum max(a, x) for x in xs', '(sum x in xs keys (max() a x))'],
    ['sum (xs[1]) for x in xs', '(sum x in xs keys (index xs 1))'],
    ['max()', '(max())'],
    ['min x for x in xs', '(min x in xs keys x)'],
    ['first t in sorted t in ts by position of t then 0 - slot of t', '(first t in (sorted t in ts keys (of position t) (- 0 (of slot t))))'],
    ['best p in players where p != me by points of p', '(best p in players where (!= p me) keys (of points p))'],
    ['(count m in meals where a) > 2', '(> (count m in meals where a) 2)'],
  ])('%s → %s', (source, expected) => {
    expect(show(parseExpr(source))).toBe(expected);
  });

  it('lets `where` reach as far right as it can', () => {
    expect(show(parseExpr('count m in meals where a > 2'))).toBe('(count m in meals where (> a 2))');
  });
});

describe('literals', () => {
  it('reads numbers, unescaped text, flags and none', () => {
    expect(parseExpr('42')).toMatchObject({ kind: 'Number', value: 42 });
    expect(parseExpr('"a \\"b\\""')).toMatchObject({ kind: 'Text', value: 'a "b"' });
    expect(parseExpr('no')).toMatchObject({ kind: 'Flag', value: false });
    expect(parseExpr('none')).toMatchObject({ kind: 'None' });
  });
});

describe('expression spans', () => {
  it('cover the operands and operators, parentheses included', () => {
    const source = 'define x = (a + b) * cost of m';
    const e = parseExpr('(a + b) * cost of m');
    expect(textAt(source, e.span)).toBe('(a + b) * cost of m');
    if (e.kind !== 'Binary') throw new Error('not binary');
    expect(textAt(source, e.left.span)).toBe('(a + b)');
    expect(textAt(source, e.right.span)).toBe('cost of m');
  });

  it('cover an index up to its closing bracket', () => {
    const source = 'define x = [1, 2][i]';
    expect(textAt(source, parseExpr('[1, 2][i]').span)).toBe('[1, 2][i]');
  });
});
