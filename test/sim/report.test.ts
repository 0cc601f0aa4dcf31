// `regula sim --report FILE.html`: one self-contained page. In Chromium (when there is one, see
// test/browser.ts) every chart draws — its canvas has pixels — and the page asks the network for
// nothing; without a browser that part is skipped with a banner.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceSkip, findBrowser } from '../browser.js';
import { repoRoot } from '../helpers.js';

const SLOW = 180_000;
const scratch = mkdtempSync(join(tmpdir(), 'regula-sim-report-'));
const page = join(scratch, 'report.html');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const browser = findBrowser();
if (browser.skipReason) announceSkip('the simulation report in Chromium', browser.skipReason);

let code: number | null = null;
let stderr = '';
beforeAll(async () => {
  await new Promise<void>((done) => {
    const args = ['sim', 'test/sim/dead-rules.rules', '--games', '60', '--workers', '1', '--compare', 'variants=big-five', '--report', page];
    execFile(process.execPath, [join(repoRoot, 'bin/regula.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' }, (e, _out, err) => {
      code = e ? (typeof e.code === 'number' ? e.code : -1) : 0;
      stderr = err;
      done();
    });
  });
}, SLOW);

describe('the simulation report', () => {
  it('is one HTML file carrying Chart.js and its data, loading nothing', () => {
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('Chart.js v4'); // the library's banner, inlined
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img[^>]+src=["']?http/);
    expect(html).toContain("default-src 'none'");
    expect(html).toMatch(/six-bonus<\/code> \(rule\) at <code>test\/sim\/dead-rules\.rules:\d+:1/);
    expect(html).toContain('winning margin');
  });

  it.runIf(browser.failure)('has the browser it requires', () => {
    throw new Error(browser.failure!);
  });

  it.runIf(browser.executable)('draws every chart offline in Chromium', async () => {
    const b = await chromium.launch({ executablePath: browser.executable!, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
    try {
      const tab = await b.newPage({ viewport: { width: 1200, height: 900 } });
      const url = pathToFileURL(page).href;
      const requests: string[] = [];
      const errors: string[] = [];
      tab.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
      tab.on('pageerror', (e) => errors.push(e.message));
      tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await tab.goto(url);
      await tab.waitForFunction(() => (window as unknown as { regulaCharts?: number }).regulaCharts !== undefined);
      const drawn = await tab.evaluate(() => [...document.querySelectorAll('canvas')].map((c) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let inked = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
        return { id: c.id, width: c.width, inked };
      }));
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      expect(drawn.map((d) => d.id)).toEqual(['wins', 'scores', 'length', 'options', 'rules', 'compare-wins']);
      for (const d of drawn) expect(d.inked, `canvas ${d.id} is blank`).toBeGreaterThan(500);
      expect(await tab.evaluate(() => (window as unknown as { regulaCharts: number }).regulaCharts)).toBe(6);
    } finally {
      await b.close();
    }
  }, SLOW);
});
