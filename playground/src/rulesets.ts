// The rulesets the playground offers: takes every rulesets/*/*.rules of the repo (Tokaido bundled,
// the others loaded when chosen), gives their original texts and the user's edits, which are
// kept in this browser's localStorage per ruleset so that nothing typed is lost.
import tokaido from '../../rulesets/tokaido/tokaido.cs.rules?raw';

export const DEFAULT_RULESET = 'rulesets/tokaido/tokaido.cs.rules';

const loaders = import.meta.glob<string>(['../../rulesets/*/*.rules', '!../../rulesets/tokaido/tokaido.cs.rules'], { query: '?raw', import: 'default' });
const byPath = new Map(Object.entries(loaders).map(([key, load]) => [key.replace(/^(\.\.\/)+/, ''), load]));

/** Every ruleset path, `rulesets/<game>/<file>.rules`, sorted, the default among them. */
export const RULESETS: readonly string[] = [...new Set([DEFAULT_RULESET, ...byPath.keys()])].sort();

export async function originalText(path: string): Promise<string> {
  if (path === DEFAULT_RULESET) return tokaido;
  const load = byPath.get(path);
  if (!load) throw new Error(`There is no ruleset ${path}.`);
  return load();
}

const PREFIX = 'regula.playground';
const textKey = (path: string) => `${PREFIX}.text:${path}`;
const SELECTED = `${PREFIX}.selected`;

function tryStorage<T>(fn: (storage: Storage) => T, fallback: T): T {
  try {
    return fn(window.localStorage);
  } catch {
    return fallback; // storage disabled or full: the editor still works, edits are just not kept
  }
}

/** The user's text for a ruleset, or null when it was never edited (or was reset). */
export const savedText = (path: string): string | null => tryStorage((s) => s.getItem(textKey(path)), null);

/** Keeps the text; the original itself is not stored. Returns false if the browser refused. */
export function saveText(path: string, text: string, original: string): boolean {
  return tryStorage((s) => {
    if (text === original) s.removeItem(textKey(path));
    else s.setItem(textKey(path), text);
    return true;
  }, false);
}

export const selectedRuleset = (): string => {
  const saved = tryStorage((s) => s.getItem(SELECTED), null);
  return saved && RULESETS.includes(saved) ? saved : DEFAULT_RULESET;
};

export const rememberSelected = (path: string): void => tryStorage((s) => s.setItem(SELECTED, path), undefined);
