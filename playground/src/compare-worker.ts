// A web worker of the compare card: takes the editor's compiled definition, the other encoding's
// text, the translators' notes and the games to play; gives the declarations compared at once,
// then each difference's games played with only that difference applied (as `regula diff` does),
// with progress — so the page stays responsive however long the games take.
import { compareStructure, counterfactualPlay, entryDeclarations, sharedPlayerCounts, type CounterfactualPlay, type StructureComparison, type TranslationNotes } from '../../interpreter/tools/index.js';
import { compileSource } from '../../interpreter/compiler/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';

export interface CompareToWorker {
  readonly first: GameDefinition;
  readonly secondText: string;
  readonly secondPath: string;
  readonly notes: TranslationNotes | null;
  readonly games: number;
}

export type CompareToPage =
  | { readonly type: 'problem'; readonly message: string }
  | { readonly type: 'structure'; readonly second: GameDefinition; readonly structure: StructureComparison; readonly counts: readonly number[] }
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'play'; readonly play: CounterfactualPlay };

const post = (message: CompareToPage) => postMessage(message);

addEventListener('message', (event: MessageEvent<CompareToWorker>) => {
  const { first, secondText, secondPath, notes, games } = event.data;
  const compiled = compileSource(secondText, secondPath);
  if (!compiled.definition) return post({ type: 'problem', message: `${secondPath} has errors: open it to see them.` });
  const second = compiled.definition;
  const structure = compareStructure(first, second);
  const counts = sharedPlayerCounts(first, second);
  post({ type: 'structure', second, structure, counts });
  if (!counts.length) return;
  try {
    const play = counterfactualPlay(first, second, structure, entryDeclarations(structure, notes), {
      games, seed: 1, players: counts, onProgress: (done, total) => post({ type: 'progress', done, total }),
    });
    post({ type: 'play', play });
  } catch (e) {
    post({ type: 'problem', message: `A game could not be compared: ${(e as Error).message}` });
  }
});
