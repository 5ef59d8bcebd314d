// The browser's network: pages that load from the server try again when
// it comes back, instead of keeping their "cannot be reached" until a
// reload.

import { useEffect, useRef, useState } from "preact/hooks";

/** isOnline tells whether the browser believes it has a network (true where it cannot tell). */
export function isOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

/**
 * useBackOnline counts the times the browser has come back online while
 * failed was true (a load had failed): an effect that loads from the
 * server lists the count among its dependencies, and so loads again when
 * the network returns. A page that shows what it loaded is left alone.
 */
export function useBackOnline(failed: boolean): number {
  const [n, setN] = useState(0);
  const now = useRef(failed);
  now.current = failed;
  useEffect(() => {
    const back = () => {
      if (now.current) setN((x) => x + 1);
    };
    addEventListener("online", back);
    return () => removeEventListener("online", back);
  }, []);
  return n;
}
