// The checker in a Web Worker: takes a CheckRequest, runs compileSource with the rulebook the
// header names (from ../shared/rulebooks), gives back a CheckResponse. Keeps typing smooth.
import { diag, type Diagnostic } from '../../grammar/diagnostics.js';
import { compileSource } from '../../interpreter/compile.js';
import type { CheckRequest, CheckResponse } from './protocol.js';

const rulebookFiles = import.meta.glob<string>('../../../shared/rulebooks/*.txt', { query: '?raw', import: 'default' });
const rulebookLoaders = new Map(Object.entries(rulebookFiles).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1), load]));
const loaded = new Map<string, string>();

async function rulebookText(name: string): Promise<string | null> {
  const cached = loaded.get(name);
  if (cached !== undefined) return cached;
  const load = rulebookLoaders.get(name);
  if (!load) return null;
  const text = await load();
  loaded.set(name, text);
  return text;
}

/** Same header lookup as the CLI (cli/load.ts): `rulebook "file"`. */
const HEADER_RULEBOOK = /\brulebook\s+"([^"]+)"/;

async function check(request: CheckRequest): Promise<CheckResponse> {
  const started = performance.now();
  const { id, file, source } = request;
  const header = HEADER_RULEBOOK.exec(source);
  const name = header?.[1] ?? null;
  try {
    const text = name ? await rulebookText(name) : null;
    const result = compileSource(source, file, { rulebook: name && text !== null ? { file: name, text } : null });
    const diagnostics: Diagnostic[] = [...result.diagnostics];
    if (name && text === null) {
      const start = header!.index + header![0].indexOf('"');
      diagnostics.push(diag('R0502', { start, end: start + name.length + 2 }, { file: name }, { file }));
    }
    return { id, file, source, diagnostics, definition: result.definition, rulebook: name ? { name, verified: text !== null } : null, ms: performance.now() - started };
  } catch (e) {
    const crash = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    return { id, file, source, diagnostics: [], definition: null, rulebook: null, ms: performance.now() - started, crash };
  }
}

self.addEventListener('message', (event: MessageEvent<CheckRequest>) => {
  void check(event.data).then((response) => self.postMessage(response));
});
