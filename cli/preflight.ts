// What is checked of a command line before its command runs, so that nothing is refused after long
// work: the count of positional arguments, and every file an option names to be written (a folder,
// a missing folder, a read-only place, or one of the command's own input files).
import { realpathSync } from 'node:fs';
import { UsageError, type Args } from './args.js';
import { mostPositionals, type Command } from './commands.js';
import { checkWritable, FileError } from './files.js';

export function preflight(command: Command, args: Args): void {
  const { name, synopsis } = command;
  if (args.positional.length < command.positionals) throw new UsageError(`regula ${name} needs ${synopsis.replace(/\s*--.*$/, '')}.`);
  const most = mostPositionals(command);
  if (args.positional.length > most) {
    const extra = args.positional.slice(most).map((p) => `\`${p}\``).join(', ');
    const takes = most === 0 ? 'no file' : `${synopsis.replace(/\s*--.*$/, '')} only`;
    throw new UsageError(`regula ${name} takes ${takes}, and ${extra} ${args.positional.length - most > 1 ? 'are' : 'is'} left over: remove it, or put the option it is for (--moves, --state, …) before it.`);
  }
  for (const [option, spec] of Object.entries(command.options)) {
    const value = args.values[option];
    if (!spec.writes || typeof value !== 'string') continue;
    checkWritable(value, `--${option}`);
    const input = args.positional.find((p) => sameFile(p, value));
    if (input !== undefined) throw new FileError(value, 'an input', `--${option} ${value}: that is ${input}, which this command reads; give another file, or it would be overwritten.`);
  }
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
