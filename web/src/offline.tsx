// Play on this device: a sitting against the bots run by the engine
// compiled to WebAssembly in a Web Worker (offline.worker.ts), drawn by the
// same table page as an online sitting. The sitting is kept in the
// browser as its configuration and the person's messages: the same ones
// deal the same hands and let the bots play the same way, so a reload (or
// a return without network) brings it back where it was.

import { useEffect, useState } from "preact/hooks";
import * as api from "./api";
import type { GameName } from "./cards";
import { keepRecordForReplay } from "./engine";
import { forgetHand, keepHand, listHands, type StoredHand } from "./handstore";
import { contractName, locale, t, TITLE, type Lang } from "./i18n";
import { OFFLINE_ID, setRecordSource } from "./local";
import { signed } from "./names";
import { downloadJSON } from "./result";
import { linkClick, navigate } from "./router";
import { Table } from "./table";
import type { Handlers, Transport } from "./ws";
import type { ServerMessage, StateMessage } from "./contract.gen";

/** OfflineConfig is a sitting on this device (internal/offline.Config). */
export interface OfflineConfig {
  game: string;
  players: number;
  options: Record<string, unknown>;
  seat: number;
  name: string;
  /** the bot of every seat bots leaves out, and the hints' */
  bot: string;
  /** each seat's bot by its index, as the create form shows them ("" at the person's seat) */
  bots?: string[];
  seed: string;
  hands?: number;
}

/**
 * OFFLINE_BOT gives the hints of a sitting on this device, and plays a
 * seat for which none is chosen: the strongest bot whose decisions in
 * WebAssembly take at most 150 ms at the median and 600 ms at the 99th
 * percentile (docs/OFFLINE.md).
 */
export const OFFLINE_BOT = "ismcts-fast";

/** Saved is the sitting kept in the browser: its configuration and the person's messages that changed it. */
interface Saved {
  config: OfflineConfig;
  msgs: unknown[];
}

/** delays are the bots' paces: the pause before each bot decision, in ms (normal as at a server's table). */
const delays = { fast: 200, normal: 700, slow: 1500 } as const;
type Pace = keyof typeof delays;

function storedPace(): Pace {
  const p = api.pref<string>("offline.pace");
  return p === "fast" || p === "slow" ? p : "normal";
}

const savedKey = "offline.sitting";

function loadSaved(): Saved | null {
  const s = api.pref<Saved>(savedKey);
  return s && s.config && Array.isArray(s.msgs) ? s : null;
}

/** savedOffline tells whether a sitting with moves is kept on this device (a new one would take its place). */
export function savedOffline(): boolean {
  return (loadSaved()?.msgs.length ?? 0) > 0;
}

/** startOffline keeps a new sitting on this device and opens it. */
export function startOffline(c: Omit<OfflineConfig, "seed"> & { seed?: string }) {
  const seed = c.seed ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  api.storePref(savedKey, { config: { ...c, seed }, msgs: [] } satisfies Saved);
  navigate("/offline");
}

/** OfflineConn is a table's transport to the engine on this device. */
export class OfflineConn implements Transport {
  private readonly w: Worker;
  private waiting: ((records: unknown[]) => void)[] = [];

  constructor(saved: Saved, h: Handlers) {
    h.status({ state: "connecting" });
    this.w = new Worker(new URL("./offline.worker.ts", import.meta.url));
    this.w.onmessage = (e: MessageEvent) => {
      const d = e.data as { kind: string; msg?: ServerMessage; error?: string; records?: unknown[] };
      switch (d.kind) {
        case "ready":
          h.status({ state: "open" });
          break;
        case "msg":
          if (d.msg) {
            h.message(d.msg);
            if (d.msg.type === "state" && d.msg.done) this.keep(saved.config, d.msg);
          }
          break;
        case "accepted":
          saved.msgs.push(d.msg);
          api.storePref(savedKey, saved);
          break;
        case "records":
          for (const f of this.waiting.splice(0)) f(d.records ?? []);
          break;
        case "failed":
          h.status({ state: "failed", reason: d.error });
          break;
      }
    };
    this.w.onerror = (e) => h.status({ state: "failed", reason: e.message });
    this.w.postMessage({ kind: "open", config: saved.config, delay: delays[storedPace()], replay: saved.msgs });
  }

  /** pace sets the bots' pace. */
  pace(p: Pace) {
    this.w.postMessage({ kind: "delay", delay: delays[p] });
  }

  send(m: unknown): boolean {
    this.w.postMessage({ kind: "send", msg: m });
    return true;
  }

  refresh() {
    this.send({ type: "join" });
  }

  close() {
    this.w.terminate();
  }

  /** keep stores the hand a state message ends in the browser's list of hands played here. */
  private keep(c: OfflineConfig, m: StateMessage) {
    const deal = typeof m.hand === "number" ? m.hand : -1;
    const res = m.model?.result;
    if (deal < 0 || !res) return;
    this.records()
      .then((recs) => {
        const rec = recs[deal] as { players?: string[] } | undefined;
        if (!rec) return;
        return keepHand({
          id: `${c.seed}/${deal}`,
          at: Date.now(),
          game: c.game,
          players: rec.players ?? [],
          seat: c.seat,
          contract: res.contract ?? "",
          score: res.score ?? [],
          record: rec,
        });
      })
      .catch(() => {
        /* no IndexedDB here (private mode): the hand stays in its sitting only */
      });
  }

  /** records returns the records of the sitting's finished hands. */
  records(): Promise<unknown[]> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.w.postMessage({ kind: "records" });
    });
  }
}

/** OfflinePage shows the sitting kept on this device. */
export function OfflinePage(p: { lang: Lang }) {
  const { lang } = p;
  const [saved] = useState(loadSaved);
  const [pace, setPace] = useState<Pace>(storedPace);
  const [conn, setConn] = useState<OfflineConn | null>(null);
  if (!saved) {
    return (
      <main class="box" data-testid="offline-none">
        <p>{t(lang, "offlineNone")}</p>
        <a class="btn primary" href="/" onClick={(e) => linkClick(e, "/")}>
          {t(lang, "lobby")}
        </a>{" "}
        <a class="btn" href="/offline/hands" onClick={(e) => linkClick(e, "/offline/hands")}>
          {t(lang, "handsHere")}
        </a>
      </main>
    );
  }
  const connect = (h: Handlers) => {
    const c = new OfflineConn(saved, h);
    setConn(c);
    setRecordSource(async (hand) => {
      const recs = await c.records();
      if (hand < 0 || hand >= recs.length) throw new Error(t(lang, "offlineNoRecord"));
      return JSON.stringify(recs[hand], null, 2) + "\n";
    });
    return c;
  };
  const leave = () => {
    if (!confirm(t(lang, "offlineLeaveAsk"))) return;
    api.storePref(savedKey, null);
    navigate("/");
  };
  return (
    <>
      <p class="offline-bar" data-testid="offline-bar">
        <span class="offline-long">{t(lang, "offlineHere")}</span>
        <span class="offline-short" title={t(lang, "offlineHere")}>
          {t(lang, "offlineHereShort")}
        </span>{" "}
        <label>
          {t(lang, "offlinePace")}{" "}
          <select
            name="pace"
            value={pace}
            onChange={(e) => {
              const v = (e.target as HTMLSelectElement).value as Pace;
              setPace(v);
              api.storePref("offline.pace", v);
              conn?.pace(v);
            }}
          >
            {(Object.keys(delays) as Pace[]).map((k) => (
              <option value={k}>{t(lang, k === "fast" ? "paceFast" : k === "slow" ? "paceSlow" : "paceNormal")}</option>
            ))}
          </select>
        </label>{" "}
        <a class="small-btn" href="/offline/hands" onClick={(e) => linkClick(e, "/offline/hands")}>
          {t(lang, "handsHere")}
        </a>{" "}
        <button type="button" class="small-btn" onClick={leave} data-testid="offline-leave">
          {t(lang, "offlineLeave")}
        </button>
      </p>
      <Table id={OFFLINE_ID} lang={lang} token={OFFLINE_ID} connect={connect} />
    </>
  );
}

/** HandsPage lists the hands played on this device: replay, download, forget. */
export function HandsPage(p: { lang: Lang }) {
  const { lang } = p;
  const [hands, setHands] = useState<StoredHand[] | null>(null);
  const [err, setErr] = useState("");
  const load = () =>
    listHands().then(setHands, (e) => {
      setErr(String(e));
      setHands([]);
    });
  useEffect(() => {
    void load();
  }, []);
  return (
    <main class="box hands-page" data-testid="hands-here">
      <h2>{t(lang, "handsHere")}</h2>
      <p class="muted">{t(lang, "handsHereHelp")}</p>
      {err && <p class="error">{err}</p>}
      {hands && hands.length === 0 && <p>{t(lang, "handsHereNone")}</p>}
      {hands && hands.length > 0 && (
        <table class="hands">
          <tbody>
            {hands.map((h) => {
              const g = h.game as GameName;
              const mine = h.score[h.seat];
              return (
                <tr key={h.id} data-testid="hand-here">
                  <td>{new Date(h.at).toLocaleString(locale(lang), { dateStyle: "short", timeStyle: "short" })}</td>
                  <td>
                    {TITLE[g] ?? h.game}: {contractName(g, h.contract, lang)}
                  </td>
                  <td class={mine > 0 ? "pos" : mine < 0 ? "neg" : ""}>{typeof mine === "number" ? signed(mine) : ""}</td>
                  <td>
                    <button
                      type="button"
                      class="small-btn"
                      data-testid="hand-replay"
                      onClick={() => {
                        keepRecordForReplay(JSON.stringify(h.record));
                        navigate("/replay");
                      }}
                    >
                      {t(lang, "replay")}
                    </button>{" "}
                    <button
                      type="button"
                      class="small-btn"
                      data-testid="hand-analyse"
                      title={t(lang, "handAnalyseHelp")}
                      onClick={() => {
                        keepRecordForReplay(JSON.stringify(h.record));
                        navigate("/replay?analyse=1");
                      }}
                    >
                      {t(lang, "analyse")}
                    </button>{" "}
                    <button type="button" class="small-btn" onClick={() => downloadJSON(JSON.stringify(h.record, null, 2) + "\n", `trull-${h.game}-${h.id.replace(/[^a-z0-9]+/gi, "-")}.json`)}>
                      ⤓ {t(lang, "export")}
                    </button>{" "}
                    <button
                      type="button"
                      class="small-btn"
                      data-testid="hand-forget"
                      onClick={() => {
                        // Deleted for good: asked first.
                        if (confirm(t(lang, "handForgetAsk"))) void forgetHand(h.id).then(load);
                      }}
                    >
                      {t(lang, "handForget")}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </main>
  );
}
