// Issue #31, code-splitting: the editor (Monaco, most of the page's code) is its own chunk, fetched
// after the table is drawn. Here its chunk is held back by the browser: the page must ask for it by
// itself, and meanwhile the table must be usable, played from the text kept in the browser, with the
// editor's place saying it loads; once the chunk is let through, the editor must show that same
// text, take the focus the person left in its place, and work (Ctrl+M, markers, undo). No error in
// the page or its console. Skipped without a Chromium (test/browser.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceSkip, findBrowser } from '../browser.js';
import { openPlayground, ROOT, seriousViolations, SHOTS, type Playground } from './harness.js';

const SLOW = 240_000;
const browser = findBrowser();
if (browser.skipReason) announceSkip('the playground editor-loading test', browser.skipReason);
it.runIf(browser.failure)('has the browser it requires', () => {
  throw new Error(browser.failure!);
});

const PATH = 'rulesets/connect-four/connect-four.rules';
/** The editor's chunk (`editor-<hash>.js`, Monaco and the language's wiring), not its worker (`editor.worker-<hash>.js`). */
const EDITOR_CHUNK = /\/assets\/editor-[^/]*\.js$/;

describe.runIf(browser.executable)('the editor loaded after the table, in Chromium', () => {
  let pg: Playground;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    pg = await openPlayground(browser.executable!);
    pg.context.setDefaultTimeout(SLOW);
    page = await pg.context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  }, 600_000);
  afterAll(async () => { await pg?.close(); });

  it('plays the text kept in the browser before the editor comes, then edits that text in it', async () => {
    // A person's edit of Connect Four, kept from an earlier visit, and Connect Four chosen last: the
    // game renamed, and a define on the first line that draws a warning (R0213: it hides the built-in abs).
    const kept = `define abs(x) = x\n${readFileSync(join(ROOT, PATH), 'utf8').replace('game "Connect Four"', 'game "Connect Four, kept"')}`;
    await page.addInitScript(([path, text]) => {
      localStorage.setItem(`regula.playground.text:${path}`, text!);
      localStorage.setItem('regula.playground.selected', path!);
      localStorage.setItem('regula.playground.tab', 'rules');
    }, [PATH, kept]);
    let asked = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(EDITOR_CHUNK, async (route: Route) => {
      asked = true;
      await held;
      await route.continue();
    });

    await page.goto(pg.url);
    await page.waitForSelector('#check-status[data-state="ok"]', { state: 'attached' });
    // The rules checked are the kept text: its game's name is on the table's setup.
    expect(await page.textContent('#setup')).toContain('Play Connect Four, kept');
    expect(await page.textContent('#saved')).toContain('edited');
    expect(await page.locator('#diagnostics .diag.warning[data-code="R0213"]').count()).toBe(1);
    // The page asks for the editor by itself once the table is drawn; held back, it has not come.
    await expect.poll(() => asked, { timeout: SLOW }).toBe(true);
    expect(await page.locator('.monaco-editor').count()).toBe(0);
    expect(await page.getAttribute('#editor', 'data-state')).toBe('loading');
    expect(await page.locator('#editor .editor-loading').textContent()).toContain('Loading the editor');

    // The table is usable: a game starts and a move is played by a click on the board.
    await page.click('#new-game');
    await page.locator('#table .target').first().click();
    await page.waitForFunction(() => /move 1 of/.test(document.querySelector('#position')?.textContent ?? ''));
    await page.click('#agent-one');
    await page.waitForFunction(() => /move 2 of/.test(document.querySelector('#position')?.textContent ?? ''));
    expect([...pg.sent.keys()].some((path) => EDITOR_CHUNK.test(path))).toBe(false); // nothing of Monaco was served
    expect(await page.locator('.monaco-editor').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'editor-loading-1280x800.png') });
    expect(await seriousViolations(page)).toEqual([]); // the loading place too

    // The person waits in the editor's place (by keyboard): the editor, when it comes, takes the focus.
    await page.focus('#editor .editor-loading');
    const status = await page.textContent('#check-status'); // the check's own time in it
    release();
    await page.waitForSelector('#editor[data-state="ready"] .monaco-editor .view-line');
    expect(await page.locator('#editor .editor-loading').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.closest('#editor .monaco-editor') !== null)).toBe(true);
    expect((await page.textContent('#editor .view-lines'))?.replace(/\u00a0/g, ' ')).toContain('game "Connect Four, kept"');
    expect(await page.textContent('#cursor')).toMatch(/^Ln \d+, Col \d+$/);
    // The check made before it came is on it: the warning's marker, with no new check asked for.
    await page.locator('#editor .squiggly-warning').first().waitFor();
    expect(await page.textContent('#check-status')).toBe(status);
    // The game went on meanwhile, untouched by the editor's coming.
    expect(await page.textContent('#position')).toMatch(/move 2 of/);

    // Ctrl+M, announced beside the file's name.
    expect(await page.textContent('#tab-focus-note')).toContain('Tab moves the focus');
    await page.keyboard.press('Control+M');
    await page.waitForFunction(() => document.querySelector('#tab-focus-note')?.textContent?.startsWith('Tab indents'));
    await page.keyboard.press('Control+M');
    await page.waitForFunction(() => document.querySelector('#tab-focus-note')?.textContent?.startsWith('Tab moves'));

    // The checker behind the editor: a broken last line (the text ends in a line break) gets a
    // marker, is kept, and one Ctrl+Z takes the text back to the kept one.
    const savedIs = (text: string) => page.waitForFunction(([path, t]) => localStorage.getItem(`regula.playground.text:${path}`) === t, [PATH, text] as const);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('counter');
    await page.locator('#editor .squiggly-error').first().waitFor();
    expect(await page.getAttribute('#check-status', 'data-state')).toBe('errors');
    await savedIs(`${kept}counter`);
    await page.keyboard.press('Control+Z');
    await page.waitForSelector('#check-status[data-state="ok"]', { state: 'attached' });
    await savedIs(kept);
    await page.locator('#editor .squiggly-error').first().waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  }, SLOW);

  it('says so when the editor cannot be fetched, and keeps the table going', async () => {
    const other = await pg.context.newPage();
    const failures: string[] = [];
    other.on('pageerror', (e) => failures.push(e.message));
    await other.route(EDITOR_CHUNK, (route) => route.abort('connectionrefused'));
    try {
      await other.goto(pg.url);
      await other.waitForSelector('#editor[data-state="failed"]', { state: 'attached' });
      // Chromium keeps a failed import failed: the note says to reload, not to try again in place.
      expect(await other.textContent('#editor .editor-loading')).toMatch(/The editor could not be loaded .*reload the page to try again/);
      expect(await other.getAttribute('#check-status', 'data-state')).toBe('ok');
      await other.click('#new-game');
      await other.locator('#table .target').first().click();
      await other.waitForFunction(() => /move 1 of/.test(document.querySelector('#position')?.textContent ?? ''));
      expect(await other.locator('.monaco-editor').count()).toBe(0);
      expect(failures).toEqual([]); // the failure is said in its place, not thrown
    } finally {
      await other.close();
    }
  }, SLOW);
});
