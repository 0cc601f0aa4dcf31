// Finds the Chromium the browser tests drive (never a downloaded one) and decides what happens
// without it: on a machine with only Node the browser tests are skipped, loudly; where
// REGULA_REQUIRE_BROWSER=1 (CI) a missing browser is a failure instead.
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export interface BrowserChoice {
  /** The executable to launch, or null when the browser tests do not run. */
  readonly executable: string | null;
  /** Why they do not run, and how to make them run: shown in the test output. */
  readonly skipReason: string | null;
  /** Set when a browser was required but none was found: the tests must fail with this. */
  readonly failure: string | null;
}

const HOW = 'install one with `apt-get update && apt-get install -y chromium` (as root) or point REGULA_CHROMIUM at a Chromium or Chrome executable';

export function findBrowser(env: NodeJS.ProcessEnv = process.env): BrowserChoice {
  if (env.REGULA_SKIP_BROWSER === '1') {
    return env.REGULA_REQUIRE_BROWSER === '1'
      ? { executable: null, skipReason: null, failure: 'REGULA_SKIP_BROWSER=1 and REGULA_REQUIRE_BROWSER=1 contradict each other.' }
      : { executable: null, skipReason: 'REGULA_SKIP_BROWSER=1 is set.', failure: null };
  }
  const wanted = env.REGULA_CHROMIUM;
  if (wanted) {
    return existsSync(wanted)
      ? { executable: wanted, skipReason: null, failure: null }
      : { executable: null, skipReason: null, failure: `REGULA_CHROMIUM=${wanted}: no such file.` };
  }
  const found = CANDIDATES.find((path) => existsSync(path)) ?? null;
  if (found) return { executable: found, skipReason: null, failure: null };
  const missing = `no Chromium found (looked in ${CANDIDATES.join(', ')})`;
  return env.REGULA_REQUIRE_BROWSER === '1'
    ? { executable: null, skipReason: null, failure: `The browser tests are required (REGULA_REQUIRE_BROWSER=1) but ${missing}: ${HOW}.` }
    : { executable: null, skipReason: `${missing}. To run them, ${HOW}.`, failure: null };
}

/** Prints the skip banner once per test file, so a skipped browser test is never silent. */
export function announceSkip(what: string, reason: string): void {
  const line = '='.repeat(100);
  process.stderr.write(`\n${line}\nSKIPPED: ${what}: ${reason}\n${line}\n\n`);
}
