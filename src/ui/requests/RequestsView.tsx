/**
 * The Requests view: per workload a CPU request (and a memory request where the history carries
 * memory) from slopack, krr `simple`, the VPA recommender,
 * learned on the first part of the user's loaded data (else of a bundled history) and judged on
 * the rest by the same replay (kube-default placing by requests, a node added when none fits).
 * The side-by-side table first, its figure, then each workload's requests and the YAML patches
 * to copy, naming the data they were learned on (docs/rightsize.md).
 */
import { useMemo } from 'react';
import { requestsNodesSpec } from '../../present/rightsize/figure.ts';
import {
  comparisonRows,
  reportYaml,
  workloadRows,
  type ReportContext,
} from '../../present/rightsize/report.ts';
import { formatFixed } from '../../present/format.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import {
  REQUESTS_HISTORIES,
  REQUESTS_PARAMS,
  YAML_STRATEGIES,
  type RequestsSettings,
} from '../../state/requests/params.ts';
import {
  bundledTitle,
  cancelRequests,
  refreshRequests,
  withPromSource,
  sizingKey,
  useRequestsRuns,
  type RequestsData,
  type RightsizeOut,
  type RequestsSource,
} from '../../state/requests/runs.ts';
import type { StrategyName } from '../../engine/rightsize/index.ts';
import { useController } from '../controllerContext.ts';
import { ParamNumber } from '../ParamNumber.tsx';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { SnippetBox } from '../schedulers/SnippetBox.tsx';
import { HistoryField, useSeriesSource } from '../HistoryField.tsx';
import './requests.css';

/** Workloads listed on the page; the YAML carries every one. */
const SHOWN_WORKLOADS = 200;

function useRequestsSettings() {
  const s = useExplorer((st) => st.params.requests);
  const setParams = useExplorer((st) => st.setParams);
  const set = (patch: Partial<RequestsSettings>) => setParams({ requests: { ...s, ...patch } });
  return { s, set };
}

const loadedOf = (source: RequestsSource): RequestsData | null =>
  source.kind === 'loaded' ? source.data : null;

/** The wing's source, the loaded data naming the Prometheus they were read from, if any. */
function useRequestsSource(): RequestsSource {
  const series = useSeriesSource();
  const upload = useExplorer((st) => st.params.upload);
  const prom = useExplorer((st) => st.params.prom);
  return useMemo(() => withPromSource(series, { upload, prom }), [series, upload, prom]);
}

/** The data's name, as the settings and the YAML say it. */
function dataName(source: RequestsSource, s: RequestsSettings): string {
  return source.kind === 'loaded'
    ? `your data, ${source.data.title}`
    : `the bundled history ${bundledTitle(s)}`;
}

function Settings({
  s,
  set,
  source,
}: {
  s: RequestsSettings;
  set: (p: Partial<RequestsSettings>) => void;
  source: RequestsSource;
}) {
  return (
    <div className="rq-settings" data-testid="rq-settings">
      <HistoryField
        source={source}
        value={s.history}
        histories={REQUESTS_HISTORIES}
        label={(history) => bundledTitle({ ...s, history })}
        testId="rq"
        onChange={(history) => set({ history })}
      />
      <ParamNumber
        spec={REQUESTS_PARAMS.learn}
        label="share learned"
        value={s.learn}
        testId="rq-learn"
        onCommit={(learn) => set({ learn })}
      />
      <ParamNumber
        spec={REQUESTS_PARAMS.target}
        label="target q* per node"
        value={s.target}
        testId="rq-target"
        onCommit={(target) => set({ target })}
      />
      <ParamNumber
        spec={REQUESTS_PARAMS.memory}
        label="memory per machine (GiB)"
        value={s.memory}
        testId="rq-memory-per-machine"
        onCommit={(memory) => set({ memory })}
      />
      <label className="field">
        <span>YAML of</span>
        <select
          value={s.strategy}
          data-testid="rq-strategy"
          onChange={(e) => set({ strategy: e.target.value as StrategyName })}
        >
          {YAML_STRATEGIES.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Table({ rows, testId, caption }: { rows: string[][]; testId: string; caption: string }) {
  const [head, ...body] = rows;
  return (
    <div className="rq-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="rq-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, j) => (j === 0 ? <th key={j}>{cell}</th> : <td key={j}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function contextOf(out: RightsizeOut, s: RequestsSettings, source: string): ReportContext {
  return {
    workloads: out.workloads,
    containers: out.containers,
    coresPerUnit: null,
    target: s.target,
    strategy: s.strategy,
    learned: out.learned,
    judged: out.judged,
    step: out.step,
    ungrouped: out.ungrouped,
    notes: out.notes,
    source,
    memory: out.memory,
    machineMemoryBytes: s.memory * 2 ** 30,
  };
}

export function RequestsSizing({
  out,
  s,
  name,
}: {
  out: RightsizeOut;
  s: RequestsSettings;
  name: string;
}) {
  const c = useMemo(() => contextOf(out, s, name), [out, s, name]);
  const r = out.result;
  const spec = useMemo(() => requestsNodesSpec(r, { target: s.target }), [r, s.target]);
  const yaml = useMemo(() => reportYaml(r, c), [r, c]);
  const perWorkload = workloadRows(r, c);
  const hidden = perWorkload.length - 1 - SHOWN_WORKLOADS;
  const hours = (n: number) => formatFixed((n * out.step) / 3600, 1);
  return (
    <>
      <p className="hint" data-testid="rq-split">
        {out.pods} pods in {out.workloads.length} workloads; learned on instants {out.learned.start}
        –{out.learned.end - 1} ({hours(out.learned.end - out.learned.start)} h), judged on{' '}
        {out.judged.start}–{out.judged.end - 1} ({hours(out.judged.end - out.judged.start)} h),
        nodes of one machine.
      </p>
      <Table
        rows={comparisonRows(r, c)}
        testId="rq-comparison"
        caption={`Side by side on the judged part: requests placed by kube-default, q* = ${s.target} per node`}
      />
      {r.slopack && (
        <p data-testid="rq-lambda">
          slopack: λ = {formatFixed(r.slopack.lambda, 3)},{' '}
          {r.slopack.met ? 'meets' : 'does not meet'} q* on every one of {r.slopack.folds.length}{' '}
          walk-forward folds of the learned part.
        </p>
      )}
      <PlotFigure
        name="requests-nodes"
        title="Nodes kube-default needs, per strategy"
        caption="Bars: the nodes of each scenario (red: some node over q* on the judged part), the worst node’s q above; ticks: the machines the requests ask for."
        spec={spec}
      />
      <Table
        rows={perWorkload.slice(0, SHOWN_WORKLOADS + 1)}
        testId="rq-workloads"
        caption={`Per workload, each strategy’s CPU request (machines)${out.memory ? ` and memory request (${out.memory.bytes ? 'MiB' : 'machines'})` : ''}`}
      />
      {hidden > 0 && (
        <p className="hint">… and {hidden} more workloads: the YAML below carries every one.</p>
      )}
      {!out.memory && (
        <p className="hint" data-testid="rq-memory">
          Memory: these data carry CPU usage alone (a Prometheus read: the server holds no working
          set for these pods), so no memory request is given here; the command line’s{' '}
          <code>rightsize --memory</code> gives one from a file.
        </p>
      )}
      <SnippetBox text={yaml} name={`YAML patches (${s.strategy}), learned on ${name}`} />
      {out.notes.length > 0 && (
        <ul className="rq-notes" data-testid="rq-notes">
          {out.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export function RequestsView() {
  const { s, set } = useRequestsSettings();
  const { runner } = useController();
  const sizing = useRequestsRuns((r) => r.sizing);
  const source = useRequestsSource();
  const data = loadedOf(source);
  const current = sizing.result?.key === sizingKey(s, data) ? sizing.result.value : null;
  return (
    <div className="rq-view" data-testid="requests">
      <p className="lede">
        Requests that keep the SLO: each workload’s CPU request learned on the first part of a
        history, by slopack, krr’s p95 and the VPA’s p90 × 1.15, then placed by the default
        kube-scheduler on the part after it; how many nodes each needs, and how often a node runs
        over its capacity.
      </p>
      <Settings s={s} set={set} source={source} />
      {source.kind === 'no-series' && (
        <p className="error-text" role="alert" data-testid="rq-no-series">
          Your data ({source.title}) are a realization matrix, with no time axis: requests are
          learned on per-task series. Load the series (or choose a built-in dataset) to size here.
        </p>
      )}
      {sizing.status === 'running' && (
        <ProgressBar
          label={sizing.progress?.label ?? 'Working…'}
          done={sizing.progress?.done ?? null}
          total={sizing.progress?.total || null}
          onCancel={() => cancelRequests()}
        />
      )}
      {sizing.status === 'idle' && sizing.key !== null && (
        <p className="hint">
          Stopped.{' '}
          <button type="button" onClick={() => void refreshRequests(runner, s, true, data)}>
            Run again
          </button>
        </p>
      )}
      {sizing.status === 'error' && (
        <p className="error-text" role="alert" data-testid="rq-error">
          Could not size the requests: {sizing.error}
        </p>
      )}
      {current && <RequestsSizing out={current} s={s} name={dataName(source, s)} />}
    </div>
  );
}
