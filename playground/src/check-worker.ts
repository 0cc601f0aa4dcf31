// The checker in a Web Worker: takes a CheckRequest, runs compileSource with the rulebook the
// header names and the other files citations name (from ../shared/rulebooks and
// ../shared/reference), gives back a CheckResponse. Keeps typing smooth.
import { diag, type Diagnostic } from '../../grammar/diagnostics.js';
import { citedFiles, compileSource } from '../../interpreter/compiler/index.js';
import { coverage } from '../../interpreter/tools/index.js';
import type { CheckRequest, CheckResponse } from './protocol.js';

const rulebookFiles = import.meta.glob<string>(['../../../shared/rulebooks/*.txt', '../../../shared/reference/*.md'], { query: '?raw', import: 'default' });
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

async function check(request: CheckRequest): Promise<CheckResponse> {
  const started = performance.now();
  const { id, file, source } = request;
  const { rulebook: name, others } = citedFiles(source);
  try {
    const text = name ? await rulebookText(name) : null;
    const references: { file: string; text: string }[] = [];
    for (const cited of others) {
      const referenceText = await rulebookText(cited);
      if (referenceText !== null) references.push({ file: cited, text: referenceText });
    }
    const result = compileSource(source, file, { rulebook: name && text !== null ? { file: name, text } : null, references });
    const diagnostics: Diagnostic[] = [...result.diagnostics];
    if (name && text === null) {
      const start = Math.max(0, source.indexOf(`"${name}"`)); // the name in the header
      diagnostics.push(diag('R0502', { start, end: start + name.length + 2 }, { file: name }, { file }));
    }
    const cited = result.definition && name && text !== null ? coverage(result.definition, { file: name, text }) : null;
    return { id, file, source, diagnostics, definition: result.definition, rulebook: name ? { name, verified: text !== null } : null, coverage: cited, ms: performance.now() - started };
  } catch (e) {
    const crash = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    return { id, file, source, diagnostics: [], definition: null, rulebook: null, ms: performance.now() - started, crash };
  }
}

self.addEventListener('message', (event: MessageEvent<CheckRequest>) => {
  void check(event.data).then((response) => self.postMessage(response));
});
