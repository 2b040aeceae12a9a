import { useMemo, useState } from 'react';
import { useExplorer } from '../state/store.ts';
import { useController } from './controllerContext.ts';
import { downloadCsv } from './exportFiles.ts';
import { formatNumber } from './format.ts';
import { PlotFigure } from './PlotFigure.tsx';
import { stdVsMeanSpec, type TaskMoments } from './plots/dataPlots.ts';

function Sparkline({ values, max }: { values: Float64Array; max: number }) {
  const w = 120;
  const h = 22;
  const step = Math.max(1, Math.floor(values.length / w));
  let d = '';
  for (let i = 0, x = 0; i < values.length; i += step, x++)
    d += `${x === 0 ? 'M' : 'L'}${((x * step) / values.length) * w},${h - (values[i] / (max || 1)) * h}`;
  return (
    <svg width={w} height={h} className="sparkline" aria-hidden="true">
      <path d={d} fill="none" stroke="#4c78a8" strokeWidth={1} />
    </svg>
  );
}

export function DataView() {
  const data = useExplorer((s) => s.data);
  const params = useExplorer((s) => s.params);
  const controller = useController();
  const [dragging, setDragging] = useState(false);
  const [shown, setShown] = useState(50);
  const ds = data.dataset;
  const moments: TaskMoments[] = useMemo(() => {
    if (!ds) return [];
    return ds.samples.inst.map((x, i) => {
      const mean = x.reduce((a, b) => a + b, 0) / x.length;
      const sd = Math.sqrt(x.reduce((a, b) => a + (b - mean) ** 2, 0) / x.length);
      return { id: ds.samples.ids[i], mean, sd };
    });
  }, [ds]);
  const scatter = useMemo(() => (moments.length ? stdVsMeanSpec(moments) : null), [moments]);
  const maxValue = useMemo(
    () => moments.reduce((m, t) => Math.max(m, t.mean + 3 * t.sd), 0),
    [moments],
  );
  const onFiles = (files: FileList | null) => {
    if (files && files.length) void controller.upload(Array.from(files));
  };
  return (
    <div className="data-view">
      <section
        className={`dropzone${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          onFiles(e.dataTransfer.files);
        }}
        aria-label="Upload trace files"
      >
        <p>
          Drop trace files here, or{' '}
          <label className="file-label">
            choose files
            <input
              type="file"
              multiple
              data-testid="upload"
              onChange={(e) => onFiles(e.target.files)}
            />
          </label>
          . Wide CSV: one row per task, id columns then samples in percent (×{params.scale} machines
          per 100 %).
        </p>
        {params.upload && (
          <p className="hint">
            Linked files: {params.upload.names.join(', ')} (SHA-256{' '}
            {params.upload.hash.slice(0, 12)}…)
          </p>
        )}
      </section>
      {data.status === 'running' && <p role="status">Loading…</p>}
      {data.status === 'error' && data.error && <p className="error-text">{data.error}</p>}
      {ds && (
        <>
          <div className="view-head">
            <div>
              <h2 data-testid="dataset-title">{ds.title}</h2>
              <p className="credit">Source: {ds.credit}</p>
              <p>
                {ds.samples.ids.length.toLocaleString('en')} tasks; unit: {ds.unit}.{' '}
                {ds.filters.map((f) => `${f.name}: ${f.kept.toLocaleString('en')}`).join(' → ')}
              </p>
            </div>
            <div className="view-actions">
              <button
                type="button"
                onClick={() =>
                  downloadCsv(
                    'slopack-tasks',
                    moments.map((m) => ({ ...m })),
                  )
                }
              >
                Tasks CSV
              </button>
            </div>
          </div>
          <div className="plots-2">
            <PlotFigure
              name="std-vs-mean"
              title="Per-task σ against mean, with the least-squares trend line (the paper's Fig. 3)"
              caption="Over each task's samples. The paper measured slope 0.36 and intercept 0.015 on Google's inst data."
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
                      <td className="task-id">{m.id}</td>
                      <td>{ds.samples.inst[i].length}</td>
                      <td>{formatNumber(m.mean)}</td>
                      <td>{formatNumber(m.sd)}</td>
                      <td>
                        <Sparkline values={ds.samples.inst[i]} max={maxValue} />
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
        </>
      )}
    </div>
  );
}
