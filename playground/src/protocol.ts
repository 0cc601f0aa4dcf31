// The messages between the page and the check worker: the page sends a ruleset's text, the worker
// answers with its diagnostics and, when there is no error, the compiled game definition.
import type { Diagnostic } from '../../grammar/diagnostics.js';
import type { Coverage } from '../../interpreter/tools/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';

export interface CheckRequest {
  readonly id: number;
  /** The ruleset's path, as diagnostics and rule locations name it. */
  readonly file: string;
  readonly source: string;
}

export interface CheckResponse {
  readonly id: number;
  readonly file: string;
  readonly source: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly definition: GameDefinition | null;
  /** The rulebook the header names, and whether it was found (quotations verified). */
  readonly rulebook: { readonly name: string; readonly verified: boolean } | null;
  readonly ms: number;
  /** How much of the rulebook the ruleset cites (when it compiled and its rulebook was found). */
  readonly coverage?: Coverage | null;
  /** The checker itself failed (a bug, not the ruleset's fault). */
  readonly crash?: string;
}
