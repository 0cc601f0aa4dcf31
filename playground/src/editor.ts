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
// Ctrl+M: Tab moves the focus out of the editor instead of indenting (announced to screen readers).
import 'monaco-editor/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode';
import { TabFocus } from 'monaco-editor/editor/browser/config/tabFocus';
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

/**
 * Tab focus mode: on unless the person turned it off (Ctrl+M), so that Tab never traps the focus
 * in the editor (Enter indents a new line, Format Document lays the rest out). Calls `listener`
 * with the mode now and whenever Ctrl+M changes it; the choice is kept in this browser.
 */
export function onTabFocusMode(listener: (on: boolean) => void): void {
  let kept: string | null = null;
  try { kept = localStorage.getItem(TAB_FOCUS); } catch { /* storage off */ }
  TabFocus.setTabFocusMode(kept !== 'off');
  listener(TabFocus.getTabFocusMode());
  TabFocus.onDidChangeTabFocus((on) => {
    try { localStorage.setItem(TAB_FOCUS, on ? 'on' : 'off'); } catch { /* not kept */ }
    listener(on);
  });
}
const TAB_FOCUS = 'regula.playground.tabFocus';

export function createEditor(host: HTMLElement): Editor {
  const editor = monaco.editor.create(host, {
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
    useShadowDOM: false, // the right-click menu in the page, where the page's styles give it its background
    ariaLabel: 'Ruleset editor. Press Ctrl+M to make Tab move the focus out of the editor.',
  });
  // Format Document as on Windows and macOS (Shift+Alt+F), on Linux too, where Monaco binds only Ctrl+Shift+I.
  editor.addAction({
    id: 'regula.formatDocumentShiftAltF', label: 'Format Document', keybindings: [monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF],
    run: (ed) => ed.getAction('editor.action.formatDocument')?.run(),
  });
  return editor;
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

/**
 * The editor's state per ruleset (cursor, selections, scroll, folds): kept when another ruleset is
 * opened and across reloads (localStorage), put back when the ruleset is opened again.
 */
export const viewState = {
  keep(editor: Editor, path: string): void {
    const state = editor.getModel() && pathOf(editor.getModel()!) === path ? editor.saveViewState() : null;
    if (!state) return;
    states.set(path, state);
    try { localStorage.setItem(`regula.playground.view:${path}`, JSON.stringify(state)); } catch { /* storage off or full: kept for this visit */ }
  },
  restore(editor: Editor, path: string): void {
    let state = states.get(path) ?? null;
    if (!state) {
      try { state = JSON.parse(localStorage.getItem(`regula.playground.view:${path}`) ?? 'null') as monaco.editor.ICodeEditorViewState | null; } catch { state = null; }
    }
    if (state) editor.restoreViewState(state);
  },
};
const states = new Map<string, monaco.editor.ICodeEditorViewState>();

export function reveal(editor: Editor, line: number, column: number): void {
  editor.revealPositionInCenter({ lineNumber: line, column });
  editor.setPosition({ lineNumber: line, column });
  editor.focus();
}
