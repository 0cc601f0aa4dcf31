// The open documents' analyses, worked out only when needed: takes the editor's edits (each one only
// updates the text), gives the analysis of a document's newest text when a request asks for it, and
// its diagnostics once the edits pause. A burst of edits costs one analysis, not one each: an edit
// made while the diagnostics wait puts them off again, and no analysis of a superseded text is begun.
// A document over the parser's size limit is not analysed at all: it gets the parser's R0808 alone.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { LIMITS, parseRuleset, type Diagnostic } from '../grammar/index.js';
import type { Analysis, LanguageService } from './index.js';

export interface DocumentLimits {
  /** The longest document analysed, in characters (UTF-16 units, as JavaScript counts a text's length). */
  readonly maxChars: number;
  /** How long edits must pause before the diagnostics are worked out. */
  readonly debounceMs: number;
}

/** The parser reads no ruleset longer than LIMITS.source (R0808): nor does the server analyse one. */
export const DOCUMENT_LIMITS: DocumentLimits = { maxChars: LIMITS.source, debounceMs: 200 };

export type DocumentState =
  | { readonly kind: 'analysed'; readonly doc: TextDocument; readonly analysis: Analysis }
  /** Over the size limit: no analysis, no answers, only the diagnostic saying so (the parser's R0808, found at once). */
  | { readonly kind: 'too-large'; readonly doc: TextDocument; readonly diagnostics: readonly Diagnostic[] };

export interface DocumentHooks {
  /** The document's newest text, as the protocol library keeps it. */
  readonly documentOf: (uri: string) => TextDocument | undefined;
  /** The file path an analysis is made for (rulebooks are found beside it). */
  readonly pathOf: (uri: string) => string;
  /** Sends a document's diagnostics: those of its analysis, or the one for a document too large. */
  readonly publish: (state: DocumentState) => void;
  /** Told when working out the diagnostics failed (a bug, or a document the client sent malformed): the session goes on. */
  readonly failed: (uri: string, error: unknown) => void;
}

export class DocumentAnalyses {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly service: LanguageService,
    private readonly hooks: DocumentHooks,
    private readonly limits: DocumentLimits = DOCUMENT_LIMITS,
  ) {}

  /** A document opened or edited: its diagnostics are due once no edit follows for the pause. */
  changed(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.set(uri, setTimeout(() => {
      this.timers.delete(uri);
      try {
        const state = this.current(uri);
        if (state) this.hooks.publish(state);
      } catch (e) {
        this.hooks.failed(uri, e); // no request to answer with the error: it is reported instead
      }
    }, this.limits.debounceMs));
  }

  closed(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.service.forget(this.hooks.pathOf(uri));
  }

  /** The newest text's analysis (worked out now if it was not yet), or why there is none. */
  current(uri: string): DocumentState | undefined {
    const doc = this.hooks.documentOf(uri);
    if (!doc) return undefined;
    const text: unknown = doc.getText();
    if (typeof text !== 'string') throw new Error('the client sent its text as something other than a string');
    if (text.length > this.limits.maxChars) {
      this.service.forget(this.hooks.pathOf(uri));
      return { kind: 'too-large', doc, diagnostics: parseRuleset(text, this.hooks.pathOf(uri)).diagnostics };
    }
    return { kind: 'analysed', doc, analysis: this.service.analysis(this.hooks.pathOf(uri), text) };
  }

  /** What a request works on: the document and its newest analysis, if it has one. */
  analysis(uri: string): { doc: TextDocument; a: Analysis } | undefined {
    const state = this.current(uri);
    return state?.kind === 'analysed' ? { doc: state.doc, a: state.analysis } : undefined;
  }
}
