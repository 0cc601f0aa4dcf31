// Which statements can wait for a player: a choice, or a statement whose body (or a rule it calls,
// or a handler of an event it fires) holds one. Only they can be on the machine's stack when a game
// stops at a decision, so only they are written to resume from a stack (see writer.ts); the rest stay
// straight-line code.
import type { Block, Stmt } from '../../../grammar/ast.js';
import type { Model } from '../model.js';

export class Deciding {
  /** The rules and events that can wait for a player, found by going over them until none is added (rules may call one another). */
  private readonly rules = new Set<string>();
  private readonly events = new Set<string>();

  constructor(private readonly m: Model) {
    for (let added = true; added;) {
      added = false;
      for (const [name, r] of m.rules) if (!this.rules.has(name) && this.block(r.body)) added = !!this.rules.add(name);
      for (const [name, handlers] of m.handlers) {
        if (!this.events.has(name) && handlers.some((h) => this.block(h.rule.body))) added = !!this.events.add(name);
      }
    }
  }

  event(name: string): boolean {
    return this.events.has(name);
  }

  block(b: Block): boolean {
    return b.stmts.some((s) => this.stmt(s));
  }

  stmt(s: Stmt): boolean {
    switch (s.kind) {
      case 'Choose': case 'Menu': return true;
      case 'If': return this.block(s.then) || (s.else !== null && (s.else.kind === 'Block' ? this.block(s.else) : this.stmt(s.else)));
      case 'ForEach': case 'Repeat': case 'Turn': case 'Phase': case 'Rank': return this.block(s.body);
      case 'Call': return this.rules.has(s.rule.text);
      case 'Fire': return this.events.has(s.event.text);
      default: return false;
    }
  }
}
