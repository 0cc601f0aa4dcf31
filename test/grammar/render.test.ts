// Caret text: where lines and columns fall (compared with a plain count, CRLF and the end of the
// text included), and rendering many diagnostics costs one pass over the text, not one each.
import { describe, expect, it } from 'vitest';
import { diag, lineColumn, renderDiagnostic } from '../../grammar/diagnostics.js';

/** Line and column by counting every character before the offset: slow, plainly right. */
function counted(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

describe('lineColumn', () => {
  it('agrees with counting, at every offset and past the end', () => {
    for (const source of ['', 'a', '\n', 'ab\ncd\n', '\n\nx\r\ny', 'zone z\n\nflow { }\n']) {
      for (let offset = 0; offset <= source.length + 2; offset++) expect(lineColumn(source, offset)).toEqual(counted(source, offset));
    }
  });

  it('answers for two texts in turn', () => {
    expect(lineColumn('a\nb', 2)).toEqual({ line: 2, column: 1 });
    expect(lineColumn('abc', 2)).toEqual({ line: 1, column: 3 });
    expect(lineColumn('a\nb', 2)).toEqual({ line: 2, column: 1 });
  });
});

describe('renderDiagnostic', () => {
  it('shows the line (without a CRLF\'s \\r) and a caret under the span', () => {
    const source = 'zone a\nmove card to hand\r\nzone b';
    const d = diag('R0201', { start: 20, end: 24 }, { what: 'Zone', name: 'hand' });
    expect(renderDiagnostic(d, source, 'x.rules')).toBe(
      ['x.rules:2:14: error R0201: Zone `hand` is not declared.', '  |', '2 | move card to hand', '  |              ^^^^'].join('\n'),
    );
  });

  it('shows 200 characters of a long line around the span, with … where it is cut', () => {
    const source = `define d = ${'1 + '.repeat(100_000)}x`;
    const at = source.length - 1;
    const [, , line, caret] = renderDiagnostic(diag('R0201', { start: at, end: at + 1 }, { what: 'Value', name: 'x' }), source, 'x.rules').split('\n');
    expect(line).toBe(`1 | …${source.slice(-200)}`);
    expect(caret!.indexOf('^')).toBe(line!.indexOf('x'));
    const middle = renderDiagnostic(diag('R0201', { start: 200_000, end: 200_001 }, { what: 'Value', name: 'x' }), source, 'x.rules').split('\n');
    expect(middle[2]).toMatch(/^1 \| ….{200}…$/);
    expect(middle[0]).toMatch(/^x\.rules:1:200001: /);
  });

  it('renders 20,000 diagnostics of a 20,000-line text in linear time', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `zone z${i} of Nothing`);
    const source = lines.join('\n');
    let offset = 0;
    const ds = lines.map((line) => {
      const d = diag('R0201', { start: offset + 14, end: offset + line.length }, { what: 'Component', name: 'Nothing' });
      offset += line.length + 1;
      return d;
    });
    const started = performance.now();
    const text = ds.map((d) => renderDiagnostic(d, source, 'x.rules')).join('\n');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(text).toContain('x.rules:20000:');
  });
});
