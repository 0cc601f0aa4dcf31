// Comparing the ruleset in the editor with another encoding of the same game (say, the same
// rulebook in another translation): takes the editor's compiled definition and a way to show a
// line; gives, as `regula diff` does, one entry per difference of the rules — the two rulebooks'
// passages side by side, the declarations as line diffs, the ambiguity notes, the games where it
// shows, the entries it interacts with — classified by the translators' notes; the games are
// played in a web worker (compare-worker.ts) within a time budget, and what it cut is said.
import {
  CLASSIFICATION_TEXT, comparisonReport, coverageLines, gameInWords, interactionLines, movesInWords, pointInWords, swapNotes, type CausedGroup, type CausedPlay,
  type ComparisonReport, type EncodingComparison, type ReportEntry, type StructureComparison, type TranslationNotes,
} from '../../interpreter/tools/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import type { CompareToPage, CompareToWorker } from './compare-worker.js';
import { fill, h, richText } from './dom.js';
import { originalText, RULESETS, savedText } from './rulesets.js';

/** Games per setting (player count and variants), and the seconds they may take in all. */
const GAMES_PER_SETTING = 5;
const BUDGET_SECONDS = 30;

// The translators' notes beside the rulesets: where two translations' rulebooks disagree.
const NOTES = Object.values(import.meta.glob<TranslationNotes>('../../rulesets/*/*.differences.json', { eager: true, import: 'default' }));

/** The notes about these two encodings, read from the first one's side; null when there are none. */
function notesFor(first: string, second: string): TranslationNotes | null {
  const name = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const [x, y] = [name(first), name(second)];
  for (const n of NOTES) {
    if (n.first === x && n.second === y) return n;
    if (n.first === y && n.second === x) return swapNotes(n);
  }
  return null;
}
/** The select's value for the current ruleset's original text. */
const ORIGINAL = '(original)';

export class ComparePanel {
  private def: GameDefinition | null = null;
  private path = '';
  private running = 0;
  private readonly other = h('select', { id: 'compare-with' });
  private readonly button = h('button', { id: 'compare', type: 'button' }, 'Compare');
  private readonly output = h('div', { id: 'compare-output' });

  constructor(root: HTMLElement, private readonly reveal: (at: string) => void) {
    this.button.addEventListener('click', () => void this.compare());
    this.other.addEventListener('change', () => { this.button.disabled = !this.def || !this.other.value; });
    root.append(h('section', { class: 'card', id: 'compare-card' },
      h('h3', {}, 'Compare with another encoding'),
      h('p', { class: 'muted small' }, 'Two encodings of one game — one rulebook in two translations, or your edited rules and the original — declaration by declaration, then the same games played in both.'),
      h('div', { class: 'row' }, h('label', {}, 'Compare with ', this.other), this.button),
      this.output));
  }

  /** The editor's ruleset, compiled (null while it has errors). */
  setDefinition(def: GameDefinition | null, path: string): void {
    this.def = def;
    if (path !== this.path) {
      this.path = path;
      const others = RULESETS.filter((p) => p !== path);
      // Offer the encodings of the same game (the same folder) first, then this ruleset as it was
      // before the edits in the editor: a designer's "what did my change do?".
      // Without a sibling encoding nothing is chosen for the user: another game is rarely what they mean.
      const folder = path.slice(0, path.lastIndexOf('/') + 1);
      const siblings = others.filter((p) => p.startsWith(folder));
      fill(this.other,
        siblings.length ? null : h('option', { value: '' }, '— choose what to compare with —'),
        [...siblings, ...others.filter((p) => !p.startsWith(folder))].map((p) => h('option', { value: p }, p)),
        h('option', { value: ORIGINAL }, `${path} as it was before my edits`));
      this.other.value = siblings[0] ?? '';
      this.output.replaceChildren();
    }
    this.button.disabled = !def || !this.other.value;
  }

  private worker: Worker | null = null;

  /** Runs the comparison in a web worker (compare-worker.ts): the declarations at once, then the games. */
  private async compare(): Promise<void> {
    const first = this.def;
    if (!first) return;
    const ticket = ++this.running;
    const path = this.other.value === ORIGINAL ? this.path : this.other.value;
    const text = this.other.value === ORIGINAL ? await originalText(path) : savedText(path) ?? (await originalText(path));
    if (ticket !== this.running) return;
    const sameFile = this.other.value === ORIGINAL;
    const notes = sameFile ? null : notesFor(this.path, path);
    this.worker?.terminate(); // another comparison was running: its results count for nothing
    const worker = (this.worker = new Worker(new URL('./compare-worker.ts', import.meta.url), { type: 'module' }));
    const entries = h('div', { id: 'compare-structure' });
    const status = h('p', { class: 'muted', id: 'compare-progress' }, 'Comparing the declarations…');
    const play = h('div', { id: 'compare-play' });
    fill(this.output, entries, h('h4', {}, 'In play'), status, play);
    let second: GameDefinition | null = null;
    let structure: StructureComparison | null = null;
    const report = (run: EncodingComparison | null) => comparisonReport({
      first: this.path, second: sameFile ? `${path} (original)` : path, structure: structure!, play: run?.play ?? null, outcomes: null, notes,
      rulebooks: { first: first.rulebook, second: second!.rulebook }, coverage: run?.coverage ?? null,
    });
    worker.addEventListener('message', (e: MessageEvent<CompareToPage>) => {
      const m = e.data;
      if (worker !== this.worker) return;
      if (m.type === 'problem') {
        status.textContent = m.message;
        worker.terminate();
      } else if (m.type === 'structure') {
        ({ second, structure } = m);
        fill(entries, structureView(m.structure, report(null), this.reveal));
        status.textContent = m.counts.length ? 'Playing the games…' : 'They share no player count: no game can be played in both.';
        if (!m.counts.length) worker.terminate();
      } else if (m.type === 'progress') {
        status.textContent = `Playing: ${m.done} of ${m.total} ${m.what}…`;
      } else {
        status.textContent = '';
        const full = report(m.run);
        fill(entries, structureView(structure!, full, this.reveal));
        fill(play, playView(m.run.play, full));
        worker.terminate();
      }
    });
    worker.addEventListener('error', (e) => { status.textContent = `The comparison failed: ${e.message || 'worker error'}`; });
    worker.postMessage({ first, secondText: text, secondPath: path, notes, games: GAMES_PER_SETTING, budgetSeconds: BUDGET_SECONDS } satisfies CompareToWorker);
  }
}

function structureView(s: StructureComparison, r: ComparisonReport, reveal: (at: string) => void): HTMLElement {
  const link = (at: string) => h('a', { href: '#', class: 'line', onclick: (e) => { e.preventDefault(); reveal(at); } }, at.split('/').at(-1)!);
  const count = (c: ReportEntry['classification']) => r.entries.filter((e) => e.classification === c).length;
  return h('div', {},
    h('p', {}, `${s.same.length} declarations mean the same; ${r.entries.length} difference${r.entries.length === 1 ? '' : 's'}`,
      count('variant') ? '.' : `: ${count('rulebooks differ')} where ${CLASSIFICATION_TEXT['rulebooks differ']}, ${count('rulebook silent')} where ${CLASSIFICATION_TEXT['rulebook silent']}, ${count('encodings differ')} where ${CLASSIFICATION_TEXT['encodings differ']}.`),
    r.entries.map((e) => h('details', { class: 'difference', 'data-status': e.declarations[0]?.status ?? 'changed', 'data-classification': e.classification },
      h('summary', {}, h('strong', {}, e.title), ' ', h('span', { class: 'muted small' }, CLASSIFICATION_TEXT[e.classification]), ' ',
        e.declarations.flatMap((d) => [d.first ? link(d.first.at) : null, ' ', d.second ? link(d.second.at) : null, ' '])),
      passages(e, r),
      e.note ? h('p', { class: 'small' }, h('strong', {}, 'Reading: '), richText(e.note)) : null,
      e.ambiguities.map((a) => h('p', { class: 'cite small' }, `ambiguous in ${a.side === 'first' ? 'this one' : 'the other'} (${a.key}): “${a.quote}”${a.because ? ` — ${a.because}` : ''}`)),
      e.declarations.map((d) => [
        h('p', { class: 'small' }, h('code', {}, d.key), ' ', h('span', { class: 'muted' }, d.status === 'changed' ? 'differs' : d.status === 'only-first' ? 'only in this one' : 'only in the other')),
        h('pre', { class: 'line-diff' }, (d.lines ?? (d.first ?? d.second)!.text.split('\n').map((text) => ({ op: d.first ? '-' : '+', text }))).map((l) =>
          h('div', { class: l.op === '-' ? 'del' : l.op === '+' ? 'ins' : 'same' }, `${l.op} ${l.text}`))),
      ]),
      e.play.map((g) => groupView(g, r)),
      e.search?.found.length ? [h('p', { class: 'small' }, `No game played at random reached it; a search steered toward it did, in ${e.search.games} steered games:`), e.search.found.filter((g) => g.firstIn > 0).map((g) => groupView(g, r))] : null,
      e.unreached ? h('p', { class: 'small' }, richText(e.unreached)) : null,
      e.interactions.map((x) => {
        const [head, ...rest] = interactionLines(x, r.coverage?.variantTitles ?? {});
        return h('div', { class: 'small interaction' }, h('p', {}, head!), h('ul', {}, rest.map((l) => h('li', {}, l))));
      }),
      e.advice ? h('p', { class: 'small' }, h('strong', {}, 'To fix: '), richText(e.advice)) : null)));
}

/** A side as its rulebook names it: `tokaido.cs.txt (Czech)`, or the ruleset's file when it names no rulebook. */
function sideName(r: ComparisonReport, side: 'first' | 'second'): string {
  const book = r.rulebooks[side];
  if (!book) return r[side].split('/').at(-1)!;
  const code = /\.([a-z]{2,3})\.[^.]+$/.exec(book)?.[1];
  let language: string | undefined;
  try { language = code ? new Intl.DisplayNames(['en'], { type: 'language' }).of(code) : undefined; } catch { language = undefined; }
  return language && language !== code ? `${book} (${language})` : book;
}

/** The two rulebooks' passages side by side, each under its rulebook's name. */
function passages(e: ReportEntry, r: ComparisonReport): HTMLElement {
  const column = (who: string, ps: readonly string[]) => h('td', { style: 'vertical-align: top; width: 50%; padding: 0.2em 0.5em;' },
    h('div', { class: 'muted small' }, who), ps.length ? ps.map((p) => h('p', { class: 'cite small' }, `“${p}”`)) : h('p', { class: 'muted small' }, '(says nothing here)'));
  return h('table', { class: 'passages', style: 'width: 100%; border-collapse: collapse; table-layout: fixed;' },
    h('tr', {}, column(sideName(r, 'first'), e.passages.first), column(sideName(r, 'second'), e.passages.second)));
}

/** A group of play differences as the log tells it; `causes` names the declarations (for groups not under an entry). */
function groupView(g: CausedGroup, r: ComparisonReport | null, causes = false): HTMLElement {
  const first = g.firstIn === g.games ? '' : g.firstIn ? ` (the first difference in ${g.firstIn})` : ' (each time after an earlier difference)';
  return h('div', { class: 'play-difference' },
    h('p', {}, h('strong', {}, `${g.games} game${g.games === 1 ? '' : 's'}`), first, ': ', pointInWords(g.example),
      causes && g.causes.length ? h('span', { class: 'muted small' }, ' caused by ', g.causes.map((c, i) => [i ? ', ' : '', h('code', {}, c)])) : null),
    h('ul', { class: 'small' }, g.example.detail.map((d) => h('li', {}, richText(d)))),
    h('p', { class: 'muted small' }, `Shortest trace: ${gameInWords(g.example, r?.coverage?.variantTitles ?? {})}: `, movesInWords(g.example)));
}

/** Every group of play differences; before they are traced (`r` null), without their causes. */
function playView(p: CausedPlay, r: ComparisonReport | null): HTMLElement {
  return h('div', {},
    h('p', {}, `${p.games} games, each encoding's random moves leading in half: ${p.agreed} went the same way to the same end in both.`,
      r?.untraced.length ? ` ${r.untraced.length} difference${r.untraced.length === 1 ? ' is' : 's are'} not traced to one declaration.` : ''),
    r?.coverage ? coverageLines(r.coverage, 'regula diff --budget SECONDS plays them all').map((l) => h('p', { class: 'muted small', 'data-coverage': '' }, l)) : null,
    p.groups.map((g) => groupView(g, r, true)));
}
