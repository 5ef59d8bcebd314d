// The engine on this device: a Web Worker that runs trull's engine, bots
// and table model compiled to WebAssembly (web/wasm, internal/offline), so
// the page never waits on a bot. It speaks the table's protocol: the page
// posts client messages and receives the server's messages, as over a
// WebSocket (docs/PROTOCOL.md).
//
// Page → worker: {kind:"open", config, delay, replay} | {kind:"send", msg} | {kind:"delay", delay} | {kind:"records"}
//   | {kind:"replay", record}
// Worker → page: {kind:"ready"} | {kind:"msg", msg} | {kind:"failed", error} | {kind:"records", records} | {kind:"accepted", msg}
//   | {kind:"replayed", answer} (answer: {ok: RESULT} or {error, code, params}, as POST /api/replay)

declare function importScripts(...urls: string[]): void;
declare const Go: new () => { importObject: WebAssembly.Imports; run(i: WebAssembly.Instance): Promise<void> };
interface Engine {
  open(config: string): string;
  send(msg: string): string;
  botToAct(): boolean;
  step(): string;
  records(): string;
  replay(record: string): string;
}

importScripts("/engine/wasm_exec.js");

const scope = self as unknown as { postMessage(m: unknown): void; onmessage: ((e: MessageEvent) => void) | null };
let engine: Engine | null = null;
let delay = 700;
let timer: ReturnType<typeof setTimeout> | undefined;

async function boot(): Promise<Engine> {
  const go = new Go();
  const res = await WebAssembly.instantiateStreaming(fetch("/engine/trull.wasm"), go.importObject);
  void go.run(res.instance);
  return (self as unknown as { trull: Engine }).trull;
}
const ready = boot();

function post(kind: string, more: Record<string, unknown> = {}) {
  scope.postMessage({ kind, ...more });
}

/** deliver posts the engine's answers; it reports whether a state answered (the message was taken). */
function deliver(answers: string): boolean {
  let took = false;
  for (const m of JSON.parse(answers) as Record<string, unknown>[]) {
    if (m.type === "state") took = true;
    post("msg", { msg: m });
  }
  return took;
}

/** bots lets the bots act one decision at a time, a delay apart. */
function bots() {
  if (timer !== undefined || !engine?.botToAct()) return;
  timer = setTimeout(() => {
    timer = undefined;
    const m = engine?.step();
    if (m) post("msg", { msg: JSON.parse(m) });
    bots();
  }, delay);
}

scope.onmessage = async (e: MessageEvent) => {
  const d = e.data as { kind: string; config?: unknown; delay?: number; replay?: unknown[]; msg?: unknown; record?: string };
  try {
    engine = await ready;
  } catch (x) {
    post("failed", { error: String(x) });
    return;
  }
  switch (d.kind) {
    case "open": {
      const err = engine.open(JSON.stringify(d.config));
      if (err) {
        post("failed", { error: err });
        return;
      }
      if (typeof d.delay === "number") delay = d.delay;
      // A sitting kept on this device is played again to where it was:
      // the same configuration and messages give the same hands.
      for (const m of d.replay ?? []) {
        while (engine.botToAct()) engine.step();
        engine.send(JSON.stringify(m));
      }
      post("ready");
      deliver(engine.send(JSON.stringify({ type: "join" })));
      bots();
      break;
    }
    case "send": {
      const msg = d.msg as Record<string, unknown>;
      if (deliver(engine.send(JSON.stringify(msg))) && msg.type !== "join" && msg.type !== "hint") post("accepted", { msg });
      bots();
      break;
    }
    case "delay":
      if (typeof d.delay === "number") delay = d.delay;
      break;
    case "replay":
      post("replayed", { answer: JSON.parse(engine.replay(d.record ?? "")) });
      break;
    case "records":
      post("records", { records: JSON.parse(engine.records()) });
      break;
  }
};
