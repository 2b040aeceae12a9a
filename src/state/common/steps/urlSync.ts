/**
 * The URL step: the link follows the parameters. Navigation (a change to a row the URL table marks
 * `navigates`: view, lesson, figure, machine, …) pushes a history entry at once, so Back returns;
 * continuous edits (a slider dragged) replace the entry once they settle. Back and Forward restore
 * the parameters from the address bar (`adopt`), writing nothing.
 */
import type { Params } from '../params.ts';
import { encode } from '../url.ts';
import { addressOf, queryOf } from '../linkAddress.ts';
import { NAVIGATION_FIELDS } from '../urlFields.ts';

/** The address bar: its current query (without "?") and a write that pushes or replaces. */
export interface AddressBar {
  read(): string;
  write(search: string, mode: 'push' | 'replace'): void;
}

export const browserAddressBar: AddressBar = {
  read: () => queryOf(location.search, location.hash).query,
  write(query, mode) {
    const { search, hash } = addressOf(query);
    const url = `${location.pathname}${search || '?'}${hash}`;
    if (mode === 'push') history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  },
};

export interface UrlSync {
  /**
   * Follows a change from `prev` to the current parameters: a navigation is pushed now (a pending
   * edit of `prev` is written into its own entry first), anything else replaced `delay` ms from now.
   * `navigation` forces a push (a link followed that changes no navigation row).
   */
  schedule(prev?: Params, navigation?: boolean): void;
  /** The address bar already shows `p` (Back, Forward, a decoded link): nothing to write for it. */
  adopt(p: Params): void;
  cancel(): void;
}

/** Whether going from `a` to `b` is a navigation (a row marked `navigates` differs). */
export function navigates(a: Params, b: Params): boolean {
  return NAVIGATION_FIELDS.some((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
}

export function urlSync(
  params: () => Params,
  bar: AddressBar = browserAddressBar,
  delay = 300,
): UrlSync {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: Params = params();
  const write = (p: Params, mode: 'push' | 'replace') => {
    shown = p;
    const search = encode(p);
    if (search !== bar.read()) bar.write(search, mode);
  };
  return {
    schedule(prev, navigation = false) {
      const next = params();
      if (navigation || navigates(shown, next)) {
        if (timer !== undefined && prev) write(prev, 'replace');
        clearTimeout(timer);
        timer = undefined;
        write(next, 'push');
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        write(params(), 'replace');
      }, delay);
    },
    adopt(p) {
      clearTimeout(timer);
      timer = undefined;
      shown = p;
    },
    cancel: () => clearTimeout(timer),
  };
}
