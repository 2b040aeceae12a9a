import { useSyncExternalStore } from 'react';

/** The width below which the layout is one column (styles.css): tablets and phones. */
export const NARROW = '(max-width: 900px)';

/** One list per query: a render reads `matches` instead of parsing the query again. */
const lists = new Map<string, MediaQueryList>();

const listOf = (query: string) =>
  lists.get(query) ?? lists.set(query, matchMedia(query)).get(query)!;

/** Whether `query` matches now, following the window as it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = listOf(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => listOf(query).matches,
    () => false,
  );
}
