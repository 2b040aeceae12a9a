/** What files would load as (first rows, unit guess, warnings, filter counts) and the recipes. */
import { findFormat, type Preview, type Recipe, type TimeAxisPreview } from '../engine/index.ts';
import { formatCount, formatNumber } from '../present/format.ts';

/** The preview of files under the chosen options, before they replace the loaded data. */
export function PreviewTable({ preview }: { preview: Preview }) {
  const { spec, unitGuess, warnings, rows, report, error, timeAxis } = preview;
  return (
    <div data-testid="preview">
      {spec && (
        <p>
          Read as{' '}
          <strong data-testid="preview-format">
            {findFormat(spec.format)?.title ?? spec.format}
          </strong>
          {report ? `, ${report.units}` : ''}.
        </p>
      )}
      {unitGuess && (
        <p className="hint" data-testid="unit-guess">
          Detected unit: <strong>{unitGuess.unit}</strong> ({unitGuess.reason}).
        </p>
      )}
      {error && (
        <p className="notice notice-error lines" data-testid="preview-error">
          {error}
        </p>
      )}
      {warnings.map((w, i) => (
        <p key={i} className="notice notice-warning" data-testid="unit-warning">
          {w}
        </p>
      ))}
      {report && (
        <p data-testid="preview-filters">
          In the first rows: {formatCount(report.tasksRead)} tasks read
          {report.filters
            .map((f) => ` → ${formatCount(f.count)} ${f.of} (${f.label})`)
            .join('')} → {formatCount(report.tasksKept)} kept
          {report.skippedLines > 0 ? `, ${report.skippedLines} bad lines skipped` : ''}.
        </p>
      )}
      {timeAxis && <TimeAxisSummary axis={timeAxis} />}
      {rows.length > 0 && (
        <table className="task-table" data-testid="preview-rows">
          <caption>First tasks as parsed, in machines (after unit and task size)</caption>
          <thead>
            <tr>
              <th scope="col">task</th>
              <th scope="col">first values (inst)</th>
              <th scope="col">avg</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="task-id">{r.id}</td>
                <td>{r.inst.map((v) => formatNumber(v)).join(', ')}</td>
                <td>{r.avg ? r.avg.map((v) => formatNumber(v)).join(', ') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const percent = (share: number) => `${formatNumber(100 * share)} %`;
/** Epoch seconds as UTC date and time; small times (seconds from a trace's start) as they are. */
const instant = (t: number) =>
  t > 1e8 ? new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ') : `${t} s`;

/** Step, common span and coverage of data with a time axis (first rows of each file). */
function TimeAxisSummary({ axis }: { axis: TimeAxisPreview }) {
  const least = [...axis.overlap].sort((a, b) => a.share - b.share)[0];
  return (
    <div data-testid="preview-time">
      <p data-testid="preview-step">
        {axis.step === null
          ? 'No sampling step: no series has two samples in the first rows.'
          : `Sampled every ${formatNumber(axis.step)} s.`}
      </p>
      {(axis.fileSteps.length > 0 || axis.offSteps.length > 0) && (
        <p className="notice notice-error" data-testid="preview-steps">
          Different sampling steps in one load:{' '}
          {axis.fileSteps.length > 0
            ? axis.fileSteps.map((f) => `${f.file} every ${formatNumber(f.step)} s`).join(', ')
            : axis.offSteps
                .map(
                  (s) =>
                    `series ${s.series}${s.file ? ` (${s.file})` : ''} every ${formatNumber(s.step)} s`,
                )
                .join(', ')}
          . Give the step to bucket every series to it, or load them separately.
        </p>
      )}
      <p className={axis.common ? undefined : 'notice notice-error'} data-testid="preview-common">
        {axis.common
          ? `All ${axis.overlap.length} series share ${instant(axis.common.start)} to ${instant(axis.common.end)}` +
            (least && least.share < 1
              ? `; series ${least.series} has ${percent(least.share)} of its span in it.`
              : '.')
          : `No common instant: the ${axis.overlap.length} series' spans do not overlap (0 % of each lies in a shared span), from ${instant(axis.range.start)} to ${instant(axis.range.end)}.`}
      </p>
      {(axis.startInside > 0 || axis.endInside > 0) && (
        <p data-testid="preview-coverage">
          {axis.startInside} series start and {axis.endInside} end inside the range
          {axis.leastCovered.length > 0
            ? `; least covered: ${axis.leastCovered.map((c) => `${c.series} (${percent(c.coverage)} of the instants)`).join(', ')}`
            : ''}
          .
        </p>
      )}
    </div>
  );
}

/** One recipe per format people bring: the files to give, the unit, and a button to start from it. */
export function RecipeList(props: {
  recipes: readonly Recipe[];
  onPick: (recipe: Recipe) => void;
}) {
  return (
    <details className="recipes" data-testid="recipes">
      <summary>Recipes: which files to give for each format</summary>
      <ul>
        {props.recipes.map((r) => (
          <li key={r.id}>
            <strong>{r.title}</strong>:{' '}
            {r.files
              .map((f) => `${f.pattern} (${f.required ? '' : 'optional, '}${f.note})`)
              .join('; ')}
            . Unit: {r.unit}. {r.notes.join('; ')}.{' '}
            <button type="button" onClick={() => props.onPick(r)}>
              use this recipe
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
