// The app installed in the browser: the service worker (public/sw.js) that
// keeps the app and the engine for play without a network, and the banner
// that offers a new version once it is downloaded.

import { useEffect, useState } from "preact/hooks";
import { t, type Lang } from "./i18n";

/** updating is set when the player chose to load the new version: its worker's taking over reloads the page. */
let updating = false;

/** UpdateBanner registers the service worker and offers a new version of the app when one is ready. */
export function UpdateBanner(p: { lang: Lang }) {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const sw = navigator.serviceWorker;
    sw.register("/sw.js").then(
      (reg) => {
        // A worker waits only when an older one controls the page.
        const offer = () => reg.waiting && sw.controller && setWaiting(reg.waiting);
        offer();
        reg.addEventListener("updatefound", () => {
          const w = reg.installing;
          w?.addEventListener("statechange", () => w.state === "installed" && offer());
        });
      },
      () => {
        /* no service worker here (private mode, an old browser): the app works online */
      },
    );
    const onTakeOver = () => {
      if (!updating) return;
      updating = false;
      location.reload();
    };
    sw.addEventListener("controllerchange", onTakeOver);
    return () => sw.removeEventListener("controllerchange", onTakeOver);
  }, []);
  if (!waiting) return null;
  return (
    <p class="update box" role="status" data-testid="update">
      {t(p.lang, "updateReady")}{" "}
      <button
        type="button"
        class="btn primary"
        onClick={() => {
          updating = true;
          waiting.postMessage("update");
        }}
      >
        {t(p.lang, "updateLoad")}
      </button>
    </p>
  );
}
