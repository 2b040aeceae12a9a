/**
 * "Step through this packing" for the Pack view: the current packing's decision trace, rebuilt by
 * the engine from the same rows, realizations and parameters, and checked against the shown result.
 */
import { useMemo, useState } from 'react';
import { identityRows, runPacking, type PackTrace, subsetWorkload } from '../../engine/index.ts';
import { packKey, packParams } from '../../state/params.ts';
import { useExplorer } from '../../state/store.ts';
import { TraceStepper, slackMeaning } from './TraceStepper.tsx';
import './learn.css';

/** Above this many realized values (tasks × R) the trace is not rebuilt on the main thread. */
const MAX_VALUES = 20_000_000;

function Stepper() {
  const params = useExplorer((s) => s.params);
  const pack = useExplorer((s) => s.pack);
  const dataset = useExplorer((s) => s.data.dataset);
  const [step, setStep] = useState(0);
  const response = pack.key === packKey(params) ? pack.response : null;
  const run = useMemo(() => {
    if (!response || !dataset) return null;
    if (!dataset.samples)
      return {
        error: 'Stepping through needs per-task samples; this dataset is a realization matrix.',
      };
    const samples = dataset.samples;
    const { rows } = response;
    if (rows.length * params.realizations > MAX_VALUES)
      return {
        error: `This packing is too large to step through here (${rows.length.toLocaleString('en')} tasks × ${params.realizations.toLocaleString('en')} realizations); try at most ${Math.floor(MAX_VALUES / params.realizations).toLocaleString('en')} tasks.`,
      };
    const stats = subsetWorkload(samples, rows, params.realizations, params.seed);
    const p = packParams(params);
    const trace: PackTrace = [];
    const result = runPacking(stats, identityRows(rows.length), p, trace);
    if (result.mAbs !== response.result.mAbs || result.q !== response.result.q)
      return {
        error: 'The rebuilt packing differs from the one shown, so its trace is not shown.',
      };
    const ts = stats.taskStats(p.source, stats.split(p.clairvoyance));
    ts.ensureMoments(identityRows(rows.length));
    return {
      trace,
      labels: Array.from(rows, (r) => samples.ids[r]),
      means: ts.mean.slice(0, rows.length),
    };
    // The trace depends on the packing's parameters, which `response` was made from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [response, dataset]);
  if (!run) return <p className="hint">Waiting for the packing…</p>;
  if ('error' in run) return <p className="hint">{run.error}</p>;
  return (
    <TraceStepper
      trace={run.trace}
      packer={params.packer}
      labels={run.labels}
      means={run.means}
      capacity={params.capacity}
      slackMeaning={slackMeaning(params.fit.kind)}
      step={step}
      onStep={setStep}
      interval={250}
    />
  );
}

export function PackStepThrough() {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="pack-steps"
      data-testid="pack-steps"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>Step through this packing: every decision, with each open machine’s slack</summary>
      {open && <Stepper />}
    </details>
  );
}
