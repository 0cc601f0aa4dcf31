// The language service in Monaco: takes the Monaco API and a way to ask the check worker's service
// a question about a model's text, registers Regula's completion, hover, definition, references,
// rename, quick fixes, signature help, folding and Format Document. The service answers in offsets of the text it
// was asked about; an answer that arrives after the text has changed is dropped.
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { Span } from '../../grammar/ast.js';
import type { CompletionKind } from '../../language/index.js';
import type { Answer, QueryKind, Question } from './protocol.js';
import { REGULA } from './regula-language.js';

type Model = Monaco.editor.ITextModel;

/** Asks the service about a model's current text. */
export type Ask = <K extends QueryKind>(model: Model, kind: K, question: Question<K>) => Promise<Answer<K> | undefined>;

export function registerLanguageFeatures(monaco: typeof Monaco, ask: Ask, say: (message: string) => void = () => {}): Monaco.IDisposable[] {
  const L = monaco.languages;
  /** The answer, or undefined when the model changed while the worker thought. */
  const query = async <K extends QueryKind>(model: Model, kind: K, question: Question<K>): Promise<Answer<K> | undefined> => {
    const version = model.getVersionId();
    const answer = await ask(model, kind, question);
    return model.isDisposed() || model.getVersionId() !== version ? undefined : answer;
  };
  const range = (model: Model, span: Span): Monaco.Range => {
    const start = model.getPositionAt(span.start);
    const end = model.getPositionAt(span.end);
    return new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
  };
  const offset = (model: Model, position: Monaco.IPosition) => model.getOffsetAt(position);
  const K = L.CompletionItemKind;
  const ITEM_KIND: Record<CompletionKind, Monaco.languages.CompletionItemKind> = {
    keyword: K.Keyword, snippet: K.Snippet, function: K.Function, property: K.Property, value: K.Value,
    component: K.Class, attribute: K.Field, table: K.Enum, zone: K.Module, counter: K.Variable, pieces: K.Struct,
    piece: K.Struct, board: K.Enum, define: K.Function, rule: K.Method, event: K.Event, power: K.Interface,
    variant: K.Constant, choice: K.EnumMember, parameter: K.TypeParameter, variable: K.Variable,
  };

  return [
    L.registerCompletionItemProvider(REGULA, {
      async provideCompletionItems(model, position) {
        const list = await query(model, 'completion', { offset: offset(model, position) });
        if (!list) return { suggestions: [] };
        const replace = range(model, list.replace);
        return {
          suggestions: list.items.map((c) => ({
            label: c.label,
            kind: ITEM_KIND[c.kind],
            insertText: c.insertText ?? c.label,
            range: replace,
            ...(c.detail ? { detail: c.detail } : {}),
            ...(c.documentation ? { documentation: { value: c.documentation } } : {}),
            ...(c.snippet ? { insertTextRules: L.CompletionItemInsertTextRule.InsertAsSnippet } : {}),
            // Snippets after the names and keywords of the same spelling.
            sortText: `${c.kind === 'snippet' ? 1 : 0}${c.label}`,
          })),
        };
      },
    }),
    L.registerHoverProvider(REGULA, {
      async provideHover(model, position) {
        const hover = await query(model, 'hover', { offset: offset(model, position) });
        return hover ? { range: range(model, hover.span), contents: [{ value: hover.text }] } : null;
      },
    }),
    L.registerDefinitionProvider(REGULA, {
      async provideDefinition(model, position) {
        const spans = await query(model, 'definition', { offset: offset(model, position) });
        return spans?.map((s) => ({ uri: model.uri, range: range(model, s) })) ?? null;
      },
    }),
    L.registerReferenceProvider(REGULA, {
      async provideReferences(model, position, context) {
        const spans = await query(model, 'references', { offset: offset(model, position), includeDeclaration: context.includeDeclaration });
        return spans?.map((s) => ({ uri: model.uri, range: range(model, s) })) ?? null;
      },
    }),
    L.registerRenameProvider(REGULA, {
      async resolveRenameLocation(model, position) {
        const found = await query(model, 'prepareRename', { offset: offset(model, position) });
        if (!found) return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: '', rejectReason: 'The text changed: try again.' };
        if ('refused' in found) return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: '', rejectReason: found.refused };
        return { range: range(model, found.span), text: found.name };
      },
      async provideRenameEdits(model, position, newName) {
        const result = await query(model, 'rename', { offset: offset(model, position), newName });
        if (!result) return { edits: [], rejectReason: 'The text changed while renaming: try again.' };
        if ('refused' in result) return { edits: [], rejectReason: result.refused };
        const versionId = model.getVersionId();
        return { edits: result.edits.map((e) => ({ resource: model.uri, textEdit: { range: range(model, e.span), text: e.newText }, versionId })) };
      },
    }),
    L.registerCodeActionProvider(REGULA, {
      async provideCodeActions(model, at, context) {
        const span = { start: model.getOffsetAt(at.getStartPosition()), end: model.getOffsetAt(at.getEndPosition()) };
        const actions = (await query(model, 'codeActions', { range: span })) ?? [];
        const versionId = model.getVersionId();
        return {
          actions: actions.map((a) => {
            const fixes = a.diagnostic ? range(model, a.diagnostic.span) : null;
            const markers = fixes ? context.markers.filter((m) => m.code === a.diagnostic!.code && m.startLineNumber === fixes.startLineNumber && m.startColumn === fixes.startColumn) : [];
            return {
              title: a.title.replace(/`/g, ''),
              kind: a.kind,
              diagnostics: markers,
              isPreferred: a.preferred ?? false,
              edit: { edits: a.edits.map((e) => ({ resource: model.uri, textEdit: { range: range(model, e.span), text: e.newText }, versionId })) },
            };
          }),
          dispose() {},
        };
      },
    }, { providedCodeActionKinds: ['quickfix', 'refactor'] }),
    L.registerSignatureHelpProvider(REGULA, {
      signatureHelpTriggerCharacters: ['(', ','],
      signatureHelpRetriggerCharacters: [','],
      async provideSignatureHelp(model, position) {
        const s = await query(model, 'signatureHelp', { offset: offset(model, position) });
        if (!s) return null;
        return {
          value: {
            signatures: [{ label: s.label, parameters: s.parameters.map((p) => ({ label: p })), ...(s.doc ? { documentation: { value: s.doc } } : {}) }],
            activeSignature: 0,
            activeParameter: Math.min(s.active, Math.max(0, s.parameters.length - 1)),
          },
          dispose() {},
        };
      },
    }),
    L.registerDocumentFormattingEditProvider(REGULA, {
      displayName: 'regula fmt',
      async provideDocumentFormattingEdits(model) {
        const result = await query(model, 'format', {});
        if (!result) return [];
        // A text with syntax errors is left as it is; the message says which error stops it.
        if ('refused' in result) return (say(result.refused), []);
        return result.text === model.getValue() ? [] : [{ range: model.getFullModelRange(), text: result.text }];
      },
    }),
    L.registerFoldingRangeProvider(REGULA, {
      async provideFoldingRanges(model) {
        const spans = (await query(model, 'folding', {})) ?? [];
        return spans.map((s) => {
          const end = model.getPositionAt(s.end).lineNumber;
          // A block's closing brace stays in sight when it is folded.
          const closing = model.getLineContent(end).trimStart().startsWith('}');
          return { start: model.getPositionAt(s.start).lineNumber, end: closing ? end - 1 : end };
        }).filter((r) => r.end > r.start);
      },
    }),
  ];
}
