// `regula`: the command line over the whole pipeline. Finds the command (cli/commands.ts), reads
// its arguments strictly and checks them (cli/preflight.ts), loads its module and turns every
// expected failure into a message and an exit code: 0 done; 1 the ruleset has errors (or a replay, scenario or diff disagrees);
// 2 bad input (usage, files, an illegal move); 3 a rule failed while the game ran.
import { parseArgs, UsageError } from './args.js';
import { AgentError } from './agent-errors.js';
import { COMMANDS, commandHelp, HELP_OPTION, overview } from './commands.js';
import { FileError, readInputFile } from './files.js';
import { err, out } from './output.js';
import { preflight } from './preflight.js';

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    if (name === 'help' && rest[0]) return main([rest[0], '--help']);
    out(overview());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    err(`error: Unknown command \`${name}\`. The commands are: ${COMMANDS.map((c) => c.name).join(', ')} (regula --help).`);
    return 2;
  }
  try {
    const args = parseArgs(rest, { ...command.options, help: HELP_OPTION });
    if (args.values.help) {
      out(commandHelp(command));
      return 0;
    }
    preflight(command, args);
    const { run } = await loadCommand(command.name, command.load);
    return await run(args, name);
  } catch (e) {
    const code = await exitCodeFor(e);
    if (code === null) throw e;
    if (e instanceof UsageError) err(`usage: regula ${`${command.name} ${command.synopsis}`.trim()} (all options: regula ${command.name} --help)`);
    return code;
  }
}

async function loadCommand<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && name === 'bench') {
      throw new UsageError('regula bench runs in a checkout of the Regula repository: it needs the bench and the hand-written references beside the source.');
    }
    throw e;
  }
}

/** Prints an expected failure and gives its exit code; null for a failure that is a bug. */
async function exitCodeFor(e: unknown): Promise<number | null> {
  if (e instanceof UsageError || e instanceof FileError || e instanceof AgentError) {
    err(`error: ${e.message}`);
    return 2;
  }
  // The runtime's and loader's errors are imported only now, so `--help` loads neither.
  const [{ EndlessGameError, IllegalMoveError, RuleError }, { LoadError }, { SetupError }, { InvalidFileError }, { renderDiagnostic }] = await Promise.all([
    import('../interpreter/runtime/index.js'), import('./load.js'), import('../interpreter/runtime/index.js'), import('../interpreter/definition/index.js'), import('../grammar/diagnostics.js'),
  ]);
  if (e instanceof RuleError) {
    const file = e.diagnostic.file;
    let source = '';
    try { if (file) source = readInputFile(file, 'ruleset'); } catch { /* shown without the line */ }
    err(renderDiagnostic(e.diagnostic, source, file));
    return 3;
  }
  if (e instanceof EndlessGameError) {
    err(`error: ${e.message}`);
    return 3;
  }
  if (e instanceof IllegalMoveError || e instanceof LoadError || e instanceof SetupError || e instanceof InvalidFileError) {
    // With its code, so that it can be looked up in docs/errors.md.
    err(`error${e.code ? ` ${e.code}` : ''}: ${e.message}`);
    return 2;
  }
  return null;
}
