/**
 * `advise --report`: docs/schedulers.md. For every bundled history with a time axis (the datasets
 * of correlation-report, read the same way), each scheduler's knob tuned to q* = 0.01 on the
 * learned part (the first half), packed there and judged on the judged part (the second half),
 * beside GPA, the correlation-aware tests (cov, peak) tuned the same way and the ex-post oracle
 * (emp:0.01 packed on the judged period itself, as correlation-report computes it); then each
 * scheduler's default settings judged the same way.
 */
import {
  FAMILY_INFO,
  SCHEDULERS,
  judgeMachines,
  packAligned,
  scopeValue,
  tuneAligned,
  type AlignedTuneConfig,
  type JudgedSetting,
  type MachineSlo,
  type SchedulerAdvice,
  type SloScope,
} from '../../../engine/index.ts';
import { datasets, type Dataset } from '../correlationReport.ts';
import { loadReplay, type Replay } from '../replayData.ts';
import { adviseAll } from './adviseRun.ts';
import { writeOutput } from '../../files.ts';

const TARGET = 0.01;
const COMPARED = ['gpa', 'cov', 'peak'];

const f4 = (v: number) => (v === 0 ? '0' : v < 1e-3 ? v.toExponential(1) : v.toFixed(4));
const cells = (machines: number, s: MachineSlo) =>
  `${machines} | ${f4(s.worst)} | ${f4(s.mean)} | ${f4(s.p95)} | ${s.over} of ${machines}`;
const setting = (s: JudgedSetting) =>
  Object.entries(s.settings)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** What kept q* on the judged part (name, nodes), for the section's closing line. */
type Held = { readonly name: string; readonly nodes: number }[];

function schedulerRows(advice: readonly SchedulerAdvice[], held: Held): string[] {
  return advice.map((a) => {
    const chosen = a.tuned ?? a.closest!;
    const value = a.tuned ? setting(chosen) : `none keeps q*; closest: ${setting(chosen)}`;
    if (a.tuned && scopeValue(chosen.judged, a.scope) <= a.target)
      held.push({ name: a.scheduler.name, nodes: chosen.machines });
    return `| ${a.scheduler.name} | ${a.scheduler.knob.field} | ${value} | ${cells(chosen.machines, chosen.judged)} |`;
  });
}

function comparedRows(
  r: Replay,
  c: AlignedTuneConfig,
  held: Held,
): { rows: string[]; oracle: number } {
  const judged = r.judge!.inst;
  const rows = COMPARED.map((family) => {
    const t = tuneAligned(r.inst, family, c);
    const label = FAMILY_INFO[family].label;
    if (!t.fit) return `| ${family} (fit test) | ${label} | none keeps q* on the fold | | | | | |`;
    const s = judgeMachines(t.machines, judged, c.capacity, c.target);
    if (scopeValue(s, c.scope) <= c.target) held.push({ name: family, nodes: t.machines.length });
    return `| ${family} (fit test) | ${label} | ${t.value} | ${cells(t.machines.length, s)} |`;
  });
  const oracle = packAligned(judged, { kind: 'emp', rho: c.target }, c);
  const o = judgeMachines(oracle, judged, c.capacity, c.target);
  rows.push(
    `| **ex-post oracle** | emp:${c.target} packed on the judged period | | ${cells(oracle.length, o)} |`,
  );
  return { rows, oracle: oracle.length };
}

async function section(d: Dataset, c: AlignedTuneConfig, out: string[]): Promise<void> {
  const r = await loadReplay(
    { ...d.options, mode: 'aligned', learn: '0:0.5', 'memory-budget': 0 },
    0,
    1,
  );
  const a = r.aligned.report;
  const advice = adviseAll(r, SCHEDULERS, c);
  const held: Held = [];
  const tuned = schedulerRows(advice, held);
  const compared = comparedRows(r, c, held);
  const head =
    '| scheduler | knob | value | nodes | worst-node q | mean q | p95 of q_j | nodes over 0.01 |';
  out.push(
    `## ${d.title}`,
    '',
    `${d.note} ${a.tasksKept} tasks; learned: the first ${r.inst.cols} instants, judged: the next ${r.judge!.inst.cols}.`,
    '',
    `### Tuned to q* = ${TARGET} (${c.scope === 'every' ? 'every node' : c.scope === 'p95' ? '95 % of nodes' : 'the mean q'})`,
    '',
    head,
    '|---|---|---|---|---|---|---|---|',
    ...tuned,
    ...compared.rows,
    '',
    heldLine(held, compared.oracle),
    '',
    '### Default settings, judged the same way',
    '',
    head.replace('| knob |', '| where the defaults come from |'),
    '|---|---|---|---|---|---|---|---|',
    ...advice.map(
      (x) =>
        `| ${x.scheduler.name} | ${x.scheduler.defaultsNote} | ${setting(x.defaults)} | ${cells(x.defaults.machines, x.defaults.judged)} |`,
    ),
    '',
  );
}

function heldLine(held: Held, oracle: number): string {
  const sorted = [...held].sort((a, b) => a.nodes - b.nodes);
  return sorted.length
    ? `Kept q* on the judged part: ${sorted.map((h) => `${h.name} (${h.nodes} nodes)`).join(', ')}; the ex-post oracle needs ${oracle}.`
    : `Nothing tuned on the learned part kept q* on the judged part; the ex-post oracle needs ${oracle} nodes.`;
}

/** The catalog as a table: what each knob is, its rule, its defaults and the requests assumed. */
function catalogTable(): string[] {
  return [
    '## The schedulers',
    '',
    '| name (`--scheduler`) | project and rule | fit test | knob (unit) | defaults | requests | caveats |',
    '|---|---|---|---|---|---|---|',
    ...SCHEDULERS.map(
      (s) =>
        `| ${s.name} | ${s.title}: ${s.rule} | ${s.kind} | ${s.knob.field} (${s.knob.unit}) | ${s.defaultsNote} | ${s.requests ?? 'not needed'} | ${s.caveats.join('; ')} |`,
    ),
    '',
  ];
}

/** Writes the report for the bundled histories (all of them, or those `only` names). */
export async function writeAdviseReport(
  path: string,
  root: string,
  scope: SloScope,
  only?: readonly string[],
): Promise<void> {
  const c: AlignedTuneConfig = { packer: 'bf', capacity: 1, rebalance: 5, target: TARGET, scope };
  const list = datasets(root).filter((d) => !only || only.includes(d.id));
  const out: string[] = [
    '# Schedulers’ knobs tuned to the per-machine SLO',
    '',
    `Written by \`npm run cli -- advise --report docs/schedulers.md${scope === 'every' ? '' : ` --scope ${scope}`}${only ? ` --datasets ${only.join(',')}` : ''}\`; every number below is computed by that command (deterministic). For each bundled history with a time axis (read as [correlation-results.md](correlation-results.md) reads them), each scheduler’s rule (a fit test of the registry’s group “scheduler”) has its knob tuned on the learned part — the first half of the instants, one contiguous fold: packed on its first half, judged on its second — as the most aggressive value that keeps q* = ${TARGET} on ${scope === 'every' ? 'every node' : scope === 'p95' ? '95 % of nodes' : 'the mean'} and after which every more conservative value does too; that value is packed on the whole learned part (Best Fit, rebalancing 5, a node of capacity 1) and judged on the judged part, the second half. Values are in each project’s own units (engine/schedulers/entries.ts cites the files). When no value keeps q*, the closest is shown. GPA, cov and peak are tuned the same way; the ex-post oracle packs the judged period with the empirical test on that very period.`,
    '',
    'Rules that need requests use an assumed request where the data carry none (written in the catalog and in each snippet).',
    '',
  ];
  out.push(...catalogTable());
  for (const d of list) await section(d, c, out);
  writeOutput(path, out.join('\n') + '\n');
}
