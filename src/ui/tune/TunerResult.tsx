/** The auto-tuner's result: summary, the ranked table and the machines-against-q plot. */
import { useMemo } from 'react';
import type { TuneRow, TuneSpec, TuneTable } from '../../engine/index.ts';
import { formatFixed, formatNumber, formatQ } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { tunerSpec, type TunerDatum } from '../../present/tune/tunerPlots.ts';
import { parameterText, timesTarget } from './specs.ts';

const sci = (q: number) => formatFixed(q, 4);

function Summary({ table, spec }: { table: TuneTable; spec: TuneSpec }) {
  const untuned = table.rows.find((r) => !r.tuned);
  const gpa = table.rows.find((r) => r.tuned && r.family === 'gpa');
  const best = table.best;
  return (
    <div className="tune-summary" data-testid="tune-summary">
      {best ? (
        <p>
          <strong>Winner: {best.label}</strong> at {parameterText(best.family, best.value)} (
          <code>{best.fitText}</code>) meets q* = {table.target} on the held-out columns with{' '}
          {formatFixed(best.machines, 2)} machines on average (held-out q = {sci(best.q)}).
          {table.beatsPaper &&
            ' Fewer machines than every tuned paper family (GPA, av, perc, Cantelli) that also met it.'}
        </p>
      ) : (
        <p className="bad">
          No tuned family met q* = {table.target} both in cross-validation and on the held-out
          columns. More instances or realizations narrow the bounds; a larger q* is easier.
        </p>
      )}
      {untuned && (
        <p data-testid="untuned-gpa">
          Untuned GPA (ρ = q* = {table.target}): held-out q = {sci(untuned.q)},{' '}
          <span className={untuned.met ? 'good' : 'bad'}>
            {untuned.met ? 'met' : `missed (${timesTarget(untuned.q, table.target)})`}
          </span>
          {gpa &&
            `; tuned GPA asks for ρ = ${gpa.value} (${formatFixed(table.target / gpa.value, 1)}× lower) and uses ${formatFixed(gpa.machines, 2)} machines against ${formatFixed(untuned.machines, 2)}.`}
        </p>
      )}
      <p className="tune-note">
        Chosen with {Math.round(table.confidence * 100)} % confidence from cross-validation inside
        the observed columns only (two halves, each held out in turn), then measured on the
        evaluation columns: κ = {spec.clairvoyance}
        {table.heldOut ? '' : ' (κ = 1: nothing held out)'}. One overflow in one machine's
        evaluation columns is 1/|E| = {formatNumber(table.floor, 2)} (in a CV fold, 1/|fold| ={' '}
        {formatNumber(table.cvFloor, 2)}); q averages over machines, so it resolves less, and 0
        means no overflow at all.
      </p>
    </div>
  );
}

function RowTable({ table, onApply }: { table: TuneTable; onApply: (row: TuneRow) => void }) {
  const pct = `${Math.round(table.confidence * 100)} %`;
  return (
    <table className="tune-table" data-testid="tune-table">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">family</th>
          <th scope="col">tuned parameter</th>
          <th scope="col">machines</th>
          <th scope="col">m</th>
          <th scope="col">held-out q</th>
          <th scope="col">{pct} band</th>
          <th scope="col">result</th>
          <th scope="col">CV q (upper)</th>
          <th scope="col">
            <span className="sr-only">apply</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {table.rows.map((r) => (
          <tr
            key={`${r.tuned}-${r.family}`}
            data-family={r.family}
            data-tuned={r.tuned}
            className={table.best?.rank === r.rank ? 'best' : undefined}
          >
            <td>{r.rank}</td>
            <td>{r.tuned ? r.label : `${r.label} (untuned, ρ = q*)`}</td>
            <td>
              {parameterText(r.family, r.value)}
              {r.tuned && !r.cvMet && (
                <small className="bad" title="no value met q* in cross-validation">
                  {' '}
                  (most conservative tried)
                </small>
              )}
            </td>
            <td>{formatFixed(r.machines, 2)}</td>
            <td>{formatFixed(r.m, 3)}</td>
            <td>{r.q === 0 ? '0 (none)' : sci(r.q)}</td>
            <td>{`[${sci(r.qBand.low)}, ${sci(r.qBand.high)}]`}</td>
            <td className={r.met ? 'good' : 'bad'} data-testid="tune-result">
              {r.met ? 'met' : 'missed'}
            </td>
            <td>{r.cv ? `${sci(r.cv.q)} (${sci(r.cv.upper)})` : '—'}</td>
            <td>
              <button type="button" onClick={() => onApply(r)} title={`Open ${r.fitText} in Pack`}>
                Pack →
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TunerResult({
  table,
  spec,
  stale,
  instance,
  apply,
}: {
  table: TuneTable;
  /** The spec the result was computed for. */
  spec: TuneSpec;
  stale: boolean;
  /** The instance Pack shows (the winner's numbers on it are quoted). */
  instance: number;
  apply: (row: TuneRow) => void;
}) {
  const plot = useMemo(() => tunerSpec(table), [table]);
  const here = table.best && instance < table.best.runs.length ? table.best.runs[instance] : null;
  return (
    <div className={stale ? 'stale' : undefined} data-testid="tune-result-block">
      {stale && (
        <span className="badge" data-testid="tune-stale">
          parameters changed since this run
        </span>
      )}
      <Summary table={table} spec={spec} />
      {here && table.best && (
        <p className="tune-note" data-testid="winner-instance">
          “Apply” opens instance {instance} in Pack, where the tuner measured{' '}
          <span data-testid="winner-m-abs">{here.mAbs}</span> machines and held-out q ={' '}
          <span data-testid="winner-q">{formatQ(here.q, Math.round(1 / table.floor))}</span>.
        </p>
      )}
      <div className="tune-table-wrap">
        <RowTable table={table} onApply={apply} />
      </div>
      <PlotFigure
        name="tuner-machines-vs-q"
        title={`Tuned fit tests at q* = ${table.target}: machines against held-out q`}
        caption="Lower-left is better; only points below the red line meet the target. Vertical bars: the band over instances. The ring marks the winner. Click a point to open it in Pack."
        spec={plot}
        stale={stale}
        onPick={(d) => {
          const row = table.rows.find((r) => r.rank === (d as TunerDatum).rank);
          if (row) apply(row);
        }}
      />
    </div>
  );
}
