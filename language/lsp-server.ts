// The language service over the Language Server Protocol: takes two streams (stdio for
// `regula lsp`) and a service, gives a server that answers diagnostics, completion, hover,
// definition, references, rename, symbols, folding, semantic tokens, code actions and signature
// help. Offsets become LSP positions here and nowhere else. Messages are read strictly
// (lsp-framing.ts) and documents analysed only when needed (lsp-documents.ts).
import { fileURLToPath } from 'node:url';
import {
  CodeActionKind, CompletionItemKind, createConnection, DiagnosticSeverity, InsertTextFormat, LSPErrorCodes, MarkupKind, SymbolKind as LspSymbolKind,
  StreamMessageWriter, TextDocuments, TextDocumentSyncKind, type Connection, type Diagnostic as LspDiagnostic, type Range, type RequestMessage,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../grammar/ast.js';
import { format } from './format.js';
import { SEMANTIC_MODIFIERS, SEMANTIC_TYPES, type CompletionKind, type LanguageService, type OutlineSymbol } from './index.js';
import { DOCUMENT_LIMITS, DocumentAnalyses, type DocumentLimits, type DocumentState } from './lsp-documents.js';
import { FRAMING_LIMITS, StrictMessageReader, type FramingLimits, type ProtocolProblem } from './lsp-framing.js';

const COMPLETION_KINDS: Record<CompletionKind, CompletionItemKind> = {
  keyword: CompletionItemKind.Keyword, snippet: CompletionItemKind.Snippet, function: CompletionItemKind.Function,
  property: CompletionItemKind.Property, value: CompletionItemKind.Constant, component: CompletionItemKind.Class,
  attribute: CompletionItemKind.Field, table: CompletionItemKind.Enum, zone: CompletionItemKind.Module,
  counter: CompletionItemKind.Variable, pieces: CompletionItemKind.Variable, piece: CompletionItemKind.Variable,
  board: CompletionItemKind.Enum, define: CompletionItemKind.Function, rule: CompletionItemKind.Method,
  event: CompletionItemKind.Event, power: CompletionItemKind.Class, variant: CompletionItemKind.Module,
  choice: CompletionItemKind.Event, parameter: CompletionItemKind.Variable, variable: CompletionItemKind.Variable,
};

const SYMBOL_KINDS: Record<OutlineSymbol['kind'], LspSymbolKind> = {
  game: LspSymbolKind.Package, setup: LspSymbolKind.Constructor, flow: LspSymbolKind.Function, winner: LspSymbolKind.Operator,
  recount: LspSymbolKind.Operator, powers: LspSymbolKind.Module, component: LspSymbolKind.Class, attribute: LspSymbolKind.Field,
  table: LspSymbolKind.Enum, zone: LspSymbolKind.Module, counter: LspSymbolKind.Variable, pieces: LspSymbolKind.Array,
  piece: LspSymbolKind.Object, board: LspSymbolKind.Enum, define: LspSymbolKind.Function, rule: LspSymbolKind.Method,
  event: LspSymbolKind.Event, power: LspSymbolKind.Class, variant: LspSymbolKind.Namespace, choice: LspSymbolKind.Event,
  parameter: LspSymbolKind.Variable, variable: LspSymbolKind.Variable,
};

/** The path a document's diagnostics and rulebook look-up use: its file path, or its URI as it is. */
const pathOf = (uri: string): string => (uri.startsWith('file:') ? fileURLToPath(uri) : uri);

export interface ServerOptions {
  readonly framing?: FramingLimits;
  readonly documents?: DocumentLimits;
  /** A line for the server's log (stderr for `regula lsp`): each protocol problem, as it is answered. */
  readonly log?: (line: string) => void;
}

/** How a session ended: the exit code, and why when it was not the client's wish. */
export interface Ending {
  readonly code: number;
  readonly reason?: string;
}

export interface Server {
  readonly connection: Connection;
  /** Settles when the input ends or cannot be read any further; the `exit` notification ends the process itself. */
  readonly ended: Promise<Ending>;
}

export function startServer(service: LanguageService, input: NodeJS.ReadableStream, output: NodeJS.WritableStream, options: ServerOptions = {}): Server {
  let shutdown = false;
  let end!: (ending: Ending) => void;
  const ended = new Promise<Ending>((resolve) => { end = resolve; });
  const writer = new StreamMessageWriter(output);
  let failed = false;
  // Every problem is answered, as JSON-RPC answers a message it cannot take: an error response;
  // after a fatal one the session ends once the answer is written.
  const answer = (p: ProtocolProblem): void => {
    options.log?.(p.message);
    failed ||= p.fatal;
    void writer.write({ jsonrpc: '2.0', id: p.id, error: { code: p.code, message: p.message } } as never)
      .catch(() => undefined)
      .then(() => { if (p.fatal) end({ code: 2, reason: p.message }); });
  };
  const reader = new StrictMessageReader(input, answer, options.framing ?? FRAMING_LIMITS);
  // The reader closes after telling its fatal problem, if it had one: that ending is the answer's.
  reader.onClose(() => { if (!failed) end({ code: shutdown ? 0 : 1 }); });
  // A request the client cancelled while it waited behind others is answered at once, never run.
  const connection = createConnection(reader, writer, {
    cancelUndispatched: (message) => ({ jsonrpc: '2.0', id: (message as RequestMessage).id, error: { code: LSPErrorCodes.RequestCancelled, message: 'Cancelled before it ran.' } }),
  });
  connection.onShutdown(() => { shutdown = true; });
  const documents = new TextDocuments(TextDocument);
  const range = (doc: TextDocument, span: Span): Range => ({ start: doc.positionAt(span.start), end: doc.positionAt(span.end) });
  const analyses = new DocumentAnalyses(service, {
    documentOf: (uri) => documents.get(uri),
    pathOf,
    publish: (state) => void connection.sendDiagnostics({ uri: state.doc.uri, version: state.doc.version, diagnostics: diagnosticsOf(state, range) }),
    failed: (uri, error) => {
      const line = `The diagnostics of ${uri} could not be worked out: ${error instanceof Error ? error.message : String(error)}`;
      options.log?.(line);
      connection.console.error(line);
    },
  }, options.documents ?? DOCUMENT_LIMITS);
  const analysis = (uri: string) => analyses.analysis(uri);

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: [' ', '('] },
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      semanticTokensProvider: { legend: { tokenTypes: [...SEMANTIC_TYPES], tokenModifiers: [...SEMANTIC_MODIFIERS] }, full: true },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.Refactor] },
      signatureHelpProvider: { triggerCharacters: ['(', ','] },
      documentFormattingProvider: true,
    },
    serverInfo: { name: 'regula' },
  }));

  // Diagnostics once the edits pause; a request in the meantime analyses the newest text itself.
  documents.onDidChangeContent(({ document }) => analyses.changed(document.uri));
  documents.onDidClose(({ document }) => {
    analyses.closed(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onCompletion(({ textDocument, position }) => {
    const found = analysis(textDocument.uri);
    if (!found) return [];
    const list = service.completion(found.a, found.doc.offsetAt(position));
    const replace = range(found.doc, list.replace);
    return list.items.map((c, i) => ({
      label: c.label,
      kind: COMPLETION_KINDS[c.kind],
      sortText: String(i).padStart(4, '0'),
      ...(c.detail ? { detail: c.detail } : {}),
      ...(c.documentation ? { documentation: { kind: MarkupKind.Markdown, value: c.documentation } } : {}),
      textEdit: { range: replace, newText: c.insertText ?? c.label },
      insertTextFormat: c.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    }));
  });

  connection.onHover(({ textDocument, position }) => {
    const found = analysis(textDocument.uri);
    const h = found && service.hover(found.a, found.doc.offsetAt(position));
    return h ? { contents: { kind: MarkupKind.Markdown, value: h.text }, range: range(found.doc, h.span) } : null;
  });

  connection.onDefinition(({ textDocument, position }) => {
    const found = analysis(textDocument.uri);
    return found ? service.definition(found.a, found.doc.offsetAt(position)).map((s) => ({ uri: textDocument.uri, range: range(found.doc, s) })) : [];
  });

  connection.onReferences(({ textDocument, position, context }) => {
    const found = analysis(textDocument.uri);
    return found ? service.references(found.a, found.doc.offsetAt(position), context.includeDeclaration).map((s) => ({ uri: textDocument.uri, range: range(found.doc, s) })) : [];
  });

  connection.onPrepareRename(({ textDocument, position }) => {
    const found = analysis(textDocument.uri);
    if (!found) return null;
    const r = service.prepareRename(found.a, found.doc.offsetAt(position));
    if ('refused' in r) throw new Error(r.refused);
    return { range: range(found.doc, r.span), placeholder: r.name };
  });

  connection.onRenameRequest(({ textDocument, position, newName }) => {
    const found = analysis(textDocument.uri);
    if (!found) return null;
    const r = service.rename(found.a, found.doc.offsetAt(position), newName);
    if ('refused' in r) throw new Error(r.refused); // the client shows it as the reason
    return { changes: { [textDocument.uri]: r.edits.map((e) => ({ range: range(found.doc, e.span), newText: e.newText })) } };
  });

  connection.onDocumentSymbol(({ textDocument }) => {
    const found = analysis(textDocument.uri);
    if (!found) return [];
    const convert = (s: OutlineSymbol): import('vscode-languageserver/node').DocumentSymbol => ({
      name: s.name, detail: s.detail, kind: SYMBOL_KINDS[s.kind], range: range(found.doc, s.span), selectionRange: range(found.doc, s.selection), children: s.children.map(convert),
    });
    return service.outline(found.a).map(convert);
  });

  connection.onFoldingRanges(({ textDocument }) => {
    const found = analysis(textDocument.uri);
    if (!found) return [];
    return service.foldingRanges(found.a).map((s) => ({ startLine: found.doc.positionAt(s.start).line, endLine: found.doc.positionAt(s.end).line }))
      .filter((r) => r.endLine > r.startLine);
  });

  connection.languages.semanticTokens.on(({ textDocument }) => {
    const found = analysis(textDocument.uri);
    if (!found) return { data: [] };
    const data: number[] = [];
    let line = 0;
    let char = 0;
    for (const t of service.semanticTokens(found.a)) {
      const start = found.doc.positionAt(t.span.start);
      const end = found.doc.positionAt(t.span.end);
      if (end.line !== start.line) continue;
      data.push(start.line - line, start.line === line ? start.character - char : start.character, end.character - start.character, SEMANTIC_TYPES.indexOf(t.type), t.declaration ? 1 : 0);
      line = start.line;
      char = start.character;
    }
    return { data };
  });

  connection.onCodeAction(({ textDocument, range: r }) => {
    const found = analysis(textDocument.uri);
    if (!found) return [];
    const span = { start: found.doc.offsetAt(r.start), end: found.doc.offsetAt(r.end) };
    return service.codeActions(found.a, span).map((c) => ({
      title: c.title,
      kind: c.kind === 'quickfix' ? CodeActionKind.QuickFix : CodeActionKind.Refactor,
      ...(c.preferred ? { isPreferred: true } : {}),
      edit: { changes: { [textDocument.uri]: c.edits.map((e) => ({ range: range(found.doc, e.span), newText: e.newText })) } },
    }));
  });

  // Formatting is `regula fmt`'s: the whole text in its canonical layout, or nothing while it has syntax errors.
  connection.onDocumentFormatting(({ textDocument }) => {
    const found = analysis(textDocument.uri); // none for a document over the size limit: it would take too long
    if (!found) return null;
    const { doc } = found;
    const text = doc.getText();
    const formatted = format(text, pathOf(textDocument.uri));
    if (!formatted.ok || formatted.text === text) return [];
    return [{ range: { start: doc.positionAt(0), end: doc.positionAt(text.length) }, newText: formatted.text }];
  });

  connection.onSignatureHelp(({ textDocument, position }) => {
    const found = analysis(textDocument.uri);
    const s = found && service.signatureHelp(found.a, found.doc.offsetAt(position));
    if (!s) return null;
    return {
      signatures: [{ label: s.label, parameters: s.parameters.map((p) => ({ label: p })), ...(s.doc ? { documentation: { kind: MarkupKind.Markdown, value: s.doc } } : {}) }],
      activeSignature: 0,
      activeParameter: Math.min(s.active, Math.max(0, s.parameters.length - 1)),
    };
  });

  documents.listen(connection);
  connection.listen();
  return { connection, ended };
}

function diagnosticsOf(state: DocumentState, range: (doc: TextDocument, span: Span) => Range): LspDiagnostic[] {
  const diagnostics = state.kind === 'too-large' ? state.diagnostics : state.analysis.diagnostics;
  return diagnostics.map((d) => ({
    range: range(state.doc, d.span),
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
    code: d.code,
    source: 'regula',
    message: [d.message, ...(d.notes ?? [])].join('\n'),
    ...(d.suggestion ? { data: { suggestion: d.suggestion } } : {}),
  }));
}
