// The Language Server Protocol's framing, read strictly: takes the bytes a client sends (headers,
// a blank line, a JSON body of Content-Length bytes), gives each well-formed JSON-RPC message, and
// for anything else a problem the server answers: a body that is not JSON or not a message gets an
// error response and the session goes on; a header that cannot be read, or a message cut short, ends
// it, since nothing after it can be framed again. Never silent: every byte is a message or a problem.
import { AbstractMessageReader, ErrorCodes, type DataCallback, type Disposable, type Message } from 'vscode-languageserver/node';

export interface FramingLimits {
  /** Bytes of one message's headers, its blank line included. */
  readonly headerBytes: number;
  /** Bytes of one message's body; a longer one is skipped with an error response. */
  readonly messageBytes: number;
  /** How long a message begun may wait for its next byte before the server gives up on it. */
  readonly stallMs: number;
}

export const FRAMING_LIMITS: FramingLimits = { headerBytes: 8 * 1024, messageBytes: 64 * 1024 * 1024, stallMs: 10_000 };

/** What the server tells the client (a JSON-RPC error response) and, when `fatal`, why the session ends. */
export interface ProtocolProblem {
  readonly code: number;
  readonly message: string;
  /** The request's id, when the message was read that far; else null, as JSON-RPC answers a parse error. */
  readonly id: number | string | null;
  /** The framing is lost: nothing after this can be read. */
  readonly fatal: boolean;
}

type Parsed = { readonly message: Message } | { readonly problem: ProtocolProblem };

const HEADER_END = Buffer.from('\r\n\r\n');
/** A header section so far: `Name: value` lines, each ended by CRLF, the last one (or the blank line's CR) possibly cut short. */
const HEADER_PREFIX = /^(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+:[^\r\n]*\r\n)*(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+(?::[^\r\n]*\r?)?|\r)?$/;
const decoder = new TextDecoder('utf-8', { fatal: true });

const fatal = (message: string): ProtocolProblem => ({ code: ErrorCodes.ParseError, message: `${message} Nothing after it can be read, so the server stops.`, id: null, fatal: true });
/** A line of the input as it may be shown in a message: short, control characters escaped. */
const shown = (text: string): string => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** The framing alone, without streams or timers: bytes in, messages and problems out. */
export class FrameParser {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The body's length once its headers are read; -1 while reading headers. */
  private bodyBytes = -1;
  /** Bytes of an over-long body still to be thrown away. */
  private skipping = 0;
  private charsetProblem: string | null = null;
  private broken = false;

  constructor(private readonly limits: FramingLimits = FRAMING_LIMITS) {}

  push(chunk: Buffer): Parsed[] {
    if (this.broken) return [];
    const out: Parsed[] = [];
    if (this.skipping > 0) {
      const dropped = Math.min(this.skipping, chunk.length);
      this.skipping -= dropped;
      chunk = chunk.subarray(dropped);
    }
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    for (;;) {
      if (this.skipping > 0 || (this.bodyBytes < 0 && this.buffered === 0)) return out; // a body of 0 bytes is read at once
      const next = this.bodyBytes < 0 ? this.readHeaders() : this.readBody();
      if (next === undefined) return out;
      if (next === null) continue;
      out.push(next);
      if ('problem' in next && next.problem.fatal) {
        this.broken = true;
        return out;
      }
    }
  }

  /** Whether part of a message is waiting for more bytes. */
  get midMessage(): boolean {
    return !this.broken && (this.buffered > 0 || this.bodyBytes >= 0 || this.skipping > 0);
  }

  /** Why the input cannot end here (it stopped, or ended, inside a message); null between messages. */
  cutShort(how: string): ProtocolProblem | null {
    if (!this.midMessage) return null;
    this.broken = true;
    if (this.bodyBytes >= 0 || this.skipping > 0) {
      const expected = this.skipping > 0 ? this.skipping : this.bodyBytes - this.buffered;
      return fatal(`The input ${how} ${expected} bytes short of the body its Content-Length announced (${this.bodyBytes >= 0 ? this.bodyBytes : 'an over-long one'}).`);
    }
    return fatal(`The input ${how} inside a message's headers (${shown(this.take(this.buffered).toString('latin1'))}), before the blank line that ends them.`);
  }

  private take(bytes: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const rest = all.subarray(bytes);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return all.subarray(0, bytes);
  }

  /** A problem, null for headers read (the body comes next), undefined when more bytes are needed. */
  private readHeaders(): Parsed | null | undefined {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    this.chunks = [all];
    const end = all.indexOf(HEADER_END);
    const text = all.subarray(0, end < 0 ? Math.min(all.length, this.limits.headerBytes + 1) : end + 2).toString('latin1');
    if (!HEADER_PREFIX.test(text)) {
      const line = text.split(/\r?\n/)[0]!;
      const why = /^\s*[[{]/.test(line)
        ? 'a JSON body with no `Content-Length: N` header and blank line before it'
        : /[^\r]\n/.test(text) ? 'a header line ended by a bare LF; each must end with CRLF' : `a header that is not \`Name: value\`: ${shown(line)}`;
      return { problem: fatal(`Malformed message: ${why}.`) };
    }
    if (end < 0) {
      return all.length > this.limits.headerBytes ? { problem: fatal(`Malformed message: headers longer than ${this.limits.headerBytes} bytes without the blank line that ends them.`) } : undefined;
    }
    this.take(end + HEADER_END.length);
    const headers = new Map<string, string>();
    for (const line of text.split('\r\n').filter((l) => l !== '')) {
      const colon = line.indexOf(':');
      headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
    }
    const length = headers.get('content-length');
    if (length === undefined) return { problem: fatal('Malformed message: its headers have no Content-Length, so where its body ends cannot be known.') };
    if (!/^\d{1,15}$/.test(length)) return { problem: fatal(`Malformed message: Content-Length must be a whole number of bytes, not ${shown(length)}.`) };
    const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(headers.get('content-type') ?? '')?.[1];
    this.charsetProblem = charset && !/^utf-?8$/i.test(charset) ? `Unsupported charset ${shown(charset)}: the server reads UTF-8 only.` : null;
    const bytes = Number(length);
    if (bytes > this.limits.messageBytes) {
      const dropped = Math.min(bytes, this.buffered);
      this.take(dropped);
      this.skipping = bytes - dropped;
      return { problem: { code: ErrorCodes.ParseError, message: `A message of ${bytes} bytes is over the ${this.limits.messageBytes} the server reads; it was skipped.`, id: null, fatal: false } };
    }
    this.bodyBytes = bytes;
    return null;
  }

  private readBody(): Parsed | undefined {
    if (this.buffered < this.bodyBytes) return undefined;
    const body = this.take(this.bodyBytes);
    this.bodyBytes = -1;
    if (this.charsetProblem) return { problem: { code: ErrorCodes.ParseError, message: this.charsetProblem, id: null, fatal: false } };
    let value: unknown;
    try {
      value = JSON.parse(decoder.decode(body));
    } catch (e) {
      const why = e instanceof SyntaxError ? e.message : 'it is not UTF-8';
      return { problem: { code: ErrorCodes.ParseError, message: `Parse error: the body is not JSON (${why}).`, id: null, fatal: false } };
    }
    return messageOf(value);
  }
}

/** A JSON value as a JSON-RPC 2.0 message: a request, a notification or a response; else an invalid request. */
function messageOf(value: unknown): Parsed {
  const m = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;
  const invalid = (why: string): Parsed => ({ problem: { code: ErrorCodes.InvalidRequest, message: `Invalid request: ${why}.`, id, fatal: false } });
  if (m !== value) return invalid(Array.isArray(value) ? 'a batch (an array) is not part of the Language Server Protocol' : 'the body must be a JSON object');
  if (m.jsonrpc !== '2.0') return invalid('"jsonrpc" must be "2.0"');
  if ('method' in m) {
    if (typeof m.method !== 'string') return invalid('"method" must be a text');
    if ('id' in m && id === null) return invalid('"id" must be a number or a text');
    // null is not JSON-RPC's, but clients send it for `shutdown` and `exit`: taken as no params.
    if (m.params !== undefined && typeof m.params !== 'object') return invalid('"params" must be an object or an array');
    return { message: m as unknown as Message };
  }
  if ('id' in m && ('result' in m || 'error' in m)) return { message: m as unknown as Message };
  return invalid('it has neither a "method" nor, as a response, an "id" with a "result" or an "error"');
}

/**
 * The parser over a stream, as vscode-jsonrpc's connection reads messages: problems go to `onProblem`;
 * the reader closes when the input ends, or after a fatal problem (a message cut short by the end of
 * the input, or begun and left waiting longer than the stall limit, is one).
 */
export class StrictMessageReader extends AbstractMessageReader {
  private readonly parser: FrameParser;
  private stallTimer: NodeJS.Timeout | undefined;
  private received = 0;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly onProblem: (problem: ProtocolProblem) => void,
    private readonly limits: FramingLimits = FRAMING_LIMITS,
  ) {
    super();
    this.parser = new FrameParser(limits);
  }

  listen(callback: DataCallback): Disposable {
    let stopped = false;
    const stop = (problem: ProtocolProblem | null) => {
      if (stopped) return;
      stopped = true;
      clearTimeout(this.stallTimer);
      this.input.off('data', onData);
      if (problem) this.onProblem(problem);
      this.fireClose();
    };
    const onData = (chunk: Buffer) => {
      this.received++;
      for (const parsed of this.parser.push(chunk)) {
        if ('message' in parsed) callback(parsed.message);
        else if (parsed.problem.fatal) return stop(parsed.problem);
        else this.onProblem(parsed.problem);
      }
      this.watchForStall(() => stop(this.parser.cutShort(`stopped for ${this.limits.stallMs} ms`)));
    };
    this.input.on('data', onData);
    this.input.on('end', () => stop(this.parser.cutShort('ended')));
    this.input.on('error', (e: Error) => stop(fatal(`The input failed: ${e.message}`)));
    return { dispose: () => stop(null) };
  }

  /** Gives up on a message begun but not finished within the stall limit. */
  private watchForStall(giveUp: () => void): void {
    clearTimeout(this.stallTimer);
    if (!this.parser.midMessage) return;
    const seen = this.received;
    this.stallTimer = setTimeout(() => {
      // A busy server fires timers before it reads what waited meanwhile: look once more after that read.
      setImmediate(() => {
        if (this.received === seen) giveUp();
      });
    }, this.limits.stallMs);
    this.stallTimer.unref();
  }
}
