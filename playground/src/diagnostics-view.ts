// Diagnostics as people see them: takes the checker's Diagnostic list and the source text, gives
// editor markers (plain objects shaped like Monaco's IMarkerData) and one-line descriptions.
import { lineColumn, type Diagnostic, type Severity } from '../../grammar/diagnostics.js';

/** Monaco's MarkerSeverity values, without importing Monaco (so this module runs in Node too). */
export const MARKER_SEVERITY: Readonly<Record<Severity, number>> = { error: 8, warning: 4, info: 2 };

export interface Marker {
  readonly severity: number;
  readonly message: string;
  readonly code: string;
  readonly source: string;
  readonly startLineNumber: number;
  readonly startColumn: number;
  readonly endLineNumber: number;
  readonly endColumn: number;
}

/** The message with its "Did you mean …?" hint and notes, as the CLI prints them. */
export function describe(d: Diagnostic): string {
  const hint = d.suggestion ? ` Did you mean \`${d.suggestion}\`?` : '';
  const notes = (d.notes ?? []).map((n) => `\nnote: ${n}`).join('');
  return `${d.message}${hint}${notes}`;
}

export function toMarker(d: Diagnostic, source: string): Marker {
  const start = lineColumn(source, d.span.start);
  const end = lineColumn(source, Math.max(d.span.end, d.span.start));
  const empty = end.line === start.line && end.column <= start.column;
  return {
    severity: MARKER_SEVERITY[d.severity],
    message: describe(d),
    code: d.code,
    source: 'regula',
    startLineNumber: start.line,
    startColumn: start.column,
    endLineNumber: end.line,
    endColumn: empty ? start.column + 1 : end.column,
  };
}

export interface Summary {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  readonly text: string;
}

export function summarize(diagnostics: readonly Diagnostic[]): Summary {
  const count = (s: Severity) => diagnostics.filter((d) => d.severity === s).length;
  const errors = count('error');
  const warnings = count('warning');
  const infos = count('info');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const rest = [warnings ? plural(warnings, 'warning') : '', infos ? plural(infos, 'note') : ''].filter(Boolean).join(', ');
  const text = errors ? `${plural(errors, 'error')}${rest ? `, ${rest}` : ''}` : `No errors${rest ? ` (${rest})` : ''}`;
  return { errors, warnings, infos, text };
}

/** Errors first, then by position. */
export function sorted(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
  return [...diagnostics].sort((a, b) => rank[a.severity] - rank[b.severity] || a.span.start - b.span.start);
}
