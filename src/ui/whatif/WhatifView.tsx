/**
 * The Replay view: two scheduler settings replayed on one history as the cluster runs
 * (engine/whatif, docs/replay.md), side A beside side B: per side the nodes, the worst node's q on
 * the judged part, the nodes over the target, node-hours over capacity, decisions and migrations;
 * then each node's usage over the judged part against its capacity, the overloaded instants marked.
 * It replays the user's data when they are loaded (files or Prometheus), else a bundled history.
 */
import { useMemo } from 'react';
import { numberRange, textProblem } from '../../engine/index.ts';
import { REPLAY_KNOBS } from '../../engine/whatif/index.ts';
import { formatFixed, formatNumber } from '../../present/format.ts';
import { replayNodesSpec } from '../../present/whatif/replayNodes.ts';
import type { WhatIfSideOut } from '../../state/whatif/runs.ts';
import type { SeriesSource } from '../../state/common/sources/seriesSource.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import {
  WHATIF_HISTORIES,
  WHATIF_PARAMS,
  WHATIF_SCENARIOS,
  WHATIF_SCHEDULERS,
  type WhatifSettings,
} from '../../state/whatif/params.ts';
import { cancelWhatif, refreshWhatif, replayKey, useWhatifRuns } from '../../state/whatif/runs.ts';
import { useController } from '../controllerContext.ts';
import { HISTORY_LABEL, HistoryField, useSeriesSource } from '../HistoryField.tsx';
import { ParamNumber } from '../ParamNumber.tsx';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { NumberBox } from '../SliderNumber.tsx';
import './whatif.css';

const SCENARIO_LABEL: Record<WhatifSettings['scenario'], string> = {
  fresh: 'fresh: an empty cluster filled at the judged part’s start',
  history: 'history: pods arrive and leave as the series show',
  rollout: 'rollout: every pod re-created over H hours',
  restart: 'restart: a share p of the pods restarted',
};

/** Rows drawn at most per node (the largest total of each span), and nodes drawn at most. */
const POINTS = 600;
const MAX_NODES = 12;

function useSettings() {
  const s = useExplorer((st) => st.params.whatif);
  const setParams = useExplorer((st) => st.setParams);
  return { s, set: (patch: Partial<WhatifSettings>) => setParams({ whatif: { ...s, ...patch } }) };
}

type Side = 'a' | 'b';

function SidePicker({
  side,
  s,
  set,
}: {
  side: Side;
  s: WhatifSettings;
  set: (p: Partial<WhatifSettings>) => void;
}) {
  const name = s[side];
  const knobKeyOf = side === 'a' ? 'aKnob' : 'bKnob';
  const knobValue = s[knobKeyOf];
  const knob = REPLAY_KNOBS[name];
  const low = knob ? Math.min(...knob.grid) : 0;
  const high = knob ? Math.max(...knob.grid) : 0;
  const range = knob && numberRange(knob.field, knob.field, { min: low, max: high });
  return (
    <fieldset className="whatif-side" data-testid={`whatif-side-${side}`}>
      <legend>Side {side.toUpperCase()}</legend>
      <label className="field">
        <span>scheduler</span>
        <select
          value={name}
          data-testid={`whatif-${side}`}
          onChange={(e) =>
            set({ [side]: e.target.value as WhatifSettings['a'], [knobKeyOf]: null })
          }
        >
          {WHATIF_SCHEDULERS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {knob && range && (
        <label className="field">
          <input
            type="checkbox"
            checked={knobValue !== null}
            data-testid={`whatif-${side}-set`}
            onChange={(e) =>
              set({
                [knobKeyOf]: e.target.checked ? knob.grid[Math.floor(knob.grid.length / 2)] : null,
              })
            }
          />
          <span>set {knob.field} (else the project’s defaults)</span>
        </label>
      )}
      {knob && range && knobValue !== null && (
        <NumberBox
          label={knob.field}
          value={knobValue}
          min={low}
          max={high}
          problem={(raw) => textProblem(range, raw)}
          testId={`whatif-${side}-knob`}
          onChange={(v) => set({ [knobKeyOf]: v })}
        />
      )}
    </fieldset>
  );
}

function Settings({
  s,
  set,
  source,
}: {
  s: WhatifSettings;
  set: (p: Partial<WhatifSettings>) => void;
  source: SeriesSource;
}) {
  return (
    <div className="whatif-settings" data-testid="whatif-settings">
      <HistoryField
        source={source}
        value={s.history}
        histories={WHATIF_HISTORIES}
        label={(h) => HISTORY_LABEL[h]}
        testId="whatif"
        onChange={(history) => set({ history })}
      />
      <label className="field">
        <span>scenario</span>
        <select
          value={s.scenario}
          data-testid="whatif-scenario"
          onChange={(e) => set({ scenario: e.target.value as WhatifSettings['scenario'] })}
        >
          {WHATIF_SCENARIOS.map((k) => (
            <option key={k} value={k}>
              {SCENARIO_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      {s.scenario === 'rollout' && (
        <ParamNumber
          spec={WHATIF_PARAMS.hours}
          label="H (hours)"
          value={s.hours}
          testId="whatif-hours"
          onCommit={(hours) => set({ hours })}
        />
      )}
      {s.scenario === 'restart' && (
        <ParamNumber
          spec={WHATIF_PARAMS.share}
          label="p (share restarted)"
          value={s.share}
          testId="whatif-share"
          onCommit={(share) => set({ share })}
        />
      )}
      <ParamNumber
        spec={WHATIF_PARAMS.learn}
        label="share before the judged part"
        value={s.learn}
        testId="whatif-learn"
        onCommit={(learn) => set({ learn })}
      />
      <ParamNumber
        spec={WHATIF_PARAMS.target}
        label="target q* per node"
        value={s.target}
        testId="whatif-target"
        onCommit={(target) => set({ target })}
      />
      <ParamNumber
        spec={WHATIF_PARAMS.seed}
        label="seed"
        value={s.seed}
        testId="whatif-seed"
        onCommit={(seed) => set({ seed })}
      />
      <SidePicker side="a" s={s} set={set} />
      <SidePicker side="b" s={s} set={set} />
    </div>
  );
}

const settingsText = (r: WhatIfSideOut) =>
  Object.entries(r.settings)
    .map(([k, v]) => `${k} = ${typeof v === 'number' ? formatNumber(v, 4) : v}`)
    .join(', ');

function nodeHoursOver(r: WhatIfSideOut): number {
  return r.nodes.reduce((sum, n) => sum + n.overloads, 0) * (r.step / 3600);
}

function SummaryTable({ sides, target }: { sides: readonly WhatIfSideOut[]; target: number }) {
  return (
    <table className="whatif-table" data-testid="whatif-table">
      <thead>
        <tr>
          <th>side</th>
          <th>settings</th>
          <th>nodes (added)</th>
          <th>worst node, q judged</th>
          <th>nodes over q* = {target}</th>
          <th>node-hours over capacity</th>
          <th>decisions</th>
          <th>migrations</th>
          <th>unschedulable</th>
        </tr>
      </thead>
      <tbody>
        {sides.map((r, k) => (
          <tr key={k} data-testid={`whatif-row-${k === 0 ? 'a' : 'b'}`}>
            <td>
              {k === 0 ? 'A' : 'B'}: {r.scheduler}
            </td>
            <td>{settingsText(r)}</td>
            <td>
              {r.nodes.length} ({r.nodesAdded})
            </td>
            <td data-testid={`whatif-worst-${k === 0 ? 'a' : 'b'}`}>
              {r.worst ? `${r.worst.name}, ${formatFixed(r.worst.q, 4)}` : '—'}
            </td>
            <td>{r.nodes.filter((n) => n.q > target).length}</td>
            <td>{formatNumber(nodeHoursOver(r), 4)}</td>
            <td>{r.decisions}</td>
            <td>{r.migrations}</td>
            <td>{r.unschedulable}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function NodeQs({ sides }: { sides: readonly WhatIfSideOut[] }) {
  return (
    <details className="whatif-nodes">
      <summary>Each node’s q on the judged part</summary>
      {sides.map((r, k) => (
        <p key={k} data-testid={`whatif-nodes-${k === 0 ? 'a' : 'b'}`}>
          {k === 0 ? 'A' : 'B'}:{' '}
          {r.nodes.map((n) => `${n.name} ${formatFixed(n.q, 4)} (${n.pods} pods)`).join('; ')}
        </p>
      ))}
    </details>
  );
}

function Results({
  sides,
  s,
  stale,
}: {
  sides: readonly WhatIfSideOut[];
  s: WhatifSettings;
  stale: boolean;
}) {
  const spec = useMemo(
    () =>
      replayNodesSpec(
        sides.map((r, k) => ({ label: `${k === 0 ? 'A' : 'B'}: ${r.scheduler}`, nodes: r.nodes })),
        { step: sides[0].step, maxNodes: MAX_NODES, points: POINTS },
      ),
    [sides],
  );
  const first = sides[0];
  const judged = first.judged.end - first.judged.start;
  return (
    <>
      <p className="hint" data-testid="whatif-judged">
        {judged} judged instants of {first.step} s (of {first.instants}
        {first.timestamps
          ? ''
          : '; the data carry no timestamps, each instant read as 300 s'});{' '}
        {first.placedNodes
          ? `started from the series' node labels: ${first.placedNodes} nodes`
          : 'started from an empty cluster'}
        .
      </p>
      <SummaryTable sides={sides} target={s.target} />
      <PlotFigure
        name="whatif-nodes"
        title="Each node’s usage over the judged part, side A beside side B"
        caption={`Blue: the node's total (the largest of each span when the history is long); dashed: its capacity; red: instants over capacity. The ${MAX_NODES} worst nodes of either side, worst first.`}
        spec={spec}
        stale={stale}
        placeholder="Replaying…"
      />
      <NodeQs sides={sides} />
    </>
  );
}

export function WhatifView() {
  const { s, set } = useSettings();
  const { runner } = useController();
  const run = useWhatifRuns((r) => r.replay);
  const source = useSeriesSource();
  const data = source.kind === 'loaded' ? source.data : null;
  const stale = run.result !== null && run.result.key !== replayKey(s, data);
  return (
    <div className="whatif-view" data-testid="whatif">
      <p className="lede">
        Two scheduler settings replayed on one history as the cluster runs: pods arriving, leaving
        and re-created, each placed by the scheduler with only what it knew then. Side A beside side
        B, node by node.
      </p>
      <Settings s={s} set={set} source={source} />
      {source.kind === 'no-series' && (
        <p className="error-text" role="alert" data-testid="whatif-no-series">
          Your data ({source.title}) are a realization matrix, with no time axis: the replay needs
          per-task series. Load the series (or choose a built-in dataset) to replay here.
        </p>
      )}
      {run.status === 'running' && (
        <ProgressBar
          label={run.progress?.label ?? 'Replaying…'}
          done={run.progress?.done ?? null}
          total={run.progress?.total || null}
          onCancel={() => cancelWhatif()}
        />
      )}
      {run.status === 'idle' && run.key !== null && (
        <p className="hint">
          Stopped.{' '}
          <button type="button" onClick={() => void refreshWhatif(runner, s, true, data)}>
            Run again
          </button>
        </p>
      )}
      {run.status === 'error' && (
        <p className="error-text" role="alert" data-testid="whatif-error">
          Could not replay: {run.error}
        </p>
      )}
      {run.result && <Results sides={run.result.value.sides} s={s} stale={stale} />}
    </div>
  );
}
