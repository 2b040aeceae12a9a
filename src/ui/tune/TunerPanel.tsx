/**
 * The auto-tuner: from a target SLO and a confidence to each family's parameter, chosen by
 * cross-validation inside the observed columns and measured on the held-out ones; a ranked table, and
 * one click that moves Pack to the winner.
 */
import { useMemo } from 'react';
import type { TuneRow } from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { downloadCsv } from '../exportFiles.ts';
import { ProgressBar } from '../ProgressBar.tsx';
import { applyPatch, specKey, tuneClairvoyance, tuneCsvRows, tuneSpecOf } from './specs.ts';
import { cancelRun, startTuner, useTuneRuns } from '../../state/tune/runs.ts';
import { useJobPool } from './useJobPool.ts';
import { TunerControls } from './TunerControls.tsx';
import { TunerResult } from './TunerResult.tsx';
import { PACKER_LABEL } from '../../engine/index.ts';
import { Code } from '../ModelLink.tsx';

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
  const apply = (row: TuneRow) => result && setParams(applyPatch(row.fit, result.spec));
  const kappa = tuneClairvoyance(params);

  return (
    <section className="tune-panel" aria-label="Auto-tuner" data-testid="tuner">
      <div className="view-head">
        <p className="lede">
          State the SLO you want; for each family the tuner finds the most aggressive parameter that
          meets it with the chosen confidence, using only the observed columns, then measures it on
          the held-out ones: {spec.instances} instance{spec.instances > 1 ? 's' : ''} of{' '}
          {spec.tasks} tasks, <Code code={spec.packer} name={PACKER_LABEL[spec.packer]} />, c ={' '}
          {spec.capacity}, κ = {kappa}
          {params.clairvoyance === 1 &&
            ' (Pack’s κ = 1 holds nothing out, so the tuner holds out half; “apply” sets it in Pack)'}
          .
        </p>
      </div>
      <TunerControls
        ranAlready={result !== null && !stale}
        onRun={jobs && run.status !== 'running' ? () => void startTuner(jobs, spec, key) : null}
        onApplyBest={table?.best ? () => apply(table.best!) : null}
        onCsv={
          table && result
            ? () => downloadCsv('slopack-tune', tuneCsvRows(table, result.spec))
            : null
        }
      />
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
        <TunerResult
          table={table}
          spec={result.spec}
          stale={stale}
          instance={params.instance}
          apply={apply}
        />
      )}
    </section>
  );
}
