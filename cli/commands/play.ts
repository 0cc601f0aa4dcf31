// `regula play`, `regula moves`, `regula why` and `regula state`: set up a game (or resume a saved
// one), play the scripted moves, then agents to the end (play), or list the legal moves there
// (moves), explain one move there (why), or show the position (state). With `--as P` play and
// state print only what that player may see.
import { writeFileSync } from 'node:fs';
import { legalMoves, playGame, view, why } from '../../interpreter/runtime/index.js';
import { DecisionRecorder, savedGame } from '../../interpreter/tools/index.js';
import { flag, has, intFlag, UsageError, type Args } from '../args.js';
import { formatGame } from '../format.js';
import { formatView } from '../format-view.js';
import { agentsFor, gameOptions, identityOf, load, loadSaved, out } from '../shared.js';

export async function run(args: Args, name: string): Promise<number> {
  const g = load(args.positional[0]!, true);
  if (!g) return 1;
  const def = g.definition;
  const o = gameOptions(args, def);
  const moveToExplain = flag(args, 'move');
  if (name === 'why' && !moveToExplain) throw new UsageError('regula why needs --move ID.');
  // A saved game is replayed from its setup, every move checked (interpreter/tools/saved-game.ts).
  const statePath = flag(args, 'state');
  const saved = statePath ? loadSaved(g, statePath) : undefined;
  if (saved) Object.assign(o, { players: saved.setup.players, seed: saved.setup.seed, variants: [...saved.setup.variants] });
  const recorder = new DecisionRecorder(saved);
  const state = playGame(def, {
    ...o, from: saved?.state, maxMoves: intFlag(args, 'max-moves', 100_000, 1), agents: name === 'play' ? await agentsFor(args, o.seed, o.players) : undefined,
    onMove: recorder.onMove,
  });
  const game = () => savedGame(def, identityOf(g), o, recorder.decisions, state);
  const savePath = flag(args, 'save');
  if (savePath) {
    try {
      writeFileSync(savePath, `${JSON.stringify(game())}\n`);
    } catch (e) {
      throw new UsageError(`--save ${savePath}: the game cannot be saved there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
    }
  }
  const json = has(args, 'json');
  const seat = seatOf(args, state.players);
  if (seat !== null && (name === 'play' || name === 'state')) {
    // No seed and no full log: from those the hidden cards could be worked out.
    const seen = view(def, state, seat);
    out(json ? JSON.stringify({ game: def.name, players: state.players, variants: state.variants, seat, view: seen }) : formatView(seen, def.name));
    return 0;
  }
  if (name === 'play') {
    out(json ? JSON.stringify(game()) : formatGame(def, state));
    return 0;
  }
  if (name === 'state') {
    out(JSON.stringify(state));
    return 0;
  }
  if (name === 'moves') {
    const legal = legalMoves(def, state);
    if (json) out(JSON.stringify(legal ?? { over: true, final: state.result }));
    else if (!legal) out(`The game is over. Scores: ${state.result?.scores.join(', ')}; winners: ${state.result?.winners.map((s) => `P${s + 1}`).join(', ')}.`);
    else {
      out(`P${legal.player + 1} (seat ${legal.player}) decides: choice \`${legal.choice}\` in rule \`${legal.rule}\``);
      for (const m of legal.moves) out(`  ${m}`);
    }
    return 0;
  }
  const w = why(def, state, moveToExplain!);
  if (json) out(JSON.stringify(w));
  else {
    out(w.text);
    if (w.rule) out(`  rule ${w.rule.name} at ${w.rule.at}${w.rule.cites.map((c) => `\n  rulebook: “${c}”`).join('')}`);
    if (!w.legal) out(`  legal now: ${w.legalMoves.join(', ') || '(none)'}`);
  }
  return 0;
}

/** `--as P2` or `--as 2`: a seat (0-based) from the player's number; null without --as. */
function seatOf(args: Args, players: number): number | null {
  const as = flag(args, 'as');
  if (as === undefined) return null;
  const n = /^[Pp]?(\d+)$/.exec(as.trim());
  const number = n ? Number(n[1]) : NaN;
  if (!(number >= 1 && number <= players)) throw new UsageError(`--as ${as}: name a player from P1 to P${players}.`);
  return number - 1;
}
