// Regula as a library: parse and check a ruleset, compile it, and play it. `import … from 'regula'`.
export { parseRuleset, renderDiagnostic, type Diagnostic, type ParseResult, type Ruleset, type Span } from './grammar/index.js';
export { check, type CheckOptions } from './interpreter/checker/index.js';
export { compile, compileSource, type CompileOptions, type CompileResult } from './interpreter/compiler/index.js';
export type { GameDefinition } from './interpreter/definition/index.js';
export {
  apply, applyInPlace, checkSetup, legalMoves, result, setup, SetupError, view, why,
  type Explanation, type LegalMoves, type PlayerView, type RunOptions,
} from './interpreter/runtime/index.js';
export { playGame, type PlayOptions } from './interpreter/runtime/index.js';
/** Whole games by agents that pick by index, and which engine played them (`tier`): the compiled tier where it covers the rules. */
export { playout, whyNotCompiled, type Playout, type PlayoutOptions } from './interpreter/runtime/index.js';
export { AGENTS, firstLegalAgent, randomAgent, type Agent, type AgentContext, type AgentFactory } from './interpreter/runtime/index.js';
export { simulate, type SimulationOptions, type SimulationReport } from './interpreter/tools/index.js';
/** Saved games: a ruleset's identity, the setup and every decision, read back by replaying them (each move checked). */
export {
  DecisionRecorder, loadSavedGame, rulesetIdentity, savedGame, SAVED_GAME_FORMAT,
  type Decision, type LoadedGame, type RulesetIdentity, type RulesetTexts, type SavedGame,
} from './interpreter/tools/index.js';
export { EndlessGameError, IllegalMoveError, RuleError } from './interpreter/runtime/index.js';
export type { GameState, LogEntry, MoveRecord, Result } from './interpreter/runtime/index.js';
