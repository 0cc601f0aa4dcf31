// The LSP framing read strictly (language/lsp-framing.ts): well-formed messages through, whatever
// their chunking; each kind of malformed input a problem with a reason, fatal only where the framing
// is lost; a message begun and left waiting, or cut short by the end of the input, ends the session.
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameParser, StrictMessageReader, type ProtocolProblem } from '../../language/lsp-framing.js';

const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: { position: { line: 0, character: 0 } } });

function parse(...chunks: string[]) {
  const parser = new FrameParser({ headerBytes: 256, messageBytes: 1000, stallMs: 1000 });
  return chunks.flatMap((c) => parser.push(Buffer.from(c)));
}
const problems = (...chunks: string[]) => parse(...chunks).flatMap((p) => ('problem' in p ? [p.problem] : []));

describe('well-formed input', () => {
  it('gives every message, one byte at a time as well as several in one chunk', () => {
    const two = frame(request) + `content-length: ${request.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${request}`;
    expect(parse(two)).toHaveLength(2);
    expect(parse(...two.split(''))).toEqual(parse(two));
    expect(parse(two)[0]).toEqual({ message: JSON.parse(request) });
  });

  it('counts Content-Length in bytes, not characters', () => {
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'note', params: { text: 'Hráč může věnovat 🏯' } });
    expect(parse(frame(body) + frame(request))).toEqual([{ message: JSON.parse(body) }, { message: JSON.parse(request) }]);
  });

  it('takes params: null, as clients send it for shutdown', () => {
    expect(parse(frame('{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}'))).toHaveLength(1);
  });
});

describe('a body that cannot be taken: an error response, and the session goes on', () => {
  it.each([
    ['{"jsonrpc":"2.0",', -32700, /not JSON/],
    ['[]', -32600, /batch/],
    ['42', -32600, /JSON object/],
    ['{"jsonrpc":"1.0","id":3,"method":"x"}', -32600, /"jsonrpc" must be "2.0"/],
    ['{"jsonrpc":"2.0","id":{},"method":"x"}', -32600, /"id" must be/],
    ['{"jsonrpc":"2.0","id":4,"method":"x","params":7}', -32600, /"params"/],
    ['{"jsonrpc":"2.0","id":5}', -32600, /neither a "method"/],
  ])('%s', (body, code, why) => {
    const out = parse(frame(body) + frame(request));
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ problem: { code, message: expect.stringMatching(why), fatal: false } });
    expect(out[1]).toEqual({ message: JSON.parse(request) });
  });

  it('answers an empty body at once', () => {
    expect(parse('Content-Length: 0\r\n\r\n', frame(request))).toEqual([{ problem: expect.objectContaining({ code: -32700, fatal: false }) }, { message: JSON.parse(request) }]);
  });

  it('answers an invalid request with its id when it has one', () => {
    expect(problems(frame('{"jsonrpc":"2.0","id":9,"method":7}'))[0]).toMatchObject({ id: 9, code: -32600 });
  });

  it('skips a message over the size limit and reads the next', () => {
    const big = JSON.stringify({ jsonrpc: '2.0', method: 'x', params: { text: 'x'.repeat(2000) } });
    const out = parse(frame(big).slice(0, 500), frame(big).slice(500) + frame(request));
    expect(out).toEqual([{ problem: expect.objectContaining({ message: expect.stringMatching(/over the 1000 the server reads; it was skipped/), fatal: false }) }, { message: JSON.parse(request) }]);
  });

  it('refuses a charset other than UTF-8', () => {
    expect(problems(`Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n{}`)[0]).toMatchObject({ fatal: false, message: expect.stringMatching(/charset "latin1"/) });
  });
});

describe('headers that cannot be read: the framing is lost, a fatal problem', () => {
  it.each([
    ['Content-Length: abc\r\n\r\n{}', /Content-Length must be a whole number of bytes, not "abc"/],
    ['Content-Length: -5\r\n\r\n{}', /not "-5"/],
    ['Content-Type: application/vscode-jsonrpc\r\n\r\n{}', /no Content-Length/],
    [request, /a JSON body with no `Content-Length: N` header/],
    ['Content-Length: 2\n\n{}', /bare LF/],
    ['Content Length: 2\r\n\r\n{}', /not `Name: value`: "Content Length: 2"/],
    [`X-Padding: ${'x'.repeat(300)}`, /headers longer than 256 bytes/],
  ])('%j', (input, why) => {
    const out = problems(input, frame(request));
    expect(out).toEqual([{ code: -32700, message: expect.stringMatching(why), id: null, fatal: true }]);
  });

  it('reads nothing after a fatal problem', () => {
    expect(parse('Content-Length: x\r\n\r\n', frame(request))).toHaveLength(1);
  });
});

describe('a message cut short', () => {
  function reader(stallMs: number) {
    const input = new PassThrough();
    const seen: ProtocolProblem[] = [];
    const messages: unknown[] = [];
    let closed = false;
    const r = new StrictMessageReader(input, (p) => seen.push(p), { headerBytes: 256, messageBytes: 1000, stallMs });
    r.onClose(() => { closed = true; });
    r.listen((m) => messages.push(m));
    return { input, seen, messages, isClosed: () => closed };
  }

  it('ends the session when the input ends inside a body, saying how much was missing', async () => {
    const { input, seen, isClosed } = reader(60_000);
    input.write('Content-Length: 100\r\n\r\n{"jsonrpc":"2.0"');
    input.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([expect.objectContaining({ fatal: true, message: 'The input ended 84 bytes short of the body its Content-Length announced (100). Nothing after it can be read, so the server stops.' })]);
    expect(isClosed()).toBe(true);
  });

  it('closes quietly when the input ends between messages', async () => {
    const { input, seen, messages, isClosed } = reader(60_000);
    input.end(frame(request));
    await new Promise((resolve) => setImmediate(resolve));
    expect([seen, messages.length, isClosed()]).toEqual([[], 1, true]);
  });

  it('gives up on a message left waiting longer than the stall limit', async () => {
    const { input, seen, isClosed } = reader(100);
    input.write('Content-Length: 100\r\n\r\n{"jsonrpc":');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen).toEqual([expect.objectContaining({ fatal: true, message: expect.stringMatching(/^The input stopped for 100 ms 89 bytes short/) })]);
    expect(isClosed()).toBe(true);
  });

  it('waits for a message that keeps arriving, however slowly in all', async () => {
    const { input, seen, messages } = reader(150);
    const bytes = frame(request);
    for (let i = 0; i < bytes.length; i += 20) {
      input.write(bytes.slice(i, i + 20));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([seen, messages.length]).toEqual([[], 1]);
  });
});

describe('any bytes at all', () => {
  it('never throw: each chunk gives messages or problems, and a fatal problem is the last word', () => {
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.constantFrom('Content-Length: ', '\r\n', '\r\n\r\n', '12', '{"jsonrpc":"2.0"', '}', frame(request)).map((t) => Buffer.from(t)));
    fc.assert(fc.property(fc.array(bytes, { maxLength: 20 }), (chunks) => {
      const parser = new FrameParser({ headerBytes: 256, messageBytes: 1000, stallMs: 1000 });
      const out = chunks.flatMap((c) => parser.push(Buffer.from(c)));
      const fatal = out.findIndex((p) => 'problem' in p && p.problem.fatal);
      expect(fatal === -1 || fatal === out.length - 1).toBe(true);
    }), { numRuns: 500 });
  });

  it('split anywhere, well-formed messages read the same as whole', () => {
    const body = fc.json().map((params) => JSON.stringify({ jsonrpc: '2.0', method: 'note', params: { params } }));
    fc.assert(fc.property(fc.array(body, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 10 }), (bodies, cuts) => {
      const all = Buffer.from(bodies.map(frame).join(''));
      const at = [...new Set(cuts.map((c) => c % all.length))].sort((a, b) => a - b);
      const chunks = [0, ...at].map((from, i) => all.subarray(from, at[i] ?? all.length)).filter((c) => c.length > 0);
      const parser = new FrameParser();
      expect(chunks.flatMap((c) => parser.push(c))).toEqual(bodies.map((b) => ({ message: JSON.parse(b) })));
    }), { numRuns: 300 });
  });
});
