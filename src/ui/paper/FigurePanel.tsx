/** One figure of the paper lab: computed in the pool (progress, cancel), cached, then presented. */
import { useMemo } from 'react';
import {
  LAB_CACHE,
  cachedFigure,
  figureKey,
  unavailable,
  type FigureData,
  type LabInputs,
  type LabParams,
} from '../../state/paper/lab.ts';
import { useOutcome } from '../../state/common/runs/keyedRuns.ts';
import { figureRuns } from '../../state/paper/figureRun.ts';
import { PRESETS } from '../../state/common/sources/datasets.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { downloadCsv, downloadJson } from '../exportFiles.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { fmt, type Cell, type FigureDef, type Presentation } from '../../present/paper/figures.ts';

const INTEGER_KEYS = new Set(['n', 'k', 'sums', 'count', 'instances', 'observed']);

function cellText(v: Cell | undefined, key: string): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return INTEGER_KEYS.has(key) ? String(v) : fmt(v);
  return v;
}

function PresentationView({
  def,
  pres,
  data,
  paper,
}: {
  def: FigureDef;
  pres: Presentation;
  data: FigureData;
  paper: boolean;
}) {
  const columns = pres.table?.columns.filter((c) => paper || !c.paper) ?? [];
  return (
    <div className="paper-result" data-testid="paper-result">
      {pres.summary && (
        <p className="paper-summary" data-testid="paper-summary">
          {pres.summary}
        </p>
      )}
      {pres.facts.length > 0 && (
        <dl className="paper-facts">
          {pres.facts.map((f) => (
            <div key={f.id} className="paper-fact">
              <dt>{f.label}</dt>
              <dd data-testid={`fact-${f.id}`}>{f.value}</dd>
              {paper && f.paper !== undefined && (
                <dd className="paper-value" data-testid={`paper-fact-${f.id}`}>
                  paper: {f.paper}
                </dd>
              )}
            </div>
          ))}
        </dl>
      )}
      <div className="paper-plots">
        {pres.plots.map((p) => (
          <PlotFigure
            key={p.name}
            name={p.name}
            title={p.title}
            caption={p.caption}
            spec={p.spec}
          />
        ))}
      </div>
      {pres.table && (
        <div className="paper-table-wrap">
          <table className="paper-table" data-testid="paper-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} className={c.paper ? 'paper-col' : undefined} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pres.table.rows.map((r, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={c.paper ? 'paper-col' : undefined}
                      data-testid={`cell-${i}-${c.key}`}
                    >
                      {cellText(r[c.key], c.key)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="view-actions">
        {pres.table && (
          <button
            type="button"
            onClick={() =>
              downloadCsv(
                `slopack-${def.id}`,
                pres.table!.rows as unknown as Record<string, unknown>[],
              )
            }
          >
            Table CSV
          </button>
        )}
        <button type="button" onClick={() => downloadJson(`slopack-${def.id}`, data)}>
          Numbers JSON
        </button>
      </div>
    </div>
  );
}

/** The dataset offered when a figure needs an avg series: synthetic, quick, and shaped like the paper's data. */
const AVG_DATASET = 'google-like';

/** One click to a dataset with an avg series (Figs. 1 and 10 compare inst with avg). */
function SwitchToAvg() {
  const setParams = useExplorer((s) => s.setParams);
  const preset = PRESETS.find((p) => p.id === AVG_DATASET);
  if (!preset) return null;
  return (
    <>
      {' '}
      <button
        type="button"
        data-testid="switch-to-avg"
        onClick={() => setParams({ dataset: preset.id, upload: null, scale: preset.scale })}
      >
        Switch to {preset.title}, which has one
      </button>
    </>
  );
}

export function FigurePanel({
  def,
  inputs,
  hasSamples,
  lab,
  paper,
}: {
  def: FigureDef;
  inputs: LabInputs;
  hasSamples: boolean;
  lab: LabParams;
  paper: boolean;
}) {
  const key = figureKey(def.id, inputs.key, lab);
  const why = unavailable(def.id, inputs.pool, hasSamples);
  const cached = why ? undefined : cachedFigure(LAB_CACHE, def.id, inputs.key, lab);
  const outcome = useOutcome(figureRuns, key);
  const rerun = (): void => figureRuns.retry(key);
  const data = cached ?? (outcome?.status === 'ready' ? outcome.value : null);
  const pres = useMemo(
    () => (data ? def.present(data, { paper, params: lab }) : null),
    [data, def, paper, lab],
  );
  const progress = outcome?.status === 'running' ? outcome.progress : null;
  return (
    <section className="paper-figure" data-testid={`paper-figure-${def.id}`}>
      <h2>
        <span className="paper-label">{def.label}</span> {def.title}
      </h2>
      <p className="paper-caption">{def.caption}</p>
      {why ? (
        <p className="paper-unavailable" data-testid="paper-unavailable">
          {why}
          {(def.id === 'fig1' || def.id === 'fig10') && <SwitchToAvg />}
        </p>
      ) : pres && data ? (
        <PresentationView def={def} pres={pres} data={data} paper={paper} />
      ) : outcome?.status === 'error' ? (
        <p className="paper-error" role="alert" data-testid="paper-error">
          {outcome.error}{' '}
          <button type="button" onClick={rerun} data-testid="paper-retry">
            Retry
          </button>
        </p>
      ) : outcome?.status === 'cancelled' ? (
        <p>
          Cancelled.{' '}
          <button type="button" onClick={rerun} data-testid="paper-run">
            Compute
          </button>
        </p>
      ) : (
        <ProgressBar
          label={progress ? `Computing: ${progress.label}` : 'Computing…'}
          done={progress?.done ?? null}
          total={progress?.total ?? null}
          onCancel={() => figureRuns.cancel()}
        />
      )}
    </section>
  );
}
