// A web worker of the compare card: takes the editor's compiled definition, the other encoding's
// text, the translators' notes and the games to play; gives the declarations compared at once,
// then the games as `regula diff` plays them — every player count and variant, each difference
// applied alone, pairs together for interactions, a steered search for what no game reached —
// within a time budget, with progress, so the page stays responsive however long the games take.
import { compareEncodings, compareStructure, entryDeclarations, sharedPlayerCounts, type EncodingComparison, type StructureComparison, type TranslationNotes } from '../../interpreter/tools/index.js';
import { compileSource } from '../../interpreter/compiler/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';

export interface CompareToWorker {
  readonly first: GameDefinition;
  readonly secondText: string;
  readonly secondPath: string;
  readonly notes: TranslationNotes | null;
  /** Games per setting (player count and variants). */
  readonly games: number;
  /** Seconds the games may take in all. */
  readonly budgetSeconds: number;
}

export type CompareToPage =
  | { readonly type: 'problem'; readonly message: string }
  | { readonly type: 'structure'; readonly second: GameDefinition; readonly structure: StructureComparison; readonly counts: readonly number[] }
  | { readonly type: 'progress'; readonly done: number; readonly total: number; readonly what: string }
  | { readonly type: 'play'; readonly run: EncodingComparison };

const post = (message: CompareToPage) => postMessage(message);

addEventListener('message', (event: MessageEvent<CompareToWorker>) => {
  const { first, secondText, secondPath, notes, games, budgetSeconds } = event.data;
  const compiled = compileSource(secondText, secondPath);
  if (!compiled.definition) return post({ type: 'problem', message: `${secondPath} has errors: open it to see them.` });
  const second = compiled.definition;
  const structure = compareStructure(first, second);
  const counts = sharedPlayerCounts(first, second);
  post({ type: 'structure', second, structure, counts });
  if (!counts.length) return;
  try {
    const run = compareEncodings(first, second, structure, entryDeclarations(structure, notes), {
      games, seed: 1, budgetSeconds, onProgress: (done, total, what) => post({ type: 'progress', done, total, what }),
    });
    post({ type: 'play', run });
  } catch (e) {
    post({ type: 'problem', message: `A game could not be compared: ${(e as Error).message}` });
  }
});
