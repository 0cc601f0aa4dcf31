// The checker and the language service in a Web Worker: takes a CheckRequest, runs compileSource
// with the rulebook the header names and the other files citations name (from ../shared/rulebooks
// and ../shared/reference), gives back a CheckResponse; takes a LanguageRequest (completion, hover,
// definition, …) and answers it from the language service (language/), which reads the same
// rulebooks and docs/language.md. Keeps typing smooth: nothing of this runs on the page's thread.
import { diag, type Diagnostic } from '../../grammar/diagnostics.js';
import { citedFiles, compileSource } from '../../interpreter/compiler/index.js';
import { coverage } from '../../interpreter/tools/index.js';
import { LanguageService, type Analysis } from '../../language/index.js';
import { format } from '../../language/format.js';
import languageReference from '../../docs/language.md?raw';
import type { Answer, AnyLanguageRequest, CheckRequest, CheckResponse, LanguageResponse, QueryKind, WorkerRequest } from './protocol.js';

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

// The service reads cited files synchronously: a request first loads the ones its text names.
const service = new LanguageService({ docs: languageReference, readCited: (_file, name) => loaded.get(name) ?? null });

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
    return { type: 'check', id, file, source, diagnostics, definition: result.definition, rulebook: name ? { name, verified: text !== null } : null, coverage: cited, ms: performance.now() - started };
  } catch (e) {
    const crash = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    return { type: 'check', id, file, source, diagnostics: [], definition: null, rulebook: null, ms: performance.now() - started, crash };
  }
}

function ask(request: AnyLanguageRequest, a: Analysis): Answer<QueryKind> {
  switch (request.kind) {
    case 'completion': return service.completion(a, request.question.offset);
    case 'hover': return service.hover(a, request.question.offset) ?? null;
    case 'definition': return service.definition(a, request.question.offset);
    case 'references': return service.references(a, request.question.offset, request.question.includeDeclaration);
    case 'prepareRename': return service.prepareRename(a, request.question.offset);
    case 'rename': return service.rename(a, request.question.offset, request.question.newName);
    case 'codeActions': return service.codeActions(a, request.question.range);
    case 'signatureHelp': return service.signatureHelp(a, request.question.offset) ?? null;
    case 'folding': return service.foldingRanges(a);
    case 'format': return formatted(request.source, request.file);
    default: {
      const never: never = request;
      return never;
    }
  }
}

/** The formatter's text, or the first syntax error that stops it (the text is then left alone). */
function formatted(source: string, file: string): Answer<'format'> {
  const result = format(source, file);
  if (result.ok) return { text: result.text };
  const first = result.diagnostics[0];
  return { refused: first ? `Not formatted: ${first.message}` : 'Not formatted: the text has syntax errors.' };
}

async function answer(request: AnyLanguageRequest): Promise<LanguageResponse> {
  const { id, file, source } = request;
  try {
    const { rulebook, others } = citedFiles(source);
    for (const name of [rulebook, ...others]) if (name) await rulebookText(name);
    // The analysis is made on the first question about a text, and kept for the next (one per file).
    return { type: 'language', id, answer: ask(request, service.analysis(file, source)) };
  } catch (e) {
    return { type: 'language', id, failure: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'check') void check(request).then((response) => self.postMessage(response));
  else void answer(request).then((response) => self.postMessage(response));
});
