// The playground built and opened in Debian's Chromium for a browser test: builds it with Vite into
// a temp dir, serves that on 127.0.0.1, launches the browser headless (no sandbox, no background
// networking), and offers what the tests of issue #31 share: a screenshot folder (gitignored), the
// axe-core audit, panels shown by their tabs.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/** Where the tests save their screenshots: REGULA_PLAYGROUND_SCREENSHOT_DIR, or playground/screenshots (gitignored). */
export const SHOTS = process.env.REGULA_PLAYGROUND_SCREENSHOT_DIR ?? join(ROOT, 'playground/screenshots');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf', '.json': 'application/json', '.svg': 'image/svg+xml', '.wasm': 'application/wasm',
};

/** A tiny static server for the built page, on a free port of 127.0.0.1; it counts the bytes it sends. */
export async function serve(dir: string): Promise<{ server: Server; url: string; sent: Map<string, number> }> {
  const sent = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        sent.set(path, body.length);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, sent };
}

export interface Playground {
  readonly url: string;
  readonly dist: string;
  readonly context: BrowserContext;
  /** Bytes served per path since the last `sent.clear()`. */
  readonly sent: Map<string, number>;
  close(): Promise<void>;
}

/** Builds the playground and opens a browser on it, with a fresh profile. */
export async function openPlayground(executable: string, viewport = { width: 1280, height: 800 }): Promise<Playground> {
  const tmp = mkdtempSync(join(tmpdir(), 'regula-playground-'));
  const dist = join(tmp, 'dist');
  await build({ configFile: join(ROOT, 'playground/vite.config.ts'), mode: 'production', logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
  const { server, url, sent } = await serve(dist);
  const context = await chromium.launchPersistentContext(join(tmp, 'profile'), {
    executablePath: executable,
    headless: true,
    viewport,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  mkdirSync(SHOTS, { recursive: true });
  return {
    url, dist, context, sent,
    async close() {
      await context.close();
      await new Promise((done) => server.close(done));
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly string[];
}

/**
 * Runs axe-core (from node_modules, injected into the page) on the page as it is now; gives the
 * serious and critical violations, each with the selectors of the elements at fault.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    // The code editor's own widgets are Monaco's: audited as they come, not excluded.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 8).map((n) => n.target.join(' ')) }));
  });
}
