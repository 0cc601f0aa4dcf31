#!/usr/bin/env node
// The `regula` command: runs the TypeScript CLI through tsx, so there is no build step to forget.
import { register } from 'tsx/esm/api';

// A reader that stops early (`regula play … | head`) is not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); else throw e; });
register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
