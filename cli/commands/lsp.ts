// `regula lsp`: the language server over stdio, for VS Code, Neovim, Helix and any LSP editor.
// Rulebooks are found as `regula check` finds them; keyword help comes from docs/language.md.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LanguageService } from '../../language/index.js';
import { startServer } from '../../language/lsp-server.js';
import type { Args } from '../args.js';
import { findRulebook } from '../load.js';

/** docs/language.md, looked for above this file (from cli/commands/ in a checkout, dist/cli/commands/ when built). */
function languageReference(): string | null {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, 'docs', 'language.md');
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  return null;
}

export async function run(_args: Args): Promise<number> {
  const service = new LanguageService({
    docs: languageReference(),
    readCited: (file, name) => {
      try {
        const path = findRulebook(file, name);
        return path ? readFileSync(path, 'utf8') : null;
      } catch {
        return null; // a name the loader refuses (`..`): citations are then not verified
      }
    },
  });
  const connection = startServer(service, process.stdin, process.stdout);
  // The server runs until the client says `exit` (or closes stdin).
  await new Promise<void>((resolve) => {
    connection.onExit(() => resolve());
    process.stdin.on('end', () => resolve());
  });
  return 0;
}
