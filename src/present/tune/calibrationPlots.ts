/**
 * Calibration plots: a family's measured q over its parameter against the SLO the parameter
 * requests, with the t band over instances, each run's Wilson interval and the 1/|E| floor; and the
 * machines each value uses. A run's q counts overflows over m_abs·|E| machine-columns, so it can
 * fall below 1/|E|; q = 0 is drawn below every positive q shown (`zeroLevel`) and flagged.
 */
import * as Plot from '@observablehq/plot';
import { FLOOR_LABEL_MARGIN, resolutionFloorMarks } from '../marks.ts';
import { FAMILY_INFO, type CalibrationCurve, type FitFamily } from '../../engine/index.ts';
import { LOG_PROBABILITY, probabilityTick } from '../probability.ts';
import { formatFixed, formatNumber } from '../format.ts';

export interface CalibrationDatum {
  readonly family: FitFamily;
  readonly value: number;
  /** The requested SLO (null for av, or 0 for perc 100: nothing to draw on a log axis). */
  readonly nominal: number | null;
  readonly q: number;
  readonly qShown: number;
  readonly zero: boolean;
  readonly low: number;
  readonly high: number;
  readonly mAbs: number;
  readonly m: number;
  readonly current: boolean;
}

interface RunDatum {
  readonly value: number;
  /** The value nudged sideways per instance so the runs' intervals do not overlap. */
  readonly x: number;
  readonly instance: number;
  readonly q: number;
  readonly qShown: number;
  readonly low: number;
  readonly high: number;
}

interface CalibrationData {
  readonly family: FitFamily;
  readonly label: string;
  readonly log: boolean;
  readonly floor: number;
  /** Where q = 0 is drawn on the log axis: half the smallest positive q, or of 1/|E|. */
  readonly zeroLevel: number;
  readonly points: readonly CalibrationDatum[];
  /** Points with a requested SLO a log axis can show (not av, not perc 100). */
  readonly requested: readonly CalibrationDatum[];
  readonly runs: readonly RunDatum[];
}

/** Share of the smallest gap between adjacent values that one value's runs spread over. */
const SPREAD = 0.5;

/**
 * The plotted data of a curve; `current` is the parameter of the Pack view's fit test in this
 * family, if any (ringed).
 */
export function calibrationData(curve: CalibrationCurve, current: number | null): CalibrationData {
  const log = FAMILY_INFO[curve.family].scale === 'log';
  const floor = curve.floor;
  const zeroLevel = halfOfSmallest(
    floor,
    curve.points.flatMap((p) => [p.q, p.qBand.low, ...p.runs.flatMap((r) => [r.q, r.low])]),
  );
  const shown = (q: number) => Math.max(q, zeroLevel);
  const points = [...curve.points]
    .sort((a, b) => a.value - b.value)
    .map((p) => ({
      family: curve.family,
      value: p.value,
      nominal: p.nominal,
      q: p.q,
      qShown: shown(p.q),
      zero: p.q === 0,
      low: shown(p.qBand.low),
      high: shown(p.qBand.high),
      mAbs: p.mAbs,
      m: p.m,
      current: current !== null && p.value === current,
    }));
  const coord = (v: number) => (log ? Math.log10(v) : v);
  let gap = Infinity;
  for (let k = 1; k < points.length; k++)
    gap = Math.min(gap, coord(points[k].value) - coord(points[k - 1].value));
  if (!Number.isFinite(gap) || gap <= 0) gap = log ? 0.2 : 1;
  const runs = curve.points.flatMap((p) => {
    const n = p.runs.length;
    return p.runs.map((r, k) => {
      const offset = n > 1 ? (k / (n - 1) - 0.5) * SPREAD * gap : 0;
      const c = coord(p.value) + offset;
      return {
        value: p.value,
        x: log ? 10 ** c : c,
        instance: r.instance,
        q: r.q,
        qShown: shown(r.q),
        low: shown(r.low),
        high: shown(r.high),
      };
    });
  });
  const requested = points.filter((p) => p.nominal !== null && p.nominal > 0);
  return {
    family: curve.family,
    label: curve.label,
    log,
    floor,
    zeroLevel,
    points,
    requested,
    runs,
  };
}

/** Half the smallest positive value (and at most half the floor): below every q drawn. */
export function halfOfSmallest(floor: number, values: Iterable<number>): number {
  let min = floor;
  for (const v of values) if (v > 0 && v < min) min = v;
  return min / 2;
}

const fmt = (q: number) => (q === 0 ? '0' : formatNumber(q, 3));

/** Measured q against the requested SLO over the family's parameter (log q). */
export function calibrationQSpec(
  data: CalibrationData,
  target: number,
  confidence: number,
  width = 640,
): Plot.PlotOptions {
  const { floor, points, requested, runs, label } = data;
  const parameter = FAMILY_INFO[data.family].parameter;
  const pct = `${Math.round(confidence * 100)} %`;
  return {
    width,
    height: 360,
    marginLeft: 60,
    marginRight: FLOOR_LABEL_MARGIN,
    x: {
      ...(data.log ? LOG_PROBABILITY : { type: 'linear' as const }),
      label: `${label} →`,
      grid: true,
    },
    y: {
      ...LOG_PROBABILITY,
      label: '↑ measured overflow frequency q (log)',
      grid: true,
    },
    symbol: { domain: [false, true], range: ['circle', 'triangle'] },
    marks: [
      ...resolutionFloorMarks(
        floor,
        `1/|E| = ${probabilityTick(floor)}: one overflow per machine; a measured q below reads 0`,
      ),
      Plot.ruleY([target], { stroke: '#b2182b', strokeWidth: 1.5 }),
      Plot.text([target], {
        y: (d: number) => d,
        frameAnchor: 'right',
        dx: -4,
        dy: -7,
        text: () => `target q* = ${target}`,
        fill: '#b2182b',
      }),
      Plot.areaY(points, {
        x: 'value',
        y1: 'low',
        y2: 'high',
        fill: '#4575b4',
        fillOpacity: 0.15,
        curve: 'linear',
      }),
      Plot.ruleX(runs, { x: 'x', y1: 'low', y2: 'high', stroke: '#888', strokeOpacity: 0.7 }),
      Plot.dot(runs, { x: 'x', y: 'qShown', r: 1.5, fill: '#888' }),
      Plot.line(requested, {
        x: 'value',
        y: 'nominal',
        stroke: '#222',
        strokeDasharray: '5,4',
      }),
      Plot.line(points, { x: 'value', y: 'qShown', stroke: '#4575b4', strokeWidth: 2 }),
      Plot.dot(points, {
        x: 'value',
        y: 'qShown',
        symbol: 'zero',
        fill: (d: CalibrationDatum) => (d.zero ? 'white' : '#4575b4'),
        stroke: '#4575b4',
        r: 4,
      }),
      Plot.dot(
        points.filter((p) => p.current),
        {
          x: 'value',
          y: 'qShown',
          r: 10,
          stroke: '#000',
          strokeWidth: 2.5,
          fill: 'none',
          ariaLabel: (d: CalibrationDatum) => `current: ${parameter} = ${d.value}`,
        },
      ),
      Plot.tip(
        points,
        Plot.pointer({
          x: 'value',
          y: 'qShown',
          title: (d: CalibrationDatum) =>
            [
              `${parameter} = ${d.value}`,
              d.nominal !== null ? `requested SLO ${fmt(d.nominal)}` : 'no requested SLO',
              `mean q = ${d.zero ? '0 (no overflow in any evaluated column)' : fmt(d.q)}`,
              `${pct} band [${fmt(d.low)}, ${fmt(d.high)}]`,
              `machines ${formatFixed(d.mAbs, 2)} (m = ${formatFixed(d.m, 3)})`,
              'click to open in Pack',
            ].join('\n'),
        }),
      ),
    ],
  };
}

/** Machines used (mean m_abs over instances) over the family's parameter. */
export function calibrationMachinesSpec(data: CalibrationData, width = 420): Plot.PlotOptions {
  const parameter = FAMILY_INFO[data.family].parameter;
  return {
    width,
    height: 360,
    marginLeft: 50,
    x: {
      ...(data.log ? LOG_PROBABILITY : { type: 'linear' as const }),
      label: `${data.label} →`,
      grid: true,
    },
    y: { label: '↑ machines used m_abs (mean)', grid: true, zero: false },
    marks: [
      Plot.line(data.points, { x: 'value', y: 'mAbs', stroke: '#1a9850', strokeWidth: 2 }),
      Plot.dot(data.points, { x: 'value', y: 'mAbs', fill: '#1a9850', r: 3.5 }),
      Plot.dot(
        data.points.filter((p) => p.current),
        { x: 'value', y: 'mAbs', r: 9, stroke: '#000', strokeWidth: 2.5, fill: 'none' },
      ),
      Plot.tip(
        data.points,
        Plot.pointer({
          x: 'value',
          y: 'mAbs',
          title: (d: CalibrationDatum) =>
            `${parameter} = ${d.value}\nmachines ${formatFixed(d.mAbs, 2)}\nm = ${formatFixed(d.m, 3)}\nclick to open in Pack`,
        }),
      ),
    ],
  };
}
