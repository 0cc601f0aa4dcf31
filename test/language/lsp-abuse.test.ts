// `regula lsp` against a client that misbehaves: headers it cannot read, bodies that are not JSON or
// not messages, a message cut short, transports it does not speak, 1,000 edits in a burst and a
// document of millions of characters. Every case is answered or ends the server with its reason —
// never a server alive but silent — each within a generous time limit (the machines are shared:
// no tight timings are asserted).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';
import { LspClient, positionAt, typeFirstLine, type Received } from './lsp-client.js';

const rootUri = pathToFileURL(repoRoot).href;
const server = (...flags: string[]) => LspClient.spawn(process.execPath, [join(repoRoot, 'bin/regula.mjs'), 'lsp', ...flags], { cwd: repoRoot });
const LIMIT = 60_000;

describe('transports', () => {
  it.each(['--socket=5007', '--pipe=/tmp/regula.sock', '--node-ipc'])('refuses %s by name, exit 2', async (flag) => {
    const client = server(flag);
    expect(await client.exited).toBe(2);
    expect(client.stderr).toContain(`${flag.replace(/=.*/, '')} is not supported`);
    expect(client.stderr).toContain('--stdio');
  }, LIMIT);
});

it('takes --clientProcessId as clients pass it, and exits once that process is gone', async () => {
  const gone = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => gone.on('exit', resolve));
  const client = server('--stdio', `--clientProcessId=${gone.pid}`);
  expect(await client.exited).toBe(1); // as the protocol library does: no shutdown was asked for
  expect(client.stderr).toBe('');
}, LIMIT);

describe('headers it cannot read: an error response, the reason on stderr, exit 2', () => {
  it.each([
    ['Content-Length: abc', 'Content-Length: abc\r\n\r\n{}', /Content-Length must be a whole number of bytes, not "abc"/],
    ['no header at all', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\r\n', /no `Content-Length: N` header/],
    ['no Content-Length', 'Content-Type: application/vscode-jsonrpc\r\n\r\n{}', /no Content-Length/],
  ])('%s', async (_name, bytes, why) => {
    const client = server('--stdio');
    client.raw(bytes);
    expect(await client.exited).toBe(2);
    expect(client.received).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(why) } }]);
    expect(client.stderr).toMatch(why);
  }, LIMIT);

  it('a body shorter than announced, then the end of the input', async () => {
    const client = server('--stdio');
    client.raw('Content-Length: 200\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"initialize"}');
    client.child.stdin.end();
    expect(await client.exited).toBe(2);
    expect(client.received[0]?.error?.message).toMatch(/^The input ended 154 bytes short of the body its Content-Length announced \(200\)/);
  }, LIMIT);
});

describe('bodies it cannot take: an error response, and the session goes on', () => {
  it('answers bad JSON and non-messages, then initialize as usual', async () => {
    const client = server('--stdio');
    for (const body of ['{"jsonrpc": "2.0", "id": 1, "method": "initialize", ', 'null', '[{"jsonrpc":"2.0","method":"initialized"}]', '{"jsonrpc":"2.0","id":7,"method":42}']) client.framed(body);
    const init = await client.initialize(rootUri);
    expect(init.capabilities).toMatchObject({ hoverProvider: true });
    const errors = client.received.filter((m) => m.error).map((m) => [m.id, m.error!.code]);
    expect(errors).toEqual([[null, -32700], [null, -32600], [null, -32600], [7, -32600]]);
    expect(await client.close()).toBe(0);
  }, LIMIT);
});

describe('documents sent malformed', () => {
  it('get an error answer to each request on them and a line in the log, and the session goes on', async () => {
    const client = server('--stdio');
    await client.initialize(rootUri);
    const uri = pathToFileURL(join(repoRoot, 'malformed.rules')).href;
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'regula', version: 1, text: 42 } });
    await expect(client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } }))
      .rejects.toThrow('the client sent its text as something other than a string');
    await expect(client.request('textDocument/hover', { textDocument: { uri } })).rejects.toThrow(/failed/);
    await client.notification('window/logMessage', (p: { message: string }) => p.message.includes(`The diagnostics of ${uri} could not be worked out`));
    expect(client.stderr).toContain('could not be worked out: the client sent its text as something other than a string');
    expect(await client.close()).toBe(0);
  }, LIMIT);
});

describe('a burst of 1,000 edits', () => {
  const path = join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules');
  const uri = pathToFileURL(path).href;
  const original = readFileSync(path, 'utf8');

  it('is taken in without analysing each edit, a request cancelled behind it is not run, and a hover after it answers on the newest text', async () => {
    const client = server('--stdio');
    await client.initialize(rootUri);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'regula', version: 1, text: original } });
    await client.notification('textDocument/publishDiagnostics');
    // A comment typed at the top, a character an edit: every line below moves down by one.
    const typed = `// ${'the temple takes coins '.repeat(42)}`.slice(0, 999);
    const lastVersion = typeFirstLine(client, uri, 2, typed) - 1;
    const text = `${typed}\n${original}`;
    // A completion the editor no longer wants, cancelled while it waits behind the edits, is never run.
    const unwanted = client.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 3 } });
    client.cancelLast();
    await expect(unwanted).rejects.toThrow('Cancelled before it ran.');
    const started = performance.now();
    const hover = await client.request<{ contents: { value: string }; range: { start: { line: number } } }>('textDocument/hover', {
      textDocument: { uri }, position: positionAt(text, text.indexOf('rule temple on stop') + 'rule '.length),
    });
    const ms = performance.now() - started;
    expect(hover.contents.value).toContain('> Hráč může věnovat chrámu 1, 2 nebo 3 mince ze své zásoby');
    expect(hover.range.start.line).toBe(positionAt(text, text.indexOf('rule temple on stop')).line);
    expect(ms).toBeLessThan(LIMIT);
    // The diagnostics come once the edits pause, for the last version, and were not sent for each edit.
    const last = await client.notification<{ version: number; diagnostics: unknown[] }>('textDocument/publishDiagnostics', (p) => p.version === lastVersion);
    expect(last.diagnostics).toEqual([]);
    expect(client.received.filter((m: Received) => m.method === 'textDocument/publishDiagnostics').length).toBeLessThan(100);
    expect(await client.close()).toBe(0);
  }, 3 * LIMIT);
});

describe('a huge document', () => {
  it('gets the parser\'s one diagnostic saying it is too long (R0808), and requests on it answer at once with nothing', async () => {
    const client = server('--stdio');
    await client.initialize(rootUri);
    const uri = pathToFileURL(join(repoRoot, 'huge.rules')).href;
    const text = `game "Huge" { players 2 to 2 }\ncounter n\ndefine big = ${Array.from({ length: 600_000 }, (_, i) => i).join(' + ')}\n`;
    expect(text.length).toBeGreaterThan(5_000_000);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'regula', version: 1, text } });
    const published = await client.notification<{ diagnostics: { code: string; message: string }[] }>('textDocument/publishDiagnostics');
    expect(published.diagnostics).toEqual([expect.objectContaining({ code: 'R0808', message: expect.stringMatching(/^The ruleset is [\d,]+ characters long, more than the limit of 1,000,000, so it is not read/) })]);
    const position = positionAt(text, text.indexOf('big'));
    expect(await client.request('textDocument/hover', { textDocument: { uri }, position })).toBeNull();
    expect(await client.request('textDocument/completion', { textDocument: { uri }, position })).toEqual([]);
    expect(await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toBeNull();
    expect(await client.close()).toBe(0);
  }, 2 * LIMIT);
});
