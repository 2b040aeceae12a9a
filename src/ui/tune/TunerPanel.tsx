/**
 * The auto-tuner: from a target SLO and a confidence to each family's parameter, chosen by
 * cross-validation inside the observed columns and measured on the held-out ones; a ranked table, and
 * one click that moves Pack to the winner.
 */
import { useMemo, useState } from 'react';
import {
  FAMILIES,
  FAMILY_INFO,
  type FitFamily,
  type TuneRow,
  type TuneSpec,
  type TuneTable,
} from '../../engine/index.ts';
import { useExplorer } from '../../state/store.ts';
import { downloadCsv } from '../exportFiles.ts';
import { formatQ } from '../format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { tunerSpec, type TunerDatum } from '../../present/tune/tunerPlots.ts';
import {
  applyPatch,
  parameterText,
  sloPercent,
  specKey,
  timesTarget,
  tuneClairvoyance,
  tuneCsvRows,
  tuneSpecOf,
} from './specs.ts';
import { cancelRun, startTuner, useTuneRuns } from '../../state/tuneRuns.ts';
import { useJobPool } from './useJobPool.ts';

const TARGETS = [0.01, 0.001, 0.0001];
const CONFIDENCES = [0.9, 0.95, 0.99];
const sci = (q: number) => (q === 0 ? '0' : q >= 0.001 ? q.toFixed(4) : q.toExponential(2));

function TargetInput() {
  const target = useExplorer((s) => s.params.target);
  const setParams = useExplorer((s) => s.setParams);
  const [text, setText] = useState<string | null>(null);
  const commit = (raw: string) => {
    const v = Number(raw);
    if (raw.trim() !== '' && v > 0 && v < 1) setParams({ target: v });
    setText(null);
  };
  return (
    <span className="tune-target">
      <label>
        Target q*{' '}
        <input
          type="number"
          min={0}
          max={1}
          step="any"
          value={text ?? String(target)}
          data-testid="target"
          onChange={(e) => setText(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget.value)}
        />
      </label>{' '}
      <output>SLO {sloPercent(target)}</output>
      {TARGETS.map((t) => (
        <button
          key={t}
          type="button"
          aria-pressed={t === target}
          className={t === target ? 'active' : undefined}
          onClick={() => setParams({ target: t })}
        >
          {sloPercent(t)}
        </button>
      ))}
    </span>
  );
}

function FamilyChoice() {
  const families = useExplorer((s) => s.params.tuneFamilies);
  const setParams = useExplorer((s) => s.setParams);
  const toggle = (f: FitFamily, on: boolean) => {
    const next = FAMILIES.filter((x) => (x === f ? on : families.includes(x)));
    if (next.length > 0) setParams({ tuneFamilies: next });
  };
  return (
    <fieldset className="tune-families">
      <legend>Families</legend>
      {FAMILIES.map((f) => (
        <label key={f}>
          <input
            type="checkbox"
            checked={families.includes(f)}
            disabled={families.length === 1 && families.includes(f)}
            onChange={(e) => toggle(f, e.target.checked)}
          />{' '}
          {FAMILY_INFO[f].label}
        </label>
      ))}
    </fieldset>
  );
}

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
          {best.machines.toFixed(2)} machines on average (held-out q = {sci(best.q)}).
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
            `; tuned GPA asks for ρ = ${gpa.value} (${(table.target / gpa.value).toFixed(1)}× lower) and uses ${gpa.machines.toFixed(2)} machines against ${untuned.machines.toFixed(2)}.`}
        </p>
      )}
      <p className="tune-note">
        Chosen with {Math.round(table.confidence * 100)} % confidence from cross-validation inside
        the observed columns only (two halves, each held out in turn), then measured on the
        evaluation columns: κ = {spec.clairvoyance}
        {table.heldOut ? '' : ' (κ = 1: nothing held out)'}. One overflow in one machine's
        evaluation columns is 1/|E| = {table.floor.toExponential(1)} (in a CV fold, 1/|fold| ={' '}
        {table.cvFloor.toExponential(1)}); q averages over machines, so it resolves less, and 0
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
            <td>{r.machines.toFixed(2)}</td>
            <td>{r.m.toFixed(3)}</td>
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

export function TunerPanel() {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const jobs = useJobPool();
  const run = useTuneRuns((s) => s.tuner);
  const spec = useMemo(() => tuneSpecOf(params), [params]);
  const key = specKey(params, spec);

  const result = run.result;
  const stale = result !== null && result.key !== key;
  const table = result?.value.tables[0] ?? null;
  const plot = useMemo(() => (table ? tunerSpec(table) : null), [table]);
  const apply = (row: TuneRow) => result && setParams(applyPatch(row.fit, result.spec));
  const here =
    table?.best && params.instance < table.best.runs.length
      ? table.best.runs[params.instance]
      : null;
  const kappa = tuneClairvoyance(params);

  return (
    <section className="tune-panel" aria-label="Auto-tuner" data-testid="tuner">
      <div className="view-head">
        <p className="lede">
          State the SLO you want; for each family the tuner finds the most aggressive parameter that
          meets it with the chosen confidence, using only the observed columns, then measures it on
          the held-out ones: {spec.instances} instance{spec.instances > 1 ? 's' : ''} of{' '}
          {spec.tasks} tasks, {spec.packer.toUpperCase()}, c = {spec.capacity}, κ = {kappa}
          {params.clairvoyance === 1 &&
            ' (Pack’s κ = 1 holds nothing out, so the tuner holds out half; “apply” sets it in Pack)'}
          .
        </p>
      </div>
      <div className="tune-controls">
        <TargetInput />
        <label>
          Confidence{' '}
          <select
            value={params.confidence}
            data-testid="confidence"
            onChange={(e) => setParams({ confidence: Number(e.target.value) })}
          >
            {[...new Set([...CONFIDENCES, params.confidence])].map((c) => (
              <option key={c} value={c}>
                {`${+(c * 100).toPrecision(6)} %`}
              </option>
            ))}
          </select>
        </label>
        <FamilyChoice />
        <div className="view-actions">
          <button
            type="button"
            className="primary"
            data-testid="run-tuner"
            disabled={!jobs || run.status === 'running'}
            onClick={() => jobs && void startTuner(jobs, spec, key)}
          >
            {result && !stale ? 'Run again' : 'Run the auto-tuner'}
          </button>
          <button
            type="button"
            data-testid="apply-winner"
            disabled={!table?.best}
            onClick={() => table?.best && apply(table.best)}
          >
            Apply the winner in Pack
          </button>
          <button
            type="button"
            disabled={!table || !result}
            onClick={() =>
              table && result && downloadCsv('slopack-tune', tuneCsvRows(table, result.spec))
            }
          >
            Table CSV
          </button>
        </div>
      </div>
      {run.status === 'running' && (
        <ProgressBar
          label={run.progress?.label ?? 'Tuning'}
          done={run.progress?.done ?? 0}
          total={run.progress?.total ?? null}
          onCancel={() => cancelRun('tuner')}
        />
      )}
      {run.status === 'error' && (
        <p className="error-text" role="alert">
          The tuner did not finish: {run.error}
        </p>
      )}
      {!jobs && <p className="tune-note">Waiting for the realized workload…</p>}
      {table && result && (
        <div className={stale ? 'stale' : undefined} data-testid="tune-result-block">
          {stale && (
            <span className="badge" data-testid="tune-stale">
              parameters changed since this run
            </span>
          )}
          <Summary table={table} spec={result.spec} />
          {here && table.best && (
            <p className="tune-note" data-testid="winner-instance">
              “Apply” opens instance {params.instance} in Pack, where the tuner measured{' '}
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
      )}
    </section>
  );
}
