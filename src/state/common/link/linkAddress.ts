/**
 * Long links: a query past `LONG_QUERY_CHARS` (machine types, an A/B pin, file lists) travels in the
 * URL's fragment, deflated and base64url-coded (`#z=…`), so no server sees it and none refuses it
 * (HTTP 431 past its header limit, ~16 kB for many). Short links keep the plain, readable query.
 * Reading takes the fragment first; an unreadable fragment is a notice, never an exception. The
 * deflate code loads on demand (`loadLinkCodec`): the first page reads and writes short links
 * without it.
 */
import { decode, type Decoded } from './url.ts';
import { formatCount } from '../../../present/format.ts';

const FRAGMENT_KEY = 'z=';

type Codec = typeof import('fflate');

/** The deflate code, off the first page: loaded for a `#z=` address, a long link and Share. */
let codec: Codec | null = null;
let loading: Promise<void> | null = null;

/** Loads the code that compresses and reads long links (once; a failed load may be tried again). */
export function loadLinkCodec(): Promise<void> {
  loading ??= import('fflate').then(
    (m) => {
      codec = m;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** Whether long links can be written and read now (else `loadLinkCodec` first). */
export function linkCodecReady(): boolean {
  return codec !== null;
}

/** Whether reading the address `hash` needs the codec that is not loaded yet. */
export function needsLinkCodec(hash = location.hash): boolean {
  return codec === null && hash.replace(/^#/, '').startsWith(FRAGMENT_KEY);
}

/**
 * The longest query a `#z=` fragment may inflate to: 1 MiB, twenty times the largest state the
 * page writes (2,000 machine types, 55 kB). A fragment inflating past it (a bomb: 1 kB of
 * deflate makes 1 MB) is ignored with a notice after at most this much work.
 */
export const LINK_QUERY_MAX_BYTES = 2 ** 20;

/** The compressed bytes inflated at a time while counting: ~1 MB out at deflate's ratio at most. */
const LINK_PIECE = 1024;

/** `bytes` inflated, or an Error once the output passes `LINK_QUERY_MAX_BYTES`. */
function inflateLink(c: Codec, bytes: Uint8Array): Uint8Array {
  let total = 0;
  const counter = new c.Inflate((data) => {
    total += data.length;
    if (total > LINK_QUERY_MAX_BYTES)
      throw new Error(
        `it inflates past ${LINK_QUERY_MAX_BYTES / 2 ** 20} MiB, more than any link the page writes`,
      );
  });
  for (let at = 0; at < bytes.length; at += LINK_PIECE)
    counter.push(bytes.subarray(at, at + LINK_PIECE), at + LINK_PIECE >= bytes.length);
  // Within the cap: the whole inflate again, which also refuses a fragment cut short.
  return c.inflateSync(bytes, { out: new Uint8Array(total) });
}

/** The longest query kept in the open: well below every common server's header limit. */
export const LONG_QUERY_CHARS = 2000;
/** Past this length Share shows the link's length (some chat tools and mailers cut long links). */
export const SHOW_LENGTH_CHARS = 8 * 1024;

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
  if (!codec) throw new Error('a long link needs the link codec: loadLinkCodec() first');
  const { deflateSync, strToU8 } = codec;
  return { search: '', hash: `#${FRAGMENT_KEY}${toBase64Url(deflateSync(strToU8(query)))}` };
}

/** The query an address carries (the fragment's when it holds one), and a notice if unreadable. */
export function queryOf(search: string, hash: string): { query: string; notice: string | null } {
  const plain = search.replace(/^\?/, '');
  const h = hash.replace(/^#/, '');
  if (!h.startsWith(FRAGMENT_KEY)) return { query: plain, notice: null };
  try {
    if (!codec) throw new Error('the code that reads it could not be loaded');
    return {
      query: codec.strFromU8(inflateLink(codec, fromBase64Url(h.slice(FRAGMENT_KEY.length)))),
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

/** The full link to `query` from this page (a long one needs `loadLinkCodec` first). */
export function linkTo(query: string, origin = location.origin, path = location.pathname): string {
  const { search, hash } = addressOf(query);
  return `${origin}${path}${search}${hash}`;
}
