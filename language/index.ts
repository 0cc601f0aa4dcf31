// The language service: takes ruleset texts (and a way to read the rulebooks they cite and the
// language reference), gives what an editor asks — diagnostics, completion, hover, definitions,
// references, rename, the outline, folding, semantic tokens, quick fixes, signature help — in source
// offsets. The playground's worker and `regula lsp` both sit on it.
import { citedFiles } from '../interpreter/compiler/index.js';
import { analyze, type Analysis, type CitedText } from './analysis.js';
import { complete, type CompletionList } from './completion.js';
import { KeywordDocs } from './docs.js';
import * as f from './features.js';

export type { Analysis, CitedText, Declared, SymbolKind, Use } from './analysis.js';
export type { Completion, CompletionKind, CompletionList } from './completion.js';
export type { CodeAction, Edit, Hover, OutlineSymbol, RenameResult, SemanticToken, Signature } from './features.js';
export { SEMANTIC_MODIFIERS, SEMANTIC_TYPES } from './features.js';
export { analyze } from './analysis.js';
export { KeywordDocs, keywordDoc, sectionsOf } from './docs.js';
export { locateQuote } from './rulebook.js';

export interface ServiceOptions {
  /** The text of docs/language.md, for keyword documentation; null: none. */
  readonly docs: string | null;
  /** Reads a file a ruleset cites (its rulebook, `in "components.md"`), by the ruleset's path and the file's name. */
  readonly readCited?: (rulesetFile: string, name: string) => string | null;
}

export class LanguageService {
  readonly docs: KeywordDocs | null;
  private readonly cache = new Map<string, Analysis>();

  constructor(private readonly options: ServiceOptions) {
    this.docs = options.docs === null ? null : new KeywordDocs(options.docs);
  }

  /** The analysis of a text, worked out once per file and text. */
  analysis(file: string, source: string): Analysis {
    const known = this.cache.get(file);
    if (known?.source === source) return known;
    const { rulebook: name, others } = citedFiles(source);
    const read = (n: string): CitedText | null => {
      const text = this.options.readCited?.(file, n) ?? null;
      return text === null ? null : { file: n, text };
    };
    const rulebook = name ? read(name) : null;
    const references = others.map(read).filter((r): r is CitedText => r !== null);
    const a = analyze(source, file, { rulebook, references });
    this.cache.set(file, a);
    return a;
  }

  forget(file: string): void {
    this.cache.delete(file);
  }

  completion(a: Analysis, offset: number): CompletionList {
    return complete(a, offset, this.docs);
  }
  hover(a: Analysis, offset: number): f.Hover | undefined {
    return f.hover(a, offset, this.docs);
  }
  definition(a: Analysis, offset: number) {
    return f.definition(a, offset);
  }
  references(a: Analysis, offset: number, includeDeclaration = true) {
    return f.references(a, offset, includeDeclaration);
  }
  prepareRename(a: Analysis, offset: number) {
    return f.prepareRename(a, offset);
  }
  rename(a: Analysis, offset: number, newName: string): f.RenameResult {
    return f.rename(a, offset, newName);
  }
  outline(a: Analysis): f.OutlineSymbol[] {
    return f.outline(a);
  }
  foldingRanges(a: Analysis) {
    return f.foldingRanges(a);
  }
  semanticTokens(a: Analysis): f.SemanticToken[] {
    return f.semanticTokens(a);
  }
  codeActions(a: Analysis, range: { start: number; end: number }): f.CodeAction[] {
    return f.codeActions(a, range);
  }
  signatureHelp(a: Analysis, offset: number): f.Signature | undefined {
    return f.signatureHelp(a, offset, this.docs);
  }
}
