// The agents a user can name: `random`, `first`, `greedy`, `mcts`, with options, as `name` or
// `name:key=value:key=value` (e.g. `mcts:iterations=500`). One spec for every seat, or a
// comma-separated list of one spec per seat (`mcts,random,random`). Browser-safe: loading an
// agent from a module path is the command line's job (cli/shared.ts).
import { firstLegalAgent, randomAgent, type Agent, type AgentFactory } from '../runtime/index.js';
import { greedyAgent } from './greedy.js';
import { mctsAgent, MCTS_DEFAULTS, type MctsOptions } from './mcts.js';

export { mctsAgent, MCTS_DEFAULTS, type MctsAgent, type MctsOptions } from './mcts.js';

/** A spec that names no agent, or gives it an option it does not take. */
export class AgentSpecError extends Error {}

interface AgentKind {
  readonly about: string;
  /** Option name → what it is; each takes a positive number. */
  readonly options: Readonly<Record<string, string>>;
  make(seed: string, options: Readonly<Record<string, number>>): Agent;
}

const KINDS: Readonly<Record<string, AgentKind>> = {
  random: { about: 'a uniformly random legal move', options: {}, make: (seed) => randomAgent(seed) },
  first: { about: 'always the first legal move', options: {}, make: () => firstLegalAgent() },
  greedy: { about: 'the move that raises its own score most right away, ties at random', options: {}, make: (seed) => greedyAgent(seed) },
  mcts: {
    about: 'information-set Monte Carlo tree search over states sampled from its own view',
    options: {
      iterations: `playouts per decision (default ${MCTS_DEFAULTS.iterations})`,
      ms: 'milliseconds per decision instead (games then do not replay exactly)',
      c: `exploration constant (default ${MCTS_DEFAULTS.c})`,
      depth: `random moves after the tree before the scores judge, once a seat has scored (default ${MCTS_DEFAULTS.depth})`,
      quiet: `the same while every seat's score is 0, as in games won only at the end (default ${MCTS_DEFAULTS.quiet}; depth alone sets both)`,
      scored: `1: a playout also stops when a score changes (default ${MCTS_DEFAULTS.scored})`,
      machine: '1: every playout on the machine, not the compiled program (to compare their speed)',
    },
    make: (seed, options) => mctsAgent(seed, options as Partial<MctsOptions>),
  },
};

/** The names `agentFromSpec` knows. */
export const AGENT_NAMES: readonly string[] = Object.keys(KINDS);

/** One line per agent and option, for help texts. */
export function agentHelp(): string {
  return AGENT_NAMES.map((name) => {
    const kind = KINDS[name]!;
    const options = Object.entries(kind.options).map(([key, what]) => `\n    ${name}:${key}=N  ${what}`).join('');
    return `  ${name}  ${kind.about}${options}`;
  }).join('\n');
}

/**
 * The factory for one built-in agent spec (`random`, `mcts:iterations=200`). The agent of seat s in
 * a game seeded g draws its randomness from `g:s` (as the runtime's AGENTS do), so a game replays
 * exactly from its seed.
 */
export function agentFromSpec(spec: string): AgentFactory {
  const [name = '', ...parts] = spec.trim().split(':');
  const kind = KINDS[name];
  if (!kind) throw new AgentSpecError(`There is no agent called "${name}": agents are ${AGENT_NAMES.join(', ')}.`);
  const options: Record<string, number> = {};
  for (const part of parts) {
    const [key = '', value, ...rest] = part.split('=');
    const known = Object.keys(kind.options);
    if (!(key in kind.options)) {
      throw new AgentSpecError(known.length
        ? `The ${name} agent has no option "${key}": its options are ${known.join(', ')} (as ${name}:${known[0]}=N).`
        : `The ${name} agent takes no options (given "${parts.join(':')}").`);
    }
    const n = Number(value);
    if (value === undefined || rest.length || value.trim() === '' || !Number.isFinite(n) || n < 0) {
      throw new AgentSpecError(`The ${name} agent's option ${key} needs a number of 0 or more, as ${name}:${key}=100 (given "${part}").`);
    }
    options[key] = n;
  }
  return (seed, seat) => kind.make(`${seed}:${seat}`, options);
}

/** One spec per seat: a single spec is used for every seat; a list must name one per seat. */
export function seatSpecs(specs: string, players: number): string[] {
  const list = specs.split(',').map((s) => s.trim());
  if (list.length === 1) return Array<string>(players).fill(list[0]!);
  if (list.length !== players) throw new AgentSpecError(`${list.length} agents were given for ${players} players: give one for every seat, or one for all.`);
  return list;
}

/** One factory for a spec or a per-seat list of specs: seat s gets the agent its spec names. */
export function seatsFromSpecs(specs: string, players: number): AgentFactory {
  const factories = seatSpecs(specs, players).map(agentFromSpec);
  return (seed, seat) => factories[seat]!(seed, seat);
}
