import { useSyncExternalStore } from 'react';

/** The width below which the layout is one column (styles.css): tablets and phones. */
export const NARROW = '(max-width: 900px)';

/** Whether `query` matches now, following the window as it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
