// A tiny history router: the server answers every app path with
// index.html, and the app picks the page from location.pathname.

import { useEffect, useState } from "preact/hooks";

/** navigate goes to path without reloading. */
export function navigate(path: string, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
  window.scrollTo(0, 0);
}

/** useLocation re-renders on navigation and returns path and query. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, set] = useState(0);
  useEffect(() => {
    const on = () => set((n) => n + 1);
    addEventListener("popstate", on);
    return () => removeEventListener("popstate", on);
  }, []);
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

/** Link is an anchor that navigates in the app. */
export function linkClick(e: MouseEvent, path: string) {
  if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(path);
}
