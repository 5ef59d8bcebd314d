// The engine on this device for one job at a time, in a Web Worker of its
// own (offline.worker.ts): a record's replay when the server cannot be
// reached, or for a hand played on this device.

import { ApiError, type ReplayResult } from "./api";

/** localReplay replays a record with the engine in the browser; it answers as POST /api/replay does. */
export function localReplay(record: string): Promise<ReplayResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL("./offline.worker.ts", import.meta.url));
    w.onmessage = (e: MessageEvent) => {
      const d = e.data as { kind: string; answer?: { ok?: ReplayResult; error?: string; code?: string; params?: Record<string, string> } };
      if (d.kind !== "replayed") return;
      w.terminate();
      const a = d.answer ?? {};
      if (a.ok) resolve(a.ok);
      else reject(new ApiError(a.error ?? "", 400, a.code ?? "bad_record", a.params ?? null));
    };
    w.onerror = (e) => {
      w.terminate();
      reject(new Error(e.message));
    };
    w.postMessage({ kind: "replay", record });
  });
}

const pendingKey = "trull.replay";

/** keepRecordForReplay keeps a record for the replay page (/replay) to show. */
export function keepRecordForReplay(record: string) {
  try {
    sessionStorage.setItem(pendingKey, record);
  } catch {
    /* no storage: the page starts empty */
  }
}

/** takeRecordForReplay returns the record kept for the replay page, once. */
export function takeRecordForReplay(): string {
  try {
    const r = sessionStorage.getItem(pendingKey) ?? "";
    sessionStorage.removeItem(pendingKey);
    return r;
  } catch {
    return "";
  }
}
