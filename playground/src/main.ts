// Wiring: takes the page's elements, gives the playground: the ruleset picker, the editor with
// the user's edits kept and the language service behind it (completion, hover, definitions, …,
// all asked of the check worker), the checker's diagnostics as markers and as a list, the table
// (play panel) and, in a side rail of tabs, the rules and the panels (log, timeline, why not,
// counters, zones, structure, simulate, compare, rulebook). A link in a panel opens its line
// beside the panel, in a second editor over the table, so that nothing the person was looking at goes.
// The editor (Monaco, most of the page's code) comes after the table (editor-slot.ts): until it is
// here, the text checked and played is the one kept in this browser, and its place says it is loading.
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { Checker } from './checker.js';
import { describe, sorted, summarize, toMarker } from './diagnostics-view.js';
import { fill, h, richText } from './dom.js';
import type { Editor, TextModel } from './editor.js';
import { EditorSlot, type Loaded } from './editor-slot.js';
import { ComparePanel } from './compare-panel.js';
import { download, PlayPanel } from './play-panel.js';
import { gameFromLink } from './saved-game.js';
import { rulebookView } from './rulebook-view.js';
import type { CheckResponse } from './protocol.js';
import { originalText, rememberSelected, RULESETS, saveText, savedText, selectedRuleset } from './rulesets.js';
import { Tabs } from './tabs.js';
import './style.css';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const picker = byId<HTMLSelectElement>('ruleset');
const resetButton = byId<HTMLButtonElement>('reset');
const savedNote = byId<HTMLElement>('saved');
const status = byId<HTMLElement>('check-status');
const list = byId<HTMLElement>('diagnostics');
const fileNote = byId<HTMLElement>('editor-file');

const slot = new EditorSlot(byId('editor'), attach);
const panel = new PlayPanel(byId('play'), {
  reveal: (file, line, column) => void show(file, line, column),
  ruleset: () => (current ? { path: current.path, text: textOf(current) } : null),
  openRuleset: (path, text) => open(path, text),
  shipped: (path) => (current?.path === path && RULESETS.includes(path) ? current.original : undefined),
});
const revealAt = (at: string) => {
  const m = /^(.*):(\d+):(\d+)$/.exec(at);
  if (m) void show(m[1]!, Number(m[2]), Number(m[3]));
};
const compareHost = h('div', { id: 'compare-host' });
const compare = new ComparePanel(compareHost, revealAt);
const rulebook = h('div', { id: 'rulebook' });
const tabs = new Tabs([
  { id: 'rules', label: 'Rules', content: byId('left') },
  { id: 'log', label: 'Log', content: panel.panels.log },
  { id: 'timeline', label: 'Timeline', content: panel.panels.timeline },
  { id: 'why', label: 'Why not?', content: panel.panels.why },
  { id: 'counters', label: 'Counters', content: panel.panels.counters },
  { id: 'zones', label: 'Zones', content: panel.panels.zones },
  { id: 'structure', label: 'Structure', content: panel.panels.structure },
  { id: 'simulate', label: 'Simulate', content: panel.panels.simulate },
  { id: 'compare', label: 'Compare', content: compareHost },
  { id: 'rulebook', label: 'Rulebook', content: h('section', { id: 'rulebook-card' }, h('h2', { class: 'panel-title' }, 'Rulebook'), rulebook) },
]);
byId('side').append(tabs.element);
panel.structureShown(); // the Structure tab may be the one kept from the last visit
// A list drawn while its tab was hidden could not be scrolled: the log to its newest line when shown.
tabs.onSelect((id) => {
  if (id === 'structure') panel.structureShown();
  if (id !== 'log') return;
  const log = document.getElementById('log');
  if (log) log.scrollTop = log.scrollHeight;
});
const checker = new Checker(showCheck, (message) => { setStatus('crash', message); slot.loadSoon(); });
const cursorNote = h('span', { id: 'cursor', class: 'muted', title: 'Line and column of the cursor', 'aria-live': 'off' });
byId('editor-file').after(cursorNote);
const tabNote = byId<HTMLElement>('tab-focus-note');

/** The editor has arrived: it takes the language service, the notes beside it, and the ruleset open now. */
function attach({ api, editor }: Loaded): void {
  api.useLanguageService(
    (model, kind, question) => checker.ask(api.pathOf(model), model.getValue(), kind, question),
    (message) => setStatus('errors', message), // e.g. why Format Document left the text alone
  );
  const showCursor = () => {
    const at = editor.getPosition();
    cursorNote.textContent = at && editor.getModel() ? `Ln ${at.lineNumber}, Col ${at.column}` : '';
  };
  editor.onDidChangeCursorPosition(showCursor);
  editor.onDidChangeModel(showCursor);
  // Whether Tab leaves the editor or indents: said beside the file's name, and aloud when it changes.
  api.onTabFocusMode((on) => {
    tabNote.textContent = on ? 'Tab moves the focus (Ctrl+M)' : 'Tab indents (Ctrl+M)';
    tabNote.title = on ? 'Tab and Shift+Tab leave the editor; Ctrl+M makes Tab indent' : 'Tab indents; Ctrl+M makes Tab move the focus out of the editor';
  });
  editor.onDidChangeCursorPosition(() => { clearTimeout(saveTimer); saveTimer = setTimeout(save, 500); });
  editor.onDidChangeModelContent(() => {
    if (!current) return;
    edited();
  });
  if (current) show(current);
  function show(c: Current): void {
    c.model = api.modelFor(c.path, c.text); // the text checked and played so far, kept in the browser
    editor.setModel(c.model);
    api.viewState.restore(editor, c.path); // the cursor and scroll as they were, this session or the last
    if (lastCheck?.file === c.path && !lastCheck.crash && lastCheck.source === c.model.getValue()) api.setDiagnostics(c.model, lastCheck.diagnostics, lastCheck.source);
  }
}

// The side panel a link was clicked in: its line opens beside it (see `show`).
let clickedIn: Element | null = null;
document.addEventListener('click', (e) => { clickedIn = (e.target as Element | null)?.closest?.('.tabpanel') ?? null; }, true);

/**
 * The ruleset open now: its text is `text` until the editor has come, then its model's. Only the
 * editor changes it, so the text from the browser's storage is the one the game runs from meanwhile.
 */
interface Current { path: string; original: string; text: string; model: TextModel | null }
let current: Current | null = null;
const textOf = (c: Current): string => c.model?.getValue() ?? c.text;
/** The last answer of the checker for the ruleset open now: its markers go on the editor's model when it comes. */
let lastCheck: CheckResponse | null = null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let opening = 0;

fill(picker, RULESETS.map((path) => h('option', { value: path }, path)));
picker.addEventListener('change', () => void open(picker.value));
// One edit in the editor, so that Ctrl+Z there brings the text back: the editor is loaded first if it is not here yet.
resetButton.addEventListener('click', () => void slot.load().then(({ api }) => { if (current?.model) api.replaceAll(current.model, current.original); }, () => undefined));
/** The text changed (in the editor): checked again after a pause, and kept. */
function edited(): void {
  if (!current) return;
  setStatus('checking', 'Checking…');
  const text = textOf(current);
  checker.schedule(current.path, text);
  // Reset is offered at once, not when the text is kept 250 ms later: a click on it right after an
  // edit must not find it still disabled.
  resetButton.disabled = text === current.original;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(save, 250);
}
addEventListener('pagehide', save);
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') save(); });

function save(): void {
  clearTimeout(saveTimer);
  if (!current) return;
  const loaded = slot.loaded;
  if (loaded) loaded.api.viewState.keep(loaded.editor, current.path);
  const text = textOf(current);
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
  const loaded = slot.loaded;
  const text = given ?? savedText(path) ?? original;
  const model = loaded ? loaded.api.modelFor(path, text) : null;
  if (loaded && model && given !== undefined) loaded.api.replaceAll(model, given);
  if (current?.path !== path) panel.reset(); // the old game and simulation belong to the other rules
  current = { path, original, text, model };
  lastCheck = null;
  closeBeside();
  if (loaded) {
    loaded.editor.setModel(model);
    loaded.api.viewState.restore(loaded.editor, path); // the cursor and scroll as they were, this session or the last
  }
  fileNote.textContent = path;
  picker.value = path;
  if (known) rememberSelected(path);
  save();
  setStatus('checking', 'Checking…');
  checker.now(path, textOf(current));
}

/**
 * Shows a line of a ruleset. From a panel of the side rail (a log line, a report), it opens beside
 * that panel, in a second editor over the table, and the panel stays as it was; from the table or
 * the diagnostics, in the editor of the Rules tab. Another ruleset than the one being edited is
 * shown read-only: opening it for editing is the person's own choice ("Edit this ruleset").
 */
async function show(file: string, line: number, column: number): Promise<void> {
  const from = clickedIn;
  clickedIn = null;
  if (current?.path === file && !(from && from.id !== 'panel-rules')) {
    tabs.select('rules');
    const { api, editor } = await slot.load();
    api.reveal(editor, line, column);
    return;
  }
  const known = RULESETS.includes(file);
  if (current?.path !== file && !known) return;
  const other = current?.path === file ? null : savedText(file) ?? (await originalText(file));
  const { api } = await slot.load();
  const model = other === null && current?.model ? current.model : api.modelFor(file, other ?? textOf(current!));
  openBeside(api, model, file, line, column);
}

// The editor beside a panel: made the first time a link needs it, over the table column.
const besideFile = h('strong', { id: 'beside-file' });
const besideNote = h('span', { class: 'muted small' });
const besideCursor = h('span', { id: 'beside-cursor', class: 'muted small', title: 'Line and column of the cursor in this file' });
const besideEdit = h('button', { type: 'button', id: 'beside-edit' }, 'Edit this ruleset');
const besideHost = h('div', { id: 'beside-editor' });
const beside = h('section', { id: 'beside', hidden: true, 'aria-label': 'A ruleset\'s line, shown beside the panel' },
  h('div', { class: 'row beside-head' }, besideFile, besideCursor, besideNote, besideEdit,
    h('button', { type: 'button', id: 'beside-close', title: 'Back to the table (Escape)', onclick: () => closeBeside(true) }, 'Close')),
  besideHost);
byId('play').append(beside);
let besideEditor: Editor | null = null;
let besideBack: HTMLElement | null = null;
besideEdit.addEventListener('click', () => {
  const file = besideFile.textContent ?? '';
  const at = besideEditor?.getPosition();
  closeBeside();
  void open(file).then(async () => {
    tabs.select('rules');
    const { api, editor } = await slot.load();
    if (at) api.reveal(editor, at.lineNumber, at.column);
  });
});
beside.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.stopPropagation(); closeBeside(true); } });

function openBeside(api: Loaded['api'], model: TextModel, file: string, line: number, column: number): void {
  besideBack = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  beside.hidden = false;
  document.body.classList.add('beside-open');
  if (!besideEditor) {
    besideEditor = api.createEditor(besideHost);
    const shown = besideEditor;
    shown.onDidChangeCursorPosition((e) => { besideCursor.textContent = `Ln ${e.position.lineNumber}, Col ${e.position.column}`; });
  }
  const mine = current?.path === file;
  besideEditor.updateOptions({ readOnly: !mine });
  besideEditor.setModel(model);
  besideFile.textContent = file;
  besideNote.textContent = mine ? 'the ruleset being edited: changes here are the same text' : 'read-only: another ruleset';
  besideEdit.hidden = mine;
  besideEdit.title = `Open ${file} in the editor: the game and the reports of ${current?.path ?? 'this ruleset'} end`;
  besideEditor.layout();
  api.reveal(besideEditor, line, column);
}

function closeBeside(refocus = false): void {
  if (beside.hidden) return;
  beside.hidden = true;
  document.body.classList.remove('beside-open');
  besideEditor?.setModel(null);
  if (refocus && besideBack?.isConnected) besideBack.focus();
  besideBack = null;
}

function setStatus(state: 'checking' | 'ok' | 'errors' | 'crash', text: string): void {
  status.dataset.state = state;
  status.textContent = text;
  status.title = text;
}

function showCheck(r: CheckResponse): void {
  if (!current || r.file !== current.path) return;
  lastCheck = r;
  slot.loadSoon(); // the table is drawn from this answer: the editor comes next
  if (r.crash) {
    setStatus('crash', 'The checker failed');
    fill(list, h('li', { class: 'diag error' }, `The checker itself failed (a bug in Regula, not in your ruleset): ${r.crash}`));
    panel.setDefinition(null, 'The checker failed on this text.');
    compare.setDefinition(null, current.path);
    return;
  }
  const loaded = slot.loaded;
  if (loaded && current.model) loaded.api.setDiagnostics(current.model, r.diagnostics, r.source);
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
  const go = () => void slot.load().then(({ api, editor }) => api.reveal(editor, m.startLineNumber, m.startColumn), () => undefined);
  return h('li', { class: `diag ${d.severity}`, 'data-code': d.code, tabindex: 0, title: 'Show in the editor',
    onclick: go,
    onkeydown: (e) => { if ((e as KeyboardEvent).key === 'Enter') go(); } },
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
    onclick: () => { if (current) download(current.path.slice(current.path.lastIndexOf('/') + 1), textOf(current), 'text/plain'); } }, 'Download'),
  // Presentation: the table alone in large type, for a class (the button again, or Escape, goes back).
  h('button', { type: 'button', id: 'present', 'aria-pressed': 'false', title: 'Show the table alone in large type', onclick: () => present(!document.body.classList.contains('present')) }, 'Present'));
function present(on: boolean): void {
  document.body.classList.toggle('present', on);
  byId('present').setAttribute('aria-pressed', String(on));
  byId('present').textContent = on ? 'Leave presentation' : 'Present';
}
document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && document.body.classList.contains('present') && !(e.target as HTMLElement).closest?.('#table')) present(false); });

// A shared link (#game=… or #ref=…) opens its rules, setup and position; otherwise the last ruleset chosen.
async function start(): Promise<void> {
  try {
    const game = await gameFromLink(location.hash, originalText);
    if (game) {
      void panel.resume(game);
      return;
    }
  } catch (e) {
    setStatus('crash', (e as Error).message);
  }
  void open(selectedRuleset());
}
void start();
