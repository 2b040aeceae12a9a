/**
 * The URL step: the link follows the parameters, and each settled change is one history entry.
 * Navigation (a change to a row the URL table marks `navigates`: view, lesson, figure, machine, …)
 * pushes an entry at once, so Back returns; other edits (a slider dragged, a number typed) push one
 * entry once they have settled for `delay` ms, so Back undoes the change and not a frame of it. The
 * app's own adjustments (`adjust`: a value fitted to the data or the budget, a playback's frame)
 * rewrite the current entry instead, or ride along with an edit still settling. Back and Forward
 * restore the parameters from the address bar (`adopt`), writing nothing; Back from the state the
 * visit opened on leaves the page.
 */
import type { Params } from '../../store/params.ts';
import { LINKS, type LinkCodec } from '../../link/url.ts';
import {
  LONG_QUERY_CHARS,
  addressOf,
  linkCodecReady,
  loadLinkCodec,
  queryOf,
} from '../../link/linkAddress.ts';

/** The address bar: its current query (without "?") and a write that pushes or replaces. */
export interface AddressBar {
  read(): string;
  write(search: string, mode: 'push' | 'replace'): void;
}

/** Writes waiting for the long-link codec to load, in order (null: none waiting). */
let codecWrites: Promise<void> | null = null;

const browserAddressBar: AddressBar = {
  read: () => queryOf(location.search, location.hash).query,
  write(query, mode) {
    const put = () => {
      const { search, hash } = addressOf(query);
      const url = `${location.pathname}${search || '?'}${hash}`;
      if (mode === 'push') history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    };
    if (!codecWrites && (query.length <= LONG_QUERY_CHARS || linkCodecReady())) return put();
    // A long link waits for the deflate code; later writes wait behind it, so the order holds.
    const next = (codecWrites ?? loadLinkCodec()).then(put);
    codecWrites = next;
    void next
      .catch(() => undefined)
      .finally(() => {
        if (codecWrites === next) codecWrites = null;
      });
  },
};

/** How a change came: a person's edit, a navigation, or the app adjusting its own state. */
export type ChangeKind = 'edit' | 'navigation' | 'adjustment';

interface UrlSync {
  /**
   * Follows a change from `prev` to the current parameters: a navigation is pushed now (an edit of
   * `prev` still settling is written into its own entry first); an edit is pushed, an adjustment
   * replaced, `delay` ms after the last change.
   */
  schedule(prev?: Params, kind?: ChangeKind): void;
  /** The address bar already shows `p` (Back, Forward, a decoded link): nothing to write for it. */
  adopt(p: Params): void;
  cancel(): void;
}

/** Whether going from `a` to `b` is a navigation (a row marked `navigates` differs). */
export function navigates(a: Params, b: Params): boolean {
  return LINKS.navigates(a, b);
}

/**
 * How long an edit must rest to be settled: 300 ms, or what a test set before the app started
 * (`globalThis.slopackSettleMs`, as `slopackLiveness`), so that a run of key presses that a loaded
 * machine spreads over more than 300 ms still counts as one change there.
 */
function configuredSettle(): number {
  const set = (globalThis as { slopackSettleMs?: unknown }).slopackSettleMs;
  return typeof set === 'number' && Number.isFinite(set) && set > 0 ? set : 300;
}

export function urlSync(
  params: () => Params,
  bar: AddressBar = browserAddressBar,
  delay = configuredSettle(),
  links: LinkCodec = LINKS,
): UrlSync {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** How the change waiting for `timer` will be written. */
  let pending: 'push' | 'replace' = 'replace';
  let shown: Params = params();
  /**
   * The link of the state Back or Forward reached: that state is that entry, even where the address
   * is spelled otherwise (a link typed by hand), so it is not written again as a new entry — which
   * would drop the entries Forward leads to.
   */
  let adopted: string | null = null;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const write = (p: Params, mode: 'push' | 'replace') => {
    shown = p;
    const search = links.encode(p);
    if (search === adopted) return;
    adopted = null;
    if (search !== bar.read()) bar.write(search, mode);
  };
  return {
    schedule(prev, kind = 'edit') {
      const next = params();
      if (kind === 'navigation' || links.navigates(shown, next)) {
        if (timer !== undefined && prev) write(prev, pending);
        stop();
        write(next, 'push');
        return;
      }
      const settling = timer !== undefined;
      stop();
      // The link is encoded once the change settles, not at each of a drag's inputs; a change back
      // to the link shown writes nothing then.
      if (next === shown) return;
      pending = kind === 'edit' ? 'push' : settling ? pending : 'replace';
      timer = setTimeout(() => {
        timer = undefined;
        write(params(), pending);
      }, delay);
    },
    adopt(p) {
      stop();
      shown = p;
      adopted = links.encode(p);
    },
    cancel: stop,
  };
}
