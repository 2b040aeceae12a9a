/**
 * The history a wing replays (Schedulers, Replay, Requests): the user's data, named, when they are
 * loaded (or loading), else a choice of the bundled histories with a time axis.
 */
import { useMemo } from 'react';
import { seriesSource, type SeriesSource } from '../state/common/sources/seriesSource.ts';
import { useExplorer } from '../state/common/store/store.ts';

/** The bundled histories' names, as the wings' settings and snippets say them. */
export const HISTORY_LABEL = {
  'azure-v1': 'Azure V1, 100 VMs, 28 days',
  'google-gcd-jobs': 'Google 2011 jobs (GCD), one day',
} as const;

/** The wing's source, read from the explorer (its parts selected one by one, so it is stable). */
export function useSeriesSource(): SeriesSource {
  const dataset = useExplorer((st) => st.params.dataset);
  const data = useExplorer((st) => st.data);
  return useMemo(() => seriesSource({ params: { dataset }, data }), [dataset, data]);
}

export function HistoryField<H extends string>({
  source,
  value,
  histories,
  label,
  testId,
  onChange,
}: {
  source: SeriesSource;
  value: H;
  histories: readonly H[];
  label: (history: H) => string;
  /** The wing's prefix: `<prefix>-data` names the user's data, `<prefix>-history` the choice. */
  testId: string;
  onChange: (history: H) => void;
}) {
  if (source.kind !== 'bundled')
    return (
      <p className="field" data-testid={`${testId}-data`}>
        <span>History</span> your data
        {source.kind === 'loaded' || source.kind === 'no-series'
          ? `, ${source.kind === 'loaded' ? source.data.title : source.title}`
          : ' (loading)'}
      </p>
    );
  return (
    <label className="field">
      <span>History</span>
      <select
        value={value}
        data-testid={`${testId}-history`}
        onChange={(e) => onChange(e.target.value as H)}
      >
        {histories.map((h) => (
          <option key={h} value={h}>
            {label(h)}
          </option>
        ))}
      </select>
    </label>
  );
}
