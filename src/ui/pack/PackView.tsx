import { Suspense, lazy, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { PackResult } from '../../engine/index.ts';
import type { Controller } from '../../state/common/controller/controller.ts';

type Runner = Controller['runner'];
import { packKey, type Params } from '../../state/common/store/params.ts';
import { useExplorer, type ExplorerState } from '../../state/common/store/store.ts';
import { countWord, formatFixed } from '../../present/format.ts';
import { plainLabel } from '../../present/glossary.ts';
import { coresPerMachineOf, nodesText } from '../../present/cores.ts';
import { MachineStrip } from './MachineStrip.tsx';
import { MachineDetail, downloadRows, exportFiles } from './MachineDetail.tsx';
import { PackWaiting } from './PackWaiting.tsx';
import { useController } from '../controllerContext.ts';
import { PinButton } from './ab/PinButton.tsx';
import { Explain } from '../Explain.tsx';
import { usePackTrace } from './usePackTrace.ts';
import { packTraceWanted, wantPackTrace } from '../../state/pack/extras.ts';
import { machineTasks, machineView, type MachineView } from '../../present/pack/machineView.ts';
import { HEADLINE_TIMING } from '../../present/pack/firstScreen.ts';

// Below the headline and opened on demand: each arrives after the first numbers.
const AbCompare = lazy(() => import('./ab/AbCompare.tsx').then((m) => ({ default: m.AbCompare })));
const PackSloLine = lazy(() => import('./PackSlo.tsx').then((m) => ({ default: m.PackSloLine })));
const ExactQ = lazy(() => import('./ExactQ.tsx').then((m) => ({ default: m.ExactQ })));
// The headline's q waits for the replay's code (aligning the data), off the first page. Only its
// words and values wait: the q cell's "?" is drawn with the cell, so a fallback replaced under the
// keyboard's focus never takes the focus with it.
const QTerm = lazy(() => import('./HeadlineQ.tsx').then((m) => ({ default: m.QTerm })));
const QValues = lazy(() => import('./HeadlineQ.tsx').then((m) => ({ default: m.QValues })));
const RhoCell = lazy(() => import('./HeadlineQ.tsx').then((m) => ({ default: m.RhoCell })));
const HeadlineSentence = lazy(() =>
  import('./HeadlineSentence.tsx').then((m) => ({ default: m.HeadlineSentence })),
);
const HandMovesBar = lazy(() =>
  import('./HandMoves.tsx').then((m) => ({ default: m.HandMovesBar })),
);
/** A task dropped on a machine: judged and applied by the hand moves' code, loaded then. */
const dropTask = (runner: Runner) => (task: number, to: number) =>
  void import('./handMoves.ts').then((m) => m.tryMove(runner, { task, to }));
const PackStepThrough = lazy(() =>
  import('./PackStepThrough.tsx').then((m) => ({ default: m.PackStepThrough })),
);
/** The lessons' count, from the Learn link's bound (lessons.test.ts holds it to the registry). */
const LESSON_COUNT = LEARN_PARAMS.lesson.range!.max;
import { LEARN_PARAMS } from '../../state/learn/params.ts';

/** The first page's "what is this / start here" line. */
function StartHere() {
  const setParams = useExplorer((s) => s.setParams);
  return (
    <p className="start-here" data-testid="start-here">
      <strong>What is this?</strong> Tasks whose CPU use is random, packed onto as few machines as
      possible while a machine overflows at most a share ρ of the time (the GPA paper, SoCC 2017).{' '}
      <strong>Start here:</strong> change the fit test or ρ in the settings and watch the machines
      and the overflow frequency q below; new to the idea?{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => setParams({ view: 'learn', lesson: 1 })}
      >
        Learn it in {countWord(LESSON_COUNT)} short lessons
      </button>
      .
    </p>
  );
}

function Headline({
  result,
  rows,
  rho,
  stale,
}: {
  result: PackResult;
  rows: Int32Array;
  rho: number | null;
  stale: boolean;
}) {
  const capacity = useExplorer((s) => s.params.capacity);
  const cores = useExplorer((s) => coresPerMachineOf(s.params.upload?.options, s.params.scale));
  const nodes = nodesText(result.mAbs, capacity, cores);
  return (
    <dl className={`headline${stale ? ' stale' : ''}`} data-testid="headline">
      <div>
        <dt>
          {plainLabel('mAbs')}
          <Explain term="mAbs" name="m_abs" />
        </dt>
        <dd data-testid="m-abs" {...{ elementtiming: HEADLINE_TIMING }}>
          {result.mAbs}
        </dd>
        {nodes && (
          <dd className="hint" data-testid="m-abs-nodes">
            {nodes}
          </dd>
        )}
      </div>
      <div>
        <dt>
          {plainLabel('mNorm')}
          <Explain term="mNorm" name="m_norm" />
        </dt>
        <dd data-testid="m-norm">{result.mNorm}</dd>
      </div>
      <div>
        <dt>
          {plainLabel('m')}
          <Explain term="m" name="m" />
        </dt>
        <dd data-testid="m">{formatFixed(result.m, 3)}</dd>
      </div>
      <div className="q-cell">
        <dt>
          <Suspense fallback="overflow frequency (q)">
            <QTerm result={result} rows={rows} />
          </Suspense>
          <Explain term="q" name="q" />
        </dt>
        <Suspense fallback={<QPending />}>
          <QValues result={result} rows={rows} />
        </Suspense>
      </div>
      <Suspense fallback={<ExactPending />}>
        <ExactQ />
      </Suspense>
      {rho !== null && (
        <Suspense fallback={<RhoPending rho={rho} />}>
          <RhoCell result={result} rows={rows} rho={rho} />
        </Suspense>
      )}
      <div>
        <dt>oversized tasks</dt>
        <dd data-testid="oversized">{result.oversized.length}</dd>
      </div>
      <div>
        <dt>rebalancing moves</dt>
        <dd>{result.moves}</dd>
      </div>
    </dl>
  );
}

/**
 * The q cell's values and ρ's cell while the headline's q is on its way: each line its final cell
 * will hold, so nothing moves when the numbers arrive (no number that would then change).
 */
function QPending() {
  return (
    <>
      <dd>…</dd>
      <dd className="hint">{'\u00a0'}</dd>
    </>
  );
}

function RhoPending({ rho }: { rho: number }) {
  return (
    <div>
      <dt>{plainLabel('rho')}</dt>
      <dd>{rho}</dd>
    </div>
  );
}

function ExactPending() {
  return (
    <div className="exact-cell">
      <dt>overflow, exact (convolution)</dt>
      <dd>…</dd>
      <dd className="hint">{'\u00a0'}</dd>
    </div>
  );
}

/** The packing as JSON, tasks named by their pool rows. */
async function downloadPackingJson(params: Params, result: PackResult, rows: ArrayLike<number>) {
  (await exportFiles()).downloadJson('slopack-packing', {
    params,
    mAbs: result.mAbs,
    mNorm: result.mNorm,
    m: result.m,
    q: result.q,
    moves: result.moves,
    evaluated: result.evaluated,
    oversized: result.oversized.map((t) => rows[t]),
    machines: result.machines.map((m) => ({
      ...m,
      tasks: Array.from(m.tasks, (t) => rows[t]),
    })),
  });
}

function downloadMachinesCsv(result: PackResult) {
  return downloadRows(
    'slopack-machines',
    result.machines.map((m, j) => ({
      machine: j + 1,
      tasks: m.tasks.length,
      q: m.q,
      overflows: m.overflows,
      mean: m.mean,
      sd: m.sd,
      estimated_mean: m.estimatedMean,
      estimated_sd: m.estimatedSd,
    })),
  );
}

/** A result being replaced: updating (with Cancel) or cancelled (with Run again). */
function PackRunState() {
  const controller = useController();
  const cancelled = useExplorer(
    (s) =>
      s.pack.cancelled === packKey(s.params) ||
      (s.pool.status === 'error' && s.pool.error === 'cancelled'),
  );
  return (
    <>
      <span className="badge" data-testid="stale">
        {cancelled ? 'cancelled: showing the last result' : 'updating…'}
      </span>
      {cancelled ? (
        <button type="button" data-testid="run-again" onClick={() => controller.retry()}>
          Run again
        </button>
      ) : (
        <button type="button" data-testid="cancel-pack" onClick={() => controller.cancelPack()}>
          Cancel
        </button>
      )}
    </>
  );
}

/** The headline numbers and the packing's actions (run state, A/B pin, downloads). */
function PackHead({
  response,
  rho,
  stale,
  behind,
}: {
  response: NonNullable<ExplorerState['pack']['response']>;
  rho: number | null;
  stale: boolean;
  /** Whether what lies below the headline still shows an earlier packing. */
  behind: boolean;
}) {
  const params = useExplorer((s) => s.params);
  const { result, rows } = response;
  return (
    <div className="view-head">
      <Headline result={result} rows={rows} rho={rho} stale={stale} />
      <div className="view-actions pack-actions">
        {/* A slot of its own: the run state coming and going moves no button. */}
        <span className="run-state">{(stale || behind) && <PackRunState />}</span>
        <PinButton />
        <button type="button" onClick={() => void downloadPackingJson(params, result, rows)}>
          Result JSON
        </button>
        <button type="button" onClick={() => void downloadMachinesCsv(result)}>
          Machines CSV
        </button>
      </div>
    </div>
  );
}

/**
 * The packing the headline shows, at once, and the one below it: the headline follows each packing;
 * what lies below it (the SLO line, the machines, a machine's detail) follows in a deferred render
 * that a drag's next input may interrupt, so the headline's frame never waits for it.
 */
function useShownPacking() {
  const params = useExplorer((s) => s.params);
  const pack = useExplorer((s) => s.pack);
  const response = pack.response;
  const packed = useMemo(
    () => response && { response, params: pack.params ?? params, key: pack.key },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the parameters of this packing only
    [response],
  );
  const body = useDeferredValue(packed);
  return { response, stale: pack.key !== packKey(params), body, behind: body !== packed };
}

/** The selected machine's totals against its Gaussian, for the packing shown below the headline. */
function useMachineView(
  machine: PackResult['machines'][number] | undefined,
  body: { params: Params; key: string | null } | null,
  selected: number | null,
): MachineView | null {
  const totals = useExplorer((s) => s.machine.totals);
  const machineKey = useExplorer((s) => s.machine.key);
  const key = body?.key;
  const fit = body?.params.fit;
  const capacity = body?.params.capacity;
  const upload = body?.params.upload?.options;
  const scale = body?.params.scale;
  return useMemo(() => {
    if (!machine || !totals || !fit || capacity === undefined) return null;
    if (machineKey !== `${key}#${selected}`) return null;
    const cores = scale === undefined ? null : coresPerMachineOf(upload, scale);
    return machineView(machine, totals, fit, capacity, cores);
  }, [machine, totals, machineKey, key, selected, fit, capacity, upload, scale]);
}

export function PackView() {
  const params = useExplorer((s) => s.params);
  const dataset = useExplorer((s) => s.data.dataset);
  const setParams = useExplorer((s) => s.setParams);
  const navigate = useExplorer((s) => s.navigate);
  const abReady = useExplorer((s) => s.ab.status === 'ready' && s.ab.response !== null);
  const [stepsOpen, setOpen] = useState(() => params.step > 0 || packTraceWanted());
  const setStepsOpen = (open: boolean) => {
    setOpen(open);
    wantPackTrace(open);
  };
  const stepsRef = useRef<HTMLDetailsElement>(null);
  const trace = usePackTrace(stepsOpen || params.machine !== null);
  const decisions = trace.status === 'ready' ? trace.decisions : null;
  /** A task's "why": the step-through opens at the decision that placed it. */
  const openDecision = (step: number) => {
    navigate({ step });
    setStepsOpen(true);
    requestAnimationFrame(() => stepsRef.current?.scrollIntoView({ block: 'start' }));
  };
  const { response, stale, body, behind } = useShownPacking();
  const onSelect = useCallback((j: number) => setParams({ machine: j }), [setParams]);
  const { runner } = useController();
  const onDropTask = useMemo(() => dropTask(runner), [runner]);
  const rho = 'rho' in params.fit ? params.fit.rho : null;
  const packedCapacity = body?.params.capacity ?? params.capacity;
  const packedFit = body?.params.fit ?? params.fit;
  const packedRho = 'rho' in packedFit ? packedFit.rho : null;
  const selected = params.machine;
  const machine = body && selected !== null ? body.response.result.machines[selected] : undefined;
  const view = useMachineView(machine, body, selected);

  if (!response) {
    return (
      <>
        <StartHere />
        <PackWaiting />
      </>
    );
  }
  const head = <PackHead response={response} rho={rho} stale={stale} behind={behind} />;
  if (!body)
    return (
      <div className="pack-view">
        <StartHere />
        {head}
      </div>
    );
  const { result, rows } = body.response;
  const bodyStale = stale || behind;
  const taskRows = machine ? machineTasks(machine, rows, dataset?.ids) : [];
  return (
    <div className="pack-view">
      <StartHere />
      {head}
      {/* One boundary: what lies below the headline arrives whole, under it, moving nothing. */}
      <Suspense fallback={null}>
        <HeadlineSentence result={response.result} rows={response.rows} />
        <div className={bodyStale ? 'stale' : undefined}>
          <PackSloLine result={result} rows={rows} params={body.params} packKey={body.key} />
        </div>
        <AbCompare />
        {!(params.pinned && abReady) && (
          <MachineStrip
            result={result}
            capacity={packedCapacity}
            selected={selected}
            onSelect={onSelect}
            onDropTask={stale ? undefined : onDropTask}
          />
        )}
        <HandMovesBar />
        <PackStepThrough ref={stepsRef} open={stepsOpen} onOpen={setStepsOpen} state={trace} />
        {selected === null || !machine ? (
          <p className="hint">
            Select a machine to see its usage distribution against the Gaussian GPA assumes.
          </p>
        ) : (
          <MachineDetail
            selected={selected}
            machine={machine}
            result={result}
            rho={packedRho}
            view={view}
            stale={bodyStale}
            response={body.response}
            taskRows={taskRows}
            decisions={decisions}
            busy={trace.status === 'running'}
            onWhy={openDecision}
          />
        )}
      </Suspense>
    </div>
  );
}
