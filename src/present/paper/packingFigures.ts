/** The packing figures (GPA paper §5): machines and overflows of each fit test across the grid. */
import {
  CAPACITIES,
  CLAIRVOYANCES,
  FIG11_FITS,
  FIG12_FITS,
  FIG13_FITS,
} from '../../engine/analysis/index.ts';
import { tradeoffPoints, tradeoffSpec } from '../tradeoff/tradeoffPlots.ts';
import {
  PAPER_COMPARABLE,
  PAPER_FIG10,
  PAPER_FIG9,
  PAPER_GPA_MEDIAN_MABS,
  PAPER_GPA_SAVING,
  PAPER_AV1_MABS,
  PAPER_Q,
  PAPER_REBALANCING_GAIN,
} from './paperNumbers.ts';
import {
  fig10Spec,
  fig11Spec,
  fig12Spec,
  fig13Spec,
  fig7Spec,
  fig9Spec,
} from './plots/packingPlots.ts';
import {
  byCondition,
  fitSummaries,
  gpaErrors,
  rebalancingGains,
  sourceComparison,
} from './summaries.ts';
import { fmt, mainRows, pct, type FigureDef } from './figureKit.ts';
import { formatFixed } from '../format.ts';

export const PACKING_FIGURE_DEFS: readonly FigureDef[] = [
  {
    id: 'fig7',
    group: 'packing',
    label: 'Fig. 7',
    title: 'Machines used by each fit test',
    caption:
      'K instances of N′ random tasks are packed with each fit test of the paper’s grid (c = 1, κ = 1, inst, rebalancing on). m = m_abs / m_norm, where m_norm is the total mean usage over capacity: 1 is as tight as the means allow (tests that accept frequent overflow, such as av 1 or perc 50, can go below it). Boxes are over the instances; lower is cheaper. Conservative tests (Cantelli, high percentiles, max) use far more machines than av and GPA.',
    present(d, { paper }) {
      const { rows, sweeps } = mainRows(d);
      const s = fitSummaries(rows);
      const m = (fit: string) => s.find((f) => f.fit === fit);
      const gpa95 = m('gpa:0.05');
      return {
        plots: [
          {
            name: 'paper-fig7',
            title: 'Normalized machines m per fit test',
            caption: `One box per fit test over the instances.${paper ? ` The paper (Google data): av 1.0 packs 1,000 tasks on ${formatFixed(PAPER_AV1_MABS, 1)} machines; GPA's median m_abs is 35 (ρ = 0.1) to 47 (ρ = 0.001).` : ''}`,
            spec: fig7Spec(s),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'medianM', label: 'median m' },
            { key: 'meanM', label: 'mean m' },
            { key: 'meanMAbs', label: 'mean m_abs' },
            { key: 'medianMAbs', label: 'median m_abs' },
            { key: 'paperMAbs', label: 'paper m_abs', paper: true },
            { key: 'meanQ', label: 'mean q' },
            { key: 'paperQ', label: 'paper q', paper: true },
          ],
          rows: s.map((f) => ({
            fit: f.fit,
            medianM: f.m.median,
            meanM: f.meanM,
            meanMAbs: f.meanMAbs,
            medianMAbs: f.mAbs.median,
            paperMAbs:
              f.fit === 'av:1'
                ? PAPER_AV1_MABS
                : ((PAPER_GPA_MEDIAN_MABS as Record<string, number>)[f.fit] ?? null),
            meanQ: f.meanQ,
            paperQ: PAPER_Q[f.fit] ?? null,
          })),
        },
        facts: [
          ...(m('av:1')
            ? [
                {
                  id: 'av1-mabs',
                  label: 'av 1.0: machines per 1,000 tasks',
                  value: fmt((m('av:1')!.meanMAbs * 1000) / sweeps[0].spec.tasks, 3),
                  paper: formatFixed(PAPER_AV1_MABS, 1),
                },
              ]
            : []),
          ...(['cantelli:1.7', 'cantelli:4.4'] as const).flatMap((c) => {
            const other = m(c);
            if (!gpa95 || !other) return [];
            return [
              {
                id: `saving-${c}`,
                label: `machines of ${c} ÷ machines of gpa:0.05 (95 % SLO)`,
                value: `${fmt(other.meanMAbs / gpa95.meanMAbs, 3)}×`,
                paper: `${PAPER_GPA_SAVING[c]}×`,
              },
            ];
          }),
        ],
      };
    },
  },
  {
    id: 'fig8',
    group: 'packing',
    label: 'Fig. 8',
    title: 'The machines–overflow trade-off: m against q for every fit test',
    caption:
      'Each point is a fit test’s mean over the instances: machines m (x) against the measured overflow frequency q (y, log). Lower-left is better; no test dominates — q falls roughly exponentially as m grows. Triangles mark q = 0 (below the 1/|E| resolution). The same plot as the Trade-off view, on the lab’s instances.',
    present(d, { params }) {
      const { rows, R } = mainRows(d);
      // The lab has no current fit test: a ρ no test has leaves every point unringed.
      const points = tradeoffPoints(rows, R, { kind: 'gpa', rho: -1 });
      const s = fitSummaries(rows);
      const mq = (fit: string) => s.find((f) => f.fit === fit);
      return {
        plots: [
          {
            name: 'paper-fig8',
            title: 'Machines vs overflow per fit test',
            caption: `${params.packer.toUpperCase()}, c = 1, κ = 1.`,
            spec: tradeoffSpec(points, R),
          },
        ],
        table: {
          columns: [
            { key: 'group', label: 'comparable in the paper' },
            { key: 'fit', label: 'fit test' },
            { key: 'meanM', label: 'mean m' },
            { key: 'meanQ', label: 'mean q' },
          ],
          rows: PAPER_COMPARABLE.flatMap((g, i) =>
            g.map((fit) => ({
              group: `group ${i + 1}`,
              fit,
              meanM: mq(fit)?.meanM ?? null,
              meanQ: mq(fit)?.meanQ ?? null,
            })),
          ),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig9',
    group: 'packing',
    label: 'Fig. 9',
    title: 'Does GPA deliver its SLO? Relative error (q − ρ)/ρ by requested ρ',
    caption:
      'For each requested ρ, the overflow frequency q GPA’s packings actually reach, relative to ρ, over the instances. 0 means GPA delivers exactly its SLO; above 0 it overflows more often than promised (the Gaussian underestimates rare events, Fig. 6), below 0 it is conservative.',
    present(d, { paper }) {
      const { rows } = mainRows(d);
      const e = gpaErrors(rows);
      return {
        plots: [
          {
            name: 'paper-fig9',
            title: 'GPA’s relative error by ρ',
            caption: 'One box per ρ over the instances.',
            spec: fig9Spec(e, paper),
          },
        ],
        table: {
          columns: [
            { key: 'rho', label: 'ρ' },
            { key: 'meanQ', label: 'mean q' },
            { key: 'meanError', label: '(mean q − ρ)/ρ' },
            { key: 'medianError', label: 'median error' },
            { key: 'paperQ', label: 'paper q', paper: true },
          ],
          rows: e.map((r) => ({
            rho: r.rho,
            meanQ: r.meanQ,
            meanError: r.meanError,
            medianError: r.error.median,
            paperQ: r.rho === PAPER_FIG9.rho ? PAPER_FIG9.q : null,
          })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig10',
    group: 'packing',
    label: 'Fig. 10',
    title: 'Do 5-minute averages mislead? q with estimates from inst vs from avg',
    caption:
      'The same packings, once with per-task estimates from inst samples and once from avg samples; q is always measured on inst. Tests that use σ (GPA, Cantelli) see less variability in averages and overflow more; av, using means only, barely changes.',
    present(d) {
      const { sweeps, R } = mainRows(d);
      const c = sourceComparison(sweeps);
      return {
        plots: [
          {
            name: 'paper-fig10',
            title: 'Mean q from inst and from avg estimates',
            caption: 'Triangles: q = 0, drawn at half the resolution.',
            spec: fig10Spec(c, R),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'qInst', label: 'q (inst)' },
            { key: 'qAvg', label: 'q (avg)' },
            { key: 'ratio', label: 'avg ÷ inst' },
            { key: 'paperRatio', label: 'paper avg ÷ inst', paper: true },
          ],
          rows: c.map((r) => ({
            fit: r.fit,
            qInst: r.qInst,
            qAvg: r.qAvg,
            ratio: r.ratio,
            paperRatio:
              r.fit.startsWith('cantelli') && r.fit !== 'cantelli:4.4'
                ? `≈ ${PAPER_FIG10.cantelli}`
                : r.fit.startsWith('gpa')
                  ? `${PAPER_FIG10.gpa[0]}–${PAPER_FIG10.gpa[1]}`
                  : r.fit.startsWith('av')
                    ? '≈ 1'
                    : null,
          })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig11',
    group: 'packing',
    label: 'Fig. 11',
    title: 'Smaller and larger machines: q by capacity c, with and without rebalancing',
    caption:
      'The pairs comparable at c = 1 (av 1.25 ~ GPA 0.1, av 2 ~ GPA 0.001) packed on machines of capacity 0.5 to 5. GPA’s q stays near its ρ whatever the machine size; av’s q swings with c, so a fixed av factor gives an unpredictable SLO on mixed hardware. The bottom row, without rebalancing, shows how much the last machine absorbs.',
    present(d) {
      const { sweeps, R } = mainRows(d);
      const s = byCondition(sweeps, FIG11_FITS, 'capacity', CAPACITIES, [5, 0], R);
      return {
        plots: [
          {
            name: 'paper-fig11',
            title: 'q by machine capacity',
            caption: 'q = 0 drawn at half of 1/|E|.',
            spec: fig11Spec(s),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'capacity', label: 'c' },
            { key: 'rebalancing', label: 'rebalancing' },
            { key: 'meanQ', label: 'mean q' },
            { key: 'medianQ', label: 'median q' },
            { key: 'meanM', label: 'mean m' },
          ],
          rows: s.map((r) => ({
            fit: r.fit,
            capacity: r.value,
            rebalancing: r.rebalance ? 'on' : 'off',
            meanQ: r.meanQ,
            medianQ: r.q.median,
            meanM: r.meanM,
          })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig12',
    group: 'packing',
    label: 'Fig. 12',
    title: 'How much must be observed? q by clairvoyance κ',
    caption:
      'Estimates read only the first κ·R realizations (κ = 0.001: 10 of 10,000); q is measured on the rest. The paper finds 100 observations (κ = 0.01) enough to match full clairvoyance. Note |E| changes with κ.',
    present(d, { paper }) {
      const { sweeps, R } = mainRows(d);
      const s = byCondition(sweeps, FIG12_FITS, 'clairvoyance', CLAIRVOYANCES, [5], R);
      return {
        plots: [
          {
            name: 'paper-fig12',
            title: 'q by clairvoyance',
            caption: `q = 0 drawn at half of 1/|E|.${paper ? ' Red dashed: κ = 0.01 (100 observations), from which the paper finds q about that of full clairvoyance.' : ''}`,
            spec: fig12Spec(s, paper),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'clairvoyance', label: 'κ' },
            { key: 'observed', label: 'observed columns' },
            { key: 'meanQ', label: 'mean q' },
            { key: 'medianQ', label: 'median q' },
          ],
          rows: s.map((r) => ({
            fit: r.fit,
            clairvoyance: r.value,
            observed: r.value === 1 ? R : R - r.evaluated,
            meanQ: r.meanQ,
            medianQ: r.q.median,
          })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig13',
    group: 'packing',
    label: 'Fig. 13',
    title: 'What does rebalancing buy? Relative decrease of q',
    caption:
      'Each instance is packed with and without rebalancing (moving tasks into the last, usually underloaded, machine); (q_off − q_on)/q_off per instance. Instances with q_off = 0 and the perc tests are left out, as in the paper. Above 0: rebalancing lowers overflows.',
    present(d, { paper }) {
      const { sweeps } = mainRows(d);
      const g = rebalancingGains(sweeps, FIG13_FITS);
      const mean = g.length ? g.reduce((s, r) => s + r.meanGain, 0) / g.length : NaN;
      return {
        plots: [
          {
            name: 'paper-fig13',
            title: 'Relative decrease of q from rebalancing',
            caption: `One box per fit test over the instances with q_off > 0.${paper ? ` Red dashed: the paper's mean decrease, about ${formatFixed(100 * PAPER_REBALANCING_GAIN, 0)} %.` : ''}`,
            spec: fig13Spec(g, paper),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'meanQOff', label: 'mean q_off' },
            { key: 'meanQOn', label: 'mean q_on' },
            { key: 'meanGain', label: 'mean gain' },
            { key: 'instances', label: 'instances' },
          ],
          rows: g.map((r) => ({
            fit: r.fit,
            meanQOff: r.meanQOff,
            meanQOn: r.meanQOn,
            meanGain: r.meanGain,
            instances: r.instances,
          })),
        },
        facts: [
          {
            id: 'gain-mean',
            label: 'mean gain over the fit tests',
            value: pct(mean),
            paper: `≈ ${pct(PAPER_REBALANCING_GAIN)}`,
          },
        ],
      };
    },
  },
];
