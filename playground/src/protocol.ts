// The messages between the page and the check worker: the page sends a ruleset's text, the worker
// answers with its diagnostics and, when there is no error, the compiled game definition; and the
// editor's questions (completion, hover, definition, …) about a text, answered by the language
// service in source offsets.
import type { Span } from '../../grammar/ast.js';
import type { Diagnostic } from '../../grammar/diagnostics.js';
import type { Coverage } from '../../interpreter/tools/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import type { CodeAction, CompletionList, Hover, RenameResult, Signature } from '../../language/index.js';

export interface CheckRequest {
  readonly type: 'check';
  readonly id: number;
  /** The ruleset's path, as diagnostics and rule locations name it. */
  readonly file: string;
  readonly source: string;
}

export interface CheckResponse {
  readonly type: 'check';
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

/** Each question the editor asks about a text, and the language service's answer, in offsets of that text. */
export interface LanguageQueries {
  readonly completion: { readonly question: { readonly offset: number }; readonly answer: CompletionList };
  readonly hover: { readonly question: { readonly offset: number }; readonly answer: Hover | null };
  readonly definition: { readonly question: { readonly offset: number }; readonly answer: Span[] };
  readonly references: { readonly question: { readonly offset: number; readonly includeDeclaration: boolean }; readonly answer: Span[] };
  readonly prepareRename: { readonly question: { readonly offset: number }; readonly answer: { readonly span: Span; readonly name: string } | { readonly refused: string } };
  readonly rename: { readonly question: { readonly offset: number; readonly newName: string }; readonly answer: RenameResult };
  readonly codeActions: { readonly question: { readonly range: Span }; readonly answer: CodeAction[] };
  readonly signatureHelp: { readonly question: { readonly offset: number }; readonly answer: Signature | null };
  readonly folding: { readonly question: Record<string, never>; readonly answer: Span[] };
  /** The whole text laid out as `regula fmt` lays it out, or why it cannot be (a syntax error). */
  readonly format: { readonly question: Record<string, never>; readonly answer: { readonly text: string } | { readonly refused: string } };
}

export type QueryKind = keyof LanguageQueries;
export type Question<K extends QueryKind> = LanguageQueries[K]['question'];
export type Answer<K extends QueryKind> = LanguageQueries[K]['answer'];

export interface LanguageRequest<K extends QueryKind = QueryKind> {
  readonly type: 'language';
  readonly id: number;
  readonly file: string;
  /** The text as the editor holds it when asking: the answer's offsets are in it. */
  readonly source: string;
  readonly kind: K;
  readonly question: Question<K>;
}

export type LanguageResponse =
  | { readonly type: 'language'; readonly id: number; readonly answer: Answer<QueryKind> }
  /** The service failed on this text (a bug): the editor shows nothing for this question. */
  | { readonly type: 'language'; readonly id: number; readonly failure: string };

/** Any one question, as a union the worker can `switch` on. */
export type AnyLanguageRequest = { [K in QueryKind]: LanguageRequest<K> }[QueryKind];

export type WorkerRequest = CheckRequest | AnyLanguageRequest;
export type WorkerResponse = CheckResponse | LanguageResponse;
