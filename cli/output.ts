// Where the command line prints: results to stdout, diagnostics and messages to stderr.
export const out = (s: string) => process.stdout.write(`${s}\n`);
export const err = (s: string) => process.stderr.write(`${s}\n`);
