import { useMemo, useState } from 'react';
import {
  seriesAt,
  seriesDigest,
  seriesLength,
  summarizeSamples,
  taskCount,
} from '../engine/index.ts';
import type { Dataset } from '../state/common/sources/datasets.ts';
import {
  DEFAULT_BUDGET_BYTES,
  describeEstimate,
  formatBytes as bytes,
} from '../state/common/controller/steps/dataset.ts';
import { useExplorer, type Explorer } from '../state/common/store/store.ts';
import { useController } from './controllerContext.ts';
import { downloadCsv } from './exportFiles.ts';
import { formatCount, formatFixed, formatNumber } from '../present/format.ts';
import { PlotFigure } from './PlotFigure.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { UploadPanel } from './UploadPanel.tsx';
import { PrometheusPanel } from './PrometheusPanel.tsx';
import { stdVsMeanSpec, type TaskMoments } from '../present/pack/dataPlots.ts';

function Sparkline({ values, max }: { values: Float64Array; max: number }) {
  const w = 120;
  const h = 22;
  const step = Math.max(1, Math.floor(values.length / w));
  let d = '';
  for (let i = 0, x = 0; i < values.length; i += step, x++)
    d += `${x === 0 ? 'M' : 'L'}${((x * step) / values.length) * w},${h - (values[i] / (max || 1)) * h}`;
  return (
    <svg width={w} height={h} className="sparkline" role="img" aria-label="usage over time">
      <path d={d} fill="none" stroke="#4c78a8" strokeWidth={1} />
    </svg>
  );
}

/** Mean and σ of each task's inst samples, for the scatter and the table. */
function useMoments(ds: Dataset | null): TaskMoments[] {
  return useMemo(() => {
    if (!ds?.samples) return [];
    const { inst, ids } = ds.samples;
    return Array.from({ length: taskCount(inst) }, (_, i) => {
      const x = seriesAt(inst, i);
      const mean = x.reduce((a, b) => a + b, 0) / x.length;
      const sd = Math.sqrt(x.reduce((a, b) => a + (b - mean) ** 2, 0) / x.length);
      return { id: ids[i], mean, sd };
    });
  }, [ds]);
}

/** A load under way: what is read (or hashed), how far, the size estimate, and Cancel. */
function LoadProgress({ progress }: { progress: Explorer['data']['progress'] }) {
  const controller = useController();
  const mb = (n: number) => `${formatFixed(n / 2 ** 20, 0)} MiB`;
  const label = progress
    ? `${progress.phase === 'hashing' ? 'Checking the SHA-256 of' : 'Reading'} ${progress.file} (file ${progress.fileIndex + 1} of ${progress.files}): ${mb(progress.bytesRead)}${progress.size ? ` of ${mb(progress.size)}` : ''}`
    : 'Loading…';
  return (
    <div data-testid="load-progress">
      <ProgressBar
        label={label}
        done={progress ? progress.bytesRead : null}
        total={progress?.size ?? null}
        onCancel={() => controller.cancelLoad()}
      />
      {progress?.estimate && (
        <p className="hint" data-testid="load-estimate">
          {describeEstimate(progress.estimate)}; the memory budget is {bytes(DEFAULT_BUDGET_BYTES)}.
        </p>
      )}
    </div>
  );
}

/** The Tasks CSV: each task's id, mean, sd, sample count and the digest of its samples. */
function tasksTable(ds: Dataset, moments: readonly TaskMoments[]): Record<string, unknown>[] {
  const inst = ds.samples?.inst;
  return moments.map((m, i) => ({
    ...m,
    ...(inst ? { samples: seriesLength(inst, i), sha256: seriesDigest(inst, i) } : {}),
  }));
}

/** The dataset's title, description, credit and the tasks download. */
function DatasetHead({ ds, moments }: { ds: Dataset; moments: TaskMoments[] }) {
  return (
    <div className="view-head">
      <div>
        <h2 data-testid="dataset-title">{ds.title}</h2>
        {ds.description && <p>{ds.description}</p>}
        {ds.notice && <p className="notice notice-warning">{ds.notice}</p>}
        {ds.credit ? (
          <p className="credit" data-testid="credit">
            Source: {ds.credit.source}. Cite: {ds.credit.cite}. Licence: {ds.credit.licence}.{' '}
            <a href={ds.credit.url} target="_blank" rel="noreferrer">
              About the data
            </a>
          </p>
        ) : (
          <p className="credit" data-testid="credit">
            Your files (not uploaded anywhere: they are read in this page; a dataset may take up to{' '}
            {bytes(DEFAULT_BUDGET_BYTES)} of memory).
          </p>
        )}
      </div>
      <div className="view-actions">
        <button
          type="button"
          disabled={!moments.length}
          onClick={() => downloadCsv('slopack-tasks', tasksTable(ds, moments))}
        >
          Tasks CSV
        </button>
      </div>
    </div>
  );
}

/** What the loader read and kept, filter by filter. */
function LoadReportList({ ds }: { ds: Dataset }) {
  const report = ds.report;
  const summary = useMemo(
    () => (ds.samples && taskCount(ds.samples.inst) ? summarizeSamples(ds.samples) : null),
    [ds],
  );
  return (
    <div className="report" data-testid="load-report">
      <dl>
        <dt>format</dt>
        <dd>{report.format}</dd>
        <dt>files</dt>
        <dd>
          {report.files.length
            ? report.files
                .map((f) => `${f.name} (${f.role}, ${formatCount(f.bytes)} bytes)`)
                .join('; ')
            : '—'}
        </dd>
        <dt>units</dt>
        <dd>{report.units}</dd>
        {ds.scaleReason && (
          <>
            <dt>task size (this preset’s choice)</dt>
            <dd>{ds.scaleReason}</dd>
          </>
        )}
        <dt>tasks</dt>
        <dd data-testid="tasks-kept">
          {formatCount(report.tasksRead)} read
          {report.filters
            .map((f) => ` → ${formatCount(f.count)} ${f.of} (${f.label})`)
            .join('')} → <strong>{formatCount(report.tasksKept)} kept</strong>,{' '}
          {formatCount(report.samplesKept)} samples
        </dd>
        {summary && (
          <>
            <dt>values</dt>
            <dd data-testid="value-summary">
              mean inst {formatNumber(summary.mean.inst, 6)}, max inst{' '}
              {formatNumber(summary.max.inst, 6)}
              {summary.mean.avg !== null
                ? `, mean avg ${formatNumber(summary.mean.avg, 6)}`
                : ''}{' '}
              (machines)
            </dd>
          </>
        )}
        {report.skippedLines > 0 && (
          <>
            <dt>skipped lines</dt>
            <dd>
              {formatCount(report.skippedLines)}: {report.skippedExamples.join('; ')}
            </dd>
          </>
        )}
        {report.notes.map((n, i) => (
          <span key={i}>
            <dt>note</dt>
            <dd>{n}</dd>
          </span>
        ))}
      </dl>
    </div>
  );
}

/** The σ-against-mean scatter and the first tasks with their sparklines. */
function TaskPlots({ ds, moments }: { ds: Dataset; moments: TaskMoments[] }) {
  const [shown, setShown] = useState(50);
  const scatter = useMemo(() => (moments.length ? stdVsMeanSpec(moments) : null), [moments]);
  const maxValue = useMemo(
    () => moments.reduce((m, t) => Math.max(m, t.mean + 3 * t.sd), 0),
    [moments],
  );
  const samples = ds.samples!;
  return (
    <div className="plots-2">
      <PlotFigure
        name="std-vs-mean"
        title="Per-task σ against mean, with the least-squares trend line (the paper's Fig. 3)"
        caption="Over each task's samples, in machine units. The paper measured slope 0.36 and intercept 0.015 on Google's inst data."
        spec={scatter}
      />
      <div className="task-table-wrap">
        <h3>
          Tasks (first {Math.min(shown, moments.length)} of {moments.length})
        </h3>
        <table className="task-table">
          <thead>
            <tr>
              <th scope="col">task</th>
              <th scope="col">samples</th>
              <th scope="col">mean</th>
              <th scope="col">σ</th>
              <th scope="col">usage over time</th>
            </tr>
          </thead>
          <tbody>
            {moments.slice(0, shown).map((m, i) => (
              <tr key={i}>
                <td className="task-id" title={m.id}>
                  {m.id}
                </td>
                <td>{seriesLength(samples.inst, i)}</td>
                <td>{formatNumber(m.mean)}</td>
                <td>{formatNumber(m.sd)}</td>
                <td>
                  <Sparkline values={seriesAt(samples.inst, i)} max={maxValue} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown < moments.length && (
          <button type="button" onClick={() => setShown((s) => s + 200)}>
            Show more
          </button>
        )}
      </div>
    </div>
  );
}

export function DataView() {
  const data = useExplorer((s) => s.data);
  const ds = data.dataset;
  const moments = useMoments(ds);
  return (
    <div className="data-view">
      <UploadPanel />
      <PrometheusPanel />
      {data.status === 'running' && <LoadProgress progress={data.progress} />}
      {data.status === 'error' && data.error && <p className="error-text">{data.error}</p>}
      {ds && (
        <>
          <DatasetHead ds={ds} moments={moments} />
          <LoadReportList ds={ds} />
          {ds.samples ? (
            <TaskPlots ds={ds} moments={moments} />
          ) : (
            <p className="hint">
              This dataset is a ready realization matrix ({ds.tasks} tasks): it packs as it is.
            </p>
          )}
        </>
      )}
    </div>
  );
}
