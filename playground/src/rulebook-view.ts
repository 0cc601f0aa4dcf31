// The rulebook beside the rules: takes a ruleset's coverage of its rulebook and a way to show a
// line in the editor; gives the rulebook's sentences marked cited, in part, not at all or as
// flavour, each with links to the declarations that quote it — to see what is encoded and where.
import type { Coverage } from '../../interpreter/tools/index.js';
import { h } from './dom.js';

export function rulebookView(c: Coverage, reveal: (at: string) => void): HTMLElement {
  const count = (status: string) => c.passages.filter((p) => p.status === status).length;
  const list = h('ol', { class: 'rulebook' }, c.passages.map((p) =>
    h('li', { class: `passage ${p.status.replace(' ', '-')}`, value: p.line, title: `line ${p.line} of ${c.rulebook}` },
      h('span', { class: 'passage-text' }, p.text),
      p.citedBy.length ? h('span', { class: 'cited-by small' }, ' ← ', p.citedBy.map((d, i) => [i ? ', ' : '',
        h('a', { href: '#', onclick: (e) => { e.preventDefault(); reveal(d.at); } }, d.key)])) : null)));
  const onlyMissing = h('input', { type: 'checkbox', id: 'rulebook-missing' });
  onlyMissing.addEventListener('change', () => list.classList.toggle('missing-only', onlyMissing.checked));
  return h('div', { class: 'rulebook-view' },
    h('p', { class: 'small' }, `${count('cited')} of ${c.passages.length - count('flavour')} rule sentences of ${c.rulebook} are cited, ${count('partly')} in part, ${count('not cited')} not at all; ${count('flavour')} are flavour (story, credits, examples). `,
      h('label', {}, onlyMissing, ' show only those not fully cited')),
    list);
}
