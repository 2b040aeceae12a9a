/**
 * Long links: a query past `LONG_QUERY_CHARS` (machine types, an A/B pin, file lists) travels in the
 * URL's fragment, deflated and base64url-coded (`#z=…`), so no server sees it and none refuses it
 * (HTTP 431 past its header limit, ~16 kB for many). Short links keep the plain, readable query.
 * Reading takes the fragment first; an unreadable fragment is a notice, never an exception.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { decode, type Decoded } from './url.ts';
import { formatCount } from '../../present/format.ts';

/** The longest query kept in the open: well below every common server's header limit. */
export const LONG_QUERY_CHARS = 2000;
/** Past this length Share shows the link's length (some chat tools and mailers cut long links). */
export const SHOW_LENGTH_CHARS = 8 * 1024;

const FRAGMENT_KEY = 'z=';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Where a query goes in an address: its `?…` part and its `#…` part (either may be empty). */
export function addressOf(query: string): { readonly search: string; readonly hash: string } {
  if (query.length <= LONG_QUERY_CHARS) return { search: query ? `?${query}` : '', hash: '' };
  return { search: '', hash: `#${FRAGMENT_KEY}${toBase64Url(deflateSync(strToU8(query)))}` };
}

/** The query an address carries (the fragment's when it holds one), and a notice if unreadable. */
export function queryOf(search: string, hash: string): { query: string; notice: string | null } {
  const plain = search.replace(/^\?/, '');
  const h = hash.replace(/^#/, '');
  if (!h.startsWith(FRAGMENT_KEY)) return { query: plain, notice: null };
  try {
    return {
      query: strFromU8(inflateSync(fromBase64Url(h.slice(FRAGMENT_KEY.length)))),
      notice: null,
    };
  } catch (e) {
    return {
      query: plain,
      notice: `Ignored the link's compressed part (#z=…, ${formatCount(h.length)} characters): unreadable (${e instanceof Error ? e.message : String(e)}); the link may have been cut.`,
    };
  }
}

/** The parameters of an address (the page's own `location` by default). */
export function decodeAddress(search = location.search, hash = location.hash): Decoded {
  const { query, notice } = queryOf(search, hash);
  const decoded = decode(query);
  return notice ? { ...decoded, notices: [notice, ...decoded.notices] } : decoded;
}

/** The full link to `query` from this page. */
export function linkTo(query: string, origin = location.origin, path = location.pathname): string {
  const { search, hash } = addressOf(query);
  return `${origin}${path}${search}${hash}`;
}
