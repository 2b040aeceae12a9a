/** The URL step: the link follows the parameters, written once they settle (no history entries). */
import type { Params } from '../params.ts';
import { encode } from '../url.ts';

export interface UrlSync {
  /** Schedules writing `params()` to the address bar `delay` ms from now (replacing a pending one). */
  schedule(): void;
  cancel(): void;
}

export function urlSync(
  params: () => Params,
  write: (search: string) => void = (search) =>
    history.replaceState(null, '', `${location.pathname}?${search}`),
  delay = 300,
): UrlSync {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(() => write(encode(params())), delay);
    },
    cancel: () => clearTimeout(timer),
  };
}
