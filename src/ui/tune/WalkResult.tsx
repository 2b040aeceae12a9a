/**
 * The walk-forward advice on the loaded data: the verdict (the pick, or none), the drift alarm
 * beside it, every family's tuned value with its folds' worst machines and its judged figures, and
 * the folds of the pick (learned and judged instants, machines, worst machine and its 95 % bound).
 */
import { formatFit, type FoldSlo, type MachineSlo } from '../../engine/index.ts';
import type { WalkResult } from '../../state/tune/walk.ts';

type WalkFamily = WalkResult['families'][number];
import { formatNumber, formatPercent } from '../../present/format.ts';

const q4 = (v: number) => (v === 0 ? '0' : formatNumber(v, 2));

/** Instants [a, b) as days when the step is known, else as instants. */
function span(a: number, b: number, step: number | null): string {
  if (step === null) return `instants ${a}–${b}`;
  const day = 86_400 / step;
  const d = (x: number) => formatNumber(x / day, 3);
  return `days ${d(a)}–${d(b)}`;
}

function verdictOf(s: MachineSlo): string {
  if (s.worst > s.target) return `misses: ${s.over} of ${s.q.length} machines over q*`;
  return s.unproven > 0
    ? `holds on every machine's q_j (${s.unproven} not shown to hold by the 95 % bound)`
    : 'holds, every machine by its 95 % bound';
}

function DriftLine({ r }: { r: WalkResult }) {
  const d = r.drift;
  const rise = (x: number) => `${x >= 0 ? '+' : ''}${formatPercent(x, 0)}`;
  const readings = `cluster peak ${rise(d.peakRise)}, mean ${rise(d.levelRise)}, ${d.tasksAbovePeak} of ${d.tasks} tasks above their learned peak`;
  return d.fired ? (
    <p className="walk-drift error-text" role="alert" data-testid="walk-drift">
      Drift alarm: {d.message} ({readings})
    </p>
  ) : (
    <p className="walk-drift" data-testid="walk-drift">
      Drift alarm: quiet — the judged half stays within the learned one ({readings}).
    </p>
  );
}

function Verdict({ r, pick }: { r: WalkResult; pick: WalkFamily | null }) {
  if (!pick || !pick.fit)
    return (
      <p className="walk-verdict" data-testid="walk-verdict">
        <strong>No setting is recommended:</strong> no family kept every machine at q* = {r.target}{' '}
        on every fold of the learned half.
      </p>
    );
  return (
    <p className="walk-verdict" data-testid="walk-verdict">
      <strong>
        Recommended: {formatFit(pick.fit)} on {pick.machines.length} machines
      </strong>
      , the fewest among the families that kept every machine at q* = {r.target} on every fold.
      {pick.judged && <> Judged on the later half: {verdictOf(pick.judged)}.</>}
      {r.drift.fired && ' The drift alarm fired: the later half left the learned one.'}
    </p>
  );
}

function FoldsTable({ folds, step }: { folds: readonly FoldSlo[]; step: number | null }) {
  return (
    <table className="walk-folds" data-testid="walk-folds">
      <caption>The pick's folds: packed on the learned instants, judged on the next</caption>
      <thead>
        <tr>
          <th>fold</th>
          <th>learned</th>
          <th>judged</th>
          <th>machines</th>
          <th>worst q_j</th>
          <th>its 95 % bound</th>
          <th>over q*</th>
        </tr>
      </thead>
      <tbody>
        {folds.map((f, k) => (
          <tr key={k}>
            <td>{k + 1}</td>
            <td>{span(f.fold.learn.start, f.fold.learn.end, step)}</td>
            <td>{span(f.fold.judge.start, f.fold.judge.end, step)}</td>
            <td>{f.machines}</td>
            <td>{q4(f.slo.worst)}</td>
            <td>{q4(f.slo.upperWorst)}</td>
            <td>{f.slo.over}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FamiliesTable({ r }: { r: WalkResult }) {
  return (
    <table className="walk-families" data-testid="walk-families">
      <caption>Every family, tuned on the folds and judged on the later half</caption>
      <thead>
        <tr>
          <th>family</th>
          <th>tuned</th>
          <th>machines</th>
          <th>folds: worst machine</th>
          <th>judged: worst q_j (bound)</th>
        </tr>
      </thead>
      <tbody>
        {r.families.map((f) => (
          <tr key={f.family} className={f.family === r.pick ? 'walk-pick' : undefined}>
            <td>{f.family}</td>
            {f.fit ? (
              <>
                <td>{formatFit(f.fit)}</td>
                <td>{f.machines.length}</td>
                <td>{f.folds.map((x) => q4(x.slo.worst)).join(', ')}</td>
                <td>{f.judged && `${q4(f.judged.worst)} (${q4(f.judged.upperWorst)})`}</td>
              </>
            ) : (
              <td colSpan={4}>no value held on every fold</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function WalkResultView({ r, stale }: { r: WalkResult; stale: boolean }) {
  const pick = r.families.find((f) => f.family === r.pick) ?? null;
  return (
    <div className={stale ? 'walk-result stale' : 'walk-result'} data-testid="walk-result">
      <p className="tune-note">
        {r.dataset}: {r.tasks} tasks aligned in time; learned on the first {r.learned} instants,
        judged on the next {r.judged};{' '}
        {r.step === null
          ? 'the data carry no time, so the folds are four blocks of the learned half.'
          : 'folds by day: learn days 1..k, judge day k + 1.'}
        {stale && ' (for other settings: run again)'}
      </p>
      <Verdict r={r} pick={pick} />
      <DriftLine r={r} />
      {pick && pick.folds.length > 0 && <FoldsTable folds={pick.folds} step={r.step} />}
      <FamiliesTable r={r} />
    </div>
  );
}
