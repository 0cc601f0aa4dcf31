// The simulator's statistics against values from textbooks and statistics tables.
import { describe, expect, it } from 'vitest';
import {
  formatP, meanEstimate, momentsOf, normalCdf, tQuantile975, tTwoSided, twoProportionTest, welchTest, wilson,
} from '../../interpreter/tools/index.js';

describe('confidence intervals', () => {
  it('gives the Wilson interval of a proportion, inside [0, 1] even at 0%', () => {
    const half = wilson(5, 10);
    expect(half.value).toBe(0.5);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    const none = wilson(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
    expect(wilson(0, 0)).toEqual({ value: 0, low: 0, high: 1 });
  });

  it('gives a mean its Student t interval and the sample standard deviation', () => {
    const m = meanEstimate(momentsOf([1, 2, 3, 4, 5]));
    expect(m.value).toBe(3);
    expect(m.sd).toBeCloseTo(Math.sqrt(2.5), 10);
    // t(0.975, 4) = 2.7764
    expect(m.high - m.value).toBeCloseTo(2.7764 * Math.sqrt(2.5 / 5), 3);
    expect(meanEstimate(momentsOf([7]))).toMatchObject({ value: 7, low: 7, high: 7, n: 1, sd: 0 });
  });

  it('knows the t and normal tables', () => {
    expect(tQuantile975(1)).toBeCloseTo(12.706, 2);
    expect(tQuantile975(10)).toBeCloseTo(2.2281, 3);
    expect(tQuantile975(1e6)).toBeCloseTo(1.96, 2);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
    expect(tTwoSided(2, 8)).toBeCloseTo(0.0805, 3);
  });
});

describe('tests of a shift', () => {
  it('tests two proportions with the pooled z-test', () => {
    const t = twoProportionTest(31, 100, 24, 100);
    expect(t.statistic).toBeCloseTo(-1.1085, 3);
    expect(t.p).toBeCloseTo(0.2677, 3);
    expect(twoProportionTest(310, 1000, 240, 1000).p).toBeLessThan(0.001);
    expect(twoProportionTest(5, 10, 5, 10).p).toBeCloseTo(1, 6);
  });

  it("tests two means with Welch's t-test", () => {
    const t = welchTest(momentsOf([1, 2, 3, 4, 5]), momentsOf([3, 4, 5, 6, 7]));
    expect(t.statistic).toBeCloseTo(2, 10);
    expect(t.p).toBeCloseTo(0.0805, 3); // df = 8
    // Unequal spreads and sizes: scipy's ttest_ind([19,22,16,29,24], [20,11,17,12], equal_var=False)
    // gives t = 2.28315, df = 6.9288, p = 0.056751 (first − second; here second − first).
    const u = welchTest(momentsOf([20, 11, 17, 12]), momentsOf([19, 22, 16, 29, 24]));
    expect(u.statistic).toBeCloseTo(2.28315, 4);
    expect(u.p).toBeCloseTo(0.056751, 4);
  });

  it('writes p-values as a reader wants them', () => {
    expect(formatP(0.0004)).toBe('p < 0.001');
    expect(formatP(0.004)).toBe('p < 0.01');
    expect(formatP(0.034)).toBe('p = 0.034');
    expect(formatP(0.5)).toBe('p = 0.50');
  });
});
