// The agents a user can name: `random`, `first`, … with options, as `name` or
// `name:key=value:key=value` (e.g. `mcts:iterations=500`). One spec for every seat, or a
// comma-separated list of one spec per seat (`mcts,random,random`). Browser-safe: loading an
// agent from a module path is the command line's job (cli/shared.ts).
import { AGENTS, type AgentFactory } from '../runtime/index.js';

/** A spec that names no agent, or gives it an option it does not take. */
export class AgentSpecError extends Error {}

/** The names `agentFromSpec` knows. */
export const AGENT_NAMES: readonly string[] = Object.keys(AGENTS);

/** The factory for one built-in agent spec (`random`, `mcts:iterations=200`). */
export function agentFromSpec(spec: string): AgentFactory {
  const [name = '', ...options] = spec.trim().split(':');
  const make = AGENTS[name];
  if (!make) throw new AgentSpecError(`There is no agent called "${name}": agents are ${AGENT_NAMES.join(', ')}.`);
  if (options.length) throw new AgentSpecError(`The ${name} agent takes no options (given "${options.join(':')}").`);
  return make;
}

/** One spec per seat: a single spec is used for every seat; a list must name one per seat. */
export function seatSpecs(specs: string, players: number): string[] {
  const list = specs.split(',').map((s) => s.trim());
  if (list.length === 1) return Array<string>(players).fill(list[0]!);
  if (list.length !== players) throw new AgentSpecError(`${list.length} agents were given for ${players} players: give one for every seat, or one for all.`);
  return list;
}
