// `regula diff <first> [<second>]`: where two encodings of one game (or a game with and without a
// variant) differ, in a translator's terms: each difference of the rules with the declarations on
// each side, the two rulebooks' passages, and the games where it shows; then the outcomes.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  causesOfPlay, compareEncodings, compareOutcomes, comparePlay, compareStructure, comparisonReport, entryDeclarations, notesProblems, sharedPlayerCounts, swapNotes,
  type TranslationNotes,
} from '../../interpreter/tools/index.js';
import { flag, flags, has, intFlag, UsageError, type Args } from '../args.js';
import { writeOutputFile } from '../files.js';
import { formatReport, reportHtml } from '../format-comparison.js';
import { load, out, progress, readText } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const file = args.positional[0]!;
  // One file with two sets of variants compares a game with itself changed by a variant.
  const secondPath = args.positional[1] ?? file;
  const first = load(file, true);
  const second = secondPath === file ? first : load(secondPath, true);
  if (!first || !second) return 1;
  const [a, b] = [first.definition, second.definition];
  const variants = {
    first: [...flags(args, 'variant'), ...flags(args, 'first-variant')],
    second: [...flags(args, 'variant'), ...flags(args, 'second-variant')],
  };
  for (const [def, ids] of [[a, variants.first], [b, variants.second]] as const) {
    const known = def.variants.filter((v) => v.when === null).map((v) => v.id);
    for (const id of ids) if (!known.includes(id)) throw new UsageError(`${def.source.file} has no variant \`${id}\` to choose (it has: ${known.join(', ') || 'none'}).`);
  }
  const notes = secondPath === file ? null : findNotes(file, secondPath, flag(args, 'notes'));
  const structure = compareStructure(a, b, variants);
  const games = intFlag(args, 'games', 10, 0);
  const budgetSeconds = budgetOf(flag(args, 'budget'));
  const counts = flag(args, 'players') ? [intFlag(args, 'players', 0)] : sharedPlayerCounts(a, b);
  for (const n of counts) {
    if (n < Math.max(a.players.min, b.players.min) || n > Math.min(a.players.max, b.players.max)) {
      throw new UsageError(`--players ${n}: the first encoding plays ${a.players.min}–${a.players.max}, the second ${b.players.min}–${b.players.max}.`);
    }
  }
  const seed = flag(args, 'seed') ?? '1';
  const maxMoves = intFlag(args, 'max-moves', 100_000, 1);
  const playOptions = { players: counts, games, seed, variants, maxMoves, onProgress: progress('games played in both') };
  // Two encodings: every player count and variant (unless given), each entry's games played with
  // only its difference applied, pairs that touch one thing together, a search for what no game
  // reached — within the time budget. One encoding with and without a variant: the games as asked.
  const run = games === 0 || secondPath === file ? null : compareEncodings(a, b, structure, entryDeclarations(structure, notes), {
    games, seed, maxMoves, budgetSeconds, onProgress: budgetProgress(budgetSeconds),
    ...(flag(args, 'players') ? { players: counts } : {}), ...(variants.first.length || variants.second.length ? { variants } : {}),
  });
  const play = games === 0 ? null : run ? run.play : causesOfPlay(a, b, structure, comparePlay(a, b, playOptions));
  const outcomes = games === 0 ? null : run ? run.outcomes : compareOutcomes(a, b, { players: counts, games, seed, variants, onProgress: progress('games played on each side') });
  const withVariants = (ids: readonly string[]) => (ids.length ? ` with ${ids.join(', ')}` : '');
  const report = comparisonReport({
    first: `${file}${withVariants(variants.first)}`, second: `${secondPath}${withVariants(variants.second)}`, structure, play, outcomes, notes,
    variantsOnly: secondPath === file, rulebooks: { first: a.rulebook, second: b.rulebook }, coverage: run?.coverage ?? null,
  });
  const reportFile = flag(args, 'report');
  if (reportFile) writeOutputFile(reportFile, reportHtml(report), '--report');
  if (has(args, 'json')) out(JSON.stringify({ first: file, second: secondPath, variants, structure, play, outcomes, report }));
  else out(formatReport(report));
  return structure.differences.length || (play && play.groups.length) || outcomes?.some((o) => o.errors) ? 1 : 0;
}

/** `--budget SECONDS`: a number of seconds, 0 for no limit; 120 by default. */
function budgetOf(v: string | undefined): number {
  if (v === undefined) return 120;
  const n = Number(v);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(v) || !Number.isFinite(n)) throw new UsageError(`--budget takes a number of seconds (0: no limit), not \`${v}\`.`);
  return n;
}

/** Progress on stderr: what is done of what, and the time taken of the budget — on one line at a terminal, a line a tenth otherwise. */
function budgetProgress(budget: number): (done: number, total: number, what: string) => void {
  const start = Date.now();
  let last = '';
  return (done, total, what) => {
    const seconds = Math.round((Date.now() - start) / 1000);
    const line = `${done}/${total} ${what}, ${seconds} s${budget ? ` of ${budget} s` : ''}`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\u001b[K${done === total ? '\n' : ''}`);
    else if (done === 1 || done === total || done % Math.max(1, Math.floor(total / 10)) === 0) {
      if (line !== last) process.stderr.write(`${line}\n`);
      last = line;
    }
  };
}

/**
 * The translators' notes for two encodings: the file given, or a `*.differences.json` beside the
 * first file whose `first` and `second` name the two (in either order: then read the other way).
 */
function findNotes(first: string, second: string, given: string | undefined): TranslationNotes | null {
  const candidates = given ? [given] : [dirname(first), dirname(second)].flatMap((dir) =>
    existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.differences.json')).map((f) => join(dir, f)) : []);
  for (const path of [...new Set(candidates)]) {
    let notes: TranslationNotes;
    try {
      notes = JSON.parse(readText(path, 'notes file')) as TranslationNotes;
    } catch (e) {
      if (e instanceof SyntaxError) throw new UsageError(`${path} is not valid JSON: ${e.message}`);
      throw e;
    }
    const problems = notesProblems(notes);
    if (problems.length) throw new UsageError(`${path}: ${problems.join('; ')}.`);
    const [x, y] = [basename(first), basename(second)];
    if (notes.first === x && notes.second === y) return notes;
    if (notes.first === y && notes.second === x) return swapNotes(notes);
    if (given) throw new UsageError(`${path} is about ${notes.first} and ${notes.second}, not ${x} and ${y}.`);
  }
  return null;
}
