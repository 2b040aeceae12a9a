/** The calibration panel's head (what is swept, the family, Run and CSV) and its table of points. */
import {
  FAMILIES,
  FAMILY_INFO,
  type CalibrationCurve,
  type CalibrationSpec,
  type FitFamily,
} from '../../engine/index.ts';
import { formatFixed, formatNumber } from '../../present/format.ts';
import { PACKER_LABEL } from '../../engine/index.ts';
import { Code } from '../ModelLink.tsx';

const sci = (q: number) => formatFixed(q, 4);

export function CalibrationHead({
  spec,
  family,
  canRun,
  onFamily,
  onRun,
  onCsv,
}: {
  spec: CalibrationSpec;
  family: FitFamily;
  canRun: boolean;
  onFamily: (family: FitFamily) => void;
  onRun: () => void;
  /** Null while there is no result to download. */
  onCsv: (() => void) | null;
}) {
  const info = FAMILY_INFO[family];
  return (
    <div className="view-head">
      <p className="lede">
        Sweeps <strong>{info.label}</strong> over {info.grid.length} values: {spec.instances}{' '}
        instance{spec.instances > 1 ? 's' : ''} of {spec.tasks} tasks,{' '}
        <Code code={spec.packer} name={PACKER_LABEL[spec.packer]} />, c = {spec.capacity}, κ ={' '}
        {spec.clairvoyance}
        {spec.clairvoyance < 1
          ? ' (q measured on the held-out evaluation columns)'
          : ' (κ = 1: q measured on the columns the estimates came from)'}
        . Is the SLO a value asks for the q it delivers?
      </p>
      <div className="view-actions">
        <label>
          Family{' '}
          <select
            value={family}
            data-testid="calibration-family"
            onChange={(e) => onFamily(e.target.value)}
          >
            {FAMILIES.map((f) => (
              <option key={f} value={f}>
                {FAMILY_INFO[f].label}
              </option>
            ))}
          </select>
        </label>
        {canRun && (
          <button type="button" onClick={onRun}>
            Run the sweep
          </button>
        )}
        <button type="button" disabled={!onCsv} onClick={() => onCsv?.()}>
          Runs CSV
        </button>
      </div>
    </div>
  );
}

export function CalibrationTable({
  curve,
  confidence,
  target,
  currentValue,
  stale,
}: {
  curve: CalibrationCurve;
  confidence: number;
  target: number;
  currentValue: number | null;
  stale: boolean;
}) {
  return (
    <div className={`tune-table-wrap${stale ? ' stale' : ''}`}>
      <table className="tune-table" data-testid="calibration-table">
        <thead>
          <tr>
            <th scope="col">{curve.parameter}</th>
            <th scope="col">requested SLO</th>
            <th scope="col">mean q</th>
            <th scope="col">{Math.round(confidence * 100)} % band</th>
            <th scope="col">machines</th>
            <th scope="col">m</th>
          </tr>
        </thead>
        <tbody>
          {curve.points.map((p) => (
            <tr key={p.value} className={p.value === currentValue ? 'current' : undefined}>
              <td>{formatNumber(p.value, 4)}</td>
              <td>{p.nominal === null ? '—' : formatNumber(p.nominal, 4)}</td>
              <td className={p.q <= target ? 'good' : 'bad'}>
                {p.q === 0 ? '0 (none)' : sci(p.q)}
              </td>
              <td>{`[${sci(p.qBand.low)}, ${sci(p.qBand.high)}]`}</td>
              <td>{formatNumber(p.mAbs)}</td>
              <td>{formatFixed(p.m, 3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
