// The play panel: takes the latest compiled definition (or why there is none) and a way to show
// a rule's line in the editor; gives setup (players, seed, variants), the table to play on by
// clicking (or the grouped move buttons, or the keyboard), seats played by agents, a timeline
// (undo, redo, a slider, any move), "view as seat", "Why not?", a log whose lines link to their
// rule, export, import and share links, and runtime errors shown with their rule.
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { outline, runningStatements } from '../../interpreter/tools/index.js';
import { checkSetup, modelFor } from '../../interpreter/runtime/index.js';
import { playerLabel } from '../../interpreter/runtime/index.js';
import { AGENT_NAMES } from '../../interpreter/tools/index.js';
import { locate } from '../../interpreter/definition/index.js';
import { fill, h, nextFrame, richText } from './dom.js';
import { GameSession, problemOf, type Problem } from './game.js';
import {
  countdownText, countersTable, decisionLine, explanationView, logList, phaseChips, phaseKey, piecesView, resultView, zonesView, type LogOrigin,
} from './game-view.js';
import { moveList, needsFilter } from './moves-view.js';
import { originalText, RULESETS } from './rulesets.js';
import { commandLineGame, LONG_LINK, parseSavedGame, SAVED_GAME_FORMAT, savedGameJson, shareFragment, type SavedGame } from './saved-game.js';
import { SimulationCard } from './balance-view.js';
import { outlineView, type OutlineView } from './outline-view.js';
import { TableView } from './table-view.js';
import { structureDiagram } from './structure-diagram.js';
import { zoneFlowDiagram } from './zone-flow-diagram.js';
import { zoomable } from './zoom.js';
import { cardFlows } from './card-flow.js';

export interface PanelHooks {
  /** Shows `file:line:col` (or a file with line and column) in the editor. */
  reveal(file: string, line: number, column: number): void;
  /** The ruleset in the editor: its path and text (what an exported game is played with). */
  ruleset(): { path: string; text: string } | null;
  /** Opens a ruleset with this text in the editor (an imported game's); the panel then gets its definition. */
  openRuleset(path: string, text: string): Promise<void>;
  /** A shipped ruleset's text as shipped, when it is at hand (a share link then names it instead of copying it). */
  shipped?(path: string): string | undefined;
}

/** Offers a file to download. */
export function download(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const AUTO_SEAT = 'auto';

export class PlayPanel {
  private def: GameDefinition | null = null;
  private session: GameSession | null = null;
  private busy = false;
  private stopRequested = false;
  private readonly deadlines = new Map<string, number>();

  private readonly title = h('h2', { class: 'setup-title' }, 'Play');
  /** The panels beside the table (log, timeline, …), for the page to place. */
  readonly panels: Record<'timeline' | 'why' | 'counters' | 'zones' | 'log' | 'structure' | 'simulate', HTMLElement>;
  private readonly players = h('input', { id: 'players', type: 'number', min: 1, max: 1, value: 1 });
  private readonly seed = h('input', { id: 'seed', type: 'text', value: '1', size: 8 });
  private readonly variants = h('div', { id: 'variants', class: 'variants' });
  /** The variants as a menu in the setup's one line: its summary says which are chosen. */
  private readonly variantsSummary = h('summary', {}, 'Variants');
  private readonly newGame = h('button', { id: 'new-game', type: 'button', class: 'primary' }, 'New game');
  private readonly setupNote = h('p', { id: 'setup-note', class: 'note' });
  private readonly simulateButton = h('button', { id: 'simulate', type: 'button', title: 'Agents play many games with these players, seed and variants, in web workers' }, 'Simulate');
  private readonly simulation = new SimulationCard();

  private readonly decision = h('p', { id: 'decision' });
  private readonly phases = h('div', { id: 'phases', class: 'chips' });
  private readonly moves = h('div', { id: 'moves', class: 'moves' });
  private readonly agentOne = h('button', { id: 'agent-one', type: 'button' }, 'Agent plays one move');
  private readonly agentEnd = h('button', { id: 'agent-end', type: 'button' }, 'Agent plays to the end');
  private readonly undo = h('button', { id: 'undo', type: 'button', title: 'Take back a move (key U)' }, 'Undo');
  private readonly redo = h('button', { id: 'redo', type: 'button', title: 'Play a taken-back move again (key R)' }, 'Redo');
  private readonly slider = h('input', { id: 'timeline', type: 'range', min: 0, max: 0, value: 0, 'aria-label': 'Position in the game (moves played)' });
  private readonly position = h('span', { id: 'position', class: 'muted' });
  private readonly timelineMoves = h('ol', { id: 'timeline-moves', class: 'timeline-moves', start: 1 });
  private readonly moveFilter = h('input', { id: 'move-filter', type: 'search', placeholder: 'filter the moves', hidden: true });
  private readonly seats = h('div', { id: 'seats', class: 'row seats-setup' });
  private readonly agentNames = h('datalist', { id: 'agent-names' }, AGENT_NAMES.map((n) => h('option', { value: n })));
  private readonly exportButton = h('button', { id: 'export', type: 'button', title: 'Download this game (ruleset, setup, moves) as a file' }, 'Export game');
  private readonly importInput = h('input', { id: 'import', type: 'file', accept: '.json,application/json', hidden: true });
  private readonly importButton = h('button', { id: 'import-button', type: 'button', title: 'Open a game exported before' }, 'Import game…');
  private readonly shareButton = h('button', { id: 'share', type: 'button', title: 'A link that reopens these rules, this setup and this position' }, 'Share link');
  private readonly shareOutput = h('input', { id: 'share-link', type: 'text', readonly: true, hidden: true, 'aria-label': 'Share link' });
  private readonly shareNote = h('p', { id: 'share-note', class: 'note', role: 'status' });
  /** A game being opened (import or link): started when the definition of its text arrives. */
  private waiting: SavedGame | null = null;
  private autoplay: ReturnType<typeof setTimeout> | undefined;
  private readonly progress = h('span', { id: 'progress', class: 'muted' });
  private readonly problem = h('div', { id: 'problem', class: 'problem', role: 'alert', hidden: true });
  private readonly result = h('div', { id: 'result' });

  private readonly whyMove = h('input', { id: 'why-move', type: 'text', placeholder: 'a move id, e.g. advance 1', list: 'why-moves' });
  private readonly whyMoves = h('datalist', { id: 'why-moves' });
  private readonly whyButton = h('button', { id: 'why-button', type: 'submit' }, 'Why not?');
  private readonly whyOutput = h('div', { id: 'why-output', class: 'why', 'aria-live': 'polite' });
  /** The move "Why not?" was asked about, and the position its answer is for. */
  private asked: { move: string; at: string } | null = null;

  private readonly viewAs = h('select', { id: 'view-as' });
  private readonly counters = h('div', { id: 'counters' });
  private readonly zones = h('div', { id: 'zones' });
  private readonly pieces = h('div', { id: 'pieces' });
  private readonly log = h('ol', { id: 'log', class: 'log' });
  private readonly structure = h('div', { id: 'structure' });
  private outline: { def: GameDefinition; key: string; view: OutlineView } | null = null;
  /** Where cards go, waiting to be laid out until the structure's panel is seen. */
  private pendingZones: (() => Promise<void>) | null = null;
  private readonly gameArea: HTMLElement;
  private readonly table = new TableView((moves) => this.guard(() => { for (const m of moves) this.session?.play(m); }));
  private filterText = '';
  private readonly laterWork = new Map<string, () => void>();

  constructor(root: HTMLElement, private readonly hooks: PanelHooks) {
    this.newGame.addEventListener('click', () => this.start());
    this.simulateButton.addEventListener('click', () => void this.simulate());
    this.agentOne.addEventListener('click', () => this.guard(() => this.session?.agentMove()));
    this.agentEnd.addEventListener('click', () => (this.busy ? (this.stopRequested = true) : void this.agentToEnd()));
    this.undo.addEventListener('click', () => this.guard(() => this.session?.undo()));
    this.redo.addEventListener('click', () => this.guard(() => this.session?.redo()));
    this.slider.addEventListener('input', () => this.guard(() => this.session?.jump(Number(this.slider.value))));
    this.moveFilter.addEventListener('input', () => { this.filterText = this.moveFilter.value; this.render(); });
    this.exportButton.addEventListener('click', () => this.exportGame());
    this.importButton.addEventListener('click', () => this.importInput.click());
    this.importInput.addEventListener('change', () => void this.importGame());
    this.shareButton.addEventListener('click', () => this.share());
    this.viewAs.addEventListener('change', () => this.render());
    this.players.addEventListener('change', () => this.render());
    this.variants.addEventListener('change', () => { this.showVariantsChosen(); this.render(); });
    const whyForm = h('form', { class: 'row', onsubmit: (e) => { e.preventDefault(); this.explain(); } }, this.whyMove, this.whyMoves, this.whyButton);

    // The table column: what is decided, the table itself, the moves and the controls of play;
    // when the game is over its scores come first, where the eye is. The rest are panels (`panels`)
    // that the page puts in its side rail.
    this.gameArea = h('div', { id: 'game', hidden: true },
      h('section', { class: 'card', id: 'table-card', 'aria-label': 'The table' },
        h('div', { class: 'row table-head' }, this.decision, this.phases, h('label', { class: 'view-as' }, 'View as ', this.viewAs)),
        this.problem, this.result, this.table.element,
        h('div', { class: 'move-list', role: 'group', 'aria-label': 'Moves as buttons' }, this.moveFilter, this.moves),
        h('div', { class: 'row controls' }, this.agentOne, this.agentEnd, this.undo, this.redo, this.position, this.progress),
        h('details', { class: 'seat-players' }, h('summary', {}, 'Who plays each seat'), h('div', { class: 'row' }, this.seats, this.agentNames))),
    );
    this.panels = {
      timeline: h('section', { id: 'timeline-card' },
        h('div', { class: 'row' }, h('h2', { class: 'panel-title' }, 'Timeline'), this.slider),
        this.timelineMoves,
        h('div', { class: 'row controls' }, this.exportButton, this.importButton, this.importInput, this.shareButton),
        this.shareOutput, this.shareNote),
      why: h('section', { id: 'why-card' }, h('h2', { class: 'panel-title' }, 'Why not?'),
        h('p', { class: 'muted small' }, 'Why a move is or is not legal now, with the rule that decides and what the rulebook says. Cleared when the game moves.'),
        whyForm, this.whyOutput),
      counters: h('section', { id: 'counters-card' }, h('h2', { class: 'panel-title' }, 'Counters'), this.counters),
      zones: h('section', { id: 'zones-card' }, h('h2', { class: 'panel-title' }, 'Zones'), this.zones, this.pieces),
      log: h('section', { id: 'log-card' }, h('h2', { class: 'panel-title' }, 'Log'), this.log),
      structure: h('section', { id: 'structure-card' }, h('h2', { class: 'panel-title' }, 'Structure'),
        h('p', { class: 'muted small' }, 'How play runs, as a diagram and as the rules nest it; while a game runs, the highlighted lines are where it is. Click a box or a line to see it in the ruleset.'),
        this.structure),
      simulate: h('section', { id: 'simulate-card' }, h('h2', { class: 'panel-title' }, 'Simulate'),
        h('p', { class: 'muted small' }, 'Agents play many games with the players, seed and variants chosen above the table.'),
        h('div', { class: 'row' }, this.simulateButton), this.simulation.element),
    };
    document.addEventListener('keydown', (e) => this.onKey(e));
    fill(root,
      h('section', { class: 'card', id: 'setup', 'aria-label': 'Set up a game' },
        h('div', { class: 'row' }, this.title, h('label', {}, 'Players ', this.players), h('label', {}, 'Seed ', this.seed),
          h('details', { class: 'variants-menu', hidden: true }, this.variantsSummary, this.variants), this.newGame),
        this.setupNote),
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
    if (def && this.waiting && def.source.text === this.waiting.ruleset.text) {
      const game = this.waiting;
      this.waiting = null;
      this.replay(game);
    }
  }

  /** Another ruleset was opened: the old game and simulation go. */
  reset(): void {
    this.session = null;
    this.simulation.clear();
    this.whyOutput.replaceChildren();
    this.asked = null;
    this.showProblem(null);
    this.render();
  }

  /** Opens a saved game: its ruleset goes into the editor, and the game starts when that text is checked. */
  async resume(game: SavedGame): Promise<void> {
    this.waiting = game;
    await this.hooks.openRuleset(game.ruleset.path, game.ruleset.text);
    // The text may be the one already checked: then no new definition comes.
    if (this.waiting === game && this.def?.source.text === game.ruleset.text) this.setDefinition(this.def);
  }

  private replay(game: SavedGame): void {
    this.players.value = String(game.players);
    this.seed.value = String(game.seed);
    for (const box of this.variants.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) box.checked = game.variants.includes(box.value);
    if (!this.startWith({ players: game.players, seed: game.seed, variants: game.variants })) return;
    const session = this.session!;
    game.agents?.forEach((spec, seat) => { if (spec) this.guard(() => session.setAgent(seat, spec)); });
    try {
      game.moves.forEach((move, i) => {
        try {
          session.play(move);
        } catch (e) {
          throw new Error(`Move ${i + 1} of the saved game, “${move}”, cannot be played with these rules: ${(e as Error).message}`);
        }
      });
      session.jump(game.position);
      this.showProblem(null);
    } catch (e) {
      this.showProblem(problemOf(e, session.def));
    }
    this.fillSeats();
    this.render();
  }

  private saved(): SavedGame | null {
    const session = this.session;
    const ruleset = this.hooks.ruleset();
    if (!session || !ruleset) return null;
    return {
      format: SAVED_GAME_FORMAT, ruleset: { path: ruleset.path, text: session.def.source.text },
      players: session.options.players, seed: session.options.seed, variants: [...session.options.variants],
      moves: [...session.moves], position: session.depth,
      agents: Array.from({ length: session.options.players }, (_, s) => session.agentOf(s)),
    };
  }

  private exportGame(): void {
    const game = this.saved();
    if (!game) return;
    const base = game.ruleset.path.slice(game.ruleset.path.lastIndexOf('/') + 1).replace(/\.rules$/, '');
    download(`${base}-seed-${game.seed}-move-${game.position}.game.json`, savedGameJson(game));
  }

  private async importGame(): Promise<void> {
    const file = this.importInput.files?.[0];
    this.importInput.value = '';
    if (!file) return;
    try {
      const text = await file.text();
      await this.resume((await commandLineGame(text, file.name, { paths: RULESETS, text: originalText })) ?? parseSavedGame(text, file.name));
    } catch (e) {
      this.showProblem({ title: 'Cannot import this game', message: (e as Error).message, at: null });
      this.gameArea.hidden = false;
    }
  }

  private share(): void {
    const game = this.saved();
    if (!game) return;
    const shipped = this.hooks.shipped?.(game.ruleset.path) ?? undefined;
    const link = `${location.href.replace(/#.*$/, '')}${shareFragment(game, shipped)}`;
    this.shareNote.textContent = link.length > LONG_LINK
      ? `This link is ${Math.round(link.length / 1000)} KB long (your edited rules are in it): some mail and chat programs cut links over ${LONG_LINK / 1000} KB. “Export game” gives the same as a file.`
      : `The link (${link.length} characters) is above, and copied where the browser allows.`;
    this.shareOutput.value = link;
    this.shareOutput.hidden = false;
    this.shareOutput.select();
    history.replaceState(null, '', link);
    void navigator.clipboard?.writeText(link).catch(() => undefined);
  }

  private onKey(e: KeyboardEvent): void {
    // U and R anywhere but where they are typed: an input, the editor.
    const t = e.target as HTMLElement;
    if (!this.session || this.gameArea.hidden || t.closest?.('input, select, textarea, [contenteditable], #left') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'u' || e.key === 'U') this.guard(() => this.session?.undo());
    else if (e.key === 'r' || e.key === 'R') this.guard(() => this.session?.redo());
    else return;
    e.preventDefault();
  }

  /** The structure's panel is in sight (its tab chosen): what waits for that is drawn now. */
  structureShown(): void {
    if (!this.pendingZones || !this.structure.isConnected || this.structure.closest('[hidden]')) return;
    const draw = this.pendingZones;
    this.pendingZones = null;
    void draw();
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
        const shape = outline(def, players, variants);
        this.outline = { def, key, view: outlineView(shape, (at) => this.revealAt(at)) };
        const reveal = (at: string) => this.revealAt(at);
        const zonesBox = h('div', { class: 'diagram-box' }, h('p', { class: 'muted small' }, 'Laying out where cards go…'));
        fill(this.structure,
          h('details', { class: 'diagram', open: true }, h('summary', {}, 'Diagram'),
            h('div', { class: 'diagram-box' }, zoomable(structureDiagram(shape, reveal), 'How play runs')), zonesBox),
          h('details', { class: 'tree', open: true }, h('summary', {}, 'As the rules nest it'), this.outline.view.element));
        const laidFor = this.outline;
        // Laid out by ELK, loaded only when the panel is first seen: the first screen does without it.
        this.pendingZones = () => zoneFlowDiagram(shape, cardFlows(modelFor(def, players, variants)), reveal).then(
          (drawing) => { if (this.outline === laidFor) fill(zonesBox, zoomable(drawing, 'Where cards go')); },
          (e: unknown) => fill(zonesBox, h('p', { class: 'muted small' }, `Where cards go could not be laid out: ${(e as Error).message}`)));
        this.structureShown();
      } catch (e) {
        this.outline = null;
        fill(this.structure, h('p', { class: 'muted' }, `No outline for this setup: ${(e as Error).message}`));
      }
    }
    this.outline?.view.showRunning(session ? runningStatements(session.def, session.state) : []);
  }

  /**
   * Runs work that reads the layout (scrolling a list to where the game is) at the next frame, once
   * however many moves were made before it: run at every move, it forced the whole page to be laid
   * out each time, which was most of the time of a long game played quickly.
   */
  private afterLayout(key: string, work: () => void): void {
    const first = this.laterWork.size === 0;
    this.laterWork.set(key, work);
    if (first) {
      requestAnimationFrame(() => {
        const works = [...this.laterWork.values()];
        this.laterWork.clear();
        for (const w of works) w();
      });
    }
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
    (this.variants.parentElement as HTMLElement | null)?.toggleAttribute('hidden', !choosable.length);
    this.showVariantsChosen();
    fill(this.variants, choosable.map((v) =>
      h('label', { class: 'variant', title: `${v.id}${v.excludes.length ? `: cannot be combined with ${v.excludes.join(', ')}` : ''}` },
        h('input', { type: 'checkbox', value: v.id, checked: checked.has(v.id) }), ` ${v.title}`)));
  }

  private start(): void {
    const seedText = this.seed.value.trim() || '1';
    const seed = /^-?\d+$/.test(seedText) ? Number(seedText) : seedText;
    this.startWith({ players: Number(this.players.value), seed, variants: this.chosenVariants() });
  }

  /** Starts a game with this setup; false (with the problem shown) when it cannot start. */
  private startWith(options: { players: number; seed: string | number; variants: readonly string[] }): boolean {
    if (!this.def || this.busy) return false;
    let ok = true;
    try {
      this.session = new GameSession(this.def, options);
      this.showProblem(null);
    } catch (e) {
      this.showProblem(problemOf(e, this.def));
      ok = false;
    }
    this.deadlines.clear();
    this.whyOutput.replaceChildren();
    this.asked = null;
    this.shareOutput.hidden = true;
    this.shareNote.textContent = '';
    this.fillSeats();
    this.setDefinition(this.def);
    this.render();
    return ok;
  }

  /** Runs the simulate card's games with these players, seed and variants. */
  private async simulate(): Promise<void> {
    if (!this.def) return;
    await this.simulation.start({ def: this.def, players: Number(this.players.value), seed: this.seed.value.trim() || '1', variants: this.chosenVariants() });
  }

  private showVariantsChosen(): void {
    const n = this.chosenVariants().length;
    this.variantsSummary.textContent = n ? `Variants (${n} chosen)` : 'Variants (none)';
  }

  private chosenVariants(): string[] {
    return [...this.variants.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value);
  }

  private fillSeats(): void {
    const session = this.session;
    const n = session?.options.players ?? 0;
    const keep = this.viewAs.value;
    fill(this.viewAs, h('option', { value: AUTO_SEAT }, 'whoever decides'),
      Array.from({ length: n }, (_, s) => h('option', { value: s }, `${playerLabel(s)} (seat ${s})`)));
    this.viewAs.value = keep && Number(keep) < n ? keep : AUTO_SEAT;
    // Who plays each seat: a person (empty) or an agent spec such as `random` or `mcts:iterations=200`.
    fill(this.seats, Array.from({ length: n }, (_, s) => h('label', { class: 'seat-agent' }, `${playerLabel(s)} `,
      h('input', {
        type: 'text', list: 'agent-names', size: 9, placeholder: 'person', 'data-seat': s, value: session?.agentOf(s) ?? '',
        title: `Who plays ${playerLabel(s)}: empty for a person, or an agent (${AGENT_NAMES.join(', ')}, with options as name:key=value)`,
        onchange: (e) => this.guard(() => session?.setAgent(s, (e.target as HTMLInputElement).value.trim() || null)),
      }))));
  }

  /** When an agent's seat decides, it plays after a short pause (so each move can be seen), until a person's turn. */
  private scheduleAgent(): void {
    clearTimeout(this.autoplay);
    const session = this.session;
    const legal = session?.legal();
    if (!session || !legal || this.busy || !session.agentOf(legal.player) || !this.problem.hidden) return;
    this.autoplay = setTimeout(() => {
      if (this.session === session && !this.busy) this.guard(() => session.agentMove());
    }, 350);
  }

  /**
   * Where a log entry came from: the statement that wrote it (the `gain` in the farm's rule, not
   * the choice of the move that led there), named by the rule it is in — when the seat viewing may
   * read the entry whole. A line whose detail is hidden from the seat links, as a line of no
   * statement does, to the rule whose choice the move that wrote it answered, or to the setup:
   * which statement wrote a hidden change could tell what it hides.
   */
  private logOrigin(session: GameSession, index: number, seat: number): LogOrigin | null {
    const o = session.originOf(index);
    const entry = session.state.log[index];
    if (entry?.at && (entry.detail === undefined || entry.seen?.includes(seat))) {
      const { line, col } = entry.at;
      const offset = (session.def.source.lineStarts[line - 1] ?? 0) + col - 1;
      return { rule: declarationAt(session.def, offset), at: `${session.def.source.file}:${line}:${col}`, move: o?.move ?? null, statement: true };
    }
    if (o) return { rule: o.rule, at: o.at, move: o.move };
    const setup = session.def.decls.find((d) => d.kind === 'Setup');
    return setup ? { rule: 'setup', at: locate(session.def, setup.span.start), move: null } : null;
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
    this.asked = null;
    if (!this.session) {
      fill(this.whyOutput, h('p', { class: 'muted' }, 'Start a game first.'));
      return;
    }
    if (!move) {
      fill(this.whyOutput, h('p', { class: 'muted' }, 'Type a move id, such as one the rules offer at another moment.'));
      return;
    }
    this.asked = { move, at: '' };
    this.answerWhy();
  }

  /** The answer to the question asked, for the position now: asked again whenever the game moves. */
  private answerWhy(): void {
    const session = this.session;
    const asked = this.asked;
    if (!session || !asked) return;
    const at = `${this.viewAs.value}|${session.moves.slice(0, session.depth).join('\n')}`;
    if (asked.at === at) return;
    asked.at = at;
    try {
      fill(this.whyOutput, h('p', { class: 'muted small why-when' }, `At move ${session.depth} of the game (answered again whenever the game moves):`),
        explanationView(session.why(asked.move), (where) => this.revealAt(where)));
    } catch (e) {
      this.asked = null;
      this.whyOutput.replaceChildren();
    this.asked = null;
      this.showProblem(problemOf(e, session.def));
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
    // Focus on the table or its moves stays there after a move (it would fall to the page body
    // when the clicked target or button is drawn anew): on what can be clicked next, or the table.
    const focusWasHere = document.activeElement instanceof Element && document.activeElement.closest('#table-card') !== null;
    this.draw();
    if (!focusWasHere || (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected)) return;
    const next = this.table.element.querySelector<HTMLElement>('.target[tabindex], [tabindex].target')
      ?? this.moves.querySelector<HTMLElement>('button:not(:disabled)') ?? this.table.element;
    next.focus({ preventScroll: true });
  }

  private draw(): void {
    const session = this.session;
    this.gameArea.hidden = !session;
    this.showStructure();
    if (!session) return;
    const legal = session.legal();
    const seat = this.viewAs.value === AUTO_SEAT || this.viewAs.value === '' ? legal?.player ?? 0 : Number(this.viewAs.value);
    const view = session.view(seat);
    this.trackDeadlines(view.phases);
    fill(this.decision, decisionLine(legal && view.decision ? { ...legal, choice: view.decision.choice } : legal, view));
    fill(this.phases, phaseChips(view, this.deadlines));
    // Only the viewing seat's own options are shown: another seat's are not the viewer's to see.
    const mine = view.decision?.moves ?? null;
    const options = mine && !this.busy ? session.state.pending?.options ?? null : null;
    this.table.show({ model: session.model(), view, options, next: (id) => session.peek(id) });
    this.moveFilter.hidden = !mine || !needsFilter(mine);
    fill(this.moves, mine ? moveList(mine, this.busy, (move) => this.guard(() => session.play(move)), this.filterText, this.table.onTable())
      : legal ? h('p', { class: 'muted small' }, `${playerLabel(legal.player)} decides; ${playerLabel(seat)}'s view does not show their options.`) : null);
    fill(this.whyMoves, (mine ?? []).map((m) => h('option', { value: m })));
    this.answerWhy();
    this.agentOne.disabled = this.busy || !legal;
    this.agentEnd.disabled = !this.busy && !legal;
    this.undo.disabled = this.busy || session.depth === 0;
    this.undo.textContent = session.depth ? `Undo (${session.depth})` : 'Undo';
    this.redo.disabled = this.busy || session.depth >= session.length;
    this.slider.max = String(session.length);
    this.slider.value = String(session.depth);
    this.slider.disabled = this.busy || session.length === 0;
    this.position.textContent = `move ${session.depth} of ${session.length}`;
    fill(this.timelineMoves,
      h('li', { class: session.depth === 0 ? 'start now' : 'start', value: 0 }, h('a', { href: '#', 'data-to': 0, onclick: (e) => { e.preventDefault(); this.guard(() => session.jump(0)); } }, 'start')),
      // Moves as the view shows them (a secret one stays secret); taken-back ones only by number.
      // A long game lists the moves around the current one (the slider reaches the rest): the
      // whole list, rebuilt at every move, made each click of a long game slow.
      ...timelineWindow(session.depth, session.length).map((i) => {
        if (i < 0) return h('li', { class: 'muted gap' }, i === -1 ? '… earlier moves: use the slider' : '… later moves: use the slider');
        const played = i < view.moves.length ? view.moves[i]! : null;
        return h('li', { class: `${i + 1 === session.depth ? 'now' : ''}${played ? '' : ' future'}`, value: i + 1 },
          h('a', { href: '#', 'data-to': i + 1, onclick: (e) => { e.preventDefault(); this.guard(() => session.jump(i + 1)); } },
            played ? `${playerLabel(played.player)}: ${played.move}` : '(taken back)'));
      }));
    this.afterLayout('timeline', () => {
      const now = this.timelineMoves.querySelector<HTMLElement>('li.now');
      if (now) this.timelineMoves.scrollTop = now.offsetTop - this.timelineMoves.clientHeight / 2; // the list is positioned: offsets are within it
    });
    this.exportButton.disabled = this.shareButton.disabled = this.busy;
    fill(this.result, view.result ? h('section', { class: 'final', id: 'final-scores', 'aria-labelledby': 'final-title' }, h('h2', { id: 'final-title' }, 'Final scores'), resultView(view, session.state.moves.length, session.model())) : null);
    fill(this.counters, h('p', { class: 'muted small' }, `As ${playerLabel(seat)} sees the game.`), countersTable(view, seat, session.model()));
    fill(this.zones, zonesView(view, seat));
    fill(this.pieces, piecesView(view, session.model()));
    fill(this.log, logList(view, 400, (i) => this.logOrigin(session, i, seat), (at) => this.revealAt(at)));
    this.afterLayout('log', () => { this.log.scrollTop = this.log.scrollHeight; });
    this.scheduleAgent();
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

const TIMELINE_SHOWN = 120;

/** The move indexes the timeline lists around `depth`; -1 and -2 stand for the earlier and later moves left out. */
function timelineWindow(depth: number, length: number): number[] {
  const from = Math.max(0, Math.min(depth - TIMELINE_SHOWN / 2, length - TIMELINE_SHOWN));
  const to = Math.min(length, from + TIMELINE_SHOWN);
  return [...(from > 0 ? [-1] : []), ...Array.from({ length: to - from }, (_, k) => from + k), ...(to < length ? [-2] : [])];
}

const variantIds = (def: GameDefinition) => def.variants.filter((v) => v.when === null).map((v) => v.id).join(',');

/** The name of the declaration whose text holds an offset of the source: a rule's name, `setup`, `flow`, … */
function declarationAt(def: GameDefinition, offset: number): string {
  const decls = [...def.decls, ...def.variants.flatMap((v) => v.items.flatMap((item) => (item.kind === 'Remove' ? [] : [item.decl])))];
  const d = decls.find((x) => x.span.start <= offset && offset < x.span.end);
  if (!d) return 'the rules';
  if (d.kind === 'Rule' || d.kind === 'Forbid') return d.name.text;
  return d.kind.toLowerCase();
}
