// `regula bench`: the bench (bench/report.ts) over the shipped rulesets of this checkout.
import { benchRoot, formatBench, runBench } from '../../bench/report.js';
import { shippedRulesets } from '../../test/settings.js';
import { agentFromSpec, AgentSpecError } from '../../interpreter/tools/index.js';
import { flag, flags, has, intFlag, UsageError, type Args } from '../args.js';
import { out } from '../shared.js';

export async function run(args: Args): Promise<number> {
  const root = benchRoot();
  const only = flags(args, 'only');
  const rulesets = shippedRulesets(root).filter((r) => only.length === 0 || only.some((o) => r.includes(o)));
  if (rulesets.length === 0) throw new UsageError(`--only ${only.join(', ')}: no shipped ruleset matches.`);
  const budgetMs = intFlag(args, 'budget-ms', Number(process.env.BENCH_MS ?? 1000), 1);
  const differentialGames = intFlag(args, 'differential', 500, 0);
  const strengthGames = intFlag(args, 'strength', 2, 0);
  const strengthAgent = flag(args, 'strength-agent');
  if (strengthAgent !== undefined) {
    try {
      agentFromSpec(strengthAgent);
    } catch (e) {
      if (e instanceof AgentSpecError) throw new UsageError(`--strength-agent ${strengthAgent}: ${e.message}`);
      throw e;
    }
  }
  const report = await runBench({ root, rulesets, budgetMs, differentialGames, strengthGames, ...(strengthAgent ? { strengthAgent } : {}), progress: (what) => process.stderr.write(`bench: ${what}\n`) });
  out(has(args, 'json') ? JSON.stringify(report) : formatBench(report));
  return report.differential.every((d) => d.agreed === d.games) ? 0 : 1;
}
