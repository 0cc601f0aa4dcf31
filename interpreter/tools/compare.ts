// Comparing two encodings of one game mechanically — declarations paired by what they are
// (compare-pairing.ts), in structure (compare-structure.ts) and in play (compare-play.ts). What
// translators run on two encodings of one rulebook, and designers on a game with and without a variant.
export * from './compare-pairing.js';
export * from './compare-structure.js';
export * from './compare-play.js';
export * from './compare-cause.js';
export * from './compare-report.js';
export * from './compare-search.js';
export * from './compare-run.js';
