// The play panel: takes the latest compiled definition (or why there is none) and a way to show
// a rule's line in the editor; gives setup (players, seed, variants), stepping through a game by
// hand or by agent, undo, "view as seat", "Why not?", and runtime errors shown with their rule.
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { outline, runningStatements } from '../../interpreter/tools/index.js';
import { checkSetup } from '../../interpreter/runtime/index.js';
import { Tally } from '../../interpreter/tools/index.js';
import { playerLabel } from '../../interpreter/runtime/index.js';
import { fill, h, nextFrame, richText } from './dom.js';
import { GameSession, problemOf, type Problem } from './game.js';
import {
  countdownText, countersTable, decisionLine, explanationView, logList, moveButtons, phaseChips, phaseKey, piecesView, resultView, zonesView,
} from './game-view.js';
import { balanceView } from './balance-view.js';
import { outlineView, type OutlineView } from './outline-view.js';
import { TableView } from './table-view.js';

export interface PanelHooks {
  /** Shows `file:line:col` (or a file with line and column) in the editor. */
  reveal(file: string, line: number, column: number): void;
}

const AUTO_SEAT = 'auto';
const SIMULATED_GAMES = 200;

export class PlayPanel {
  private def: GameDefinition | null = null;
  private session: GameSession | null = null;
  private busy = false;
  private stopRequested = false;
  private readonly deadlines = new Map<string, number>();

  private readonly title = h('h2', {}, 'Play');
  private readonly players = h('input', { id: 'players', type: 'number', min: 1, max: 1, value: 1 });
  private readonly seed = h('input', { id: 'seed', type: 'text', value: '1', size: 8 });
  private readonly variants = h('div', { id: 'variants', class: 'variants' });
  private readonly newGame = h('button', { id: 'new-game', type: 'button', class: 'primary' }, 'New game');
  private readonly setupNote = h('p', { id: 'setup-note', class: 'note' });
  private readonly simulateButton = h('button', { id: 'simulate', type: 'button', title: 'Random agents play many games with these players, seed and variants' }, 'Simulate 200 games');
  private readonly simulation = h('div', { id: 'simulation' });
  private simulating = 0;

  private readonly decision = h('p', { id: 'decision' });
  private readonly phases = h('div', { id: 'phases', class: 'chips' });
  private readonly moves = h('div', { id: 'moves', class: 'moves' });
  private readonly agentOne = h('button', { id: 'agent-one', type: 'button' }, 'Agent plays one move');
  private readonly agentEnd = h('button', { id: 'agent-end', type: 'button' }, 'Agent plays to the end');
  private readonly undo = h('button', { id: 'undo', type: 'button' }, 'Undo');
  private readonly progress = h('span', { id: 'progress', class: 'muted' });
  private readonly problem = h('div', { id: 'problem', class: 'problem', role: 'alert', hidden: true });
  private readonly result = h('div', { id: 'result' });

  private readonly whyMove = h('input', { id: 'why-move', type: 'text', placeholder: 'a move id, e.g. advance 1', list: 'why-moves' });
  private readonly whyMoves = h('datalist', { id: 'why-moves' });
  private readonly whyButton = h('button', { id: 'why-button', type: 'submit' }, 'Why not?');
  private readonly whyOutput = h('div', { id: 'why-output', class: 'why' });

  private readonly viewAs = h('select', { id: 'view-as' });
  private readonly counters = h('div', { id: 'counters' });
  private readonly zones = h('div', { id: 'zones' });
  private readonly pieces = h('div', { id: 'pieces' });
  private readonly log = h('ol', { id: 'log', class: 'log' });
  private readonly structure = h('div', { id: 'structure' });
  private outline: { def: GameDefinition; key: string; view: OutlineView } | null = null;
  private readonly gameArea: HTMLElement;
  private readonly table = new TableView((move) => this.guard(() => this.session?.play(move)));

  constructor(root: HTMLElement, private readonly hooks: PanelHooks) {
    this.newGame.addEventListener('click', () => this.start());
    this.simulateButton.addEventListener('click', () => void this.simulate());
    this.agentOne.addEventListener('click', () => this.guard(() => this.session?.agentMove()));
    this.agentEnd.addEventListener('click', () => (this.busy ? (this.stopRequested = true) : void this.agentToEnd()));
    this.undo.addEventListener('click', () => this.guard(() => this.session?.undo()));
    this.viewAs.addEventListener('change', () => this.render());
    this.players.addEventListener('change', () => this.render());
    this.variants.addEventListener('change', () => this.render());
    const whyForm = h('form', { class: 'row', onsubmit: (e) => { e.preventDefault(); this.explain(); } }, this.whyMove, this.whyMoves, this.whyButton);

    this.gameArea = h('div', { id: 'game', hidden: true },
      h('section', { class: 'card' },
        this.decision, this.phases, this.table.element, this.moves,
        h('div', { class: 'row controls' }, this.agentOne, this.agentEnd, this.undo, this.progress),
        this.problem),
      h('section', { class: 'card' }, h('h3', {}, 'Why not?'), whyForm, this.whyOutput),
      this.result,
      h('section', { class: 'card' }, h('div', { class: 'row spread' }, h('h3', {}, 'Counters'), h('label', {}, 'View as ', this.viewAs)), this.counters),
      h('section', { class: 'card' }, h('h3', {}, 'Zones'), this.zones, this.pieces),
      h('section', { class: 'card' }, h('h3', {}, 'Log'), this.log),
    );
    fill(root,
      h('section', { class: 'card', id: 'setup' },
        this.title,
        h('div', { class: 'row' }, h('label', {}, 'Players ', this.players), h('label', {}, 'Seed ', this.seed), this.newGame, this.simulateButton),
        this.variants, this.setupNote, this.simulation),
      h('section', { class: 'card' }, h('h3', {}, 'Structure'),
        h('p', { class: 'muted small' }, 'How play runs, as the rules nest it; while a game runs, the highlighted lines are where it is.'),
        this.structure),
      this.gameArea);
    setInterval(() => this.tick(), 500);
    this.setDefinition(null, 'Checking the ruleset…');
  }

  /** The definition "New game" will use; null (with the reason) while the ruleset has errors. */
  setDefinition(def: GameDefinition | null, reason = ''): void {
    const old = this.def;
    this.def = def;
    if (def && (!old || old.name !== def.name || old.players.min !== def.players.min || old.players.max !== def.players.max || variantIds(old) !== variantIds(def))) {
      this.buildSetup(def, old);
    }
    this.newGame.disabled = !def || this.busy;
    this.simulateButton.disabled = !def;
    this.title.textContent = def ? `Play ${def.name}` : this.title.textContent;
    const stale = this.session && def && this.session.def.source.text !== def.source.text;
    this.setupNote.textContent = !def ? reason
      : stale ? 'The rules changed since this game started: it goes on with the rules it started with; “New game” uses the current text.' : '';
    if (!this.session) this.setupNote.textContent ||= 'Choose players, a seed and variants, then “New game”.';
    this.showStructure();
  }

  /** The outline of the game being played, or of the one "New game" would start. */
  private showStructure(): void {
    const session = this.session;
    const def = session?.def ?? this.def;
    if (!def) return;
    const players = session?.options.players ?? Number(this.players.value);
    const variants = session?.options.variants ?? this.chosenVariants();
    const key = `${players}|${variants.join(',')}`;
    if (this.outline?.def !== def || this.outline.key !== key) {
      try {
        this.outline = { def, key, view: outlineView(outline(def, players, variants), (at) => this.revealAt(at)) };
        fill(this.structure, this.outline.view.element);
      } catch (e) {
        this.outline = null;
        fill(this.structure, h('p', { class: 'muted' }, `No outline for this setup: ${(e as Error).message}`));
      }
    }
    this.outline?.view.showRunning(session ? runningStatements(session.def, session.state) : []);
  }

  private buildSetup(def: GameDefinition, old: GameDefinition | null): void {
    const checked = new Set(this.chosenVariants());
    this.players.min = String(def.players.min);
    this.players.max = String(def.players.max);
    const current = Number(this.players.value);
    if (!old || old.name !== def.name || !(current >= def.players.min && current <= def.players.max)) {
      this.players.value = String(Math.min(def.players.max, Math.max(def.players.min, old?.name === def.name ? current : Math.min(3, def.players.max))));
    }
    const choosable = def.variants.filter((v) => v.when === null);
    fill(this.variants, choosable.length ? 'Variants: ' : null, choosable.map((v) =>
      h('label', { class: 'variant', title: v.excludes.length ? `cannot be combined with ${v.excludes.join(', ')}` : null },
        h('input', { type: 'checkbox', value: v.id, checked: checked.has(v.id) }), ` ${v.title} `, h('code', {}, v.id))));
  }

  private start(): void {
    if (!this.def || this.busy) return;
    const seedText = this.seed.value.trim() || '1';
    const seed = /^-?\d+$/.test(seedText) ? Number(seedText) : seedText;
    const variants = this.chosenVariants();
    try {
      this.session = new GameSession(this.def, { players: Number(this.players.value), seed, variants });
      this.showProblem(null);
    } catch (e) {
      this.showProblem(problemOf(e, this.def));
    }
    this.deadlines.clear();
    this.whyOutput.replaceChildren();
    this.fillSeats();
    this.setDefinition(this.def);
    this.render();
  }

  /** Plays SIMULATED_GAMES games between random agents, a few per frame, and shows the balance by seat. */
  private async simulate(): Promise<void> {
    const def = this.def;
    if (!def) return;
    const ticket = ++this.simulating;
    const seedText = this.seed.value.trim() || '1';
    const options = { players: Number(this.players.value), seed: seedText, variants: this.chosenVariants() };
    try {
      checkSetup(def, options.players, options.variants);
    } catch (e) {
      fill(this.simulation, h('p', { class: 'problem' }, problemOf(e, def).message));
      return;
    }
    const tally = new Tally(def, options);
    const status = h('p', { class: 'muted' });
    fill(this.simulation, status);
    let shown = performance.now();
    try {
      for (let g = 0; g < SIMULATED_GAMES; g++) {
        if (ticket !== this.simulating) return; // a newer simulation replaced this one
        tally.play(g);
        if (performance.now() - shown > 100) {
          status.textContent = `Playing game ${g + 1} of ${SIMULATED_GAMES}…`;
          await nextFrame();
          shown = performance.now();
        }
      }
      fill(this.simulation, balanceView(tally.report()));
    } catch (e) {
      const p = problemOf(e, def);
      fill(this.simulation, h('p', { class: 'problem' }, `${p.title}: `, richText(p.message)));
    }
  }

  private chosenVariants(): string[] {
    return [...this.variants.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value);
  }

  private fillSeats(): void {
    const n = this.session?.options.players ?? 0;
    const keep = this.viewAs.value;
    fill(this.viewAs, h('option', { value: AUTO_SEAT }, 'whoever decides'),
      Array.from({ length: n }, (_, s) => h('option', { value: s }, `${playerLabel(s)} (seat ${s})`)));
    this.viewAs.value = keep && Number(keep) < n ? keep : AUTO_SEAT;
  }

  /** Runs an action on the game, then shows the result or the error (the state stays as it was). */
  private guard(action: () => unknown): void {
    if (!this.session || this.busy) return;
    try {
      action();
      this.showProblem(null);
    } catch (e) {
      this.showProblem(problemOf(e, this.session.def));
    }
    this.render();
  }

  private async agentToEnd(): Promise<void> {
    const session = this.session;
    if (!session || this.busy) return;
    this.busy = true;
    this.stopRequested = false;
    this.agentEnd.textContent = 'Stop';
    this.render();
    let shown = performance.now();
    try {
      let played = 0;
      while (!session.state.over && !this.stopRequested && session === this.session) {
        if (session.agentMove() === null) break;
        if (++played > 100_000) throw new Error('The game did not end within 100000 moves.');
        if (performance.now() - shown > 150) {
          this.progress.textContent = `${session.state.moves.length} moves…`;
          this.render();
          await nextFrame();
          shown = performance.now();
        }
      }
      this.showProblem(null);
    } catch (e) {
      this.showProblem(problemOf(e, session.def));
    } finally {
      this.busy = false;
      this.agentEnd.textContent = 'Agent plays to the end';
      this.progress.textContent = '';
      this.setDefinition(this.def);
      this.render();
    }
  }

  private explain(): void {
    const move = this.whyMove.value.trim();
    if (!this.session) {
      fill(this.whyOutput, h('p', { class: 'muted' }, 'Start a game first.'));
      return;
    }
    if (!move) {
      fill(this.whyOutput, h('p', { class: 'muted' }, 'Type a move id, such as one the rules offer at another moment.'));
      return;
    }
    try {
      fill(this.whyOutput, explanationView(this.session.why(move), (at) => this.revealAt(at)));
    } catch (e) {
      this.showProblem(problemOf(e, this.session.def));
    }
  }

  /** `file:line:col` from the runtime → the editor. */
  private revealAt(at: string): void {
    const m = /^(.*):(\d+):(\d+)$/.exec(at);
    if (m) this.hooks.reveal(m[1]!, Number(m[2]), Number(m[3]));
  }

  private showProblem(p: Problem | null): void {
    this.problem.hidden = !p;
    if (!p) return this.problem.replaceChildren();
    fill(this.problem, h('strong', {}, p.title), h('p', {}, richText(p.message)),
      p.at ? h('p', {}, 'At ', h('a', { href: '#', class: 'problem-at', onclick: (e) => { e.preventDefault(); this.hooks.reveal(p.at!.file, p.at!.line, p.at!.column); } },
        `${p.at.file}:${p.at.line}:${p.at.column}`)) : null);
  }

  private render(): void {
    const session = this.session;
    this.gameArea.hidden = !session;
    this.showStructure();
    if (!session) return;
    const legal = session.legal();
    const seat = this.viewAs.value === AUTO_SEAT || this.viewAs.value === '' ? legal?.player ?? 0 : Number(this.viewAs.value);
    const view = session.view(seat);
    this.trackDeadlines(view.phases);
    fill(this.decision, decisionLine(legal, view));
    fill(this.phases, phaseChips(view, this.deadlines));
    // The seat's options only when it decides: another seat's options are not the viewer's to see.
    const mine = legal && legal.player === seat && !this.busy ? session.state.pending?.options ?? null : null;
    this.table.show({ model: session.model(), view, options: mine });
    fill(this.moves, moveButtons(legal, this.busy, (move) => this.guard(() => session.play(move))));
    fill(this.whyMoves, (legal?.moves ?? []).map((m) => h('option', { value: m })));
    this.agentOne.disabled = this.busy || !legal;
    this.agentEnd.disabled = !this.busy && !legal;
    this.undo.disabled = this.busy || session.depth === 0;
    this.undo.textContent = session.depth ? `Undo (${session.depth})` : 'Undo';
    fill(this.result, view.result ? h('section', { class: 'card final' }, h('h3', {}, 'Final scores'), resultView(view, session.state.moves.length)) : null);
    fill(this.counters, h('p', { class: 'muted small' }, `As ${playerLabel(seat)} sees the game.`), countersTable(view, seat));
    fill(this.zones, zonesView(view, seat));
    fill(this.pieces, piecesView(view, session.model()));
    fill(this.log, logList(view));
    this.log.scrollTop = this.log.scrollHeight;
  }

  /** A timed phase's countdown starts when the phase is first seen and is dropped when it ends. */
  private trackDeadlines(phases: readonly { level: string; title: string; timeLimit?: number }[]): void {
    const live = new Set<string>();
    phases.forEach((p, i) => {
      if (p.timeLimit === undefined) return;
      const key = phaseKey(p, i);
      live.add(key);
      if (!this.deadlines.has(key)) this.deadlines.set(key, Date.now() + p.timeLimit * 1000);
    });
    for (const key of [...this.deadlines.keys()]) if (!live.has(key)) this.deadlines.delete(key);
  }

  private tick(): void {
    for (const el of this.phases.querySelectorAll<HTMLElement>('.countdown')) {
      const left = Number(el.dataset.deadline) - Date.now();
      el.textContent = countdownText(left);
      el.classList.toggle('late', left <= 0);
    }
  }
}

const variantIds = (def: GameDefinition) => def.variants.filter((v) => v.when === null).map((v) => v.id).join(',');
