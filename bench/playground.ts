// `npm run bench:playground`: the playground's size and its first screen. Builds it with Vite,
// reports every chunk (bytes and gzipped) and the main bundle (what index.html loads before anything
// shows), then, where a Chromium is installed, opens the built page as a person does, `--runs N`
// times (3 by default; each with the browser's cache off and the page's storage cleared) and reports
// the median time, from the page being asked for, until
//   - the first check: the ruleset checked, its status shown;
//   - the table usable: "New game" enabled (the setup drawn from the checked rules);
//   - the first move: "New game" clicked as soon as it can be, the game's moves offered on the table;
//   - the editor ready: Monaco showing the ruleset's lines (loaded after the table, or when asked for);
// (each noted by the page itself as its DOM changes) and how many bytes of code the page had asked
// for by the first check: the code split off (the editor, ELK, Chart.js) is fetched only when it is
// needed. Figures, not assertions; `--json` prints them as data.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { findBrowser } from '../test/browser.js';
import { openPlayground, type Playground } from '../test/playground/harness.js';

interface Chunk { readonly file: string; readonly bytes: number; readonly gzipped: number }

function chunks(dist: string): Chunk[] {
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  return walk(dist).filter((f) => /\.(js|css)$/.test(f))
    .map((f) => { const body = readFileSync(f); return { file: f.slice(dist.length + 1), bytes: body.length, gzipped: gzipSync(body).length }; })
    .sort((a, b) => b.bytes - a.bytes);
}

/** The files index.html itself loads (its module script, the scripts and styles it links): the main bundle. */
function mainBundle(dist: string, all: readonly Chunk[]): Chunk[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const named = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return all.filter((c) => named.includes(c.file));
}

interface Run {
  readonly firstCheckMs: number;
  readonly tableUsableMs: number;
  readonly firstMoveMs: number;
  readonly editorReadyMs: number;
  /** Code asked for by the first check, and by the editor being ready: its files and their bytes. */
  readonly fetchedAtCheck: readonly (readonly [string, number])[];
  readonly fetchedAtEditor: readonly (readonly [string, number])[];
}

const CHECKED = '#check-status:is([data-state="ok"], [data-state="errors"])';
const USABLE = '#new-game:not([disabled])';
const MOVE = '#moves .move, #table .target';
const EDITOR = '#editor .monaco-editor .view-line';

/**
 * Put in the page before its own code: notes when each sign shows, in ms since the page was asked
 * for (performance.now()), as the DOM changes — not when a poll from here would see it. (A string,
 * not a function: what tsx makes of a function may call its helpers, which the page lacks.)
 */
const MARKER = `(() => {
  const marks = {};
  window.regulaBench = { marks, origin: performance.timeOrigin };
  const signs = ${JSON.stringify([['check', CHECKED], ['usable', USABLE], ['move', MOVE], ['editor', EDITOR]])};
  const look = () => {
    for (const [name, selector] of signs) if (marks[name] === undefined && document.querySelector(selector)) marks[name] = performance.now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

async function run(pg: Playground): Promise<Run> {
  const page: Page = await pg.context.newPage();
  const cdp = await pg.context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.addInitScript({ content: MARKER });
  // When each file was asked for (the browser's clock, as the marks), the page's and its workers'.
  const asked: { path: string; at: number }[] = [];
  page.on('request', (r) => asked.push({ path: new URL(r.url()).pathname, at: Date.now() }));
  page.on('requestfinished', (r) => {
    const at = r.timing().startTime;
    const mine = asked.find((a) => a.path === new URL(r.url()).pathname);
    if (mine && at > 0) mine.at = at;
  });
  try {
    pg.sent.clear();
    await page.goto(pg.url, { waitUntil: 'commit' });
    await page.waitForSelector(USABLE, LONG);
    await page.click('#new-game');
    await page.waitForSelector(MOVE, LONG);
    await page.waitForSelector(EDITOR, LONG);
    await page.waitForLoadState('networkidle');
    const { marks, origin } = await page.evaluate(() => (window as unknown as { regulaBench: { marks: Record<string, number>; origin: number } }).regulaBench);
    const code = (until: number) => asked.filter((a) => /\.(js|css)$/.test(a.path) && a.at <= origin + until)
      .map((a) => [a.path, pg.sent.get(a.path) ?? 0] as const);
    const ms = (name: string) => Math.round(marks[name]!);
    return {
      firstCheckMs: ms('check'), tableUsableMs: ms('usable'), firstMoveMs: ms('move'), editorReadyMs: ms('editor'),
      fetchedAtCheck: code(marks.check!), fetchedAtEditor: code(marks.editor!),
    };
  } finally {
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await page.close();
  }
}

const LONG = { state: 'attached', timeout: 300_000 } as const;

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of at least 1, not ${process.argv[runsAt + 1]}`);
  const browser = findBrowser();
  if (!browser.executable) throw new Error(`No Chromium: ${browser.skipReason ?? browser.failure}`);
  const pg = await openPlayground(browser.executable, { width: 1280, height: 800 });
  try {
    const all = chunks(pg.dist);
    const main = mainBundle(pg.dist, all);
    const measured: Run[] = [];
    for (let i = 0; i < runs; i++) measured.push(await run(pg));
    const last = measured[measured.length - 1]!;
    const bytesOf = (files: readonly (readonly [string, number])[]) => files.reduce((n, [, b]) => n + b, 0);
    const split = all.filter((c) => !last.fetchedAtCheck.some(([path]) => path.endsWith(c.file)));
    const pick = (key: 'firstCheckMs' | 'tableUsableMs' | 'firstMoveMs' | 'editorReadyMs') => ({ median: median(measured.map((r) => r[key])), runs: measured.map((r) => r[key]) });
    const report = {
      format: 'regula-bench-playground/2',
      total: { bytes: all.reduce((n, c) => n + c.bytes, 0), gzipped: all.reduce((n, c) => n + c.gzipped, 0) },
      main: { bytes: main.reduce((n, c) => n + c.bytes, 0), gzipped: main.reduce((n, c) => n + c.gzipped, 0), files: main.map((c) => c.file) },
      firstScreen: {
        firstCheckMs: pick('firstCheckMs'), tableUsableMs: pick('tableUsableMs'), firstMoveMs: pick('firstMoveMs'), editorReadyMs: pick('editorReadyMs'),
        bytesAtCheck: bytesOf(last.fetchedAtCheck), filesAtCheck: last.fetchedAtCheck.map(([p]) => p),
        bytesAtEditor: bytesOf(last.fetchedAtEditor), filesAtEditor: last.fetchedAtEditor.map(([p]) => p),
      },
      notFetchedAtFirst: split.map((c) => c.file),
      chunks: all,
    };
    if (json) {
      process.stdout.write(`${JSON.stringify(report, null, 1)}\n`);
      return;
    }
    const f = report.firstScreen;
    const ms = (m: { median: number; runs: number[] }) => `${m.median} ms`.padStart(8) + `   (runs: ${m.runs.join(', ')})`;
    const lines = [
      `The playground built: ${kb(report.total.bytes)} of JavaScript and CSS (${kb(report.total.gzipped)} gzipped), ${all.length} files.`,
      `Main bundle (what index.html loads): ${kb(report.main.bytes)} (${kb(report.main.gzipped)} gzipped): ${report.main.files.join(', ')}.`,
      ...all.slice(0, 8).map((c) => `  ${c.file.padEnd(48)} ${kb(c.bytes).padStart(8)} ${kb(c.gzipped).padStart(8)} gzipped`),
      `First screen (1280×800, cache off, served from 127.0.0.1), the median of ${runs} page load${runs === 1 ? '' : 's'}, from the page being asked for:`,
      `  ruleset checked      ${ms(f.firstCheckMs)}`,
      `  table usable         ${ms(f.tableUsableMs)}   "New game" enabled`,
      `  first move offered   ${ms(f.firstMoveMs)}   "New game" clicked at once`,
      `  editor ready         ${ms(f.editorReadyMs)}   Monaco showing the ruleset`,
      `Code asked for by the first check: ${kb(f.bytesAtCheck)} in ${f.filesAtCheck.length} files (${f.filesAtCheck.join(', ')}); by the editor being ready: ${kb(f.bytesAtEditor)} in ${f.filesAtEditor.length}.`,
      `Not fetched by the first check: ${split.map((c) => c.file).join(', ') || 'nothing'}.`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await pg.close();
  }
}

void main().catch((e: unknown) => {
  process.stderr.write(`bench:playground: ${(e as Error).message}\n`);
  process.exit(1);
});
