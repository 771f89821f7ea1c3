/*
 * Rigshare's service worker: makes the app installable and lets the shell open without a network.
 * Only the shell's own files are kept, never API replies, remotes or the deployment documents
 * (config.json, remotes.json): offline the shell starts, finds those missing and says it is offline.
 *  - the page itself: from the network, the last copy when offline;
 *  - hashed build files (static/..., immutable): from the cache once fetched;
 *  - other files of the shell (translations, icons, the manifest): network first, cache when offline.
 */
const CACHE = 'rigshare-shell-v1';
const SCOPE = new URL(self.registration.scope);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(SCOPE.href)));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('rigshare-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const path = url.pathname.slice(SCOPE.pathname.length);
  if (/^(api|remotes)\//.test(path) || /^(config|remotes)\.json$/.test(path) || path === 'sw.js') return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, SCOPE.href));
  else if (/^static\/.+\.[0-9a-f]{8,}\./.test(path)) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request, request));
});
