// Every file Regula reads or writes is checked against its JSON Schema here, so a corrupt saved
// game or a hand-edited log is refused with a clear message instead of failing later, deep inside.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { diag } from '../../grammar/diagnostics.js';
import definitionSchema from './schemas/definition.schema.json' with { type: 'json' };
import logSchema from './schemas/log.schema.json' with { type: 'json' };
import savedGameSchema from './schemas/saved-game.schema.json' with { type: 'json' };
import scenarioSchema from './schemas/scenario.schema.json' with { type: 'json' };
import stateSchema from './schemas/state.schema.json' with { type: 'json' };
import viewSchema from './schemas/view.schema.json' with { type: 'json' };

export type FileKind = 'game definition' | 'saved game' | 'saved state' | 'move log' | 'scenario' | 'player view';

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addSchema(logSchema);
const validators: Record<FileKind, ValidateFunction> = {
  'game definition': ajv.compile(definitionSchema),
  'saved game': ajv.compile(savedGameSchema),
  /** The machine's whole state (what `regula state` prints; saved games before regula-saved-game/1). */
  'saved state': ajv.compile(stateSchema),
  'move log': ajv.getSchema('https://regula.example/schemas/log.json')!,
  scenario: ajv.compile(scenarioSchema),
  /** What `--as P --json` prints (it refers to the state's schema, compiled above). */
  'player view': ajv.compile(viewSchema),
};

export class InvalidFileError extends Error {
  readonly code = 'R0701';
  constructor(readonly file: string, readonly kind: FileKind, readonly problems: readonly string[]) {
    super(diag('R0701', { start: 0, end: 0 }, { file, what: kind, problems: problems.join('; ') }).message);
  }
}

function describe(e: ErrorObject): string {
  const at = e.instancePath ? `at ${e.instancePath}` : 'at the top level';
  if (e.keyword === 'additionalProperties') return `${at}: unknown field \`${(e.params as { additionalProperty: string }).additionalProperty}\``;
  if (e.keyword === 'required') return `${at}: missing field \`${(e.params as { missingProperty: string }).missingProperty}\``;
  return `${at}: ${e.message ?? 'invalid'}`;
}

/** Throws InvalidFileError listing every problem when `data` does not match the schema of `kind`. */
export function validate<T>(kind: FileKind, data: unknown, file = `the ${kind}`): T {
  const check = validators[kind];
  if (!check(data)) {
    const problems = (check.errors ?? []).slice(0, 8).map(describe);
    throw new InvalidFileError(file, kind, problems);
  }
  return data as T;
}

/** Parses JSON text and validates it, with a clear error for either failure. */
export function parseJsonFile<T>(kind: FileKind, text: string, file: string): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InvalidFileError(file, kind, [`it is not JSON (${(e as Error).message})`]);
  }
  return validate<T>(kind, data, file);
}
