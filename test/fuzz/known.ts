// Regression fixtures: every input fuzzing found to crash or hang is kept in regressions/*.rules.
// A fixture whose cause is outside the parser and checker (the runtime, owned apart) opens with
// `// known: why` and `// crash: /pattern/` lines: it is skipped with that reason, and a long run
// counts crashes matching the pattern as known rather than new. `// crash: hang` marks one that
// does not end (or takes the process down): it is never run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REGRESSIONS = join(import.meta.dirname, 'regressions');

export interface Fixture {
  readonly name: string;
  readonly source: string;
  /** Why it still crashes, when the fix is not the parser's or the checker's. */
  readonly known: string | null;
  /** What its crash says, for recognising the same crash in a long run. */
  readonly crash: RegExp | null;
  /** It hangs or aborts the process: never run it. */
  readonly hangs: boolean;
}

export function fixtures(): Fixture[] {
  return readdirSync(REGRESSIONS)
    .filter((f) => f.endsWith('.rules'))
    .sort()
    .map((name) => {
      const source = readFileSync(join(REGRESSIONS, name), 'utf8');
      const known = /^\/\/ known: (.*)$/m.exec(source)?.[1] ?? null;
      const crash = /^\/\/ crash: \/(.*)\/$/m.exec(source)?.[1];
      const hangs = /^\/\/ crash: hang$/m.test(source);
      return { name, source, known, crash: crash ? new RegExp(crash) : null, hangs };
    });
}

/** The known fixture a crash's text matches, if any. */
export function knownCrash(error: string, known: readonly Fixture[]): Fixture | undefined {
  return known.find((f) => f.known !== null && f.crash?.test(error));
}
