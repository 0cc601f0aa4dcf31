// `npm run bench:playground`: the playground's size and its first screen. Builds it with Vite,
// reports every chunk (bytes and gzipped), then, where a Chromium is installed, opens the built
// page as a person does and reports the time until the ruleset is checked (the first check's
// status shows) and how many bytes the page fetched to get there: the code split off (ELK, Chart.js)
// is fetched only when a drawing needs it. Figures, not assertions; `--json` prints them as data.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { findBrowser } from '../test/browser.js';
import { openPlayground } from '../test/playground/harness.js';

interface Chunk { readonly file: string; readonly bytes: number; readonly gzipped: number }

function chunks(dist: string): Chunk[] {
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  return walk(dist).filter((f) => /\.(js|css)$/.test(f))
    .map((f) => { const body = readFileSync(f); return { file: f.slice(dist.length + 1), bytes: body.length, gzipped: gzipSync(body).length }; })
    .sort((a, b) => b.bytes - a.bytes);
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const browser = findBrowser();
  const pg = await openPlayground(browser.executable ?? '', { width: 1280, height: 800 }).catch(async (e: Error) => {
    if (browser.executable) throw e;
    return null; // no browser to launch: the sizes alone (below)
  });
  if (!pg) throw new Error(`No Chromium: ${browser.skipReason ?? browser.failure}`);
  try {
    const all = chunks(pg.dist);
    const page = await pg.context.newPage();
    pg.sent.clear();
    const start = Date.now();
    await page.goto(pg.url);
    await page.waitForSelector('#check-status:is([data-state="ok"], [data-state="errors"])', { state: 'attached', timeout: 300_000 });
    const firstCheckMs = Date.now() - start;
    const fetched = [...pg.sent].filter(([path]) => /\.(js|css)$/.test(path));
    const firstBytes = fetched.reduce((n, [, b]) => n + b, 0);
    const split = all.filter((c) => !fetched.some(([path]) => path.endsWith(c.file)));
    const report = {
      format: 'regula-bench-playground/1',
      total: { bytes: all.reduce((n, c) => n + c.bytes, 0), gzipped: all.reduce((n, c) => n + c.gzipped, 0) },
      firstScreen: { bytes: firstBytes, files: fetched.map(([p]) => p), firstCheckMs },
      notFetchedAtFirst: split.map((c) => c.file),
      chunks: all,
    };
    if (json) {
      process.stdout.write(`${JSON.stringify(report, null, 1)}\n`);
      return;
    }
    const lines = [
      `The playground built: ${kb(report.total.bytes)} of JavaScript and CSS (${kb(report.total.gzipped)} gzipped), ${all.length} files.`,
      ...all.slice(0, 8).map((c) => `  ${c.file.padEnd(48)} ${kb(c.bytes).padStart(8)} ${kb(c.gzipped).padStart(8)} gzipped`),
      `First screen (1280×800, a fresh profile, served from 127.0.0.1): the ruleset checked ${firstCheckMs} ms after the page was asked for,`,
      `having fetched ${kb(firstBytes)} of code in ${fetched.length} files; not fetched yet: ${split.map((c) => c.file).join(', ') || 'nothing'}.`,
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
