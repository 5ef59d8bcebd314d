// One WebSocket per table (docs/PROTOCOL.md), reconnecting with backoff:
// after a dropped connection or a reload the server answers with the full
// state of the seat, so nothing else needs to be kept.

import type { ServerMessage, StateMessage } from "./contract.gen";
import type { Model } from "./model";

/** Status is the connection's state as the UI shows it. */
export interface Status {
  state: "connecting" | "open" | "waiting" | "failed";
  /** seconds until the next attempt, when waiting */
  retryIn?: number;
  /** the cap the server closed the last attempt for (capOf), when waiting */
  cap?: Cap;
  /** why the connection was given up, when failed */
  reason?: string;
  code?: number;
}

/** Handlers receive messages and status changes. */
export interface Handlers {
  message(m: ServerMessage): void;
  status(s: Status): void;
}

/**
 * Transport is what a table page talks through: a WebSocket to a server
 * (Conn) or the engine on this device (offline.ts); both speak the
 * table's protocol.
 */
export interface Transport {
  /** send delivers a client message; false when it cannot be sent now */
  send(m: unknown): boolean;
  /** refresh asks for the seat's state anew */
  refresh(): void;
  close(): void;
}

/** Close codes at or above 4000 are the server's final word (bad token, no such table). */
const FINAL = 4000;
const DELAYS = [0.5, 1, 2, 4, 8, 15];
/** After a close over a cap the next attempt waits at least this long (seconds). */
const CAP_DELAY = 10;

/** Cap names the server's caps on WebSockets (docs/PROTOCOL.md). */
export type Cap = "ws_addr_cap" | "ws_net_cap" | "server_full";
const CAPS: readonly Cap[] = ["ws_addr_cap", "ws_net_cap", "server_full"];

/**
 * retryDelay is how long to wait (seconds) before the attempt after the
 * attempt-th: the backoff, spread by ±20% (r in [0, 1)) so that the clients
 * of a restarted server do not come back at once, and at least CAP_DELAY
 * after a close over a cap.
 */
export function retryDelay(attempt: number, cap: Cap | undefined, r: number): number {
  const d = DELAYS[Math.min(attempt, DELAYS.length - 1)] * (0.8 + 0.4 * r);
  return cap ? Math.max(d, CAP_DELAY) : d;
}

/**
 * capOf reads which cap a close was for: 1013 with a reason that starts
 * with the cap's code ("ws_addr_cap: too many WebSockets…").
 */
export function capOf(code: number, reason: string): Cap | undefined {
  if (code !== 1013) return undefined;
  const c = reason.slice(0, reason.indexOf(":"));
  return CAPS.find((k) => k === c);
}

/** wsURL builds the table's WebSocket address; it carries no secret. */
export function wsURL(table: string): string {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}/ws/${encodeURIComponent(table)}`;
}

/**
 * joinMsg is the first message of a connection: the seat token (or
 * spectate) travels in it, never in the address, where a log or the
 * console could show it.
 */
export function joinMsg(token: string | null, host?: string | null): Record<string, unknown> {
  // The page draws the table model alone: the game's view is left out;
  // it keeps the table part, which is sent only when it changed, and the
  // model, which comes as a patch of the last one (Conn applies it).
  const m: Record<string, unknown> = token
    ? { type: "join", token, view: false, delta: true, model_patch: true }
    : { type: "join", spectate: true, view: false, delta: true, model_patch: true };
  if (host) m.host_token = host;
  return m;
}

/** Conn keeps a table connection open until closed. */
export class Conn implements Transport {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: number | undefined;
  private tick: number | undefined;
  private closed = false;
  private readonly onWake = () => this.wake();

  constructor(
    private readonly url: string,
    private readonly join: Record<string, unknown>,
    private readonly h: Handlers,
  ) {
    window.addEventListener("online", this.onWake);
    document.addEventListener("visibilitychange", this.onWake);
    this.open();
  }

  /** send writes a message when connected; it reports whether it was sent. */
  send(m: unknown): boolean {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(m));
      return true;
    }
    return false;
  }

  /**
   * refresh replaces the connection with a new one, whose first message is
   * the seat's full state: for a page that may hold an old state.
   */
  refresh() {
    if (this.closed) return;
    clearTimeout(this.timer);
    clearInterval(this.tick);
    this.timer = undefined;
    const old = this.ws;
    // The old socket's close event finds this.ws changed and is ignored.
    this.ws = null;
    old?.close(1000);
    this.attempt = 0;
    this.open();
  }

  /** close ends the connection for good. */
  close() {
    this.closed = true;
    window.removeEventListener("online", this.onWake);
    document.removeEventListener("visibilitychange", this.onWake);
    clearTimeout(this.timer);
    clearInterval(this.tick);
    this.ws?.close(1000);
    this.ws = null;
  }

  private wake() {
    if (this.closed || document.visibilityState === "hidden") return;
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      clearInterval(this.tick);
      this.timer = undefined;
      this.open();
    }
  }

  private open() {
    this.timer = undefined;
    this.h.status({ state: "connecting" });
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.h.status({ state: "failed", reason: String(e) });
      return;
    }
    this.ws = ws;
    // The last model on this socket: the next state may patch it.
    let model: Model | null = null;
    ws.onmessage = (ev) => {
      let m: unknown;
      try {
        m = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (isMessage(m)) {
        if (m.type === "state") {
          this.attempt = 0;
          const whole = withModel(m, model);
          if (!whole) {
            // A patch of a model this socket never had: start afresh.
            this.refresh();
            return;
          }
          model = whole.model ?? null;
          m = whole;
        }
        this.h.message(m as ServerMessage);
      }
    };
    ws.onopen = () => {
      ws.send(JSON.stringify(this.join));
      this.h.status({ state: "open" });
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      if (ev.code >= FINAL) {
        this.h.status({ state: "failed", reason: ev.reason, code: ev.code });
        return;
      }
      this.retry(capOf(ev.code, ev.reason));
    };
  }

  private retry(cap?: Cap) {
    const delay = retryDelay(this.attempt, cap, Math.random());
    this.attempt++;
    let left = Math.ceil(delay);
    this.h.status({ state: "waiting", retryIn: left, cap });
    this.tick = window.setInterval(() => {
      left = Math.max(0, left - 1);
      this.h.status({ state: "waiting", retryIn: left, cap });
    }, 1000);
    this.timer = window.setTimeout(() => {
      clearInterval(this.tick);
      this.open();
    }, delay * 1000);
  }
}

/**
 * applyModelPatch returns the model base with a state message's
 * "model_patch" applied (docs/PROTOCOL.md): each field set to its value,
 * "+field" a list with elements added at its end, "-field" a field gone.
 * base is not changed.
 */
export function applyModelPatch(base: Model, patch: Record<string, unknown>): Model {
  const m: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith("-")) delete m[k.slice(1)];
    else if (k.startsWith("+")) m[k.slice(1)] = [...((m[k.slice(1)] as unknown[] | undefined) ?? []), ...(v as unknown[])];
    else m[k] = v;
  }
  return m as unknown as Model;
}

/**
 * withModel returns a state message with its model whole: as it came, or
 * its patch applied to last, the model of the socket's previous state;
 * null for a patch with no model before it.
 */
export function withModel(m: StateMessage, last: Model | null): StateMessage | null {
  if (!m.model_patch) return m;
  if (!last) return null;
  const { model_patch, ...rest } = m;
  return { ...rest, model: applyModelPatch(last, model_patch) };
}

/**
 * isMessage reports whether a parsed WebSocket message is a server
 * message: an object with a type. Its fields are the server's to keep to
 * (contract.gen.ts is written from the Go types the server writes); a
 * type the page does not know is passed on and ignored.
 */
export function isMessage(m: unknown): m is ServerMessage {
  return !!m && typeof m === "object" && typeof (m as { type?: unknown }).type === "string";
}
