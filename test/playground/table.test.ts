// The playground's table in a real browser: every shipped ruleset's board drawn mid-game (a
// screenshot of each saved in REGULA_PLAYGROUND_SCREENSHOT_DIR, or a temp dir whose path is
// printed); every shipped ruleset played to the end by clicking the board (a menu's line by clicking
// what the decision after it chooses, asked "which line?" when several reach it; the move list only
// for moves with nothing on the table); a ruleset's layout hints changing the drawing; Connect Four
// played against an agent and by keyboard; undo, redo and the timeline; a log line's link showing its rule
// in the editor; export then import, and a shared link in a fresh page, restoring the position; a
// seat viewed by one player showing none of another's hidden cards or private counters. Built once
// with Vite and driven in Debian's Chromium as test/playground/playground.test.ts does; skipped
// without one.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSource } from '../../interpreter/compiler/index.js';
import { applyInPlace, modelFor, setup, zoneReaders, type GameState } from '../../interpreter/runtime/index.js';
import { announceSkip, findBrowser } from '../browser.js';
import { serve } from './harness.js';
import { shippedRulesets } from '../settings.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const SLOW = 240_000;
/** A bound on a clicked game's moves, far above what any shipped ruleset needs, so a game that never ends fails instead of hanging. */
const MOST_MOVES = 5000;

const RULESETS = shippedRulesets(ROOT);

/** Three players where the game allows them, else the nearest count it accepts (Hearts: four). */
const midCount = (def: { players: { min: number; max: number } }) => Math.min(def.players.max, Math.max(def.players.min, 3));


/** A saved game as the page exports it. */
interface Saved {
  ruleset: { path: string; text: string };
  players: number;
  seed: string | number;
  variants: string[];
  moves: string[];
  position: number;
}

/** The true state of an exported game, replayed in Node from its seed. */
function trueState(game: Saved): { state: GameState; def: ReturnType<typeof compileSource>['definition'] & object } {
  const def = compileSource(game.ruleset.text, game.ruleset.path).definition!;
  const state = setup(def, game.players, game.seed, game.variants);
  for (const move of game.moves.slice(0, game.position)) applyInPlace(def, state, move);
  return { state, def };
}

/**
 * Runs in the page: plays up to `moves` moves as a person would, each by clicking highlighted
 * targets on the table (one of them picked at random, again until a move is played; a set of cards
 * confirmed with the table's button, a target reached through several lines of a menu answered in
 * the table's popup), or, when the move picked at random is one the table does not offer, by
 * clicking its button in the move list. The clicks are real click events on the drawn elements. A click that makes a
 * menu's line and the move after it counts two moves on the table.
 */
function clickSomeMoves({ moves, seed }: { moves: number; seed: number }): { board: number; list: number; clicks: number; at: number } {
  let r = seed * 7919;
  // The high bits of the generator: its low bits repeat with a short period (the lowest one
  // alternates), which locked a choice of two into always the same one and a game into a loop.
  const next = () => (r = (r * 1103515245 + 12345) % 2147483648) >>> 16;
  const pick = <T>(items: ArrayLike<T>): T => items[next() % items.length]!;
  const at = () => Number(/move (\d+) of/.exec(document.querySelector('#position')?.textContent ?? '')?.[1]);
  const over = () => document.querySelector('#decision')?.textContent?.includes('The game is over') ?? false;
  const click = (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  let board = 0, list = 0, clicks = 0;
  for (let m = 0; m < moves && !over(); m++) {
    const before = at();
    // As a random player would: any legal move alike (the list has them all, those also made on
    // the table marked), so a move only the list offers (a pass, a number, the end of a turn) is
    // taken as often as one on the table, and long games end as they do between agents.
    const chosen = pick(document.querySelectorAll('#moves button.move:not([disabled])'));
    const fromList = chosen !== undefined && !chosen.classList.contains('on-table');
    for (let c = 0; c < 30 && !fromList && at() === before; c++) {
      const targets = document.querySelectorAll('#table .target');
      const confirm = document.querySelectorAll('#table button.confirm');
      if (!targets.length && !confirm.length) break;
      // A set that is already a move may be confirmed, or grown by another click.
      click(confirm.length && (!targets.length || next() % 3 === 0) ? pick(confirm) : pick(targets));
      clicks++;
    }
    if (at() !== before) {
      board += at() - before;
      continue;
    }
    if (document.querySelector('#table .chosen, #table .selection strong')) throw new Error(`Move ${before + 1}: clicks on the table led nowhere`);
    if (!chosen) throw new Error(`Move ${before + 1}: no target on the table and no button in the list`);
    if (!fromList) throw new Error(`Move ${before + 1}: “${chosen.textContent}” is marked as made on the table, but no click there made a move`);
    click(chosen);
    list++;
    if (at() === before) throw new Error(`Move ${before + 1}: a button of the list played no move`);
  }
  return { board, list, clicks, at: at() };
}

const browser = findBrowser();
if (browser.skipReason) announceSkip('the playground table browser tests', browser.skipReason);

it.runIf(browser.failure)('has the browser it requires', () => {
  throw new Error(browser.failure!);
});

describe.runIf(browser.executable)('the playground table in Chromium', () => {
  let tmp = '';
  let shots = '';
  let server: Server | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let url = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'regula-table-'));
    shots = process.env.REGULA_PLAYGROUND_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'regula-table-shots-'));
    mkdirSync(shots, { recursive: true });
    process.stderr.write(`The table's screenshots are saved in ${shots}\n`);
    const dist = join(tmp, 'dist');
    await build({ configFile: join(ROOT, 'playground/vite.config.ts'), mode: 'production', logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
    ({ server, url } = await serve(dist));
    context = await chromium.launchPersistentContext(join(tmp, 'profile'), {
      executablePath: browser.executable!,
      headless: true,
      viewport: { width: 1600, height: 1000 },
      acceptDownloads: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    context.setDefaultTimeout(SLOW);
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(url);
  }, 600_000);

  afterAll(async () => {
    await context?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const checked = () => page.waitForSelector('#check-status:is([data-state="ok"], [data-state="errors"])');

  /** Opens a ruleset and starts a game with these players and seed. */
  async function newGame(path: string, players: number, seed = '1'): Promise<void> {
    if ((await page.inputValue('#ruleset')) !== path) {
      const name = compileSource(readFileSync(join(ROOT, path), 'utf8'), path).definition!.name;
      await page.selectOption('#ruleset', path);
      // Two encodings of one game share its name: wait for this file's check, which the compare
      // panel shows by offering every ruleset but this one.
      await page.waitForFunction(({ n, p }) => document.querySelector('#play h2')?.textContent === `Play ${n}` && !(document.querySelector('#new-game') as HTMLButtonElement).disabled
        && !document.querySelector(`#compare-with option[value="${p}"]`), { n: name, p: path });
      await checked();
    }
    await page.fill('#players', String(players));
    await page.fill('#seed', seed);
    await page.click('#new-game');
    await page.locator('#position').waitFor();
  }

  const position = async () => Number(/move (\d+) of/.exec((await page.textContent('#position')) ?? '')?.[1]);
  /** Shows a panel of the side rail (the log, the timeline, …): the tests click in them as a person would. */
  const tab = (id: string) => page.click(`#tab-${id}`);
  const over = async () => (await page.textContent('#decision'))?.includes('The game is over') ?? false;

  /**
   * Makes one move by clicking the table: the first highlighted target, again and again until a
   * move is played; false when this decision has no target on the table.
   */
  async function clickMove(pick: 'first' | 'last' = 'first'): Promise<boolean> {
    const before = await position();
    for (let click = 0; click < 12; click++) {
      const targets = page.locator('#table .target');
      const n = await targets.count();
      if (n === 0) return false;
      await targets.nth(pick === 'first' || click === 0 ? 0 : n - 1).click();
      if ((await position()) !== before) return true;
    }
    throw new Error('Twelve clicks did not make a move');
  }

  /** The pieces on the boards as drawn: piece id → space. */
  const drawnPieces = () => page.$$eval('#table svg.board .piece', (els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-piece'), e.closest('[data-space]')!.getAttribute('data-space')])));

  const exported = async (): Promise<Saved> => {
    await tab('timeline');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    const file = join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    return JSON.parse(readFileSync(file, 'utf8')) as Saved;
  };

  /** The whole table in one picture: the page made tall enough that nothing scrolls over it. */
  async function screenshotTable(name: string): Promise<void> {
    const tall = await page.$eval('#table', (el) => el.getBoundingClientRect().height);
    await page.setViewportSize({ width: 1600, height: Math.max(1000, Math.ceil(tall) + 600) });
    await page.locator('#table').screenshot({ path: join(shots, name) });
    await page.setViewportSize({ width: 1600, height: 1000 });
  }

  it('draws every shipped ruleset\'s board, with its spaces, and plays moves on it by clicking', async () => {
    await checked();
    for (const path of RULESETS) {
      const def = compileSource(readFileSync(join(ROOT, path), 'utf8'), path).definition!;
      const players = midCount(def);
      await newGame(path, players);
      const model = modelFor(def, players, []);
      // Comparison offers the ruleset's own sibling encoding, or asks (no other game chosen for it).
      expect(await page.inputValue('#compare-with'), path).toBe(path.includes('tokaido.cs') ? 'rulesets/tokaido/tokaido.ru.rules'
        : path.includes('tokaido.ru') ? 'rulesets/tokaido/tokaido.cs.rules' : path.includes('connect-four.obvious') ? 'rulesets/connect-four/connect-four.rules'
          : path.includes('connect-four.rules') ? 'rulesets/connect-four/connect-four.obvious.rules' : '');
      for (const [name, board] of model.boards) {
        expect(await page.locator(`#table svg.board[data-board="${name}"] .space`).count(), `${path}: board ${name}`).toBe(board.order.length);
      }
      // A few moves: clicked on the table where the decision offers targets there, else a button.
      let clicked = 0;
      for (let i = 0; i < 40 && clicked < 4 && !(await over()); i++) {
        if (await clickMove()) clicked++;
        else await page.locator('#moves button.move').first().click();
      }
      expect(clicked, path).toBeGreaterThan(0);
      // On to the middle of the game, played by an agent.
      for (let i = 0; i < 30 && (await position()) < 14 && !(await over()); i++) await page.click('#agent-one');
      // The pieces drawn are the true state's pieces on the boards (at most six a space, the rest counted).
      const { state } = trueState(await exported());
      const perSpace = new Map<string, number>();
      for (const at of Object.values(state.pieces)) if (at.space !== null) perSpace.set(at.space, (perSpace.get(at.space) ?? 0) + 1);
      expect(await page.locator('#table svg.board .piece').count(), `${path}: pieces drawn`).toBe([...perSpace.values()].reduce((n, k) => n + Math.min(k, 6), 0));
      await screenshotTable(`table-${path.split('/').pop()!.replace('.rules', '')}.png`);
    }
    expect(pageErrors).toEqual([]);
  }, 900_000);

  it('draws a ruleset by its layout hints: dark squares and Black and White men, dice and score sheets', async () => {
    const draughts = JSON.parse(readFileSync(join(ROOT, 'rulesets/draughts/draughts.layout.json'), 'utf8')) as { players: string[]; boards: { draughtboard: { colour: string } } };
    await newGame('rulesets/draughts/draughts.rules', 2);
    const board = page.locator('#table svg.board[data-board="draughtboard"]');
    expect(new Set(await board.locator('.space .shape').evaluateAll((els) => els.map((e) => e.getAttribute('fill'))))).toEqual(new Set([draughts.boards.draughtboard.colour]));
    expect(await board.locator('.gap').count()).toBe(32); // the light squares, drawn though no space
    const fills = await board.locator('.piece').evaluateAll((els) => els.map((e) => [e.getAttribute('data-owner'), e.querySelector('circle')!.getAttribute('fill')]));
    expect(fills).toHaveLength(24);
    for (const [owner, fill] of fills) expect(fill).toBe(draughts.players[Number(owner)]);
    expect(await page.locator('#table .seat[data-seat="1"] .dot').getAttribute('style')).toContain(draughts.players[1]!);
    // Without hints the table's own colours: Breakthrough's pawns are not Black and White.
    await newGame('rulesets/breakthrough/breakthrough.rules', 2);
    const plain = await page.locator('#table svg.board .piece circle').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('fill')))]);
    expect(plain).toHaveLength(2);
    for (const fill of plain) expect(draughts.players).not.toContain(fill);

    // Yacht: the dice as die faces with the pips the true state has, each seat's categories as a sheet, the box left off.
    await newGame('rulesets/yacht/yacht.rules', 2);
    const dice = await page.locator('#table [data-zone="dice"] .die').evaluateAll((els) => els.map((e) => [e.getAttribute('data-card'), Number(e.getAttribute('data-pips')), e.querySelectorAll('.pip').length]));
    expect(dice).toHaveLength(5);
    const { state, def } = trueState(await exported());
    const model = modelFor(def, state.players, state.variants);
    expect(dice.map(([id]) => id).sort()).toEqual([...state.zones.dice!].sort());
    for (const [id, pips, spots] of dice) {
      expect(pips).toBe(model.things.get(id as string)!.attrs.pips);
      expect(spots).toBe(pips);
    }
    expect(await page.locator('#table .seat[data-seat="0"] [data-zone="open@0"] .sheet-lines li').count()).toBe(12);
    expect(await page.locator('#table [data-zone="box"]').count()).toBe(0);
    // A die is a target: clicking all five rerolls them all.
    expect(await page.locator('#table [data-zone="dice"] .die.target').count()).toBe(5);
  }, SLOW);

  it.each(RULESETS)('plays %s to the end by clicking the board (the list for moves with nothing on it)', async (path) => {
    {
      const def = compileSource(readFileSync(join(ROOT, path), 'utf8'), path).definition!;
      await newGame(path, def.players.min, '7'); // the fewest players: the shortest game
      const tally = { board: 0, list: 0, clicks: 0 };
      const started = Date.now();
      for (let chunk = 0; !(await over()); chunk++) {
        const done = await page.evaluate(clickSomeMoves, { moves: 40, seed: chunk + 1 });
        tally.board += done.board;
        tally.list += done.list;
        tally.clicks += done.clicks;
        if (done.at > MOST_MOVES) throw new Error(`${path}: no end after ${done.at} clicked moves`);
      }
      // Reported, never asserted (issue 27's aim: a click to a redrawn Tokaido table within 50 ms): the clicks run in the page, 40 to a round trip.
      const elapsed = Date.now() - started;
      process.stderr.write(`${path}: ${tally.board} moves on the table (${tally.clicks} clicks), ${tally.list} from the list, to the end (${(elapsed / 1000).toFixed(1)} s, ${Math.round(elapsed / Math.max(1, tally.board + tally.list))} ms a move from click to redrawn table)\n`);
      expect(tally.board + tally.list, path).toBe(await position());
      expect(await page.textContent('#result'), path).toMatch(/Winner|Nobody wins/);
      expect(tally.board, `${path}: most moves made on the table`).toBeGreaterThan(tally.list);
    }
    expect(pageErrors).toEqual([]);
  }, 1_200_000);

  it('plays Breakthrough to the end by clicking the board, then undoes, redoes and jumps on the timeline', async () => {
    await newGame('rulesets/breakthrough/breakthrough.rules', 2, '3');
    for (let i = 0; i < 300 && !(await over()); i++) expect(await clickMove('last')).toBe(true);
    expect(await over()).toBe(true);
    expect(await page.textContent('#result')).toContain('Winner');
    const end = await position();
    const finalPieces = await drawnPieces();

    await page.click('#undo');
    expect(await position()).toBe(end - 1);
    expect(await over()).toBe(false);
    await page.click('#redo');
    expect(await position()).toBe(end);
    expect(await drawnPieces()).toEqual(finalPieces);
    // The slider to the start: every pawn back on its first square.
    await tab('timeline');
    await page.locator('#timeline').evaluate((el: HTMLInputElement) => { el.value = '0'; el.dispatchEvent(new Event('input', { bubbles: true })); });
    expect(await position()).toBe(0);
    expect(await page.locator('#table svg.board[data-board="box"] .piece').count()).toBe(0);
    // A move of the list: the position after it, the moves after it still there to redo.
    await page.click('#timeline-moves a[data-to="2"]');
    expect(await position()).toBe(2);
    expect(await page.textContent('#position')).toBe(`move 2 of ${end}`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('r'); // keyboard: R redoes, U undoes
    expect(await position()).toBe(3);
    await page.keyboard.press('u');
    expect(await position()).toBe(2);
    // Playing another move here starts a new line: what was taken back is gone.
    await clickMove();
    expect(await page.textContent('#position')).toBe('move 3 of 3');
  }, SLOW);

  it('makes a line of a menu and the move after it with one click on the table, answering "which line?" by keyboard', async () => {
    await newGame('rulesets/java/java.cs.rules', 2, '7');
    // On to a turn's menu of actions (`choose { "lay a three-field tile" … }`), whose lines name nothing on the table.
    for (let i = 0; i < 10 && !(await page.locator('#moves button.move[data-move="lay a rice field"]').count()); i++) await page.click('#agent-one');
    const onTable = await page.locator('#moves button.move.on-table').allTextContents();
    expect(onTable).toContain('lay a rice field');
    // A line that draws a card stays the list's: the card is seen before what follows.
    expect(await page.locator('#moves button.move:not(.on-table)').allTextContents()).toContain('draw a festival card');
    expect(await page.textContent('#table .selection')).toContain('the menu’s line is chosen with it');
    const before = await position();
    // Keyboard: Tab to a highlighted hex, Enter; a hex where several tiles can be laid asks which, its first answer focused.
    await page.locator('#table .target').first().focus();
    await page.keyboard.press('Enter');
    const asked = await page.locator('#table .branch-choice button').allTextContents();
    expect(asked.length).toBeGreaterThan(1); // the first hex takes a rice field or a village at least
    for (const line of asked) expect(onTable).toContain(line);
    expect(await position()).toBe(before); // nothing played until answered
    expect(await page.evaluate(() => document.activeElement?.closest('.branch-choice') !== null)).toBe(true);
    await page.locator('#table-card').screenshot({ path: join(shots, 'table-java-which-line.png') });
    await page.keyboard.press('Tab'); // the second answer
    await page.keyboard.press('Enter');
    // Two moves, as if chosen one after the other: the menu's line, then the hex.
    expect(await position()).toBe(before + 2);
    const [line, move] = (await page.$$eval('#timeline-moves li:not(.start) a', (as) => as.map((a) => a.textContent ?? ''))).slice(-2)
      .map((t) => t.replace(/^P\d+: /, ''));
    expect(line).toBe(asked[1]);
    expect(onTable).not.toContain(move); // a move of the decision the line led to
    expect(pageErrors).toEqual([]);
  }, SLOW);

  it('plays Connect Four against an agent to the end by clicking the board, and by keyboard', async () => {
    await newGame('rulesets/connect-four/connect-four.rules', 2, '5');
    await page.click('details.seat-players summary');
    await page.fill('#seats input[data-seat="1"]', 'random');
    await page.press('#seats input[data-seat="1"]', 'Tab');
    for (let i = 0; i < 60 && !(await over()); i++) {
      const me = (await page.textContent('#decision'))?.startsWith('P1');
      if (!me) {
        await page.waitForFunction(() => document.querySelector('#decision')?.textContent?.startsWith('P1') || document.querySelector('#decision')?.textContent?.includes('over'));
        continue;
      }
      const before = await position();
      if (i % 2) {
        // Keyboard: Tab to the first highlighted column, Enter.
        await page.locator('#table .target').first().focus();
        await page.keyboard.press('Enter');
      } else {
        await page.locator('#table .target').first().click();
      }
      await page.waitForFunction((n) => !document.querySelector('#position')?.textContent?.startsWith(`move ${n} `), before);
    }
    expect(await over()).toBe(true);
    const moves = await page.$$eval('#timeline-moves li:not(.start) a', (as) => as.map((a) => a.textContent ?? ''));
    expect(moves.some((m) => m.startsWith('P2: '))).toBe(true); // the agent played P2
    expect(await page.locator('#table svg.board .piece').count()).toBe(await position());
  }, SLOW);

  it('links a log line to the statement that wrote it: a click shows it beside the log, and the log stays', async () => {
    await tab('log');
    const ruleset = readFileSync(join(ROOT, 'rulesets/connect-four/connect-four.rules'), 'utf8').split('\n');
    const lineOf = async (link: Locator) => Number(/:(\d+):\d+$/.exec((await link.getAttribute('data-at'))!)![1]);
    // A disc's move links to the `move` in the rule that drops it (not to the choice), named by that rule.
    const moved = page.locator('#log li', { hasText: /^P\d moves to [a-g]\d / }).last().locator('a.log-rule');
    expect(await moved.textContent()).toBe('drop-a-disc');
    expect(ruleset[(await lineOf(moved)) - 1]).toMatch(/^\s*move next-disc to hole$/);
    // The last line, `the game ends`, links to the statement that ends it.
    const link = page.locator('#log a.log-rule').last();
    const line = await lineOf(link);
    expect(ruleset[line - 1]).toMatch(/^\s*end the game$/);
    await link.click();
    await page.waitForFunction((l) => document.querySelector('#beside-cursor')?.textContent?.startsWith(`Ln ${l},`), line);
    expect(await page.locator('#log').isVisible()).toBe(true);
    expect(await page.textContent('#beside-file')).toBe('rulesets/connect-four/connect-four.rules');
    await page.keyboard.press('Escape');
    expect(await page.locator('#beside').isVisible()).toBe(false);
  }, SLOW);

  it('exports a game and imports it back to the same position; a shared link opens it in a fresh page', async () => {
    await newGame('rulesets/tokaido/tokaido.cs.rules', 3, '11');
    for (let i = 0; i < 12; i++) await page.click('#agent-one');
    await page.click('#undo'); // a line with a move to redo
    await tab('timeline');
    const saved = await exported();
    expect(saved.position).toBe(11);
    expect(saved.moves).toHaveLength(12);
    const pieces = await drawnPieces();
    const counters = await page.textContent('#table .seats');

    await page.click('#new-game'); // somewhere else
    expect(await position()).toBe(0);
    const file = join(tmp, 'game.json');
    writeFileSync(file, JSON.stringify(saved));
    await page.setInputFiles('#import', file);
    await page.waitForFunction(() => document.querySelector('#position')?.textContent === 'move 11 of 12');
    expect(await drawnPieces()).toEqual(pieces);
    expect(await page.textContent('#table .seats')).toBe(counters);

    await page.click('#share');
    const link = await page.inputValue('#share-link');
    expect(link).toContain('#ref='); // a shipped ruleset left as shipped: named, not copied
    expect(link.length).toBeLessThan(1000);
    const fresh = await context!.newPage();
    const errors: string[] = [];
    fresh.on('pageerror', (e) => errors.push(e.message));
    await fresh.goto(link);
    await fresh.waitForFunction(() => document.querySelector('#position')?.textContent === 'move 11 of 12');
    expect(await fresh.inputValue('#ruleset')).toBe('rulesets/tokaido/tokaido.cs.rules');
    expect(await fresh.$$eval('#table svg.board .piece', (els) =>
      Object.fromEntries(els.map((e) => [e.getAttribute('data-piece'), e.closest('[data-space]')!.getAttribute('data-space')])))).toEqual(pieces);
    expect(errors).toEqual([]);
    await fresh.close();
  }, SLOW);

  /** What the table shows, as data: every drawn piece's space and card's zone, and the seats' text. */
  const tableShown = (on: Page = page) => on.$eval('#table', (el) => ({
    pieces: [...el.querySelectorAll('[data-piece]')].map((e) => `${e.getAttribute('data-piece')}@${e.closest('[data-space]')?.getAttribute('data-space') ?? ''}`).sort(),
    cards: [...el.querySelectorAll('[data-card]')].map((e) => `${e.getAttribute('data-card')}@${e.closest('[data-zone]')?.getAttribute('data-zone') ?? ''}`).sort(),
    seats: (el.querySelector('.seats') as HTMLElement | null)?.innerText ?? '',
  }));

  it.each(RULESETS)('keeps a game of %s through undo and redo, export and import, and a shared link in a fresh page', async (path) => {
    const def = compileSource(readFileSync(join(ROOT, path), 'utf8'), path).definition!;
    await newGame(path, midCount(def), '5');
    for (let i = 0; i < 9 && !(await over()); i++) await page.click('#agent-one');
    const end = await position();
    expect(end, path).toBeGreaterThan(1);
    const shown = await tableShown();
    expect(shown.pieces.length + shown.cards.length + shown.seats.length, `${path}: something is drawn`).toBeGreaterThan(0);

    await page.click('#undo');
    expect(await position()).toBe(end - 1);
    await page.click('#redo');
    expect(await position()).toBe(end);
    expect(await tableShown(), `${path}: redo restores the table`).toEqual(shown);

    const saved = await exported();
    expect(saved.position).toBe(end);
    await page.click('#new-game');
    expect(await position()).toBe(0);
    const file = join(tmp, 'roundtrip.json');
    writeFileSync(file, JSON.stringify(saved));
    await page.setInputFiles('#import', file);
    await page.waitForFunction((n) => document.querySelector('#position')?.textContent === `move ${n} of ${n}`, end);
    expect(await tableShown(), `${path}: import restores the table`).toEqual(shown);

    await page.click('#share');
    const link = await page.inputValue('#share-link');
    const fresh = await context!.newPage();
    const errors: string[] = [];
    fresh.on('pageerror', (e) => errors.push(e.message));
    await fresh.goto(link);
    await fresh.waitForFunction((n) => document.querySelector('#position')?.textContent === `move ${n} of ${n}`, end);
    expect(await fresh.inputValue('#ruleset')).toBe(path);
    expect(await tableShown(fresh), `${path}: the shared link restores the table`).toEqual(shown);
    expect(errors).toEqual([]);
    await fresh.close();
    expect(pageErrors).toEqual([]);
  }, SLOW);

  it('draws the structure as a diagram whose boxes show their lines, and presents the table in large type', async () => {
    await newGame('rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules', 3, '2');
    const diagram = page.locator('#structure svg.structure-diagram');
    await tab('structure');
    await page.locator('#structure svg.zone-flow').waitFor({ state: 'attached' }); // laid out by ELK, loaded when the panel is seen
    expect(await diagram.locator('.diagram-node').count()).toBeGreaterThan(3);
    // The zones, with an arrow where a rule moves cards: from the hand to the route.
    expect(await diagram.locator('.diagram-zone').count()).toBe(9);
    expect(await diagram.locator('.diagram-flow title').allTextContents()).toContain('hand → route: lay-card');
    const node = diagram.locator('.diagram-node[data-at]').nth(2);
    const line = Number(/:(\d+):\d+$/.exec((await node.getAttribute('data-at'))!)![1]);
    await node.click();
    await page.waitForFunction((l) => document.querySelector('#beside-cursor')?.textContent?.startsWith(`Ln ${l},`), line);
    await page.click('#beside-close');
    await page.locator('#structure details.diagram').screenshot({ path: join(shots, 'structure-thurn-und-taxis.png') });

    await page.click('#present');
    expect(await page.locator('#side').isVisible()).toBe(false);
    expect(await page.locator('#table svg.board').isVisible()).toBe(true);
    const size = await page.$eval('#play', (el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThan(16);
    await page.screenshot({ path: join(shots, 'present-thurn-und-taxis.png') });
    await page.click('#present');
    expect(await page.locator('#side').isVisible()).toBe(true);
  }, SLOW);

  it('viewing as one player shows no other player\'s hidden cards or private counters, in every shipped ruleset that hides any', async () => {
    const checkedRulesets: string[] = [];
    for (const path of RULESETS) {
      const rules = compileSource(readFileSync(join(ROOT, path), 'utf8'), path).definition!;
      await newGame(path, midCount(rules), '4');
      for (let i = 0; i < 10 && !(await over()); i++) await page.click('#agent-one');
      await page.selectOption('#view-as', '0');
      const game = await exported();
      const { state, def } = trueState(game);
      const model = modelFor(def, state.players, state.variants);
      const hidden = new Set<string>();
      const visible = new Set<string>();
      for (const [key, cards] of Object.entries(state.zones)) {
        const readers = zoneReaders(model, key);
        for (const id of cards) (readers === null || readers.includes(0) || state.revealed.includes(id) ? visible : hidden).add(id);
      }
      const privateCounters = [...model.counters.values()].some((c) => c.visibility === 'private' && c.owner.kind === 'player');
      await page.selectOption('#view-as', 'auto');
      if (hidden.size === 0 && !privateCounters) continue; // nothing hidden from seat 0 at this point
      await page.selectOption('#view-as', '0');
      checkedRulesets.push(path);
      const html = await page.locator('#game').innerHTML();
      const drawn = await page.$$eval('#game [data-card]', (els) => els.map((e) => e.getAttribute('data-card')!));
      if (hidden.size > 0) expect(drawn.length, path).toBeGreaterThan(0);
      for (const id of hidden) {
        expect(drawn, `${path}: hidden card ${id} drawn`).not.toContain(id);
        expect(html.includes(`"${id}"`), `${path}: hidden card ${id} in the page`).toBe(false);
      }
      // Labels that only hidden cards carry (not a visible card's, not a space's) are nowhere in the text.
      const labelOf = (id: string) => model.things.get(id)?.label ?? id;
      const seen = new Set([...visible].map(labelOf));
      for (const b of model.boards.values()) for (const s of b.order) seen.add(labelOf(s));
      const text = (await page.locator('#game').innerText()).toLowerCase();
      // What the log told seat 0 (a card played face up, then swept into a hidden pile) it has seen.
      const told = state.log.map((l) => `${l.text} ${l.detail !== undefined && l.seen?.includes(0) ? l.detail : ''}`).join('\n').toLowerCase();
      const secret = [...hidden].map(labelOf).filter((l) => !seen.has(l) && l.length > 3 && !told.includes(l.toLowerCase()));
      for (const label of secret) expect(new RegExp(`(^|[^\\p{L}])${label.toLowerCase()}([^\\p{L}]|$)`, 'u').test(text), `${path}: ${label}`).toBe(false);
      // Private counters of other seats: "?" in the table and the counters card, never their value.
      for (const [name, decl] of model.counters) {
        if (decl.visibility !== 'private' || decl.owner.kind !== 'player') continue;
        for (let seat = 1; seat < state.players; seat++) {
          expect(await page.textContent(`#table .seat[data-seat="${seat}"] [data-counter="${name}"]`), `${path}: ${name} of seat ${seat}`).toBe(`${name} ?`);
        }
      }
      await page.screenshot({ path: join(shots, `view-as-${path.split('/').pop()!.replace('.rules', '')}.png`) });
      await page.selectOption('#view-as', 'auto');
    }
    // The games with hidden cards or private counters: Tokaido (both), Java, Thurn und Taxis, Kudy? Tudy!, Hearts.
    expect(checkedRulesets.length, checkedRulesets.join(', ')).toBeGreaterThanOrEqual(5);
  }, 900_000);
});
