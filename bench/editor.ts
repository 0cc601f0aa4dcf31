// The editor's latency on the largest shipped ruleset: how long the language service takes to
// analyse the text after an edit (what the diagnostics wait for), and to answer completion and
// hover at places spread over the file. Medians after a warm-up; figures, not assertions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRulebook } from '../cli/load.js';
import { LanguageService } from '../language/index.js';

export interface EditorFigures {
  readonly file: string;
  readonly lines: number;
  /** Analysing the text after an edit: parse, check and index (the diagnostics wait for this). */
  readonly analysisMs: number;
  readonly completionMs: number;
  readonly hoverMs: number;
  /** The slowest answers among the places asked at. */
  readonly completionMaxMs: number;
  readonly hoverMaxMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timed(f: () => unknown): number {
  const start = performance.now();
  f();
  return performance.now() - start;
}

export function editorLatency(root: string, file: string): EditorFigures {
  const path = join(root, file);
  const source = readFileSync(path, 'utf8');
  const service = new LanguageService({
    docs: readFileSync(join(root, 'docs', 'language.md'), 'utf8'),
    readCited: (_file, name) => {
      const found = findRulebook(path, name);
      return found ? readFileSync(found, 'utf8') : null;
    },
  });
  // Places to ask at: the start of every 50th line's first word, across the whole file.
  const lines = source.split('\n');
  const offsets: number[] = [];
  let at = 0;
  lines.forEach((line, i) => {
    const word = line.search(/[a-z]/);
    if (i % 50 === 25 && word >= 0) offsets.push(at + word + 1);
    at += line.length + 1;
  });
  // Each edit is a different text, as typing makes it (a comment grows at the end).
  const analysis = (n: number) => service.analysis(path, `${source}\n// edit ${n}\n`);
  for (let i = 0; i < 3; i++) analysis(i); // warm up
  const analysisMs = median(Array.from({ length: 7 }, (_, i) => timed(() => analysis(100 + i))));
  const a = analysis(1000);
  for (const o of offsets) { service.completion(a, o); service.hover(a, o); } // warm up
  const completions = offsets.map((o) => timed(() => service.completion(a, o)));
  const hovers = offsets.map((o) => timed(() => service.hover(a, o)));
  return {
    file, lines: lines.length, analysisMs,
    completionMs: median(completions), hoverMs: median(hovers), completionMaxMs: Math.max(...completions), hoverMaxMs: Math.max(...hovers),
  };
}
