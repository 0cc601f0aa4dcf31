// The browser tests' switch: skipped loudly without a browser, a failure where one is required.
import { describe, expect, it } from 'vitest';
import { findBrowser } from './browser.js';

describe('finding the browser for the browser tests', () => {
  it('skips with a reason when asked to', () => {
    const choice = findBrowser({ REGULA_SKIP_BROWSER: '1' });
    expect(choice.executable).toBeNull();
    expect(choice.skipReason).toMatch(/REGULA_SKIP_BROWSER/);
  });

  it('fails, not skips, when a browser is required and the one named is missing', () => {
    const choice = findBrowser({ REGULA_REQUIRE_BROWSER: '1', REGULA_CHROMIUM: '/nonexistent/chromium' });
    expect(choice.failure).toMatch(/no such file/);
    expect(choice.skipReason).toBeNull();
  });

  it('takes the executable named by REGULA_CHROMIUM', () => {
    expect(findBrowser({ REGULA_CHROMIUM: process.execPath }).executable).toBe(process.execPath);
  });

  it('refuses to both skip and require', () => {
    expect(findBrowser({ REGULA_SKIP_BROWSER: '1', REGULA_REQUIRE_BROWSER: '1' }).failure).toMatch(/contradict/);
  });
});
