// Makes the site installable and keeps it usable when the server is away: registers the service worker
// (service_worker.js, built into /sw.js) once the page has loaded, so it never competes with the first paint.
// Under `vite dev`, which builds no worker, the registration fails quietly.
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      /* no worker (a private window, a browser that refuses): the site works as before, without the offline page */
    });
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
