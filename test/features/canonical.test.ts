// The new features' documented examples are laid out as `regula fmt` lays them out, so the
// formatter prints every new form (table lines, `while`, named menus with `for`, `off the board`).
import { describe, expect, it } from 'vitest';
import { format } from '../../language/format.js';
import { docExample } from './docs-example.js';

const HEADINGS = [
  'Everyday words as names', 'Boards', 'Tables made by lines', 'Decisions of several kinds', 'Pieces', 'Counters',
  'Moves made of parts',
];

describe('documented examples of the new features', () => {
  for (const heading of HEADINGS) {
    it(`§ ${heading} is already formatted`, () => {
      expect(format(docExample(heading))).toMatchObject({ ok: true, changed: false });
    });
  }
});
