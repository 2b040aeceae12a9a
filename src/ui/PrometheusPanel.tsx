/**
 * From Prometheus (Data view): a server URL, query, range, step, an optional bearer token (kept in
 * this tab only) and the node cores when the server does not export them; Read fetches the range
 * with progress and Cancel, loads it as the dataset and shows the cluster as it is beside what each
 * fit test would do with the same pods.
 */
import { useEffect, useId, useState } from 'react';
import { TokenInput } from './TokenInput.tsx';
import { assessHeadline } from '../present/assess/report.ts';
import {
  cancelPrometheus,
  fieldsFromLink,
  readPrometheus,
  usePromPanel,
  type PromFields,
} from '../state/common/sources/prometheus.ts';
import { explorer, useExplorer } from '../state/common/store/store.ts';
import { useController } from './controllerContext.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { AssessTables } from './AssessTables.tsx';
import { formatFixed } from '../present/format.ts';

const FIELDS: { key: keyof PromFields; label: string; placeholder: string; size: number }[] = [
  { key: 'url', label: 'server URL', placeholder: 'http://127.0.0.1:9090', size: 36 },
  { key: 'query', label: 'query', placeholder: 'PromQL, one series per pod', size: 60 },
  { key: 'range', label: 'range (back from now)', placeholder: '7d', size: 6 },
  { key: 'start', label: 'or start', placeholder: 'unix s or RFC 3339', size: 14 },
  { key: 'end', label: 'end', placeholder: 'now', size: 14 },
  { key: 'step', label: 'step', placeholder: '60s', size: 6 },
  { key: 'cores', label: 'cores per node', placeholder: 'from the server', size: 6 },
  { key: 'slo', label: 'SLO ρ', placeholder: '0.01', size: 6 },
  { key: 'token', label: 'bearer token', placeholder: '', size: 16 },
];

/** What the read waits for, and for how long (counted each second while it waits). */
function Waiting({ waiting }: { waiting: { what: string; since: number } }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - waiting.since) / 1000));
  return (
    <p className="hint" data-testid="prom-waiting" aria-live="off">
      Waiting for {waiting.what} for {seconds} s
    </p>
  );
}

export function PrometheusPanel() {
  const controller = useController();
  const { fields, set, status, progress, error, note, waiting, assessment } = usePromPanel();
  const linked = useExplorer((s) => s.params.prom);
  const setParams = useExplorer((s) => s.setParams);
  const id = useId();
  useEffect(() => {
    if (linked && !usePromPanel.getState().fields.url) fieldsFromLink(linked);
  }, [linked]);
  const read = () =>
    void readPrometheus({
      readSource: controller.readSource,
      setParams,
      params: () => explorer.getState().params,
      loadedTasks: () => explorer.getState().data.dataset?.tasks ?? null,
    });
  return (
    <details className="prom-panel" data-testid="prom-panel" open={Boolean(linked) || undefined}>
      <summary>From Prometheus</summary>
      <p className="hint">
        Any server speaking the Prometheus HTTP API (Prometheus, Thanos, VictoriaMetrics, Mimir,
        Grafana&apos;s /api/datasources/proxy/uid/…). The page reads it directly: the server must
        allow this page&apos;s origin (Prometheus: --web.cors.origin).
      </p>
      <div className="upload-options">
        {FIELDS.map((f) => (
          <label key={f.key} htmlFor={`${id}-${f.key}`}>
            {f.label}{' '}
            {f.key === 'token' ? (
              <TokenInput
                id={`${id}-token`}
                testId="prom-token"
                placeholder="optional, never in links"
                token={fields.token}
                set={(token) => set({ token })}
              />
            ) : (
              <input
                id={`${id}-${f.key}`}
                data-testid={`prom-${f.key}`}
                type="text"
                value={fields[f.key]}
                placeholder={f.placeholder}
                size={f.size}
                onChange={(e) => set({ [f.key]: e.target.value })}
                onKeyDown={(e) => e.key === 'Enter' && f.key === 'url' && read()}
              />
            )}
          </label>
        ))}
      </div>
      <button
        type="button"
        data-testid="prom-read"
        disabled={!fields.url.trim() || status === 'running'}
        onClick={read}
      >
        Read and assess
      </button>
      {status === 'running' && (
        <ProgressBar
          label={
            progress
              ? `Read chunk ${progress.done} of ${progress.of} (${formatFixed(progress.bytes / 2 ** 20, 1)} MiB)`
              : 'Asking the server…'
          }
          done={progress?.done ?? null}
          total={progress?.of ?? null}
          onCancel={cancelPrometheus}
        />
      )}
      {status === 'running' && waiting && <Waiting waiting={waiting} />}
      {note && (
        <p className="hint" data-testid="prom-note">
          {note}
        </p>
      )}
      {error && (
        <p className="error-text" data-testid="prom-error">
          {error}
        </p>
      )}
      {assessment && status === 'done' && (
        <section data-testid="prom-assessment">
          <h3>The cluster as it is</h3>
          <p data-testid="prom-headline">{assessHeadline(assessment)}</p>
          <AssessTables a={assessment} />
        </section>
      )}
    </details>
  );
}
