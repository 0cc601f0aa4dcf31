// `regula lsp`: the language server over stdio, for VS Code, Neovim, Helix and any LSP editor.
// Takes the transport flags language clients pass (`--stdio`; the others are refused by name),
// gives a session that lasts until the client says `exit`, closes stdin, or sends what cannot be
// read (then the reason on stderr and exit 2). Rulebooks are found as `regula check` finds them;
// keyword help comes from docs/language.md.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LanguageService } from '../../language/index.js';
import { startServer } from '../../language/lsp-server.js';
import { flag, has, intFlag, UsageError, type Args } from '../args.js';
import { readInputFile } from '../files.js';
import { findRulebook } from '../load.js';
import { err } from '../output.js';

/** docs/language.md, looked for above this file (from cli/commands/ in a checkout, dist/cli/commands/ when built). */
function languageReference(): string | null {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, 'docs', 'language.md');
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  return null;
}

/** Refuses a transport other than stdio by name, with what to pass instead. */
function checkTransport(args: Args): void {
  const other = (['socket', 'pipe', 'node-ipc'] as const).find((name) => flag(args, name) !== undefined || has(args, name));
  if (other) {
    throw new UsageError(`regula lsp speaks the protocol over stdin and stdout only; --${other} is not supported. Start it with --stdio, or with no transport flag (in VS Code: TransportKind.stdio).`);
  }
  intFlag(args, 'clientProcessId', 0, 1); // the protocol library reads it from the command line itself
}

export async function run(args: Args): Promise<number> {
  checkTransport(args);
  const service = new LanguageService({
    docs: languageReference(),
    readCited: (file, name) => {
      try {
        const path = findRulebook(file, name);
        // As regula check reads it (cli/files.ts): a FIFO or a device would stall the server for good.
        return path ? readInputFile(path, 'rulebook') : null;
      } catch {
        return null; // a name the loader refuses (`..`), or a file it cannot read: citations are then not verified
      }
    },
  });
  const server = startServer(service, process.stdin, process.stdout, { log: (line) => err(`regula lsp: ${line}`) });
  const ending = await server.ended; // its reason, if any, is already in the log
  // The protocol library keeps a timer of its own (it watches the client's process), so the
  // process would outlive the session: end it here, as the library itself does on `exit`.
  process.exit(ending.code);
}
