// The playground in a real browser: builds it with Vite into a temp dir, serves that on 127.0.0.1,
// and drives Debian's Chromium (playwright-core, never a downloaded browser) as a person would.
// Without a Chromium it is skipped with a banner saying how to enable it (test/browser.ts);
// REGULA_REQUIRE_BROWSER=1 (CI) makes a missing browser a failure. REGULA_PLAYGROUND_SCREENSHOT=/tmp/x.png saves a screenshot;
// the editor's language features save theirs in REGULA_PLAYGROUND_SCREENSHOT_DIR, or a temp dir whose path is printed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announceSkip, findBrowser } from '../browser.js';
import { serve } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const SLOW = 180_000; // a shared machine with 2 cores: generous limits, no timing assertions


const browser = findBrowser();
if (browser.skipReason) announceSkip('the playground browser tests', browser.skipReason);

it.runIf(browser.failure)('has the browser it requires', () => {
  throw new Error(browser.failure!);
});

/** Last Coin (docs/language.md) with the `min(3, pile)` guard left out: taking 3 of 2 coins breaks a rule. */
const BROKEN = `game "Broken Coin" { players 2 to 4 }

counter pile, from 2, at least 0
counter won per player

flow {
  repeat until pile = 0 {
    for each p in players where pile > 0 {
      turn of p {
        choose n from 1 to 3 as take
        lose n pile
        if pile = 0 { gain 1 won }
      }
    }
  }
  end the game
}

winner most won
`;

describe.runIf(browser.executable)('the playground in Chromium', () => {
  let tmp = '';
  let server: Server | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let url = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'regula-playground-'));
    const dist = join(tmp, 'dist');
    await build({ configFile: join(ROOT, 'playground/vite.config.ts'), mode: 'production', logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
    ({ server, url } = await serve(dist));
    context = await chromium.launchPersistentContext(join(tmp, 'profile'), {
      executablePath: browser.executable!,
      headless: true,
      viewport: { width: 1440, height: 900 },
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

  /** Shows a panel of the side rail (the rules, the log, …), as a person clicks its tab. */
  const tab = (id: string) => page.click(`#tab-${id}`);
  /** The editor has come (it is loaded after the table: test/playground/editor-loading.test.ts) and shows its text. */
  const editorReady = () => page.waitForSelector('#editor[data-state="ready"] .monaco-editor .view-line');
  /**
   * Focuses the editor by a click in its line numbers, the mouse first taken off the text: a hover
   * (keyword help, a rule's quotes) left open by the mouse would catch the click.
   */
  const focusEditor = async () => {
    await tab('rules');
    await editorReady();
    await page.mouse.move(0, 0);
    await page.click('#editor', { position: { x: 10, y: 30 } });
  };
  /**
   * Puts `text` in the editor as a user pastes it (Ctrl+A, Ctrl+V). Not typed: Monaco indents each
   * typed line as deep as the one before, on top of the line's own indentation, and that cascade
   * makes a 1100-line ruleset megabytes long, checked and compared so slowly that the test timed out.
   * Headless Chromium has no clipboard to paste from, so the page gets the paste event Ctrl+V sends.
   */
  const pasteText = async (text: string) => {
    await focusEditor();
    await page.keyboard.press('Control+A');
    await page.evaluate((t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  };
  const checked = () => page.waitForSelector('#check-status:is([data-state="ok"], [data-state="errors"])');
  const logLength = () => page.locator('#log li').count();

  it('loads the Tokaido ruleset with no error markers', async () => {
    await checked();
    await editorReady();
    expect(await page.textContent('#structure')).toContain('phase "Cesta"'); // the flow's first phase
    // The rulebook beside the rules: sentences marked cited or not, with links to the citing rules.
    await page.locator('#rulebook li.passage.cited').first().waitFor({ state: 'attached' });
    // Tokaido cites every rule sentence: the others are marked flavour, not left unmarked.
    expect(await page.locator('#rulebook li.passage.flavour').count()).toBeGreaterThan(0);
    expect(await page.textContent('#rulebook')).toMatch(/\d+ of \d+ rule sentences of tokaido\.cs\.txt are cited/);
    expect(await page.locator('#rulebook .cited-by a', { hasText: 'rule temple' }).count()).toBeGreaterThan(0);
    expect(await page.inputValue('#ruleset')).toBe('rulesets/tokaido/tokaido.cs.rules');
    expect(await page.getAttribute('#check-status', 'data-state')).toBe('ok');
    expect(await page.textContent('#check-status')).toContain('No errors');
    expect(await page.textContent('#check-status')).toContain('quotations checked against tokaido.cs.txt');
    expect(await page.locator('#diagnostics .diag.error').count()).toBe(0);
    expect(await page.locator('.monaco-editor .squiggly-error').count()).toBe(0);
    const shown = (await page.textContent('.monaco-editor .view-lines'))?.replace(/\u00a0/g, ' ');
    expect(shown).toContain('game "Tokaido"');
    // The Monarch tokenizer colours Regula: keywords share a token class, strings and names have others.
    // Its token class alone: a find match's highlight, still fading after Escape, adds a class of its own.
    const classOf = async (text: RegExp) => {
      const classes = await page.locator('.monaco-editor .view-line span span').filter({ hasText: text }).first().getAttribute('class');
      return classes?.match(/mtk\d+/)?.[0] ?? classes;
    };
    const keyword = await classOf(/^game$/);
    expect(keyword).toMatch(/mtk\d+/);
    expect(await classOf(/^cites$/)).toBe(keyword);
    // The first component, below the flavour lines: only the lines in view are drawn.
    await focusEditor();
    await page.keyboard.press('Control+F');
    await page.keyboard.type('component Space');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await classOf(/^component$/)).toBe(keyword);
    const others = [await classOf(/^Space$/), await classOf(/^\/\/\s═══\sHerní\skomponenty/), await classOf(/^"?Herní\splán"?$/)];
    for (const other of others) expect(other).not.toBe(keyword);
    expect(new Set(others).size).toBe(3); // a component name, a comment, a string: three colours
  }, SLOW);

  it('shows a misspelt zone name as R0201 with its suggestion, and keeps the text across a reload', async () => {
    await focusEditor();
    await page.keyboard.press('Control+F');
    await page.keyboard.type('to meal-offer');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowRight'); // the cursor after `meal-offer`
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Backspace'); // meal-ofer
    const item = page.locator('#diagnostics .diag.error[data-code="R0201"]');
    await item.waitFor();
    const text = await item.textContent();
    expect(text).toContain('meal-ofer');
    expect(text).toContain('Did you mean meal-offer?');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
    expect(await page.getAttribute('#check-status', 'data-state')).toBe('errors');
    expect(await page.locator('#new-game').isDisabled()).toBe(true);

    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.includes('tokaido.cs.rules') && localStorage.getItem(k)?.includes('to meal-ofer')));
    await page.reload();
    await page.locator('#diagnostics .diag.error[data-code="R0201"]').waitFor();
    expect(await page.textContent('#saved')).toContain('edited');

    await page.click('#reset');
    await page.waitForSelector('#check-status[data-state="ok"]');
    expect(await page.locator('#diagnostics .diag.error').count()).toBe(0);
    expect(await page.textContent('#saved')).toContain('original');
  }, SLOW);

  it('starts a 3-player game, plays a clicked move, and answers "Why not?" with the forbidding rule', async () => {
    await page.fill('#players', '3');
    await page.fill('#seed', '1');
    await page.click('#new-game');
    await page.locator('#moves button.move').first().waitFor();
    expect(await page.textContent('#decision')).toContain('decides');
    expect(await page.locator('#counters thead th').count()).toBe(4); // counter + P1..P3
    // The structure shows where the game is: the setup's rule choosing travellers, and the decision waiting.
    const here = await page.locator('#structure li.here > .node-head, #structure li.here > details > summary > .node-head').allTextContents();
    expect(here.some((t) => t.includes('select-travellers()'))).toBe(true);
    expect(here.some((t) => t.startsWith('decision') && t.includes('choose tile from traveller-draw'))).toBe(true);

    const before = await logLength();
    await page.locator('#moves button.move').first().click();
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, before);

    // Step on until someone must advance but may not take space 1 (another traveller stands there).
    for (let i = 0; i < 20; i++) {
      const choice = (await page.textContent('#decision')) ?? '';
      if (choice.includes('choice advance') && (await page.locator('button.move[data-move="advance 1"]').count()) === 0) break;
      const moves = await page.locator('#moves button.move').count();
      await page.locator('#moves button.move').first().click();
      await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n || document.querySelectorAll('#moves button.move').length !== n, moves);
    }
    expect(await page.textContent('#decision')).toContain('choice advance');
    await tab('why');
    await page.fill('#why-move', 'advance 1');
    await page.click('#why-button');
    await expect(page.locator('#why-output .why-rule').textContent()).resolves.toBe('free-space-only');
    expect(await page.textContent('#why-output')).toContain('not legal');
    expect(await page.textContent('#why-output')).toContain('The rulebook says');

    await page.selectOption('#view-as', '1');
    expect(await page.textContent('#counters')).toContain('As P2 sees the game');
    await page.selectOption('#view-as', 'auto');
    if (process.env.REGULA_PLAYGROUND_SCREENSHOT) await page.screenshot({ path: process.env.REGULA_PLAYGROUND_SCREENSHOT });
  }, SLOW);

  it('lets the agent play to the end, shows final scores and winners, and Undo steps back', async () => {
    await page.click('#agent-end');
    await page.locator('#result .winners').waitFor({ timeout: 300_000 });
    expect(await page.textContent('#decision')).toContain('over');
    expect(await page.locator('#result table.scores tbody tr').count()).toBe(3);
    expect(await page.locator('#moves button.move').count()).toBe(0);

    await page.click('#undo');
    await page.locator('#moves button.move').first().waitFor();
    expect(await page.locator('#result .winners').count()).toBe(0);
  }, 360_000);

  it('shows a rule that fails while the game runs as a message with its location', async () => {
    await pasteText(BROKEN);
    await page.waitForFunction(() => document.querySelector('#setup h2')?.textContent === 'Play Broken Coin');
    expect(await page.getAttribute('#check-status', 'data-state')).toBe('ok');
    await page.fill('#players', '2');
    await page.click('#new-game');
    await page.click('button.move[data-move="take 3"]');
    const problem = page.locator('#problem');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('A rule failed (R0603)');
    expect(await problem.textContent()).toContain('Counter pile of the game would become -1');
    expect(await page.textContent('#problem .problem-at')).toBe('rulesets/tokaido/tokaido.cs.rules:11:9'); // `lose n pile`
    expect(await page.locator('#moves button.move').count()).toBe(3); // the state is as it was
    await page.click('#reset');
    await page.waitForFunction(() => document.querySelector('#setup h2')?.textContent === 'Play Tokaido');
  }, SLOW);

  it('simulates 200 games and draws each seat\'s share of wins', async () => {
    await checked();
    // The shipped text, as regula sim reads it (the note follows a reset once the text is saved, a moment later).
    await page.waitForFunction(() => document.querySelector('#saved')?.textContent?.includes('original'));
    await page.fill('#players', '4');
    await page.fill('#seed', '7');
    await tab('simulate');
    await page.fill('#sim-agents', 'random');
    await page.fill('#sim-games', '200');
    const variants = await page.locator('#variants input:checked').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
    await page.click('#simulate');
    await page.locator('#sim-results table.sim-seats').waitFor({ timeout: 300_000 });
    expect(await page.textContent('#sim-results')).toContain('200 games, 4 players');

    // The report's charts, drawn by Chart.js: one chart per canvas, each with pixels on it.
    await page.locator('#sim-results[data-charts]').waitFor({ state: 'attached' }); // Chart.js is loaded when first needed
    expect(await page.getAttribute('#sim-results', 'data-charts')).toBe('5');
    const drawn = await page.locator('#sim-results canvas').evaluateAll((canvases) => canvases.map((c) => {
      const canvas = c as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
      return { chart: canvas.dataset.chart, inked };
    }));
    expect(drawn.map((d) => d.chart)).toEqual(['wins', 'scores', 'length', 'options', 'rules']); // Tokaido's travellers are its starting options
    for (const d of drawn) expect(d.inked, `chart ${d.chart} is blank`).toBeGreaterThan(500);

    // The win rates are regula sim --json's for the same ruleset, players, variants, games and seed:
    // computed here by the command's own functions (cli/commands/sim.ts runs these).
    const { runSimulation } = await import('../../cli/sim/run.js');
    const { simJson } = await import('../../cli/commands/sim.js');
    const { loadRuleset } = await import('../../cli/load.js');
    const { simulationReport } = await import('../../interpreter/tools/index.js');
    const file = 'rulesets/tokaido/tokaido.cs.rules';
    const agents = ['random', 'random', 'random', 'random'];
    const outcome = await runSimulation({ sides: [{ file, players: 4, variants, seed: 7, agents }], games: 200, workers: 1 });
    const report = simulationReport(loadRuleset(join(ROOT, file)).definition!, outcome.counts[0]!, { players: 4, variants, seed: 7, agentNames: agents });
    const cli = simJson(file, 200, report, null).simulation.seats.map((s) => s.winRate.value);
    const shown = await page.locator('#sim-results tr[data-win-rate]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-win-rate'))));
    expect(shown).toEqual(cli);
    expect(await page.locator('#sim-results td.win-rate').allTextContents()).toEqual(cli.map((x) => `${(100 * x).toFixed(1)}%`));
    expect(shown.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9); // every game has its winners

    // Stop ends a long simulation: the games finished so far are reported, and no more are played.
    await page.fill('#sim-games', '100000');
    await page.click('#simulate');
    await page.waitForFunction(() => /^[1-9]\d* of 100000 games/.test(document.querySelector('#sim-status')?.textContent ?? ''));
    expect(await page.locator('#sim-progress').isVisible()).toBe(true);
    await page.click('#sim-stop');
    await page.waitForFunction(() => document.querySelector('#sim-status')?.textContent?.startsWith('Stopped'));
    const status = (await page.textContent('#sim-status'))!;
    const finished = Number(/^Stopped: (\d+) of 100000 games finished\.$/.exec(status)?.[1]);
    expect(finished).toBeLessThan(100000);
    expect(await page.locator('#sim-stop').isHidden()).toBe(true);
    await page.waitForTimeout(1000);
    expect(await page.textContent('#sim-status')).toBe(status); // the workers are gone: nothing more comes
    await page.fill('#sim-games', '200');
  }, 360_000);

  it('compares the ruleset with another encoding of the same game, in structure and in play', async () => {
    await checked();
    // The same game's other encodings come first in the list.
    expect(await page.inputValue('#compare-with')).toBe('rulesets/tokaido/tokaido.ru.rules');
    await tab('compare');
    await page.click('#compare');
    await page.locator('#compare-play p').first().waitFor({ timeout: 300_000 });
    expect(await page.locator('#compare-structure details.difference').count()).toBeGreaterThan(0);
    expect(await page.textContent('#compare-structure')).toContain('declarations mean the same');
    expect(await page.textContent('#compare-play')).toMatch(/\d+ games, each encoding's random moves leading in half/);
    // What was played: every player count, with no variant, each variant and all together, by their titles.
    expect(await page.textContent('#compare-play')).toMatch(/Played: 2–5 players, each with no variant; Cesta zasvěcení; .* — 24 settings/);
    const first = page.locator('#compare-structure details.difference').first();
    await first.locator('summary').click();
    expect(await first.locator('pre.line-diff div').count()).toBeGreaterThan(0);
  }, 360_000);

  it('compares an edited ruleset with its original text: what did my change do?', async () => {
    const original = readFileSync(join(ROOT, 'rulesets/tokaido/tokaido.cs.rules'), 'utf8');
    const edited = original.replace('choose amount from 1 to min(3, coins) as donate', 'choose amount from 1 to min(2, coins) as donate');
    expect(edited).not.toBe(original);
    await pasteText(edited);
    await page.waitForFunction(() => document.querySelector('#saved')?.textContent?.includes('edited'));
    await checked();
    await tab('compare');
    await page.selectOption('#compare-with', '(original)');
    await page.click('#compare');
    await page.locator('#compare-play p').first().waitFor({ timeout: 300_000 });
    expect(await page.locator('#compare-structure details.difference').allTextContents()).toEqual([expect.stringContaining('rule temple')]);
    // Told as the log shows it: who decides, and the move only one side offers.
    expect(await page.textContent('#compare-play')).toMatch(/different legal moves when P\d decides, after the move advance \d+/);
    expect(await page.textContent('#compare-play')).toContain('only in the second: donate 3');
    await page.click('#reset');
    await page.waitForSelector('#check-status[data-state="ok"]');
  }, 360_000);

  describe('the editor knows the language (the check worker\'s language service)', () => {
    const TOKAIDO = readFileSync(join(ROOT, 'rulesets/tokaido/tokaido.cs.rules'), 'utf8');
    const lineOf = (text: string) => TOKAIDO.slice(0, TOKAIDO.indexOf(text)).split('\n').length;
    let shots = '';
    const shoot = async (name: string) => {
      if (!shots) {
        shots = process.env.REGULA_PLAYGROUND_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'regula-playground-shots-'));
        mkdirSync(shots, { recursive: true });
        process.stderr.write(`playground editor screenshots: ${shots}\n`);
      }
      await page.screenshot({ path: join(shots, `${name}.png`) });
    };
    /** Selects the first `text` in the editor with its find widget, then leaves the cursor at its start or end. */
    const cursorAt = async (text: string, where: 'start' | 'end') => {
      await focusEditor();
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('Control+F');
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.keyboard.press(where === 'start' ? 'ArrowLeft' : 'ArrowRight');
    };
    const savedHas = (text: string) => page.waitForFunction((t) => Object.keys(localStorage).some((k) => k.includes('tokaido.cs.rules') && localStorage.getItem(k)?.includes(t)), text);
    const isOriginal = () => page.waitForFunction(() => document.querySelector('#saved')?.textContent?.includes('original'));
    /** Waits until the editor holds exactly `text` (as kept in the browser: an edited text, or none for the original). */
    const editorTextIs = (text: string) => page.waitForFunction(([t, original]) => {
      const saved = localStorage.getItem('regula.playground.text:rulesets/tokaido/tokaido.cs.rules');
      return document.querySelector('#saved')?.textContent?.includes(saved === null ? 'original' : 'edited') && (saved ?? original) === t;
    }, [text, TOKAIDO] as const);

    // Each test starts from Tokaido's shipped text, checked, the editor focused and no widget open,
    // whatever the tests before it left: another ruleset opened from a comparison's link, an edit, a peek view.
    beforeEach(async () => {
      if (await page.inputValue('#ruleset') !== 'rulesets/tokaido/tokaido.cs.rules') await page.selectOption('#ruleset', 'rulesets/tokaido/tokaido.cs.rules');
      // Until the text is the original again, Reset whenever it is offered (the note saying so is
      // written when the text is kept, 250 ms after the last edit).
      await expect.poll(async () => {
        if (await page.isEnabled('#reset')) await page.click('#reset');
        return page.evaluate(() => document.querySelector('#saved')?.textContent?.includes('original') ?? false);
      }, { timeout: SLOW - 20_000, interval: 300 }).toBe(true);
      await page.waitForSelector('#check-status[data-state="ok"]');
      await focusEditor();
      await page.keyboard.press('Escape');
    }, SLOW);

    it('completes a zone name at the cursor: Ctrl+Space, then the suggestion is accepted', async () => {
      await page.waitForSelector('#check-status[data-state="ok"]');
      await cursorAt('to meal-offer', 'end');
      for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace'); // `to meal-o`
      await page.keyboard.press('Control+Space');
      const row = page.locator('.suggest-widget .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: /^meal-offer$/ }) });
      await row.waitFor();
      await shoot('1-completion');
      await row.click();
      await page.waitForFunction(() => document.querySelector('.suggest-widget.visible') === null);
      await isOriginal(); // `meal-offer` is whole again: the text is the original
      await page.waitForSelector('#check-status[data-state="ok"]');
    }, SLOW);

    it('hovers a rule\'s name and reads the rulebook passages it cites, quoted with file, line and paragraph', async () => {
      await cursorAt('rule temple on stop', 'start');
      for (let i = 0; i < 'rule t'.length; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I'); // editor.action.showHover
      const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'tokaido.cs.txt' }).first();
      await hover.waitFor();
      const text = (await hover.textContent()) ?? '';
      expect(text).toContain('rule temple');
      expect(text).toContain('Hráč může věnovat chrámu 1, 2 nebo 3 mince');
      expect(text).toMatch(/tokaido\.cs\.txt:\d+, paragraph \d+/);
      await shoot('2-hover-rulebook-quote');
      await page.keyboard.press('Escape');
    }, SLOW);

    it('hovers a keyword and reads its documentation from docs/language.md', async () => {
      await cursorAt('rule temple on stop', 'start');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'docs/language.md' }).first();
      await hover.waitFor();
      expect(await hover.textContent()).toContain('rule');
      await page.keyboard.press('Escape');
    }, SLOW);

    it('jumps from a use of a counter to its declaration (editor.action.revealDefinition, F12)', async () => {
      await cursorAt('min(3, coins)', 'end');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft'); // in `coins`
      const from = lineOf('min(3, coins)');
      await page.waitForFunction((line) => document.querySelector('#cursor')?.textContent?.startsWith(`Ln ${line},`), from);
      await page.keyboard.press('F12');
      const to = lineOf('counter coins per player');
      expect(to).not.toBe(from);
      await page.waitForFunction((line) => document.querySelector('#cursor')?.textContent?.startsWith(`Ln ${line},`), to);
      await shoot('3-definition');
    }, SLOW);

    it('fixes a misspelt name with the quick fix its diagnostic suggests (Ctrl+.)', async () => {
      await cursorAt('to meal-offer', 'end');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Backspace'); // meal-ofer
      await page.locator('#diagnostics .diag.error[data-code="R0201"]').waitFor();
      await savedHas('to meal-ofer');
      await page.keyboard.press('Control+.');
      const fix = page.locator('.action-widget .monaco-list-row').filter({ hasText: 'Change meal-ofer to meal-offer' });
      await fix.waitFor();
      await shoot('4-quick-fix');
      await fix.click();
      await isOriginal();
      await page.waitForSelector('#check-status[data-state="ok"]');
      expect(await page.locator('#diagnostics .diag.error').count()).toBe(0);
    }, SLOW);

    it('lists the references of a zone (Shift+F12) in the peek view', async () => {
      await cursorAt('zone meal-offer', 'end');
      await page.keyboard.press('ArrowLeft');
      const uses = TOKAIDO.match(/\bmeal-offer(?![\w-])/g)!.length; // not `meal-offer-size`
      await page.keyboard.press('Shift+F12');
      const peek = page.locator('.reference-zone-widget').first();
      await peek.waitFor();
      // The peek view's title counts them: "References (8)".
      await page.waitForFunction(() => /References \(\d+\)/.test(document.querySelector('.reference-zone-widget')?.textContent ?? ''));
      expect(await peek.textContent()).toContain(`References (${uses})`);
      await shoot('5-references');
      await page.keyboard.press('Escape');
    }, SLOW);

    it('renames a zone everywhere it is used (F2), and Ctrl+Z undoes it', async () => {
      await cursorAt('zone meal-offer', 'end');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('F2');
      const box = page.locator('.rename-box input, .rename-box textarea').first();
      await box.waitFor();
      // Monaco moves the focus into the box a moment after showing it: keys sent before then edit the text.
      await page.waitForFunction(() => !!document.activeElement?.closest('.rename-box'));
      await page.keyboard.press('Control+A');
      await page.keyboard.type('dinner-offer');
      await shoot('6-rename');
      await page.keyboard.press('Enter');
      const uses = TOKAIDO.match(/\bmeal-offer(?![\w-])/g)!.length; // not `meal-offer-size`
      await page.waitForFunction((n) => Object.keys(localStorage).some((k) => {
        const saved = k.includes('tokaido.cs.rules') ? localStorage.getItem(k) ?? '' : '';
        return saved.split('dinner-offer').length - 1 === n && !/\bmeal-offer(?![\w-])/.test(saved) && saved.includes('meal-offer-size');
      }), uses);
      await page.waitForSelector('#check-status[data-state="ok"]');
      await focusEditor();
      await page.keyboard.press('Control+Z');
      await isOriginal();
    }, SLOW);

    it('shows a define\'s parameters as its call is typed (signature help)', async () => {
      await cursorAt('min(3, coins)', 'start');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('gain panorama-size(');
      const hint = page.locator('.parameter-hints-widget.visible');
      await hint.waitFor();
      expect(await hint.textContent()).toContain('panorama-size(kind)');
      await shoot('7-signature-help');
      await page.keyboard.press('Escape');
    }, SLOW);

    it('formats a badly laid out ruleset as `regula fmt` does (Format Document, Ctrl+Shift+I), and refuses a text with a syntax error', async () => {
      // Tokaido with its lines indented anyhow, and what `regula fmt` makes of that text (in place, in a copy).
      const scrambled = TOKAIDO.split('\n').map((line, i) => ' '.repeat((i * 7) % 5) + line.trimStart()).join('\n');
      const file = join(mkdtempSync(join(tmpdir(), 'regula-fmt-')), 'tokaido.cs.rules');
      writeFileSync(file, scrambled);
      execFileSync(process.execPath, [join(ROOT, 'bin/regula.mjs'), 'fmt', file]);
      const formatted = readFileSync(file, 'utf8');
      expect(formatted).not.toBe(scrambled);
      await pasteText(scrambled);
      await editorTextIs(scrambled);
      await page.waitForSelector('#check-status[data-state="ok"]'); // badly laid out, but correct
      await page.keyboard.press('Control+Shift+I'); // Format Document on Linux (Shift+Alt+F elsewhere)
      await editorTextIs(formatted);
      await shoot('8-formatted');

      // A syntax error: the formatter does not guess, the text stays as it is and the status says why.
      await cursorAt('rule temple on stop', 'start');
      await page.keyboard.type('{ ');
      await savedHas('{ rule temple on stop');
      await page.waitForSelector('#check-status[data-state="errors"]');
      const broken = await page.evaluate(() => localStorage.getItem('regula.playground.text:rulesets/tokaido/tokaido.cs.rules')!);
      writeFileSync(file, broken);
      const refused = spawnSync(process.execPath, [join(ROOT, 'bin/regula.mjs'), 'fmt', '--check', file], { encoding: 'utf8' });
      rmSync(file);
      expect(refused.status).toBe(1);
      const why = /error R\d+: (.+)/.exec(refused.stderr)![1]!; // Expected a declaration but found `{`.
      await page.keyboard.press('Control+Shift+I');
      await page.waitForFunction(() => document.querySelector('#check-status')?.textContent?.startsWith('Not formatted: '));
      expect(await page.textContent('#check-status')).toBe(`Not formatted: ${why}`);
      await editorTextIs(broken);
    }, SLOW);
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
