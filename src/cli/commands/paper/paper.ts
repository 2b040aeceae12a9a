/**
 * `paper`: the paper lab headless. Every table and figure of the GPA paper recomputed on
 * a dataset, written to a folder: each figure as SVG (the browser's Plot specs, rendered with a DOM
 * implementation), its numbers as JSON and CSV, and a one-page report.md with the tables beside the
 * paper's. It runs the same jobs and sweeps as the browser (src/runtime/lab/paperLab.ts), so the
 * same seed and parameters give the same numbers.
 */
import { join, resolve } from 'node:path';
import { parseHTML } from 'linkedom';
import {
  PACKERS,
  formatFit,
  syntheticWorkload,
  type PackerKind,
  type SweepRow,
  type TaskSamples,
  taskCount,
} from '../../../engine/index.ts';
import { REALIZATIONS, SEED, TASK_COUNT } from '../../../engine/ranges.ts';
import { createInlineRunner } from '../../../runtime/inlineRunner.ts';
import {
  FIGURE_IDS,
  PAPER_LAB_SIZES,
  runPaperLab,
  type FigureId,
  type LabOutcome,
  type LabParams,
} from '../../../runtime/lab/paperLab.ts';
import {
  figureDef,
  fmt,
  type Cell,
  type Presentation,
  type TableDef,
} from '../../../present/paper/figures.ts';
import { standaloneSvg } from '../../../present/paper/svg.ts';
import { toCsv } from '../../../present/csv.ts';
import { UsageError, rangeOption } from '../../args.ts';
import {
  FIG5_EXAMPLE,
  FIG5_TASKS,
  PAPER_INSTANCES,
  PAPER_SUMS,
  PAPER_WINDOW,
  SYNTHETIC_SEED,
  SYNTHETIC_TASKS,
} from '../../../engine/analysis/index.ts';
import { WORKERS } from '../../ranges.ts';
import { createNodeRunner, defaultWorkers } from '../../pool/nodePool.ts';
import { dataOptions, loadFromOptions } from '../../io.ts';
import { checkPoolBudget } from '../../poolBudget.ts';
import type { Command } from '../command.ts';
import { writeOutput, makeFolder } from '../../files.ts';

/** Typed arrays as plain arrays, for JSON. */
export function plainJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v),
    1,
  );
}

function mdCell(c: Cell | undefined, key: string): string {
  if (c === null || c === undefined) return '';
  if (typeof c === 'number')
    return key === 'n' || key === 'sums' || key === 'count' || key === 'instances' || key === 'k'
      ? String(c)
      : fmt(c);
  return c.replace(/\|/g, '\\|');
}

/** A table in Markdown, the paper's columns included. */
function markdownTable(t: TableDef): string[] {
  const cols = t.columns;
  return [
    `| ${cols.map((c) => (c.paper ? `**${c.label}**` : c.label)).join(' | ')} |`,
    `|${cols.map(() => '---').join('|')}|`,
    ...t.rows.map((r) => `| ${cols.map((c) => mdCell(r[c.key], c.key)).join(' | ')} |`),
  ];
}

function presentationCsv(p: Presentation): string {
  if (p.table) return toCsv(p.table.rows as Record<string, unknown>[]);
  return toCsv(
    p.facts.map((f) => ({ id: f.id, label: f.label, value: f.value, paper: f.paper ?? '' })),
  );
}

interface WriteOptions {
  readonly out: string;
  readonly title: string;
  readonly params: LabParams;
  readonly realizations: number;
  readonly tasks: number;
  /** Overlay the paper's numbers on the SVGs. */
  readonly paper: boolean;
}

/**
 * The SLO per machine of a packing figure's runs, per sweep and fit test × packer: the worst
 * machine's q_j over the instances, and the machines over the fit test's nominal SLO (all instances
 * together). Beside the figure's numbers, which it leaves as they are; null for other figures.
 */
function figureSlo(data: unknown): unknown[] | null {
  const sweeps = (data as { sweeps?: { rows: SweepRow[] }[] }).sweeps;
  if (!Array.isArray(sweeps)) return null;
  return sweeps.map(({ rows }) => {
    const byRun = new Map<string, FigureSlo>();
    for (const r of rows) {
      if (!r.slo) continue;
      const fit = formatFit(r.params.fit);
      const key = `${fit} ${r.params.packer}`;
      const s = byRun.get(key) ?? {
        fit,
        algo: r.params.packer,
        target: r.slo.target,
        q_worst: 0,
        machines_over_target: 0,
        machines: 0,
      };
      s.q_worst = Math.max(s.q_worst, r.slo.worst);
      s.machines_over_target += r.slo.over;
      s.machines += r.mAbs;
      byRun.set(key, s);
    }
    return [...byRun.values()];
  });
}

interface FigureSlo {
  readonly fit: string;
  readonly algo: string;
  readonly target: number;
  q_worst: number;
  machines_over_target: number;
  machines: number;
}

/** Writes every figure's SVG, JSON and CSV, and report.md; returns the files written. */
function writePaperLab(o: LabOutcome, w: WriteOptions): string[] {
  makeFolder(w.out);
  const { document } = parseHTML('<!DOCTYPE html><html><body></body></html>');
  const files: string[] = [];
  const write = (name: string, text: string) => {
    writeOutput(join(w.out, name), text);
    files.push(name);
  };
  const p = w.params;
  const md: string[] = [
    `# Paper lab: ${w.title}`,
    '',
    `Janus & Rzadca, "SLO-aware Colocation of Data Center Tasks Based on Instantaneous Processor Requirements", SoCC 2017, recomputed by slopack on this dataset. **Bold** columns are the paper's published numbers (Google 2011 data; SPEC §8).`,
    '',
    `Pool: ${w.tasks} tasks × R = ${w.realizations} realizations, seed ${p.seed}. Packing: ${p.instances} instances × ${Math.min(p.tasks, w.tasks)} tasks, ${p.packer.toUpperCase()}. Sums: ${p.sums} per N. Fig. 5: N = ${p.fig5N}, sum #${p.fig5Example}. §3.4: Δ = ${p.window}.`,
    '',
  ];
  for (const [id, data] of o.results) {
    const def = figureDef(id);
    md.push(`## ${def.label}: ${def.title}`, '');
    if ('unavailable' in data) {
      md.push(`_Not computed: ${data.unavailable}_`, '');
      write(`${id}.json`, plainJson({ figure: id, unavailable: data.unavailable }));
      continue;
    }
    const pres = def.present(data, { paper: w.paper, params: p });
    for (const plot of pres.plots) {
      write(
        `${plot.name}.svg`,
        standaloneSvg(plot.spec, {
          document: document as unknown as Document,
          title: `${def.label}: ${plot.title}`,
          caption: `${plot.caption} ${def.caption}`,
        }),
      );
      md.push(`![${plot.title}](${plot.name}.svg)`);
    }
    md.push('');
    if (pres.facts.length) {
      md.push('| figure | this dataset | **paper** |', '|---|---|---|');
      for (const f of pres.facts) md.push(`| ${f.label} | ${f.value} | ${f.paper ?? ''} |`);
      md.push('');
    }
    if (pres.table) md.push(...markdownTable(pres.table), '');
    const ms = o.ms.get(id);
    if (ms !== undefined) md.push(`_${(ms / 1000).toFixed(1)} s_`, '');
    write(
      `${id}.json`,
      plainJson({
        figure: id,
        title: def.title,
        params: p,
        realizations: w.realizations,
        data,
        table: pres.table,
        facts: pres.facts,
        slo: figureSlo(data),
      }),
    );
    write(`${id}.csv`, presentationCsv(pres));
  }
  write('report.md', md.join('\n') + '\n');
  return files;
}

const int = (o: Record<string, unknown>, k: string) => o[k] as number;

export const paperCommand: Command = {
  usage: 'npm run cli -- paper (--data FILE | --synthetic N) --out DIR [sizes…]',
  summary:
    "Recomputes every table and figure of the GPA paper on a dataset: SVG, JSON and CSV per figure, and report.md beside the paper's numbers.",
  options: {
    ...dataOptions,
    data: { ...dataOptions.data, help: `${dataOptions.data.help} (or --synthetic)` },
    synthetic: rangeOption(
      SYNTHETIC_TASKS,
      "use N tasks of the synthetic Google-like workload instead of --data (the app's preset: 2000)",
    ),
    'synthetic-seed': rangeOption(
      SYNTHETIC_SEED,
      "the synthetic workload's seed (the app's preset: 1; --seed seeds the realizations)",
      1,
    ),
    out: { kind: 'string', help: 'folder to write the figures and report.md to', required: true },
    realizations: rangeOption(REALIZATIONS, 'R (paper: 10,000)', 10000),
    seed: rangeOption(SEED, 'random seed (realizations, draws, instances)', 1),
    instances: rangeOption(
      PAPER_INSTANCES,
      'instances K of the packing figures (paper: 50)',
      PAPER_LAB_SIZES.instances,
    ),
    tasks: rangeOption(TASK_COUNT, "tasks per instance N' (paper: 1,000)", PAPER_LAB_SIZES.tasks),
    sums: rangeOption(
      PAPER_SUMS,
      'sums of N tasks per N for Table 1 and Fig. 6 (paper: 10,000)',
      PAPER_LAB_SIZES.sums,
    ),
    algo: { kind: 'string', help: 'packer', default: 'bf', choices: [...PACKERS] },
    'fig5-n': rangeOption(FIG5_TASKS, 'Fig. 5: tasks in the sum', 50),
    'fig5-example': rangeOption(FIG5_EXAMPLE, 'Fig. 5: which random sum', 0),
    window: rangeOption(PAPER_WINDOW, '§3.4: samples per window Δ', 12),
    figures: {
      kind: 'string',
      help: `comma-separated figures (default all: ${FIGURE_IDS.join(',')})`,
    },
    plain: {
      kind: 'flag',
      help: "leave the paper's numbers off the SVGs (they stay in report.md)",
    },
    workers: rangeOption(WORKERS, 'worker threads (0: on the main thread)', defaultWorkers()),
  },
  async run(o, out) {
    if (!o.data === (o.synthetic === undefined))
      throw new UsageError('give exactly one of --data or --synthetic');
    const figures = o.figures
      ? String(o.figures)
          .split(',')
          .map((s) => s.trim())
          .map((s) => {
            if (!(FIGURE_IDS as readonly string[]).includes(s))
              throw new UsageError(
                `invalid --figures entry "${s}" (expected ${FIGURE_IDS.join(', ')})`,
              );
            return s as FigureId;
          })
      : [...FIGURE_IDS];
    // The folder is made before the lab runs, so a path that cannot be one fails at once.
    makeFolder(String(o.out));
    const workers = int(o, 'workers');
    let samples: TaskSamples;
    let title: string;
    if (o.synthetic !== undefined) {
      const n = int(o, 'synthetic');
      samples = syntheticWorkload(n, int(o, 'synthetic-seed'));
      title = `synthetic Google-like workload, ${n} tasks (seed ${int(o, 'synthetic-seed')})`;
    } else {
      const loaded = await loadFromOptions(o);
      if (loaded.kind !== 'samples')
        throw new UsageError('the paper lab needs per-task samples, not a realization matrix');
      samples = loaded.samples;
      title = String(o.data);
    }
    checkPoolBudget(
      {
        tasks: taskCount(samples.inst),
        realizations: int(o, 'realizations'),
        series: samples.avg ? 2 : 1,
      },
      o['memory-budget'] as number,
    );
    const params: LabParams = {
      seed: int(o, 'seed'),
      tasks: Math.min(int(o, 'tasks'), taskCount(samples.inst)),
      instances: int(o, 'instances'),
      sums: int(o, 'sums'),
      packer: o.algo as PackerKind,
      fig5N: Math.min(int(o, 'fig5-n'), taskCount(samples.inst)),
      fig5Example: int(o, 'fig5-example'),
      window: int(o, 'window'),
    };
    const runner = workers === 0 ? createInlineRunner() : createNodeRunner({ workers });
    const t0 = performance.now();
    try {
      const outcome = await runPaperLab({
        samples,
        realizations: int(o, 'realizations'),
        params,
        figures,
        runner,
        onFigure: (id, ms) => {
          if (ms !== null)
            process.stderr.write(
              `${figureDef(id).label.padEnd(8)} ${(ms / 1000).toFixed(1).padStart(6)} s\n`,
            );
        },
      });
      const dir = resolve(String(o.out));
      const files = writePaperLab(outcome, {
        out: dir,
        title,
        params,
        realizations: int(o, 'realizations'),
        tasks: taskCount(samples.inst),
        paper: !o.plain,
      });
      out(
        `wrote ${files.length} files to ${dir} in ${((performance.now() - t0) / 1000).toFixed(1)} s (report.md)`,
      );
    } finally {
      runner.dispose();
    }
  },
};
