// The language server after a burst of typing: `regula lsp --stdio` started as an editor starts it,
// a ruleset opened, then 1,000 edits sent at once (a line typed a character an edit) and a hover,
// or a completion, right behind them: how long that answer takes, from the request to the answer —
// the server reads every edit before it and then works on the newest text. Measured, not asserted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient, positionAt, typeFirstLine } from '../test/language/lsp-client.js';

export interface BurstFigures {
  readonly file: string;
  /** Edits in each burst. */
  readonly edits: number;
  /** Bursts timed for each answer. */
  readonly rounds: number;
  /** The median over the rounds, and the slowest, of a hover sent right after a burst. */
  readonly hoverMs: number;
  readonly hoverMaxMs: number;
  readonly completionMs: number;
  readonly completionMaxMs: number;
}

export const BURST_EDITS = 1_000;
const ROUNDS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function editorAfterBurst(root: string, file: string): Promise<BurstFigures> {
  const path = join(root, file);
  const uri = pathToFileURL(path).href;
  const client = LspClient.spawn(process.execPath, [join(root, 'bin', 'regula.mjs'), 'lsp', '--stdio'], { cwd: root });
  try {
    await client.initialize(pathToFileURL(root).href);
    let text = readFileSync(path, 'utf8');
    let version = 1;
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'regula', version: version++, text } });
    await client.notification('textDocument/publishDiagnostics');
    const line = `// ${'a comment typed at the top of the file '.repeat(30)}`.slice(0, BURST_EDITS - 1); // and its line break: 1,000 edits
    /** Sends a burst, then the request at `offset` of the new text: the milliseconds to its answer. */
    const afterBurst = async (method: string, at: (t: string) => number): Promise<number> => {
      version = typeFirstLine(client, uri, version, line);
      text = `${line}\n${text}`;
      const started = performance.now();
      await client.request(method, { textDocument: { uri }, position: positionAt(text, at(text)) });
      return performance.now() - started;
    };
    const hovers: number[] = [];
    const completions: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      hovers.push(await afterBurst('textDocument/hover', (t) => t.search(/\brule [a-z]/) + 'rule '.length));
      completions.push(await afterBurst('textDocument/completion', (t) => t.indexOf('\n  ') + 3)); // a statement's start in a block
    }
    await client.close();
    return {
      file, edits: BURST_EDITS, rounds: ROUNDS,
      hoverMs: median(hovers), hoverMaxMs: Math.max(...hovers), completionMs: median(completions), completionMaxMs: Math.max(...completions),
    };
  } finally {
    if (client.child.exitCode === null) client.child.kill();
  }
}
