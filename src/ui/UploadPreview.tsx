/** What files would load as (first rows, unit guess, warnings, filter counts) and the recipes. */
import { FORMAT_TITLES, type Preview, type Recipe } from '../engine/index.ts';
import { formatCount, formatNumber } from '../present/format.ts';

/** The preview of files under the chosen options, before they replace the loaded data. */
export function PreviewTable({ preview }: { preview: Preview }) {
  const { spec, unitGuess, warnings, rows, report, error } = preview;
  return (
    <div data-testid="preview">
      {spec && (
        <p>
          Read as <strong data-testid="preview-format">{FORMAT_TITLES[spec.format]}</strong>
          {report ? `, ${report.units}` : ''}.
        </p>
      )}
      {unitGuess && (
        <p className="hint" data-testid="unit-guess">
          Detected unit: <strong>{unitGuess.unit}</strong> ({unitGuess.reason}).
        </p>
      )}
      {error && (
        <p className="notice notice-error" data-testid="preview-error">
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
