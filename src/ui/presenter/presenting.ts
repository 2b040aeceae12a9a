/**
 * Whether the page presents (`?present=1` on opening, then for the tab's session: the app rewrites
 * its address from its parameters, which do not hold the flag). `?present=0` ends it. Small: the
 * first page reads it; the presenter's bar itself loads lazily.
 */
const KEY = 'slopack-present';

export function presenting(): boolean {
  const flag = new URLSearchParams(location.search).get('present');
  try {
    if (flag === '1') sessionStorage.setItem(KEY, '1');
    if (flag === '0') sessionStorage.removeItem(KEY);
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return flag === '1';
  }
}
