// A side rail of panels as tabs: takes a host and the panels (an id, a label, the content), gives a
// tablist as WAI-ARIA describes it (arrow keys, Home and End move between tabs; Tab goes into the
// panel), the chosen tab kept across reloads, and `select` for the code that must show a panel.
import { h } from './dom.js';

export interface TabSpec {
  readonly id: string;
  readonly label: string;
  readonly content: HTMLElement;
}

const KEY = 'regula.playground.tab';

export class Tabs {
  readonly element: HTMLElement;
  private readonly list = h('div', { role: 'tablist', class: 'tablist', 'aria-label': 'Panels', 'aria-orientation': 'horizontal' });
  private readonly tabs = new Map<string, { tab: HTMLButtonElement; panel: HTMLElement }>();
  private current = '';
  private readonly listeners: ((id: string) => void)[] = [];

  constructor(specs: readonly TabSpec[]) {
    const panels = specs.map((s) => {
      const tab = h('button', {
        type: 'button', role: 'tab', id: `tab-${s.id}`, class: 'tab', 'aria-controls': `panel-${s.id}`, 'aria-selected': 'false', tabindex: -1,
        onclick: () => this.select(s.id, true),
      }, s.label);
      const panel = h('div', { role: 'tabpanel', id: `panel-${s.id}`, class: 'tabpanel', 'aria-labelledby': `tab-${s.id}`, hidden: true }, s.content);
      this.tabs.set(s.id, { tab, panel });
      this.list.append(tab);
      return panel;
    });
    this.list.addEventListener('keydown', (e) => this.onKey(e));
    this.element = h('div', { class: 'tabs' }, this.list, h('div', { class: 'tabpanels' }, panels));
    let kept: string | null = null;
    try { kept = localStorage.getItem(KEY); } catch { /* storage off: start on the first tab */ }
    this.select(kept && this.tabs.has(kept) ? kept : specs[0]!.id);
  }

  get selected(): string {
    return this.current;
  }

  /** Shows a panel; with `focus`, its tab takes the focus (a click or a key on the tablist). */
  select(id: string, focus = false): void {
    const chosen = this.tabs.get(id);
    if (!chosen) return;
    for (const [key, { tab, panel }] of this.tabs) {
      const on = key === id;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      panel.hidden = !on;
    }
    if (focus) chosen.tab.focus();
    if (this.current === id) return;
    this.current = id;
    try { localStorage.setItem(KEY, id); } catch { /* not kept: fine */ }
    for (const l of this.listeners) l(id);
  }

  onSelect(listener: (id: string) => void): void {
    this.listeners.push(listener);
  }

  private onKey(e: KeyboardEvent): void {
    const ids = [...this.tabs.keys()];
    const at = ids.indexOf(this.current);
    const to = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? (at + 1) % ids.length
      : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? (at + ids.length - 1) % ids.length
        : e.key === 'Home' ? 0 : e.key === 'End' ? ids.length - 1 : -1;
    if (to < 0) return;
    e.preventDefault();
    this.select(ids[to]!, true);
  }
}
