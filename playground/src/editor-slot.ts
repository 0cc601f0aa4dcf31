// The code editor, loaded when it is wanted: takes the element the editor goes in and what to do
// once it is there, gives the editor module (Monaco with the Regula language, editor.ts) and the
// editor made in that element. Monaco is most of the page's code and the first screen (the table)
// needs none of it, so it is fetched apart (its own chunk): after the table is drawn and the person
// pauses (`loadSoon`), or as soon as they reach for it (a click or the focus in its place, a
// diagnostic, a link to a line, Reset). Until then its place says that it is loading (or why it
// failed to: the browser keeps a failed import failed, so only a reload tries again); the text it
// will show is the one kept in the browser, which the game is checked and played from meanwhile.
import { h } from './dom.js';
import type { Editor } from './editor.js';

export type EditorModule = typeof import('./editor.js');
export interface Loaded { readonly api: EditorModule; readonly editor: Editor }

export class EditorSlot {
  private loading: Promise<Loaded> | null = null;
  private done: Loaded | null = null;
  private readonly note = h('span', { class: 'editor-loading-text' }, 'Loading the editor…');
  private readonly placeholder = h('div', {
    class: 'editor-loading', role: 'status', tabindex: 0, 'aria-label': 'The ruleset editor, loading',
    onfocus: () => void this.load().catch(() => undefined),
    onpointerdown: () => void this.load().catch(() => undefined),
  }, this.note);

  /** `attach` runs once, when the editor is made, before anything waiting for `load()` goes on. */
  constructor(private readonly host: HTMLElement, private readonly attach: (loaded: Loaded) => void) {
    host.dataset.state = 'loading';
    host.append(this.placeholder);
  }

  /** The editor if it is here already. */
  get loaded(): Loaded | null {
    return this.done;
  }

  /** The editor, loading it first if it is not here yet (once: later calls share the first). */
  load(): Promise<Loaded> {
    this.loading ??= import('./editor.js').catch((e: unknown) => {
      this.host.dataset.state = 'failed';
      this.placeholder.setAttribute('aria-label', 'The ruleset editor, not loaded');
      this.note.textContent = `The editor could not be loaded (${(e as Error).message}). The table still plays the text kept in this browser; `
        + 'reload the page to try again (export or share the game first to keep it).';
      throw e;
    }).then((api) => {
      const focused = this.placeholder.contains(document.activeElement);
      this.placeholder.remove();
      const loaded = { api, editor: api.createEditor(this.host) };
      this.done = loaded;
      this.host.dataset.state = 'ready';
      // A fault in the wiring is the page's bug, reported as such, not a failure to load.
      try { this.attach(loaded); } catch (e) { queueMicrotask(() => { throw e; }); }
      if (focused) loaded.editor.focus(); // the person was waiting in its place: the focus goes on in
      return loaded;
    });
    return this.loading;
  }

  /**
   * Loads the editor once the person has left the page alone for a moment (`QUIET` ms without a
   * click or a key) and the page is idle, so that Monaco's start does not hold up the first moves on
   * the table; at the latest `LATEST` ms from now. Anything that asks for it sooner (`load`) wins.
   */
  loadSoon(): void {
    if (this.loading || this.soon) return;
    this.soon = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = () => {
      clearTimeout(timer);
      clearTimeout(latest);
      for (const type of ['pointerdown', 'keydown'] as const) document.removeEventListener(type, wait, true);
      if (!this.loading) void this.load().catch(() => undefined);
    };
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(go, { timeout: 1000 }) : go()), QUIET);
    };
    for (const type of ['pointerdown', 'keydown'] as const) document.addEventListener(type, wait, true);
    const latest = setTimeout(go, LATEST);
    wait();
  }

  private soon = false;
}

const QUIET = 600;
const LATEST = 8000;
