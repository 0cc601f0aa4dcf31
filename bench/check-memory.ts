// `regula check`'s memory on a ruleset: the command run as a user runs it (bin/regula.mjs), in a
// process of its own, its peak resident memory (maxRSS) beside that of `regula --help` in the same
// kind of process, which loads no parser, so that the check's own share shows.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface CheckMemoryFigures {
  readonly file: string;
  readonly bytes: number;
  /** Peak resident memory of `regula check FILE`, in MB. */
  readonly peakRssMb: number;
  /** Peak resident memory of `regula --help`: Node and the command line alone, in MB. */
  readonly baselineRssMb: number;
}

/** The peak resident memory, in MB, of `regula ARGS` run from `root`. */
function peakRss(root: string, args: readonly string[]): number {
  const bin = join(root, 'bin', 'regula.mjs');
  // bin/regula.mjs reads process.argv from its third entry: the script's place is filled with its path.
  const code = `import { writeSync } from 'node:fs';
process.on('exit', () => writeSync(3, String(process.resourceUsage().maxRSS)));
process.argv.splice(1, 0, ${JSON.stringify(bin)});
await import(${JSON.stringify(pathToFileURL(bin).href)});`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code, '--', ...args], { cwd: root, stdio: ['ignore', 'ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const kb = Number(r.output[3]);
  if (!(kb > 0)) throw new Error(`regula ${args.join(' ')} gave no memory figure (exit ${r.status}): ${String(r.stderr).slice(0, 300)}`);
  return kb / 1024;
}

export function checkMemory(root: string, file: string): CheckMemoryFigures {
  return { file, bytes: statSync(join(root, file)).size, peakRssMb: peakRss(root, ['check', file]), baselineRssMb: peakRss(root, ['--help']) };
}
