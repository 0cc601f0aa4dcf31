// Writes grammar/cst.generated.d.ts: takes the rules of grammar/parser.ts, gives one TypeScript type
// per rule for its CST node and children (Chevrotain's generateCstDts). Run `npm run generate:cst`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateCstDts } from 'chevrotain';
import { parser } from '../grammar/parser.js';

export const CST_TYPES_PATH = fileURLToPath(new URL('../grammar/cst.generated.d.ts', import.meta.url));
export const CST_TYPES_COMMAND = 'npm run generate:cst';

const HEADER = `// Generated from grammar/parser.ts by scripts/generate-cst-types.ts: do not edit, run \`${CST_TYPES_COMMAND}\`.
// Gives, for each parser rule, the type of its CST node and of its children by label.
`;

/** The text grammar/cst.generated.d.ts should hold for the parser as it is now. */
export function cstTypesSource(): string {
  return HEADER + generateCstDts(parser.getGAstProductions(), { includeVisitorInterface: false });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CST_TYPES_PATH, cstTypesSource());
  console.log(`wrote ${CST_TYPES_PATH}`);
}
