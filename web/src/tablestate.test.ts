// The table page's state as the table's messages change it (reduce).

import { describe, expect, it } from "vitest";
import type { ErrorMessage, HintCandidate, ServerMessage, StateMessage } from "./contract.gen";
import { hintWhys, initialView, myTurn, reduce, type Hint, type TableEvent, type TableState, type TableView } from "./tablestate";
import { droggnModel } from "./testdata/model";

const NOW = 1_000_000;

const model = droggnModel;

function table(over: Partial<TableState> = {}): TableState {
  return {
    id: "t1",
    game: "droggn",
    variant: "droggn-3",
    variant_title: { en: "Droggn", de: "Droggn" },
    options: {},
    name: "Friday",
    state: "playing",
    seats: [0, 1, 2].map((seat) => ({ seat, name: `P${seat}`, taken: true, connected: true })),
    hand: 0,
    played: 0,
    hands_left: 3,
    end_requested: -1,
    sheet: [],
    totals: [0, 0, 0],
    stake: 0,
    settlement: { stake: 0, payments: [], net: [0, 0, 0] },
    grace_ms: 0,
    auto_bot: true,
    hints: true,
    started: true,
    turn_clock_ms: 0,
    open_review: false,
    ...over,
  };
}

const RESULT = { contract: "ansager", declarer: 0, partner: -1, card_points: [40, 20, 10], score: [2, -1, -1], items: [] };

/** state is a state message; fields given replace the defaults (table: undefined leaves the table part out). */
function state(over: Partial<StateMessage> = {}): TableEvent {
  return {
    kind: "message",
    now: NOW,
    msg: { type: "state", seq: 1, you: 0, host: false, table: table(), hand: 0, step: 0, done: false, model: model(), legal: [{ seat: 0, act: "play", card: "T1" }], ...over },
  };
}

function msg(m: ServerMessage): TableEvent {
  return { kind: "message", msg: m, now: NOW };
}

/** run applies events in turn, checking that none changes the view it is given. */
function run(s: TableView, ...events: TableEvent[]): TableView {
  for (const e of events) {
    const before = JSON.stringify(s);
    const next = reduce(s, e);
    expect(JSON.stringify(s)).toBe(before);
    s = next;
  }
  return s;
}

const open: TableEvent = { kind: "status", status: { state: "open" } };

describe("reduce", () => {
  it("takes a first state message whole", () => {
    const s = run(initialView(), open, state({ seq: 4, you: 0, host: true, hand: 2, step: 7, turn_left_ms: 30_000, guide: { lesson: "droggn", phase: "play", intro: [] } }));
    expect(s.tbl?.name).toBe("Friday");
    expect(s.m?.hand).toEqual(["T1", "H7"]);
    expect(s).toMatchObject({ hand: 2, step: 7, you: 0, host: true, lastSeq: 4, statesSeen: 1, fresh: false, pending: false, stale: false });
    expect(s.legal).toEqual([{ seat: 0, act: "play", card: "T1" }]);
    expect(s.guide?.lesson).toBe("droggn");
    expect(s.deadline).toBe(NOW + 30_000);
    expect(myTurn(s)).toBe(true);
  });

  it("keeps the table part a delta state leaves out and drops an older state", () => {
    const first = run(initialView(), open, state({ seq: 1, turn_left_ms: 5_000 }));
    const s = run(first, state({ seq: 2, table: undefined, step: 1, model: model({ to_act: 1, hand: ["H7"] }), legal: [] }));
    expect(s.tbl).toBe(first.tbl);
    expect(s.m?.hand).toEqual(["H7"]);
    expect(s).toMatchObject({ step: 1, lastSeq: 2, statesSeen: 2, deadline: null });
    expect(myTurn(s)).toBe(false);
    expect(reduce(s, state({ seq: 1 }))).toBe(s);
    // A state with a table part replaces it.
    expect(run(s, state({ seq: 3, table: table({ name: "Saturday" }) })).tbl?.name).toBe("Saturday");
  });

  it("counts a state without a table part before any table, and shows nothing of it", () => {
    const s = run(initialView(), open, state({ seq: 3, table: undefined }));
    expect(s).toMatchObject({ tbl: null, m: null, lastSeq: 3, statesSeen: 1, fresh: false });
  });

  it("keeps a refusal until it is closed", () => {
    let s = run(initialView(), open, state(), { kind: "acted", seq: 1, sent: true });
    expect(s.pending).toBe(true);
    const refusal: ErrorMessage = { type: "error", error: "act: not in hand", code: "not_in_hand", params: { card: "T1" }, seq: 1 };
    s = run(s, msg(refusal));
    expect(s.pending).toBe(false);
    expect(s.refusal).toEqual(refusal);
    s = run(s, { kind: "closeRefusal" });
    expect(s.refusal).toBeNull();
    expect(reduce(s, { kind: "closeRefusal" })).toBe(s);
  });

  it("keeps \"not your turn\" only while the page shows the viewer's turn", () => {
    const mine = run(initialView(), open, state(), { kind: "acted", seq: 1, sent: true });
    expect(run(mine, msg({ type: "error", error: "not your turn", code: "out_of_turn" })).refusal?.code).toBe("out_of_turn");
    const theirs = run(mine, state({ seq: 2, model: model({ to_act: 1 }), legal: [] }));
    for (const code of ["out_of_turn", "hand_over"]) {
      const s = run(theirs, msg({ type: "error", error: "no", code }));
      expect(s.refusal).toBeNull();
      expect(s.pending).toBe(false);
    }
    // Offline, the page does not show the viewer's turn either.
    const away = run(mine, { kind: "status", status: { state: "waiting", retryIn: 2 } }, msg({ type: "error", error: "no", code: "out_of_turn" }));
    expect(away.refusal).toBeNull();
  });

  it("shows a hint until the next state, and a hint for a stale position as a refusal", () => {
    let s = run(initialView(), open, state({ seq: 1, step: 3 }));
    const t1 = { seat: 0, act: "play", card: "T1" };
    const h7 = { seat: 0, act: "play", card: "H7" };
    const why = { action: h7, best: t1, worlds: 24, value: 1, best_value: 4.2, score: -3.2, card_points: -4, opponents: "", text: { en: "loses the trick", de: "verliert den Stich" } };
    const hints: HintCandidate[] = [
      { action: t1, value: 4.2, bot: "search" },
      { action: h7, value: 1, bot: "search", why },
    ];
    s = run(s, msg({ type: "hint", hints }));
    expect(s.hint).toEqual({ ...hints[0], alts: [hints[1]] });
    expect(run(s, msg({ type: "hint", hints: [] })).hint).toBeNull();
    // The position moves on while the hint is searched: the server refuses it.
    s = run(s, state({ seq: 2, step: 4 }));
    expect(s.hint).toBeNull();
    s = run(s, msg({ type: "error", error: "hint: the hand moved on", code: "hint_stale" }));
    expect(s.hint).toBeNull();
    expect(s.refusal?.code).toBe("hint_stale");
  });

  it("appends chat lines and counts the unread ones", () => {
    let s = run(initialView(), open, state({ you: 1 }));
    s = run(
      s,
      msg({ type: "chat", seat: 0, name: "Anna", text: "servus", at_ms: 10 }),
      msg({ type: "chat", seat: 1, name: "Me", text: "hallo", at_ms: 11 }),
    );
    expect(s.chat).toEqual([
      { seat: 0, name: "Anna", text: "servus" },
      { seat: 1, name: "Me", text: "hallo" },
    ]);
    expect(s.unread).toBe(1);
    s = run(s, { kind: "tab", tab: "chat" });
    expect(s.unread).toBe(0);
    s = run(s, msg({ type: "chat", seat: 2, name: "Bert", text: "na", at_ms: 12 }));
    expect(s.unread).toBe(0);
    s = run(s, { kind: "tab", tab: "sheet" }, msg({ type: "chat", seat: 2, name: "Bert", text: "und?", at_ms: 13 }));
    expect(s).toMatchObject({ tab: "sheet", unread: 1, chatSeen: 13 });
    // The chat keeps its last 200 lines.
    for (let i = 0; i < 205; i++) s = reduce(s, msg({ type: "chat", seat: 0, name: "Anna", text: String(i), at_ms: 100 + i }));
    expect(s.chat.length).toBe(200);
    expect(s.chat[199].text).toBe("204");
  });

  it("replays the chat of a reconnection without counting it again", () => {
    let s = run(initialView(), open, state({ seq: 1, you: 1 }), msg({ type: "chat", seat: 0, name: "Anna", text: "servus", at_ms: 10 }));
    expect(s.unread).toBe(1);
    s = run(s, { kind: "status", status: { state: "waiting", retryIn: 1 } });
    expect(myTurn(s)).toBe(false);
    s = run(s, { kind: "status", status: { state: "connecting" } }, open);
    expect(s.fresh).toBe(true);
    // The new connection's first state clears the old lines; the server sends them again.
    s = run(s, state({ seq: 5, you: 1 }));
    expect(s.chat).toEqual([]);
    s = run(s, msg({ type: "chat", seat: 0, name: "Anna", text: "servus", at_ms: 10 }), msg({ type: "chat", seat: 0, name: "Anna", text: "neu", at_ms: 20 }));
    expect(s.chat.map((c) => c.text)).toEqual(["servus", "neu"]);
    expect(s.unread).toBe(2);
    expect(myTurn(s)).toBe(true);
  });

  it("holds a page asked to refresh as stale until its state comes", () => {
    let s = run(initialView(), open, state());
    s = run(s, { kind: "stale" });
    expect(myTurn(s)).toBe(false);
    s = run(s, state({ seq: 2 }));
    expect(s.stale).toBe(false);
    expect(myTurn(s)).toBe(true);
  });

  it("keeps the finished hand's result when the next hand starts", () => {
    const done = model({ phase: "done", to_act: -1, result: RESULT });
    let s = run(initialView(), open, state({ seq: 1, hand: 0 }), state({ seq: 2, hand: 0, done: true, model: done, legal: [] }));
    expect(s.lastDone).toEqual({ hand: 0, m: done });
    s = run(s, state({ seq: 3, hand: 1, model: model({ phase: "bid" }) }));
    expect(s.hand).toBe(1);
    expect(s.lastDone).toEqual({ hand: 0, m: done });
    expect(s.m?.result).toBeNull();
    // A page that joins as the next hand starts finds no result to show.
    expect(run(initialView(), open, state({ seq: 3, hand: 1 })).lastDone).toBeNull();
  });

  it("marks an action on its way and numbers the actions", () => {
    let s = run(initialView(), open, state(), { kind: "acted", seq: 1, sent: false });
    expect(s).toMatchObject({ seq: 1, pending: false });
    s = run(s, { kind: "acted", seq: 2, sent: true });
    expect(s).toMatchObject({ seq: 2, pending: true });
    expect(run(s, state({ seq: 2 })).pending).toBe(false);
  });

  it("keeps the formalities taken in the hand", () => {
    let s = run(initialView(), { kind: "took", key: "0/3", auto: { hand: 0, at: 2, label: "stay" } });
    s = run(s, { kind: "took", key: "0/5", auto: { hand: 0, at: 4, label: "pass" } });
    expect(s.autos.map((a) => a.label)).toEqual(["stay", "pass"]);
    s = run(s, { kind: "took", key: "1/0", auto: { hand: 1, at: 0, label: "ich liege" } });
    expect(s.autos).toEqual([{ hand: 1, at: 0, label: "ich liege" }]);
    expect(s.autoKey).toBe("1/0");
  });

  it("shows an invite's link until it is closed", () => {
    let s = run(initialView(), msg({ type: "invite", seat: 2, url: "/t/t1?invite=abc", move: true }));
    expect(s.link).toEqual({ seat: 2, url: "/t/t1?invite=abc", move: true });
    s = run(s, { kind: "closeLink" });
    expect(s.link).toBeNull();
    expect(run(s, msg({ type: "invite", seat: 1, url: "/t/t1?invite=x" })).link).toEqual({ seat: 1, url: "/t/t1?invite=x", move: false });
  });

  it("leaves the view as it is for a message it does not know", () => {
    const s = run(initialView(), open);
    // A newer server may send a message this page does not know.
    expect(reduce(s, msg({ type: "pong" } as unknown as ServerMessage))).toBe(s);
  });
});

describe("hintWhys", () => {
  const k = { act: "play", card: "CO-K" };
  const three = { act: "play", card: "CO-3" };
  const six = { act: "play", card: "CO-6" };
  const why = (action: object, best: object) => ({ action, best, text: { en: "…", de: "…" } }) as Hint["why"];
  it("leaves out the second's why when it only mirrors the best's", () => {
    const hs: Hint[] = [
      { action: k, why: why(k, three) },
      { action: three, why: why(three, k) },
      { action: six, why: why(six, k) },
    ];
    expect(hintWhys(hs).map((h) => h.action.card)).toEqual(["CO-K", "CO-6"]);
  });
  it("keeps every why that compares other actions", () => {
    const hs: Hint[] = [
      { action: k, why: why(k, six) },
      { action: three, why: why(three, k) },
    ];
    expect(hintWhys(hs).map((h) => h.action.card)).toEqual(["CO-K", "CO-3"]);
    expect(hintWhys([])).toEqual([]);
  });
});
