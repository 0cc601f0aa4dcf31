// `regula lsp` over stdio, as an editor drives it: initialize, open a shipped ruleset, then ask for
// completion, hover and a definition, and read the diagnostics it publishes.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';

/** A minimal LSP client: Content-Length framing, requests by id, notifications kept. */
class Client {
  private buffer = Buffer.alloc(0);
  private next = 1;
  private readonly waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  readonly notifications: { method: string; params: unknown }[] = [];
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (;;) {
        const headerEnd = this.buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())![1]);
        if (this.buffer.length < headerEnd + 4 + length) return;
        const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'));
        this.buffer = this.buffer.subarray(headerEnd + 4 + length);
        if (message.id !== undefined && this.waiting.has(message.id)) {
          this.waiting.get(message.id)!(message);
          this.waiting.delete(message.id);
        } else if (message.method) {
          this.notifications.push({ method: message.method, params: message.params });
          this.listeners.splice(0).forEach((l) => l());
        }
      }
    });
  }

  private send(message: object): void {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.next++;
    this.send({ id, method, params });
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result as T)));
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  async notification(method: string): Promise<unknown> {
    for (;;) {
      const found = this.notifications.find((n) => n.method === method);
      if (found) return found.params;
      await new Promise<void>((resolve) => this.listeners.push(resolve));
    }
  }
}

const path = join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules');
const text = readFileSync(path, 'utf8');
const uri = pathToFileURL(path).href;
let child: ChildProcessWithoutNullStreams;
let client: Client;

/** The LSP position of `needle` in the text, plus `delta` characters. */
function positionOf(needle: string, delta = 0): { line: number; character: number } {
  const offset = text.indexOf(needle) + delta;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

beforeAll(async () => {
  child = spawn(process.execPath, [join(repoRoot, 'bin/regula.mjs'), 'lsp'], { cwd: repoRoot });
  client = new Client(child);
  const init = await client.request<{ capabilities: Record<string, unknown> }>('initialize', { processId: process.pid, rootUri: pathToFileURL(repoRoot).href, capabilities: {} });
  expect(init.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, completionProvider: {} });
  client.notify('initialized', {});
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'regula', version: 1, text } });
}, 60_000);

afterAll(async () => {
  await client.request('shutdown', null).catch(() => undefined);
  client.notify('exit', null);
  child.stdin.end();
});

it('publishes the diagnostics of an opened file (none for a shipped ruleset)', async () => {
  const params = await client.notification('textDocument/publishDiagnostics') as { uri: string; diagnostics: unknown[] };
  expect(params.uri).toBe(uri);
  expect(params.diagnostics).toEqual([]);
}, 60_000);

it('answers completion with the counters after `pay amount`', async () => {
  const items = await client.request<{ label: string; kind: number }[]>('textDocument/completion', { textDocument: { uri }, position: positionOf('pay amount coins', 'pay amount '.length) });
  expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['coins', 'points', 'donated']));
  expect(items.map((i) => i.label)).not.toContain('meals');
}, 60_000);

it('answers hover on a rule with the rulebook passage it cites', async () => {
  const hover = await client.request<{ contents: { kind: string; value: string } }>('textDocument/hover', { textDocument: { uri }, position: positionOf('rule temple on stop', 'rule '.length) });
  expect(hover.contents.kind).toBe('markdown');
  expect(hover.contents.value).toContain('> Hráč může věnovat chrámu 1, 2 nebo 3 mince ze své zásoby');
  expect(hover.contents.value).toMatch(/tokaido\.cs\.txt:\d+, paragraph \d+/);
}, 60_000);

it('answers definition with the counter\'s declaration', async () => {
  const locations = await client.request<{ uri: string; range: { start: { line: number; character: number } } }[]>('textDocument/definition', { textDocument: { uri }, position: positionOf('pay amount coins', 'pay amount '.length + 1) });
  expect(locations).toEqual([{ uri, range: { start: positionOf('counter coins per player', 'counter '.length), end: positionOf('counter coins per player', 'counter coins'.length) } }]);
}, 60_000);

it('refuses a clashing rename with the reason', async () => {
  await expect(client.request('textDocument/rename', { textDocument: { uri }, position: positionOf('counter coins', 'counter '.length), newName: 'meals' }))
    .rejects.toThrow('`meals` is already declared as a zone');
}, 60_000);

it('formats a document as `regula fmt` does, and leaves a formatted one alone', async () => {
  expect(await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
  const messy = 'game "Messy" {players 2 to 2}\ncounter   n\nflow {\n      end the game }\nwinner most n\n';
  const messyUri = uri.replace(/[^/]+$/, 'messy.rules');
  client.notify('textDocument/didOpen', { textDocument: { uri: messyUri, languageId: 'regula', version: 1, text: messy } });
  const edits = await client.request<{ newText: string }[]>('textDocument/formatting', { textDocument: { uri: messyUri }, options: { tabSize: 2, insertSpaces: true } });
  expect(edits).toHaveLength(1);
  expect(edits[0]!.newText).toContain('counter n\n');
  expect(edits[0]!.newText).toContain('flow {\n  end the game\n}');
}, 60_000);
