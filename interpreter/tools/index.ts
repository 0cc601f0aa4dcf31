// The tools built on the runtime, each answering one question about a game: how two encodings
// differ (compare), how much of the rulebook is cited (coverage), what the game's structure is
// (outline), whether a worked example plays out (scenario), how balanced it is (simulate), and
// what a saved game holds and whether it replays (saved-game).
export * from './compare.js';
export * from './agents.js';
export * from './coverage.js';
export * from './outline.js';
export * from './scenario.js';
export * from './simulate.js';
export * from './simulation-report.js';
export * from './simulation-stats.js';
export * from './simulation-compare.js';
export * from './simulation-charts.js';
export * from './saved-game.js';
