// The service worker, served as /sw.js so that its scope is the whole site. What it promises:
// - a page (a navigation) always comes from the server, so a new build is taken on the next load; when the server
//   cannot be reached, the offline page (offline.html) stands in at the same address and retries by itself;
// - the built files, kept in a cache when the worker is installed, come from that cache: their names carry a hash of
//   their content (or, for the few that do not, the worker's version changes with them);
// - the WebSocket, /api/*, /healthz and /metrics are never answered or kept here.
// The build (scripts/precache.ts) writes the list of files and the version over their contents in place of the two
// names below.
const FILES = self.__GOLF_PRECACHE__;
const CACHE = `golf-${self.__GOLF_VERSION__}`;
const OFFLINE = "/offline.html";
const PASS = /^\/(?:api\/|(?:ws|healthz|metrics)(?:$|\/))/;
// What a proxy answers when the server behind it is down.
const UNREACHABLE = [502, 503, 504];

self.addEventListener("install", (event) => {
  // Each file fetched past the browser's HTTP cache, so the cache holds this build's copy.
  const requests = FILES.map((path) => new Request(path, { cache: "no-cache" }));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(requests))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("golf-") && name !== CACHE) await caches.delete(name);
      // The page's request starts while the worker wakes up, so a page costs no more than without a worker.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })()
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || PASS.test(url.pathname)) return;
  if (request.mode === "navigate") event.respondWith(page(event));
  else if (FILES.includes(url.pathname)) event.respondWith(kept(request));
});

async function page(event) {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    if (!UNREACHABLE.includes(response.status)) return response;
  } catch {
    // no network, or nothing listening
  }
  return (await caches.match(OFFLINE)) ?? Response.error();
}

async function kept(request) {
  return (await caches.match(request)) ?? fetch(request);
}
