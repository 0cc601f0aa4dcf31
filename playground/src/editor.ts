// The Monaco editor: takes a host element, gives an editor with the Regula language, one model
// per ruleset (each with its own undo history), diagnostics as markers, and jumps to a position.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
// What the language service drives: completion and snippets, definitions and references, rename,
// quick fixes (the light bulb, Ctrl+.), signature help and formatting.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/link/goToDefinitionAtPosition';
import 'monaco-editor/editor/standalone/browser/referenceSearch/standaloneReferenceSearch';
import 'monaco-editor/editor/contrib/rename/browser/rename';
import 'monaco-editor/editor/contrib/codeAction/browser/codeActionContributions';
import 'monaco-editor/editor/contrib/parameterHints/browser/parameterHints';
// Format Document (Shift+Alt+F; Ctrl+Shift+I on Linux), with `regula fmt`'s layout.
import 'monaco-editor/editor/contrib/format/browser/formatActions';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { toMarker } from './diagnostics-view.js';
import { registerLanguageFeatures, type Ask } from './language-features.js';
import { REGULA, registerRegula } from './regula-language.js';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
registerRegula(monaco);

/**
 * Completion, hover, definitions, … answered by `ask` (the check worker's language service);
 * `say` shows a short message, such as why the document was not formatted.
 */
export function useLanguageService(ask: Ask, say: (message: string) => void = () => {}): void {
  registerLanguageFeatures(monaco, ask, say);
}

/** The ruleset's path a model holds (as modelFor named it). */
export function pathOf(model: TextModel): string {
  return model.uri.path.replace(/^\//, '');
}

export type Editor = monaco.editor.IStandaloneCodeEditor;
export type TextModel = monaco.editor.ITextModel;

export function createEditor(host: HTMLElement): Editor {
  return monaco.editor.create(host, {
    language: REGULA,
    theme: 'vs',
    automaticLayout: true,
    fontSize: 13,
    fontFamily: "'DejaVu Sans Mono', 'Cascadia Code', Menlo, Consolas, monospace",
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    wordWrap: 'off',
    tabSize: 2,
    renderLineHighlight: 'line',
    fixedOverflowWidgets: true,
    model: null,
  });
}

/** The model of a ruleset, made once per path with the given text; later calls return it as it is. */
export function modelFor(path: string, text: string): TextModel {
  const uri = monaco.Uri.parse(`file:///${path}`);
  return monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, REGULA, uri);
}

/** Puts `text` in the model as one edit, so Ctrl+Z brings the old text back. */
export function replaceAll(model: TextModel, text: string): void {
  if (model.getValue() === text) return;
  model.pushStackElement();
  model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
  model.pushStackElement();
}

export function setDiagnostics(model: TextModel, diagnostics: readonly Diagnostic[], source: string): void {
  monaco.editor.setModelMarkers(model, 'regula', diagnostics.map((d) => toMarker(d, source)));
}

export function reveal(editor: Editor, line: number, column: number): void {
  editor.revealPositionInCenter({ lineNumber: line, column });
  editor.setPosition({ lineNumber: line, column });
  editor.focus();
}
