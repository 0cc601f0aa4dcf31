// Comparing the ruleset in the editor with another encoding of the same game (say, the same
// rulebook in another translation): takes the editor's compiled definition and a way to show a
// line; gives the declarations that differ, as line diffs with the passages each cites, and the
// first point where the same games part when played in both, run a few games per frame.
import {
  compareGame, compareStructure, DIFFERENCE_TEXT, comparisonGames, sharedPlayerCounts, summarizePlay,
  type DeclSide, type PlayComparison, type PlayDifference, type StructureComparison,
} from '../../interpreter/tools/index.js';
import { compileSource } from '../../interpreter/compiler/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { fill, h, nextFrame, richText } from './dom.js';
import { originalText, RULESETS, savedText } from './rulesets.js';

const GAMES_PER_COUNT = 5;
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
      const folder = path.slice(0, path.lastIndexOf('/') + 1);
      fill(this.other,
        [...others.filter((p) => p.startsWith(folder)), ...others.filter((p) => !p.startsWith(folder))].map((p) => h('option', { value: p }, p)),
        h('option', { value: ORIGINAL }, `${path} as it was before my edits`));
      this.output.replaceChildren();
    }
    this.button.disabled = !def || this.other.options.length === 0;
  }

  private async compare(): Promise<void> {
    const first = this.def;
    if (!first) return;
    const ticket = ++this.running;
    const path = this.other.value === ORIGINAL ? this.path : this.other.value;
    const text = this.other.value === ORIGINAL ? await originalText(path) : savedText(path) ?? (await originalText(path));
    const compiled = compileSource(text, path);
    if (!compiled.definition) {
      fill(this.output, h('p', { class: 'problem' }, `${path} has errors: open it to see them.`));
      return;
    }
    const second = compiled.definition;
    const structure = compareStructure(first, second);
    const status = h('p', { class: 'muted', id: 'compare-progress' });
    const play = h('div', { id: 'compare-play' });
    fill(this.output, structureView(structure, this.reveal), h('h4', {}, 'In play'), status, play);
    const counts = sharedPlayerCounts(first, second);
    if (!counts.length) {
      status.textContent = 'They share no player count: no game can be played in both.';
      return;
    }
    const games = comparisonGames(first, second, { games: GAMES_PER_COUNT, seed: 1, players: counts });
    const found: PlayDifference[][] = [];
    let shown = performance.now();
    for (let i = 0; i < games.length; i++) {
      if (ticket !== this.running) return; // another comparison started
      try {
        found.push(compareGame(first, second, games[i]!));
      } catch (e) {
        status.textContent = `A game could not be compared: ${(e as Error).message}`;
        return;
      }
      if (performance.now() - shown > 100) {
        status.textContent = `Playing ${i + 1} of ${games.length} games…`;
        await nextFrame();
        shown = performance.now();
      }
    }
    status.textContent = '';
    fill(play, playView(summarizePlay(found)));
  }
}

function structureView(s: StructureComparison, reveal: (at: string) => void): HTMLElement {
  const link = (at: string) => h('a', { href: '#', class: 'line', onclick: (e) => { e.preventDefault(); reveal(at); } }, at.split('/').at(-1)!);
  return h('div', { id: 'compare-structure' },
    h('p', {}, `${s.same.length} declarations mean the same; ${s.differences.length} differ or are in one encoding only.`),
    s.differences.map((d) => h('details', { class: 'difference', 'data-status': d.status },
      h('summary', {}, h('code', {}, d.key), ' ',
        h('span', { class: 'muted small' }, d.status === 'changed' ? 'differs' : d.status === 'only-first' ? 'only in this one' : 'only in the other'), ' ',
        d.first ? link(d.first.at) : null, ' ', d.second ? link(d.second.at) : null),
      h('pre', { class: 'line-diff' }, (d.lines ?? (d.first ?? d.second)!.text.split('\n').map((text) => ({ op: d.first ? '-' : '+', text }))).map((l) =>
        h('div', { class: l.op === '-' ? 'del' : l.op === '+' ? 'ins' : 'same' }, `${l.op} ${l.text}`))),
      cites('this one', d.first), cites('the other', d.second))));
}

const cites = (who: string, side: DeclSide | undefined) => (side?.cites ?? []).map((c) => h('p', { class: 'cite small' }, `${who} cites: “${c}”`));

function playView(p: PlayComparison): HTMLElement {
  return h('div', {},
    h('p', {}, `${p.games} games, each encoding's random agents choosing in half: ${p.agreed} went the same way to the same end in both.`),
    p.groups.map((g) => h('div', { class: 'play-difference' },
      h('p', {}, h('strong', {}, `${g.games} game${g.games === 1 ? '' : 's'}`), ': ', richText(`${DIFFERENCE_TEXT[g.kind]} ${g.where}`)),
      h('ul', { class: 'small' }, g.example.detail.map((d) => h('li', {}, d))),
      h('p', { class: 'muted small' }, `e.g. ${g.example.players} players, seed ${g.example.seed}, after ${g.example.moves.length} moves${g.example.move ? `, then ${g.example.move}` : ''}`))));
}
