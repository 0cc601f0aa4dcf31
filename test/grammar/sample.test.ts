// The brief's sample touches every declaration kind: it must parse without a single diagnostic.
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../grammar/index.js';
import { SAMPLE } from './sample.js';

describe('the sample ruleset', () => {
  it('parses without diagnostics', () => {
    const { ruleset, diagnostics } = parseRuleset(SAMPLE, 'sample.rules');
    expect(diagnostics).toEqual([]);
    expect(ruleset.decls.map((d) => d.kind)).toEqual([
      'Game', 'Component', 'Table', 'Zone', 'Zone', 'Counter', 'Counter', 'Piece', 'Piece', 'Board', 'Board',
      'Board', 'Define', 'Define', 'Event', 'Rule', 'Forbid', 'Powers', 'Power', 'Setup', 'Flow', 'Recount',
      'Winner', 'Variant',
    ]);
    expect(ruleset.span).toEqual({ start: 0, end: SAMPLE.length });
  });

  it('gives every node a span inside the source, with start before end', () => {
    const { ruleset } = parseRuleset(SAMPLE);
    const check = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(check);
      if (value === null || typeof value !== 'object') return;
      const node = value as { span?: { start: number; end: number } };
      if (node.span) {
        expect(Number.isInteger(node.span.start)).toBe(true);
        expect(node.span.start).toBeGreaterThanOrEqual(0);
        expect(node.span.end).toBeGreaterThan(node.span.start);
        expect(node.span.end).toBeLessThanOrEqual(SAMPLE.length);
      }
      Object.values(value).forEach(check);
    };
    check(ruleset);
  });

  it('gives the same AST when parsed twice with the shared parser', () => {
    expect(parseRuleset(SAMPLE)).toEqual(parseRuleset(SAMPLE));
  });
});
