/**
 * slopack's service worker (registered by src/main.tsx in production builds only). On install it
 * caches the app and the default dataset listed in sw-manifest.json (written by the build) under a
 * cache named after the app's version; on activation it deletes the caches of other versions. It
 * serves the app from its cache, navigations from the network first (so a new version is seen
 * online) and from the cache offline, and the bundled datasets (data/) from the cache, caching each
 * on first use. Every response it serves carries the cross-origin isolation headers, which
 * SharedArrayBuffer needs (the same as vite.config.ts and _headers).
 */
const PREFIX = 'slopack-';
const SCOPE = new URL(self.registration.scope);
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** This worker's cache: named after the version it was registered for (`sw.js?v=VERSION`). */
const CACHE = PREFIX + (new URL(self.location.href).searchParams.get('v') ?? 'unversioned');

/** The files of this version (written by the build next to the app). */
async function readManifest() {
  const res = await fetch(new URL('sw-manifest.json', SCOPE), { cache: 'no-store' });
  if (!res.ok) throw new Error(`sw-manifest.json: HTTP ${res.status}`);
  return res.json();
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const m = await readManifest();
      const cache = await caches.open(CACHE);
      await cache.addAll(m.files.map((f) => new URL(f, SCOPE).href));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** `res` with the isolation headers (a cached or fetched response may lack them). */
function isolated(res) {
  if (res.type === 'opaque' || res.status === 0) return res;
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(ISOLATION)) headers.set(k, v);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

async function fromNetworkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(new URL('', SCOPE).href, res.clone());
    return res;
  } catch (e) {
    const hit = await cache.match(new URL('', SCOPE).href, { ignoreVary: true });
    if (hit) return hit;
    throw e;
  }
}

async function fromCacheFirst(request, keep) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(request);
  if (keep && res.ok && res.status === 200) await cache.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== SCOPE.origin) return;
  if (!url.pathname.startsWith(SCOPE.pathname)) return;
  const path = url.pathname.slice(SCOPE.pathname.length);
  if (path === 'sw.js' || path === 'sw-manifest.json') return;
  if (request.headers.has('range')) return;
  const response =
    request.mode === 'navigate'
      ? fromNetworkFirst(request)
      : fromCacheFirst(request, path.startsWith('data/'));
  event.respondWith(response.then(isolated));
});
