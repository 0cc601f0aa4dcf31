// A small LSP client over a child process's pipes, for the tests and the bench: takes a spawned
// server, gives requests by id, the notifications and id-less error responses it sent, its stderr
// and how it exited, plus raw writes for sending what a well-behaved client never would.
import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from 'node:child_process';

export interface Received {
  readonly id?: number | string | null;
  readonly method?: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

export class LspClient {
  private buffer = Buffer.alloc(0);
  private next = 1;
  private readonly waiting = new Map<number, (message: Received) => void>();
  /** Every message that was not the answer to one of this client's requests, in order. */
  readonly received: Received[] = [];
  private readonly listeners: (() => void)[] = [];
  stderr = '';
  /** Settles with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    child.stderr.on('data', (chunk: Buffer) => { this.stderr += chunk.toString('utf8'); });
    child.stdin.on('error', () => undefined); // a server that exited first: its exit is what the tests look at
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  /** Starts a server as a language client does: the command, its arguments, and pipes for stdio. */
  static spawn(command: string, args: readonly string[], options: SpawnOptionsWithoutStdio = {}): LspClient {
    return new LspClient(spawn(command, [...args], options));
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())![1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as Received;
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      const answer = typeof message.id === 'number' && message.method === undefined ? this.waiting.get(message.id) : undefined;
      if (answer) {
        this.waiting.delete(message.id as number);
        answer(message);
      } else {
        this.received.push(message);
        this.listeners.splice(0).forEach((l) => l());
      }
    }
  }

  /** Writes bytes as they are, framing or not. */
  raw(bytes: string | Buffer): void {
    this.child.stdin.write(bytes);
  }

  /** Frames a body (any text: it need not be JSON) with its Content-Length header. */
  framed(body: string): void {
    this.raw(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  private send(message: object): void {
    this.framed(JSON.stringify({ jsonrpc: '2.0', ...message }));
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.next++;
    this.send({ id, method, params });
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result as T)));
    });
  }

  /** Cancels the request sent last, as an editor does when its answer is no longer wanted. */
  cancelLast(): void {
    this.notify('$/cancelRequest', { id: this.next - 1 });
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  /** The first message received (not an answer to a request) that fits, waiting for it if need be. */
  async receive(fits: (m: Received) => boolean): Promise<Received> {
    for (;;) {
      const found = this.received.find(fits);
      if (found) return found;
      await new Promise<void>((resolve) => this.listeners.push(resolve));
    }
  }

  /** The params of the first notification of a method (and fitting `fits`). */
  async notification<T = unknown>(method: string, fits: (params: T) => boolean = () => true): Promise<T> {
    return (await this.receive((m) => m.method === method && fits(m.params as T))).params as T;
  }

  /** initialize and initialized, as an editor opens a session. */
  async initialize(rootUri: string): Promise<{ capabilities: Record<string, unknown> }> {
    const init = await this.request<{ capabilities: Record<string, unknown> }>('initialize', { processId: process.pid, rootUri, capabilities: {} });
    this.notify('initialized', {});
    return init;
  }

  /** shutdown and exit, as an editor closes a session; gives the exit code. */
  async close(): Promise<number | null> {
    await this.request('shutdown', null).catch(() => undefined);
    this.notify('exit', null);
    return this.exited;
  }
}

/**
 * Types a new first line into an open document as an editor reports typing: one didChange for the
 * line break, then one a character, all sent at once. Gives the next version number.
 */
export function typeFirstLine(client: LspClient, uri: string, version: number, line: string): number {
  const change = (at: { line: number; character: number }, text: string) =>
    client.notify('textDocument/didChange', { textDocument: { uri, version: version++ }, contentChanges: [{ range: { start: at, end: at }, text }] });
  change({ line: 0, character: 0 }, '\n');
  for (let i = 0; i < line.length; i++) change({ line: 0, character: i }, line[i]!);
  return version;
}

/** The LSP position (line, UTF-16 character) of an offset in a text. */
export function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}
