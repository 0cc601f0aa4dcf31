#!/usr/bin/env node
// The `regula` command: runs the TypeScript CLI through tsx, so there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
