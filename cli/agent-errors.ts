// A module's agents are the user's code: what they throw, or a move they make up, is reported as
// that agent's error — which seat, which of its decisions, among which moves — not as Regula's.
import type { Agent, AgentFactory } from '../interpreter/runtime/index.js';

export class AgentError extends Error {}

/** The moves offered, as a message lists them: the first few, then how many more. */
function offered(moves: readonly string[]): string {
  const shown = moves.slice(0, 5).map((m) => `\`${m}\``).join(', ');
  return moves.length > 5 ? `${shown} and ${moves.length - 5} more` : shown;
}

const messageOf = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split('\n', 1)[0]!;

/**
 * The factory's agents, each call watched: an exception from making the agent, from `choose` or
 * `pick`, or a move that is not one of those offered, becomes an AgentError naming `spec`, the
 * seat (P1 for seat 0) and the decision.
 */
export function guardedFactory(spec: string, factory: AgentFactory): AgentFactory {
  return (seed, seat) => {
    const who = `the agent ${spec} of P${seat + 1}`;
    let agent: Agent;
    try {
      agent = factory(seed, seat);
    } catch (e) {
      throw new AgentError(`${who} failed when it was made: ${messageOf(e)}`);
    }
    if (!agent || typeof agent.choose !== 'function') throw new AgentError(`${who} is not an agent: the factory must return an object with a choose(moves, context) method.`);
    let decisions = 0;
    const guarded: Agent = {
      name: typeof agent.name === 'string' ? agent.name : spec,
      choose: (moves, context) => {
        decisions++;
        let move: unknown;
        try {
          move = agent.choose(moves, context);
        } catch (e) {
          throw new AgentError(`${who} failed on its decision ${decisions} (choosing among ${offered(moves)}): ${messageOf(e)}`);
        }
        if (typeof move !== 'string' || !moves.includes(move)) {
          throw new AgentError(`${who} chose ${typeof move === 'string' ? `\`${move}\`` : String(move)} on its decision ${decisions}, which is not one of the moves offered: ${offered(moves)}.`);
        }
        return move;
      },
    };
    const pick = agent.pick?.bind(agent);
    if (pick) {
      guarded.pick = (count) => {
        decisions++;
        let index: unknown;
        try {
          index = pick(count);
        } catch (e) {
          throw new AgentError(`${who} failed on its decision ${decisions} (picking one of ${count} moves): ${messageOf(e)}`);
        }
        if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count) {
          throw new AgentError(`${who} picked ${String(index)} on its decision ${decisions}, but only 0 to ${count - 1} are moves.`);
        }
        return index as number;
      };
    }
    return guarded;
  };
}
