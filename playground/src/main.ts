// Wiring: takes the page's elements, gives the playground: the ruleset picker, the editor with
// the user's edits kept and the language service behind it (completion, hover, definitions, …,
// all asked of the check worker), the checker's diagnostics as markers and as a list, and the play panel.
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { Checker } from './checker.js';
import { describe, sorted, summarize, toMarker } from './diagnostics-view.js';
import { fill, h, richText } from './dom.js';
import { createEditor, modelFor, pathOf, replaceAll, reveal, setDiagnostics, useLanguageService, type TextModel } from './editor.js';
import { ComparePanel } from './compare-panel.js';
import { download, PlayPanel } from './play-panel.js';
import { gameFromFragment } from './saved-game.js';
import { rulebookView } from './rulebook-view.js';
import type { CheckResponse } from './protocol.js';
import { originalText, rememberSelected, RULESETS, saveText, savedText, selectedRuleset } from './rulesets.js';
import './style.css';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const picker = byId<HTMLSelectElement>('ruleset');
const resetButton = byId<HTMLButtonElement>('reset');
const savedNote = byId<HTMLElement>('saved');
const status = byId<HTMLElement>('check-status');
const list = byId<HTMLElement>('diagnostics');

const editor = createEditor(byId('editor'));
const panel = new PlayPanel(byId('play'), {
  reveal: (file, line, column) => void show(file, line, column),
  ruleset: () => (current ? { path: current.path, text: current.model.getValue() } : null),
  openRuleset: (path, text) => open(path, text),
});
const revealAt = (at: string) => {
  const m = /^(.*):(\d+):(\d+)$/.exec(at);
  if (m) void show(m[1]!, Number(m[2]), Number(m[3]));
};
const compare = new ComparePanel(byId('play'), revealAt);
const rulebook = h('div', { id: 'rulebook' });
byId('play').append(h('section', { class: 'card', id: 'rulebook-card' }, h('h3', {}, 'Rulebook'), rulebook));
const checker = new Checker(showCheck, (message) => setStatus('crash', message));
useLanguageService(
  (model, kind, question) => checker.ask(pathOf(model), model.getValue(), kind, question),
  (message) => setStatus('errors', message), // e.g. why Format Document left the text alone
);
const cursorNote = h('span', { id: 'cursor', class: 'muted', title: 'Line and column of the cursor' });
status.before(cursorNote);
editor.onDidChangeCursorPosition((e) => {
  cursorNote.textContent = `Ln ${e.position.lineNumber}, Col ${e.position.column}`;
});

let current: { path: string; original: string; model: TextModel } | null = null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let opening = 0;

fill(picker, RULESETS.map((path) => h('option', { value: path }, path)));
picker.addEventListener('change', () => void open(picker.value));
resetButton.addEventListener('click', () => {
  if (current) replaceAll(current.model, current.original); // one edit: Ctrl+Z in the editor brings the text back
});
editor.onDidChangeModelContent(() => {
  if (!current) return;
  setStatus('checking', 'Checking…');
  checker.schedule(current.path, current.model.getValue());
  clearTimeout(saveTimer);
  saveTimer = setTimeout(save, 250);
});
addEventListener('pagehide', save);
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') save(); });

function save(): void {
  clearTimeout(saveTimer);
  if (!current) return;
  const text = current.model.getValue();
  const kept = saveText(current.path, text, current.original);
  savedNote.textContent = !kept ? 'Your edits cannot be kept in this browser (storage is off or full).'
    : text === current.original ? 'original text' : 'edited · kept in this browser';
  resetButton.disabled = text === current.original;
}

/** Opens a ruleset of the repository, or (with `given`) any ruleset with that text: a file, an imported game's. */
async function open(path: string, given?: string): Promise<void> {
  save();
  const ticket = ++opening;
  const known = RULESETS.includes(path);
  const original = known ? await originalText(path) : given ?? '';
  if (ticket !== opening) return; // another ruleset was chosen meanwhile
  if (![...picker.options].some((o) => o.value === path)) picker.append(h('option', { value: path }, path));
  const model = modelFor(path, given ?? savedText(path) ?? original);
  if (given !== undefined) replaceAll(model, given);
  if (current?.path !== path) panel.reset(); // the old game and simulation belong to the other rules
  current = { path, original, model };
  editor.setModel(model);
  picker.value = path;
  if (known) rememberSelected(path);
  save();
  setStatus('checking', 'Checking…');
  checker.now(path, model.getValue());
}

async function show(file: string, line: number, column: number): Promise<void> {
  if (current?.path !== file && RULESETS.includes(file)) await open(file);
  reveal(editor, line, column);
}

function setStatus(state: 'checking' | 'ok' | 'errors' | 'crash', text: string): void {
  status.dataset.state = state;
  status.textContent = text;
}

function showCheck(r: CheckResponse): void {
  if (!current || r.file !== current.path) return;
  if (r.crash) {
    setStatus('crash', 'The checker failed');
    fill(list, h('li', { class: 'diag error' }, `The checker itself failed (a bug in Regula, not in your ruleset): ${r.crash}`));
    panel.setDefinition(null, 'The checker failed on this text.');
    compare.setDefinition(null, current.path);
    return;
  }
  setDiagnostics(current.model, r.diagnostics, r.source);
  const summary = summarize(r.diagnostics);
  const book = r.rulebook ? (r.rulebook.verified ? ` · quotations checked against ${r.rulebook.name}` : ` · ${r.rulebook.name} not found`) : '';
  setStatus(summary.errors ? 'errors' : 'ok', `${summary.errors ? '✗' : '✓'} ${summary.text}${book} · ${Math.round(r.ms)} ms`);
  fill(list, sorted(r.diagnostics).map((d) => diagnosticItem(d, r.source)));
  compare.setDefinition(r.definition, current.path);
  fill(rulebook, r.coverage ? rulebookView(r.coverage, revealAt)
    : h('p', { class: 'muted' }, r.rulebook?.verified === false ? `${r.rulebook.name} was not found.` : 'Shown when the ruleset has no errors and names its rulebook.'));
  panel.setDefinition(r.definition, `The ruleset has ${summary.text.toLowerCase()}: fix ${summary.errors === 1 ? 'it' : 'them'} to start a new game.`);
}

function diagnosticItem(d: Diagnostic, source: string): HTMLElement {
  const m = toMarker(d, source);
  return h('li', { class: `diag ${d.severity}`, 'data-code': d.code, tabindex: 0, title: 'Show in the editor',
    onclick: () => reveal(editor, m.startLineNumber, m.startColumn),
    onkeydown: (e) => { if ((e as KeyboardEvent).key === 'Enter') reveal(editor, m.startLineNumber, m.startColumn); } },
  h('span', { class: 'pos' }, `${m.startLineNumber}:${m.startColumn}`), ' ',
  h('span', { class: 'sev' }, d.severity), ' ', h('code', { class: 'code' }, d.code), ' ', h('span', { class: 'msg' }, richText(describe(d))));
}

// A ruleset from a file, and the one in the editor as a file.
const fileInput = h('input', { type: 'file', id: 'open-file', accept: '.rules,text/plain', hidden: true, onchange: () => void openFile() });
async function openFile(): Promise<void> {
  const file = fileInput.files?.[0];
  fileInput.value = '';
  if (file) await open(file.name, await file.text());
}
resetButton.after(
  h('button', { type: 'button', id: 'open-button', title: 'Open a .rules file from this computer', onclick: () => fileInput.click() }, 'Open file…'), fileInput,
  h('button', { type: 'button', id: 'download', title: 'Download the ruleset as it is in the editor',
    onclick: () => { if (current) download(current.path.slice(current.path.lastIndexOf('/') + 1), current.model.getValue(), 'text/plain'); } }, 'Download'),
  // Presentation: the table alone in large type, for a class (the button again, or Escape, goes back).
  h('button', { type: 'button', id: 'present', 'aria-pressed': 'false', title: 'Show the table alone in large type', onclick: () => present(!document.body.classList.contains('present')) }, 'Present'));
function present(on: boolean): void {
  document.body.classList.toggle('present', on);
  byId('present').setAttribute('aria-pressed', String(on));
  byId('present').textContent = on ? 'Leave presentation' : 'Present';
}
document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && document.body.classList.contains('present') && !(e.target as HTMLElement).closest?.('#table')) present(false); });

// A shared link (#game=…) opens its rules, setup and position; otherwise the last ruleset chosen.
function start(): void {
  try {
    const game = gameFromFragment(location.hash);
    if (game) {
      void panel.resume(game);
      return;
    }
  } catch (e) {
    setStatus('crash', (e as Error).message);
  }
  void open(selectedRuleset());
}
start();
