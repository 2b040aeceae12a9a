/**
 * The paper lab: every table and figure of the GPA paper recomputed on the loaded dataset, one
 * linkable sub-view each, with the paper's published numbers one toggle away.
 */
import { decimalOrNull, PACKER_LABEL } from '../../engine/index.ts';
import { useMemo, type MouseEvent } from 'react';
import { PAPER_LAB_SIZES, labParams, type FigureId } from '../../state/paper/lab.ts';
import { DEFAULT_PARAMS, type Params } from '../../state/common/store/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { encode } from '../../state/common/link/url.ts';
import { FIGURES, GROUP_LABEL, figureDef, type FigureGroup } from '../../present/paper/figures.ts';
import { FigurePanel } from './FigurePanel.tsx';
import { useLab } from './useLab.ts';
import './paper.css';
import { formatCount } from '../../present/format.ts';

const GROUPS: FigureGroup[] = ['data', 'sums', 'packing'];

function hrefOf(p: Params): string {
  return `?${encode(p)}`;
}

/** A plain click follows the link in the page; modified clicks open it elsewhere as usual. */
function follow(e: MouseEvent, go: () => void) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  go();
}

type NumberKey = 'paperInstances' | 'paperSums' | 'paperN' | 'paperExample' | 'paperWindow';

function SizeInput({
  field,
  label,
  min,
  max,
  paperValue,
  testid,
}: {
  field: NumberKey;
  label: string;
  min: number;
  max: number;
  paperValue?: number;
  testid: string;
}) {
  const value = useExplorer((s) => s.params[field]);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <label className="paper-size">
      {label}{' '}
      <input
        type="number"
        min={min}
        max={max}
        defaultValue={value}
        key={value}
        data-testid={testid}
        onBlur={(e) => {
          const v = decimalOrNull(e.target.value);
          if (v !== null && Number.isInteger(v) && v >= min && v <= max) setParams({ [field]: v });
          else e.target.value = String(value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        }}
      />
      {paperValue !== undefined && value !== paperValue && (
        <small className="paper-hint"> paper: {formatCount(paperValue)}</small>
      )}
    </label>
  );
}

function Sizes({ figure }: { figure: FigureId }) {
  const group = figureDef(figure).group;
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <div className="paper-sizes" data-testid="paper-sizes">
      <span className="paper-shared">
        R = {formatCount(params.realizations)}
        {params.realizations !== DEFAULT_PARAMS.realizations && ' (paper: 10,000)'}, seed{' '}
        {params.seed}
        {group === 'packing' &&
          `, N′ = ${formatCount(params.tasks)} tasks per instance, ${PACKER_LABEL[params.packer]}`}{' '}
        <small>(set in the panel)</small>
      </span>
      {group === 'packing' && (
        <SizeInput
          field="paperInstances"
          label="Instances K"
          min={1}
          max={500}
          paperValue={PAPER_LAB_SIZES.instances}
          testid="paper-instances"
        />
      )}
      {(figure === 'table1' || figure === 'fig6') && (
        <SizeInput
          field="paperSums"
          label="Sums per N"
          min={1}
          max={100_000}
          paperValue={PAPER_LAB_SIZES.sums}
          testid="paper-sums"
        />
      )}
      {figure === 'fig5' && (
        <>
          <SizeInput field="paperN" label="N tasks" min={1} max={100_000} testid="paper-n" />
          {[10, 50, 500].map((n) => (
            <button
              key={n}
              type="button"
              className={params.paperN === n ? 'active' : undefined}
              onClick={() => setParams({ paperN: n })}
            >
              N = {n}
            </button>
          ))}
          <button
            type="button"
            onClick={() => setParams({ paperExample: params.paperExample + 1 })}
            data-testid="paper-another"
          >
            Another sum
          </button>
        </>
      )}
      {figure === 'ks' && (
        <SizeInput
          field="paperWindow"
          label="Window Δ (samples)"
          min={2}
          max={10_000}
          paperValue={12}
          testid="paper-window"
        />
      )}
      <label className="paper-toggle">
        <input
          type="checkbox"
          checked={params.paperOverlay}
          onChange={(e) => setParams({ paperOverlay: e.target.checked })}
          data-testid="paper-toggle"
        />{' '}
        paper’s numbers
      </label>
    </div>
  );
}

export function PaperView() {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const title = useExplorer((s) => s.data.dataset?.title ?? null);
  const lab = useLab();
  const labParamsValue = useMemo(() => labParams(params), [params]);
  const def = figureDef(params.paperFigure);
  return (
    <div className="paper-lab" data-testid="paper-lab">
      <nav className="paper-nav" aria-label="Figures of the paper">
        {GROUPS.map((g) => (
          <div key={g} className="paper-nav-group">
            <h3>{GROUP_LABEL[g]}</h3>
            <ul>
              {FIGURES.filter((f) => f.group === g).map((f) => {
                const target = { ...params, paperFigure: f.id };
                const current = f.id === params.paperFigure;
                return (
                  <li key={f.id}>
                    <a
                      href={hrefOf(target)}
                      aria-current={current ? 'page' : undefined}
                      data-testid={`paper-link-${f.id}`}
                      title={f.title}
                      onClick={(e) => follow(e, () => setParams({ paperFigure: f.id }))}
                    >
                      {f.label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="paper-main">
        <p className="lede">
          The GPA paper’s tables and figures (Janus &amp; Rzadca, SoCC 2017), recomputed on{' '}
          {title ? <strong>{title}</strong> : 'the loaded dataset'}. The paper used 100,000 Google
          tasks from 2011; with “paper’s numbers” on, its published values sit beside these.
        </p>
        <Sizes figure={params.paperFigure} />
        {lab.status === 'ready' ? (
          <FigurePanel
            key={def.id}
            def={def}
            inputs={lab.inputs}
            hasSamples={lab.hasSamples}
            lab={labParamsValue}
            paper={params.paperOverlay}
          />
        ) : (
          <p className={lab.status === 'error' ? 'paper-error' : 'paper-waiting'}>{lab.message}</p>
        )}
      </div>
    </div>
  );
}
