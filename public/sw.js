/**
 * slopack's service worker (registered by src/main.tsx in production builds only). On install it
 * caches the app and the default dataset listed in sw-manifest.json (written by the build) under a
 * cache named after the app's version; on activation it deletes the caches of other versions. It
 * serves the app from its cache (the cached response itself, so that the browser keeps the scripts'
 * compiled code with it), navigations from the network first (so a new version is seen online) and
 * from the cache offline or after 3 s, and the bundled datasets (data/) from the cache, caching
 * each on first use. Every response it serves or stores carries the cross-origin isolation
 * headers, which SharedArrayBuffer needs (the same as vite.config.ts and _headers).
 */
const PREFIX = 'slopack-';
const SCOPE = new URL(self.registration.scope);
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** This worker's cache: named after the version it was registered for (`sw.js?v=VERSION`). */
const CACHE = PREFIX + (new URL(self.location.href).searchParams.get('v') ?? 'unversioned');

/** The files of this version (written by the build next to the app). */
async function readManifest() {
  const res = await fetch(new URL('sw-manifest.json', SCOPE), { cache: 'no-store' });
  if (!res.ok) throw new Error(`sw-manifest.json: HTTP ${res.status}`);
  return res.json();
}

/** `res` with the isolation headers, unchanged if it has them (as every server of the app sends). */
function isolated(res) {
  if (res.type === 'opaque' || res.status === 0) return res;
  if (Object.keys(ISOLATION).every((k) => res.headers.has(k))) return res;
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(ISOLATION)) headers.set(k, v);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** Stores a fetched response (with the isolation headers) under `key`. */
async function keep(cache, key, res) {
  await cache.put(key, isolated(res));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const m = await readManifest();
      const cache = await caches.open(CACHE);
      await Promise.all(
        m.files.map(async (f) => {
          const url = new URL(f, SCOPE).href;
          const res = await fetch(url, { cache: 'no-cache' });
          if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
          await keep(cache, url, res);
        }),
      );
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

/** How long a navigation waits for the network before the cached page is served. */
const NAVIGATION_DEADLINE_MS = 3000;

async function navigate(request) {
  const cache = await caches.open(CACHE);
  const key = new URL('', SCOPE).href;
  const network = fetch(request).then(async (res) => {
    if (res.ok) await keep(cache, key, res.clone());
    return isolated(res);
  });
  const cached = await cache.match(key, { ignoreVary: true });
  if (!cached) return network;
  // The network first (a new version is seen online), the cache when it fails or is slow.
  const late = new Promise((resolve) => setTimeout(resolve, NAVIGATION_DEADLINE_MS, cached));
  return Promise.race([network.catch(() => cached), late]);
}

async function fromCacheFirst(request, store) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(request);
  if (store && res.status === 200) await keep(cache, request, res.clone());
  return isolated(res);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== SCOPE.origin) return;
  if (!url.pathname.startsWith(SCOPE.pathname)) return;
  const path = url.pathname.slice(SCOPE.pathname.length);
  if (path === 'sw.js' || path === 'sw-manifest.json') return;
  if (request.headers.has('range')) return;
  event.respondWith(
    request.mode === 'navigate'
      ? navigate(request)
      : fromCacheFirst(request, path.startsWith('data/')),
  );
});
