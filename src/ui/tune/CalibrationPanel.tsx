/**
 * Calibration: sweep one fit family's parameter on Pack's settings and show the measured q
 * against the SLO each value requests, beside the machines it uses. Runs when opened or changed.
 */
import { useMemo } from 'react';
import { FAMILY_INFO, familySpec } from '../../engine/index.ts';
import { CalibrationHead, CalibrationTable } from './CalibrationParts.tsx';
import { useExplorer } from '../../state/common/store/store.ts';
import { downloadCsv } from '../exportFiles.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import {
  calibrationData,
  calibrationMachinesSpec,
  calibrationQSpec,
  type CalibrationDatum,
} from '../../present/tune/calibrationPlots.ts';
import { calibrationCsvRows, calibrationSpecOf, familyOfFit, specKey } from './specs.ts';
import { cancelRun, startCalibration, useTuneRuns } from '../../state/tune/runs.ts';
import { useJobPool } from './useJobPool.ts';

export function CalibrationPanel() {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const jobs = useJobPool();
  const run = useTuneRuns((s) => s.calibration);
  const spec = useMemo(() => calibrationSpecOf(params), [params]);
  const key = specKey(params, spec);
  const family = params.tuneFamily;
  const info = FAMILY_INFO[family];

  const result = run.result;
  const stale = result !== null && result.key !== key;
  const curve = result?.value.find((c) => c.family === result.spec.families[0]) ?? null;
  const current = familyOfFit(params.fit);
  const currentValue =
    current !== null && curve !== null && current.family === curve.family ? current.value : null;
  const data = useMemo(
    () => (curve ? calibrationData(curve, currentValue) : null),
    [curve, currentValue],
  );
  const qSpec = useMemo(
    () => (data && result ? calibrationQSpec(data, params.target, result.spec.confidence) : null),
    [data, result, params.target],
  );
  const mSpec = useMemo(() => (data ? calibrationMachinesSpec(data) : null), [data]);
  const open = (d: unknown) => {
    if (!curve) return;
    const value = (d as CalibrationDatum).value;
    setParams({ fit: familySpec(curve.family, value, spec.bin), view: 'pack', machine: null });
  };
  const placeholder =
    run.status === 'error'
      ? `The sweep did not finish: ${run.error}`
      : jobs
        ? 'Packing…'
        : 'Waiting for the realized workload…';

  return (
    <section className="tune-panel" aria-label="Calibration" data-testid="calibration">
      <CalibrationHead
        spec={spec}
        family={family}
        canRun={
          run.status !== 'running' && (result?.key !== key || run.status === 'error') && !!jobs
        }
        onFamily={(f) => setParams({ tuneFamily: f })}
        onRun={() => jobs && void startCalibration(jobs, spec, key)}
        onCsv={
          result ? () => downloadCsv('slopack-calibration', calibrationCsvRows(result.value)) : null
        }
      />
      {run.status === 'running' && (
        <ProgressBar
          label={run.progress?.label ?? 'Packing the sweep'}
          done={run.progress?.done ?? 0}
          total={run.progress?.total ?? null}
          onCancel={() => cancelRun('calibration')}
        />
      )}
      <div className="plots-2 wide-left">
        <PlotFigure
          name={`calibration-q-${curve?.family ?? family}`}
          title={`${curve?.label ?? info.label}: measured q against the requested SLO`}
          caption={`Blue: mean q over instances with its ${Math.round(spec.confidence * 100)} % t band; grey: each run's q with its Wilson interval; dashed: the SLO the value requests (${info.nominalSloMeaning}); red: the target q*; dotted: 1/|E|, one overflow per machine; hollow triangles are q = 0 (no overflow at all), drawn below every positive q. Click a value to open it in Pack.`}
          spec={qSpec}
          stale={stale}
          onPick={open}
          placeholder={placeholder}
        />
        <PlotFigure
          name={`calibration-machines-${curve?.family ?? family}`}
          title={`${curve?.label ?? info.label}: machines used`}
          caption="Mean machines m_abs over instances at each value: the price of each step toward safety."
          spec={mSpec}
          stale={stale}
          onPick={open}
          placeholder={placeholder}
        />
      </div>
      {curve && data && (
        <CalibrationTable
          curve={curve}
          confidence={spec.confidence}
          target={params.target}
          currentValue={currentValue}
          stale={stale}
        />
      )}
    </section>
  );
}
