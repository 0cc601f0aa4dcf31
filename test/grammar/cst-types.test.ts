// The committed CST types: takes grammar/cst.generated.d.ts and the parser, fails when the file no
// longer matches what generateCstDts makes of the parser's rules today.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CST_TYPES_COMMAND, CST_TYPES_PATH, cstTypesSource } from '../../scripts/generate-cst-types.js';

const lines = (text: string) => text.replace(/\r\n/g, '\n').split('\n');

describe('grammar/cst.generated.d.ts', () => {
  it('matches the parser: regenerate it with the command when a rule changes', () => {
    const committed = existsSync(CST_TYPES_PATH) ? lines(readFileSync(CST_TYPES_PATH, 'utf8')) : [];
    const fresh = lines(cstTypesSource());
    const differs = fresh.findIndex((line, i) => line !== committed[i]);
    const at = differs >= 0 ? differs : fresh.length < committed.length ? fresh.length : -1;
    if (at >= 0) {
      expect.fail(
        `grammar/cst.generated.d.ts is stale from line ${at + 1} (the parser's rules changed). ` +
          `Run \`${CST_TYPES_COMMAND}\` and commit the result.`,
      );
    }
  });
});
