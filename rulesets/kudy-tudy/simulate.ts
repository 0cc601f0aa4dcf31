// Team scores of the Kudy? Tudy! agents against random agents over many seeds:
//
//   npx tsx rulesets/kudy-tudy/simulate.ts [games per player count, default 30]
//
// For 2–5 players it plays the same seeds with four teams: everyone random; smart clues with
// random guesses; random clues with smart guesses; everyone smart (clue giver + guesser).
import { fileURLToPath } from 'node:url';
import { loadRuleset } from '../../cli/load.js';
import { randomAgent, type Agent } from '../../interpreter/runtime/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { playGame } from '../../interpreter/runtime/index.js';
import { clueGiverAgent, guesserAgent, kudyTudyAgent } from './agents.js';

export type Team = 'random' | 'clues only' | 'guesses only' | 'smart';
export const TEAMS: readonly Team[] = ['random', 'clues only', 'guesses only', 'smart'];

/** One seat's agent for a team: the smart parts where the team has them, random moves elsewhere. */
export function agentFor(team: Team, seed: string, seat: number): Agent {
  const random = randomAgent(`${seed}:${seat}`);
  const clue = clueGiverAgent(seed, seat);
  const guess = guesserAgent(seed, seat);
  switch (team) {
    case 'random': return random;
    case 'smart': return kudyTudyAgent(seed, seat);
    case 'clues only': return { name: 'clues only', choose: (m, c) => (m[0]?.startsWith('stop ') ? random : clue).choose(m, c) };
    case 'guesses only': return { name: 'guesses only', choose: (m, c) => (m[0]?.startsWith('stop ') ? guess : random).choose(m, c) };
  }
}

export interface Outcome { readonly score: number; readonly souvenirs: number }

export function playTeam(def: GameDefinition, team: Team, players: number, seed: string): Outcome {
  const state = playGame(def, {
    players, seed,
    agents: Array.from({ length: players }, (_, seat) => agentFor(team, seed, seat)),
  });
  if (!state.over) throw new Error(`${team} ${players} players, seed ${seed}: the game did not end`);
  return { score: Number(state.counters['team-score']), souvenirs: state.zones.collection?.length ?? 0 };
}

export function loadKudyTudy(): GameDefinition {
  const loaded = loadRuleset(fileURLToPath(new URL('./kudy-tudy.cs.rules', import.meta.url)));
  if (!loaded.definition) throw new Error('kudy-tudy.cs.rules has errors: run regula check');
  return loaded.definition;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const games = Number(process.argv[2] ?? 30);
  const def = loadKudyTudy();
  const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2);
  console.log(`team score (souvenirs), mean over ${games} seeds`);
  console.log(['players', ...TEAMS].map((s) => s.padEnd(16)).join(''));
  for (let players = 2; players <= 5; players++) {
    const cells = TEAMS.map((team) => {
      const outcomes = Array.from({ length: games }, (_, g) => playTeam(def, team, players, `sim-${g + 1}`));
      return `${mean(outcomes.map((o) => o.score))} (${mean(outcomes.map((o) => o.souvenirs))})`;
    });
    console.log([String(players), ...cells].map((s) => s.padEnd(16)).join(''));
  }
}
