/**
 * The Schedulers view: one tab per load-aware scheduler's rule. A tab says the rule in one
 * sentence, draws the knob's curve of q (mean and worst machine, on the judged part of the user's
 * loaded data, else of a bundled history) against its value with the target, marks the value tuned
 * on the learned part, says the machines it implies against GPA tuned the same way, and gives the
 * configuration snippet to copy, naming the data it was tuned on.
 */
import { useMemo } from 'react';
import { textProblem } from '../../engine/index.ts';
import { knobCurveSpec, knobMachinesSpec, Q_FLOOR } from '../../present/schedulers/knobCurve.ts';
import { viewSnippets } from '../../present/schedulers/viewSnippet.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import {
  SCHEDULER_HISTORIES,
  SCHEDULERS_PARAMS,
  type SchedulersSettings,
} from '../../state/schedulers/params.ts';
import {
  cancelSchedulers,
  knobKey,
  pointKey,
  refreshSchedulers,
  replayKey,
  runningSchedulers,
  useSchedulerRuns,
  type KnobPoint,
  type KnobResult,
  replaySnippet,
  type ReplayTuned,
  type SchedulersData,
  type SchedulersSource,
} from '../../state/schedulers/runs.ts';
import { schedulerTab, schedulerTabs, type SchedulerTab } from '../../state/schedulers/tabs.ts';
import { useController } from '../controllerContext.ts';
import { HISTORY_LABEL, HistoryField, useSeriesSource } from '../HistoryField.tsx';
import { formatNumber } from '../../present/format.ts';
import { ParamNumber } from '../ParamNumber.tsx';
import { NumberBox } from '../SliderNumber.tsx';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { ReplayNodeList } from './ReplayNodeList.tsx';
import { SnippetBox } from './SnippetBox.tsx';
import './schedulers.css';

const SCOPE_LABEL = { mean: 'the mean machine', every: 'every machine', p95: '95 % of machines' };

function useSchedulersSettings() {
  const s = useExplorer((st) => st.params.schedulers);
  const setParams = useExplorer((st) => st.setParams);
  const navigate = useExplorer((st) => st.navigate);
  const set = (patch: Partial<SchedulersSettings>) => setParams({ schedulers: { ...s, ...patch } });
  const go = (patch: Partial<SchedulersSettings>) => navigate({ schedulers: { ...s, ...patch } });
  return { s, set, go };
}

const fq = (q: number) => formatNumber(q, 2);

const loadedOf = (source: SchedulersSource): SchedulersData | null =>
  source.kind === 'loaded' ? source.data : null;

/** The data's name in the snippet and the settings. */
function dataName(source: SchedulersSource, s: SchedulersSettings): string {
  return source.kind === 'loaded'
    ? `your data, ${source.data.title}`
    : `the bundled history ${HISTORY_LABEL[s.history]}`;
}

function Settings({
  s,
  set,
  source,
}: {
  s: SchedulersSettings;
  set: (p: Partial<SchedulersSettings>) => void;
  source: SchedulersSource;
}) {
  return (
    <div className="sched-settings" data-testid="sched-settings">
      <HistoryField
        source={source}
        value={s.history}
        histories={SCHEDULER_HISTORIES}
        label={(h) => HISTORY_LABEL[h]}
        testId="sched"
        onChange={(history) => set({ history, knob: null })}
      />
      <ParamNumber
        spec={SCHEDULERS_PARAMS.learn}
        label="share learned"
        value={s.learn}
        testId="sched-learn"
        onCommit={(learn) => set({ learn })}
      />
      <ParamNumber
        spec={SCHEDULERS_PARAMS.target}
        label="target q* per machine"
        value={s.target}
        testId="sched-target"
        onCommit={(target) => set({ target })}
      />
      <label className="field">
        <span>kept on</span>
        <select
          value={s.scope}
          data-testid="sched-scope"
          onChange={(e) => set({ scope: e.target.value as SchedulersSettings['scope'] })}
        >
          {(Object.keys(SCOPE_LABEL) as (keyof typeof SCOPE_LABEL)[]).map((k) => (
            <option key={k} value={k}>
              {SCOPE_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Tabs({
  tabs,
  current,
  go,
}: {
  tabs: SchedulerTab[];
  current: string;
  go: (name: string) => void;
}) {
  return (
    <div className="sched-tabs" role="tablist" aria-label="Schedulers">
      {tabs.map((t) => (
        <button
          key={t.info.name}
          type="button"
          role="tab"
          aria-selected={t.info.name === current}
          data-testid={`sched-tab-${t.info.name}`}
          onClick={() => go(t.info.name)}
        >
          {t.info.title}
        </button>
      ))}
    </div>
  );
}

function settingsText(settings: Readonly<Record<string, number>>): string {
  return Object.entries(settings)
    .map(([k, v]) => `${k} ${formatNumber(v, 4)}`)
    .join(', ');
}

function Figures({ r, s }: { r: KnobResult; s: SchedulersSettings }) {
  const { advice, gpa } = r;
  const chosen = advice.tuned ?? advice.closest;
  const d = advice.defaults;
  return (
    <dl className="sched-figures" data-testid="sched-figures">
      <div>
        <dt>
          {advice.tuned ? 'tuned one-shot (the fast screen)' : 'closest one-shot (misses q*)'}
        </dt>
        <dd data-testid="sched-tuned">{chosen ? settingsText(chosen.settings) : '—'}</dd>
      </div>
      <div>
        <dt>machines</dt>
        <dd data-testid="sched-machines">{chosen?.machines ?? '—'}</dd>
      </div>
      <div>
        <dt>worst machine’s q, judged</dt>
        <dd data-testid="sched-worst">
          {chosen
            ? `${fq(chosen.judged.worst)} (${chosen.judged.over} of ${chosen.machines} over ${s.target})`
            : '—'}
        </dd>
      </div>
      <div>
        <dt>GPA tuned the same way</dt>
        <dd data-testid="sched-gpa">
          {gpa.judged
            ? `${gpa.machines} machines (ρ = ${formatNumber(gpa.rho ?? NaN, 3)}), worst q ${fq(gpa.judged.worst)}`
            : 'no ρ keeps the target'}
        </dd>
      </div>
      <div>
        <dt>the project’s defaults</dt>
        <dd data-testid="sched-defaults">
          {settingsText(d.settings)}: {d.machines} machines, worst q {fq(d.judged.worst)}
        </dd>
      </div>
    </dl>
  );
}

/** The knob tuned by the replay as the cluster runs, on the same data, beside the defaults. */
function ReplayLine({ s, r }: { s: SchedulersSettings; r: ReplayTuned | null }) {
  const run = useSchedulerRuns((x) => x.replay);
  if (run.status === 'error')
    return (
      <p className="error-text" role="alert" data-testid="sched-replay-error">
        Could not tune it by replay: {run.error}
      </p>
    );
  if (!r) return null;
  const side = (x: ReplayTuned['chosen']) =>
    `${x.nodes} nodes, worst node ${x.worst ? `${x.worst.name} q ${fq(x.worst.q)}` : '—'}, ${x.slo.over} of ${x.nodes} over ${s.target}`;
  const value = r.value ?? r.closest!;
  const verdict =
    r.verdict === 'tuned'
      ? 'tuned'
      : r.missesOn === 'learned'
        ? 'misses (no value keeps q* on every learned fold: the closest)'
        : 'misses (kept q* on the learned folds, not on the judged part)';
  return (
    <>
      <p data-testid="sched-replay">
        Tuned by the replay as the cluster runs ({r.scenario}: each value replayed on the learned
        part’s folds, each pod placed one by one with only what the scheduler knew then; the
        one-shot value above is the fast screen): {r.field} = {formatNumber(value, 4)},{' '}
        <strong data-testid="sched-replay-verdict">{verdict}</strong> → {side(r.chosen)} on the
        judged part; the project’s defaults → {side(r.defaults)}.
      </p>
      <ReplayNodeList nodes={r.chosen.perNode} target={s.target} />
    </>
  );
}

function closestMiss(r: KnobResult): string {
  const c = r.advice.closest;
  return c
    ? ` The closest: ${settingsText(c.settings)}, worst q ${fq(c.judged.worst)}, mean q ${fq(c.judged.mean)} on the judged part (${c.machines} machines).`
    : '';
}

/** The snippets to copy once the knob is tuned (and the user's value judged), naming the data. */
function useViewSnippets(
  r: KnobResult | null,
  stale: boolean,
  s: SchedulersSettings,
  mine: KnobPoint | null,
  tunedOn: string,
  replay: ReplayTuned | null,
) {
  return useMemo(
    () =>
      r && !stale && (s.knob === null || mine)
        ? viewSnippets(r.advice, mine, tunedOn, replay && replaySnippet(replay))
        : [],
    [r, stale, s.knob, mine, tunedOn, replay],
  );
}

interface PanelProps {
  readonly s: SchedulersSettings;
  readonly tab: SchedulerTab;
  readonly set: (p: Partial<SchedulersSettings>) => void;
  readonly source: SchedulersSource;
}

function KnobPanel({ s, tab, set, source }: PanelProps) {
  const data = loadedOf(source);
  const knob = useSchedulerRuns((r) => r.knob);
  const point = useSchedulerRuns((r) => r.point);
  const r = knob.result?.value ?? null;
  const stale = knob.result !== null && knob.result.key !== knobKey(s, data);
  const field = tab.info.knob.field;
  const tunedValue = r ? ((r.advice.tuned ?? r.advice.closest)?.values[0] ?? null) : null;
  const curve = useMemo(
    () =>
      r &&
      knobCurveSpec(r.curve, {
        knob: field,
        target: s.target,
        tuned: tunedValue,
        chosen: s.knob,
        logX: tab.logKnob,
      }),
    [r, field, s.target, s.knob, tunedValue, tab.logKnob],
  );
  const machines = useMemo(
    () =>
      r &&
      knobMachinesSpec(r.curve, {
        knob: field,
        gpaMachines: r.gpa.machines,
        logX: tab.logKnob,
      }),
    [r, field, tab.logKnob],
  );
  const mine =
    s.knob !== null && point.result?.key === pointKey(s, data) ? point.result.value : null;
  const replayRun = useSchedulerRuns((x) => x.replay);
  const replay =
    replayRun.result?.key === replayKey(s, data) && !stale ? replayRun.result.value : null;
  const snippets = useViewSnippets(r, stale, s, mine, dataName(source, s), replay);
  return (
    <section
      className="sched-panel"
      role="tabpanel"
      aria-label={tab.info.title}
      data-testid="sched-panel"
    >
      <p className="sched-rule" data-testid="sched-rule">
        {tab.info.rule}
      </p>
      {tab.info.requests && <p className="hint">Requests: {tab.info.requests}.</p>}
      <ul className="sched-caveats">
        {tab.info.caveats.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      {knob.status === 'error' && (
        <p className="error-text" role="alert" data-testid="sched-error">
          {knob.error}
        </p>
      )}
      {r && <Figures r={r} s={s} />}
      {r && !stale && <ReplayLine s={s} r={replay} />}
      {r && !r.advice.tuned && (
        <p className="error-text" role="alert" data-testid="sched-miss">
          Every {field} on the grid misses q* = {s.target} ({SCOPE_LABEL[s.scope]}) on the learned
          part’s fold.{closestMiss(r)}
        </p>
      )}
      <PlotFigure
        name={`sched-curve-${tab.info.name}`}
        title={`q against ${field}`}
        caption={`Each value packs the learned part (Best Fit, rebalancing 5) and is judged on the judged part; green: the tuned value, violet: yours; q = 0 drawn at ${Q_FLOOR}.`}
        spec={curve}
        stale={stale}
        placeholder={knob.status === 'error' ? `Did not finish: ${knob.error}` : 'Tuning…'}
      />
      <PlotFigure
        name={`sched-machines-${tab.info.name}`}
        title={`Machines against ${field}`}
        caption="Machines each value packs on the learned part; dashed: GPA tuned to the same target."
        spec={machines}
        stale={stale}
        placeholder="Tuning…"
      />
      <div className="sched-knob">
        <NumberBox
          label={`your ${field}`}
          value={s.knob ?? tunedValue ?? tab.info.defaults[0]}
          min={Number.isFinite(tab.range.min) ? tab.range.min : undefined}
          max={Number.isFinite(tab.range.max) ? tab.range.max : undefined}
          problem={(raw) => textProblem(tab.range, raw)}
          testId="sched-knob"
          onChange={(v) => set({ knob: v })}
        />
        {s.knob !== null && (
          <button type="button" onClick={() => set({ knob: null })} data-testid="sched-knob-reset">
            Back to the tuned value
          </button>
        )}
        {mine && (
          <p data-testid="sched-point">
            {field} = {formatNumber(mine.value, 4)}: {mine.machines} machines, worst q{' '}
            {fq(mine.worst)}, mean q {fq(mine.mean)}, {mine.over} of {mine.machines} over q*{' '}
            {mine.meets ? '(keeps the target)' : '(misses the target)'}.
          </p>
        )}
        {s.knob !== null && point.status === 'error' && (
          <p className="error-text" role="alert">
            {point.error}
          </p>
        )}
      </div>
      {snippets.map((sn) => (
        <SnippetBox key={sn.title} text={sn.text} name={sn.title} />
      ))}
    </section>
  );
}

export function SchedulersView() {
  const { s, set, go } = useSchedulersSettings();
  const { runner } = useController();
  const runs = useSchedulerRuns((r) => r);
  const busy = runningSchedulers(runs);
  const tabs = schedulerTabs();
  const tab = schedulerTab(s.scheduler);
  const history = runs.history;
  const source = useSeriesSource();
  return (
    <div className="sched-view" data-testid="schedulers">
      <p className="lede">
        Your scheduler’s knob, from your data: each load-aware scheduler’s rule packs the first part
        of a real history; its knob is tuned so that the per-machine SLO holds on the part after it,
        beside GPA tuned the same way.
      </p>
      <Settings s={s} set={set} source={source} />
      {source.kind === 'no-series' && (
        <p className="error-text" role="alert" data-testid="sched-no-series">
          Your data ({source.title}) are a realization matrix, with no time axis: the view tunes on
          per-task series. Load the series (or choose a built-in dataset) to tune here.
        </p>
      )}
      {busy && (
        <ProgressBar
          label={busy.progress?.label ?? 'Working…'}
          done={busy.progress?.done ?? null}
          total={busy.progress?.total || null}
          onCancel={() => cancelSchedulers()}
        />
      )}
      {!busy && history.status === 'idle' && history.key !== null && (
        <p className="hint">
          Stopped.{' '}
          <button
            type="button"
            onClick={() => void refreshSchedulers(runner, s, true, loadedOf(source))}
          >
            Run again
          </button>
        </p>
      )}
      {history.status === 'error' && (
        <p className="error-text" role="alert" data-testid="sched-history-error">
          Could not prepare the history: {history.error}
        </p>
      )}
      {history.result && (
        <p className="hint" data-testid="sched-history">
          {history.result.value.tasks} tasks × {history.result.value.instants} instants;{' '}
          {history.result.value.learn.cols} learned, {history.result.value.judge.cols} judged.
        </p>
      )}
      <Tabs tabs={tabs} current={s.scheduler} go={(scheduler) => go({ scheduler, knob: null })} />
      {tab ? (
        <KnobPanel key={tab.info.name} s={s} tab={tab} set={set} source={source} />
      ) : (
        <p className="error-text" role="alert" data-testid="sched-unknown">
          {tabs.length
            ? `No scheduler named “${s.scheduler}”: the schedulers are ${tabs.map((t) => t.info.name).join(', ')}.`
            : 'No scheduler rule is registered in this build.'}
        </p>
      )}
    </div>
  );
}
