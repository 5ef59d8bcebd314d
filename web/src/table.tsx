// The table of one sitting, kept in sync over the table's WebSocket: the
// page that joins it, the seat claim of an invite, and the layout that
// places the board, the result and the side panels.

import * as api from "./api";
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from "preact/hooks";
import type { Action } from "./api";
import { actionLabel, closeText, errorText, explain, t, waitText, type Lang } from "./i18n";
import { askText, news, type Heard } from "./announce";
import { bidBefore, type Model } from "./model";
import { linkClick, navigate } from "./router";
import { Conn, joinMsg, wsURL, type Handlers, type Status, type Transport } from "./ws";
import { seatNames, tableTitle } from "./names";
import { hintText, initialView, myTurn, reduce, type AutoTaken, type TableEvent, type TableState, type TableView, type Tab } from "./tablestate";
import { ResultBox, SettlementBox } from "./result";
import { LogPanel, Sheet, ChatPanel } from "./side";
import { Board } from "./board";
import { soundOn, storeSound, useTurnSignal } from "./turn";
import { LinkBox, StandIn, WaitPlayers } from "./fair";
import { adviceText, GuideAdvice, GuidePanel } from "./guide";
import { PracticeBar, practiceSeat } from "./practice";
import { DailyBar, DailyChoices } from "./daily";

/** TablePage joins a table as a seat (stored token) or as a spectator. */
export function TablePage(p: { id: string; lang: Lang; query: URLSearchParams }) {
  const { id, lang, query } = p;
  const invite = query.get("invite");
  const spectate = query.get("spectate") === "1";
  const cred = api.seatCred(id);
  if (invite && !cred) return <Claim id={id} invite={invite} lang={lang} />;
  if (invite && cred) {
    // Already seated here: drop the invite from the address.
    history.replaceState(null, "", `/t/${id}`);
  }
  return <Table key={id + (spectate ? "/s" : "")} id={id} lang={lang} token={spectate ? null : cred?.token ?? null} />;
}

function Claim(p: { id: string; invite: string; lang: Lang }) {
  const { lang } = p;
  const [name, setName] = useState(api.storedName());
  const [err, setErr] = useState("");
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<(api.TableInfo & { invite?: string }) | null>(null);
  useEffect(() => {
    api.tableInfo(p.id, p.invite).then(setInfo, (e) => setErr(errorText(e, lang)));
  }, [p.id]);
  const used = info?.invite === "used";
  const moving = info?.invite === "move";
  const submit = async (e: Event) => {
    e.preventDefault();
    // A move link keeps the seat's name: the server ignores the one sent.
    const given = moving ? name.trim() || "—" : name.trim();
    if (!given) return setErr(t(lang, "nameNeeded"));
    setBusy(true);
    try {
      const r = await api.claim(p.id, p.invite, given);
      const kept = moving ? info?.seats[r.seat]?.name || given : given;
      if (!moving) api.storeName(kept);
      api.storeSeat(p.id, { token: r.seat_token, seat: r.seat, name: kept });
      navigate(`/t/${p.id}`, true);
    } catch (x) {
      setErr(errorText(x, lang));
      setBusy(false);
    }
  };
  return (
    <main class="claim box">
      <h2>{moving ? t(lang, "moveTitle") : t(lang, "invited")}</h2>
      {info && (
        <p>
          <TitleLine v={info} lang={lang} />
          <br />
          {seatNames(info.seats, lang).map((n, i) => (
            <span class={"seat-tag" + (info.seats[i].bot ? " bot" : info.seats[i].taken ? "" : " free")}>
              {info.seats[i].bot || info.seats[i].taken ? n : t(lang, "free")}
            </span>
          ))}
        </p>
      )}
      {used ? (
        <div data-testid="invite-used">
          <p class="error">{t(lang, info?.state === "over" || info?.state === "abandoned" ? "inviteOver" : "inviteUsed")}</p>
          <p>
            <a class="btn" href={`/t/${p.id}?spectate=1`} onClick={(e) => linkClick(e, `/t/${p.id}?spectate=1`)}>
              {t(lang, "watchInstead")}
            </a>{" "}
            <a class="btn" href="/" onClick={(e) => linkClick(e, "/")}>
              {t(lang, "toLobby")}
            </a>
          </p>
        </div>
      ) : (
      <form onSubmit={submit}>
        {moving ? (
          <p data-testid="move-text">{t(lang, "moveText")}</p>
        ) : (
          <label>
            {t(lang, "yourName")}
            <input name="name" value={name} maxLength={40} autoFocus onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
        )}
        {err && <p class="error">{err}</p>}
        <button class="btn primary big" type="submit" disabled={busy} data-testid="claim">
          {t(lang, moving ? "moveBtn" : "claimBtn")}
        </button>{" "}
        <a class="btn" href={`/t/${p.id}?spectate=1`} onClick={(e) => linkClick(e, `/t/${p.id}?spectate=1`)}>
          {t(lang, "watchInstead")}
        </a>
      </form>
      )}
    </main>
  );
}

/**
 * Table draws a sitting as one seat (token) or a spectator; connect, when
 * given, opens another transport than the server's WebSocket (the engine
 * on this device).
 */
export function Table(p: { id: string; lang: Lang; token: string | null; connect?: (h: Handlers) => Transport }) {
  const { id, lang, token } = p;
  const [v, dispatch0] = useReducer(reduce, undefined, initialView);
  // cur is the newest view, ahead of the page drawn while events wait
  // for it: an action sent marks the view pending at once, so that the
  // second click of a double click, arriving before the page is drawn
  // again, sends nothing.
  const cur = useRef(v);
  cur.current = v;
  const dispatch = (e: TableEvent) => {
    cur.current = reduce(cur.current, e);
    dispatch0(e);
  };
  const { status, tbl, m, hand: handNo, legal, guide, pending, deadline, link, chat, unread, hint, tab, autos } = v;
  const conn = useRef<Transport | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [dismissed, setDismissed] = useState(-1);
  const [sound, setSound] = useState(soundOn);

  useEffect(() => {
    const h: Handlers = {
      status: (st) => dispatch({ kind: "status", status: st }),
      message: (msg) => {
        if (msg.type === "invite" && !msg.move) api.replaceInvite(id, msg.seat, msg.url);
        dispatch({ kind: "message", msg, now: Date.now() });
      },
    };
    const c = p.connect ? p.connect(h) : new Conn(wsURL(id), joinMsg(token, token ? null : api.hostToken(id)), h);
    conn.current = c;
    return () => c.close();
  }, [id, token]);

  const toast = v.refusal ? explain(v.refusal, tbl?.game ?? null, lang) : "";
  useEffect(() => {
    if (!toast) return;
    const tm = setTimeout(() => dispatch({ kind: "closeRefusal" }), 6000);
    return () => clearTimeout(tm);
  }, [toast]);

  // The page may say "your turn" only with a live connection and a fresh state.
  const offline = v.stale
    ? t(lang, "stale")
    : status.state === "failed"
      ? closeText(status.code, lang)
      : status.state === "waiting" && status.cap
        ? waitText(status, lang)
        : status.state !== "open"
          ? t(lang, "offline")
          : "";
  const mine = myTurn(v);
  useTurnSignal(tbl ? tableTitle(tbl, lang)[0] : "trull", mine, t(lang, "yourTurn"), sound);

  // Drop a selection that no longer fits the legal actions.
  useEffect(() => setSelected([]), [legal]);

  const refresh = () => {
    dispatch({ kind: "stale" });
    conn.current?.refresh();
  };
  // A tab that was hidden for a while may hold an old state (a laptop
  // asleep, a phone's tab in the background): fetch the seat's state anew.
  useEffect(() => {
    let hiddenAt = document.visibilityState === "hidden" ? Date.now() : 0;
    const onVis = () => {
      if (document.visibilityState === "hidden") hiddenAt = Date.now();
      else if (hiddenAt && Date.now() - hiddenAt > STALE_HIDDEN_MS) {
        hiddenAt = 0;
        refresh();
      } else hiddenAt = 0;
    };
    document.addEventListener("visibilitychange", onVis);
    return () => document.removeEventListener("visibilitychange", onVis);
  }, []);
  // A turn clock that ran out brings a state (the stand-in plays): none
  // a while later means the connection is dead without having said so.
  useEffect(() => {
    if (deadline == null) return;
    const seen = cur.current.statesSeen;
    const tm = setTimeout(() => {
      if (cur.current.statesSeen === seen) refresh();
    }, Math.max(0, deadline - Date.now()) + CLOCK_SILENCE_MS);
    return () => clearTimeout(tm);
  }, [deadline]);

  // The focus after an action: follow is set when the page acted, and
  // focused is the decision the focus was last brought to (or answered).
  const page = useRef<HTMLElement>(null);
  const follow = useRef(false);
  const focused = useRef("");
  // byKeys: the person uses the keyboard (no pointer since their last
  // key, or none yet); a pointer's user keeps the focus and the scroll
  // where they are.
  const byKeys = useRef(true);
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (!e.ctrlKey && !e.metaKey && !e.altKey) byKeys.current = true;
    };
    const pointer = () => {
      byKeys.current = false;
    };
    document.addEventListener("keydown", key, true);
    document.addEventListener("pointerdown", pointer, true);
    return () => {
      document.removeEventListener("keydown", key, true);
      document.removeEventListener("pointerdown", pointer, true);
    };
  }, []);
  const acted = () => {
    follow.current = true;
    focused.current = decisionKey(cur.current);
  };

  const act = (a: Action) => {
    if (cur.current.pending || !myTurn(cur.current)) return;
    acted();
    const clean: Action = { act: a.act };
    if (a.call) clean.call = a.call;
    if (a.card) clean.card = a.card;
    if (a.cards) clean.cards = a.cards;
    if (a.say) clean.say = a.say;
    const seq = cur.current.seq + 1;
    const sent = !!conn.current?.send({ type: "act", action: clean, seq });
    dispatch({ kind: "acted", seq, sent });
  };

  // A decision with one legal action that is a formality (stay, ich liege,
  // no lay-out, a forced pass) is taken at once, as the terminal's Enter
  // takes the only choice; the log says so.
  useEffect(() => {
    if (!m || !tbl || !mine || pending || legal.length !== 1 || !isFormality(legal[0])) return;
    // A stand-in bot that plays the seat answers for itself.
    if (tbl.started === false || tbl.seats[m.seat]?.takeover) return;
    const key = `${handNo}/${v.step}`;
    if (cur.current.autoKey === key) return;
    const label = actionLabel(legal[0], { game: m.game, lang, bidBefore: bidBefore(m), isDeclarer: m.seat === m.declarer });
    dispatch({ kind: "took", key, auto: { hand: handNo, at: m.log.length, label } });
    act(legal[0]);
  }, [legal, mine, pending]);
  const send = (msg: unknown) => conn.current?.send(msg);
  // A step of the game asked for by the page (a hint, the next hand): the
  // focus follows it as it follows an action.
  const step = (msg: unknown) => {
    acted();
    return send(msg);
  };

  // The live region says what is new since it last spoke (announce.ts):
  // in words of the page, from the state the seat was sent.
  const [said, setSaid] = useState("");
  const heard = useRef<Heard | null>(null);
  const spoken = (() => {
    if (!m || !tbl) return { ask: "", advice: "", hint: "" };
    const ctx = { game: m.game, lang, bidBefore: bidBefore(m), isDeclarer: m.seat === m.declarer };
    const lone = legal.length === 1 && isFormality(legal[0]);
    return {
      ask: mine && !lone ? askText(legal, m, lang) : "",
      advice: mine && guide ? adviceText(guide, m, lang, seatNames(tbl.seats, lang)).join(" ") : "",
      hint: hint ? t(lang, "hintIs", hintText(hint, (a) => actionLabel(a, ctx), lang)) : "",
    };
  })();
  useEffect(() => {
    if (!m || !tbl) return;
    const now: Heard = { hand: handNo, m, step: v.step, ...spoken };
    const text = news(heard.current, now, seatNames(tbl.seats, lang), lang);
    heard.current = now;
    // The same words again are said again: a region whose text stays is silent.
    if (text) setSaid((s) => (s === text ? text + "\u00a0" : text));
  }, [m, handNo, v.step, spoken.ask, spoken.advice, spoken.hint]);

  // After an action by keyboard the focus stays on the board: a new
  // decision of the viewer's takes it to its first choice, unless the
  // person has gone elsewhere (the chat, the guide); a control that went
  // away leaves it on the hand until then. As soon as the page is drawn, before it is
  // painted: the focus is never left on the body in between.
  useLayoutEffect(() => {
    const root = page.current;
    if (!root || !byKeys.current) return;
    const ae = document.activeElement as HTMLElement | null;
    const lost = !ae || ae === document.body || !ae.isConnected;
    const rest = root.querySelector<HTMLElement>("section[aria-labelledby=hand-heading]") ?? root.querySelector<HTMLElement>("[data-testid=prompt]");
    const onBoard = !lost && !!ae!.closest(".board-inner, [data-testid=result]");
    const key = decisionKey(v);
    if (key && key !== focused.current && (lost || ae === rest || (follow.current && onBoard))) {
      const to = firstChoice(root, mine);
      if (to) {
        // Scrolled to only when it follows the person's action.
        to.focus({ preventScroll: !follow.current });
        focused.current = key;
        follow.current = false;
        return;
      }
    }
    if (lost && follow.current) rest?.focus();
  });

  if (status.state === "failed" && !tbl) {
    return (
      <main class="box">
        <p class="error">{closeText(status.code, lang)}</p>
        <p>
          <a class="btn" href="/" onClick={(e) => linkClick(e, "/")}>
            {t(lang, "toLobby")}
          </a>
          {token && (
            <a class="btn" href={`/t/${id}?spectate=1`} onClick={(e) => linkClick(e, `/t/${id}?spectate=1`)}>
              {t(lang, "watchInstead")}
            </a>
          )}
        </p>
      </main>
    );
  }
  if (!tbl) {
    return (
      <main class="box">
        <p>
          <StatusLine status={status} lang={lang} full />
        </p>
        {status.state === "waiting" && !status.cap && <p class="muted">{t(lang, "needsServer")}</p>}
        {status.state === "waiting" && (
          <p>
            <a class="btn" href="/" onClick={(e) => linkClick(e, "/")}>
              {t(lang, "toLobby")}
            </a>
          </p>
        )}
      </main>
    );
  }
  const names = seatNames(tbl.seats, lang);
  const game = tbl.game;
  const lastDone = v.lastDone;
  const showResult = lastDone && lastDone.hand !== dismissed && (lastDone.hand !== handNo || m?.result) ? lastDone : null;
  const over = tbl.state === "over";
  const host = v.host || !!api.hostToken(id);
  const canNext = !!token && !!m?.result && lastDone?.hand === handNo && !over;

  return (
    <main ref={page} class={`table-page g-${game}`} data-hand={handNo} data-phase={m?.phase ?? ""} data-seat={m?.seat ?? -1} data-tricks={m?.tricks.length ?? 0}>
      <div class="sr-only" role="status" aria-live="polite" data-testid="announce">
        {said}
      </div>
      <div class="tbar">
        <h1 class="tname">
          <TitleLine v={tbl} lang={lang} />
        </h1>
        <span class="hand-no">{t(lang, "handN", handNo + 1)}</span>
        <StatusLine status={status} lang={lang} here={!!tbl.offline} />
        {m && m.seat < 0 && <span class="spect">{t(lang, "spectating")}</span>}
        {token && !over && !p.connect && !tbl.daily && (
          <button type="button" class="small-btn" data-testid="move" aria-expanded={link?.move ? "true" : "false"} onClick={() => send({ type: "move" })}>
            {t(lang, "moveDevice")}
          </button>
        )}
        {token && (
          <button
            type="button"
            class={"small-btn sound" + (sound ? " on" : "")}
            data-testid="sound"
            aria-pressed={sound}
            title={t(lang, "soundHelp")}
            onClick={() => {
              storeSound(!sound);
              setSound(!sound);
            }}
          >
            {t(lang, sound ? "soundOn" : "soundOff")}
          </button>
        )}
      </div>
      {/* Nothing, not an empty text, where no refusal is shown: the page
          after it is not moved when one is, which would take the focus
          from the card refused. */}
      {toast ? (
        <div class="toast" role="alert" onClick={() => dispatch({ kind: "closeRefusal" })}>
          {toast}
        </div>
      ) : null}
      <Invites key={link && !link.move ? link.url : "created"} id={id} tbl={tbl} lang={lang} />
      {link?.move && (
        <LinkBox
          testid="move-link"
          title={t(lang, "moveDevice")}
          help={t(lang, "moveHelp")}
          url={link.url}
          lang={lang}
          close={() => dispatch({ kind: "closeLink" })}
        />
      )}
      <WaitPlayers tbl={tbl} names={names} lang={lang} start={host ? () => send({ type: "start", host_token: api.hostToken(id) ?? undefined }) : undefined} />
      {token && m && m.seat >= 0 && <StandIn tbl={tbl} seat={m.seat} lang={lang} back={() => send({ type: "back" })} />}
      <div class={m && guide ? "board guided" : "board"}>
        {/* The guide comes first: above the table on a narrow screen, at
            the top of the side column on a wide one, so that the hand stays
            in the window while its words are read. */}
        {m && guide && <GuidePanel guide={guide} m={m} lang={lang} names={names} myTurn={mine} over={over} />}
        <div class="main-col">
          {m && (
            <Board
              m={m}
              tbl={tbl}
              names={names}
              legal={legal}
              lang={lang}
              act={act}
              pending={pending}
              hint={hint ?? (guide?.suggest ? { action: guide.suggest } : null)}
              hintNote={hint ? t(lang, "suggested") : guide?.suggest ? t(lang, "guideChoice") : undefined}
              selected={selected}
              setSelected={setSelected}
              askHint={token && legal.length && tbl.hints !== false ? () => step({ type: "hint" }) : undefined}
              deadline={deadline}
              offline={offline}
              autoNote={recentAuto(autos, handNo, m)}
              takeover={host ? (seat) => send({ type: "takeover", seat, host_token: api.hostToken(id) ?? undefined }) : undefined}
              free={host ? (seat) => send({ type: "free", seat, host_token: api.hostToken(id) ?? undefined }) : undefined}
            />
          )}
          {m && guide && mine && <GuideAdvice guide={guide} m={m} lang={lang} names={names} below />}
          {showResult && (
            <ResultBox
              m={showResult.m}
              hand={showResult.hand}
              names={names}
              lang={lang}
              tableId={id}
              onNext={canNext && showResult.hand === handNo ? () => step({ type: "next" }) : undefined}
              onClose={showResult.hand !== handNo ? () => setDismissed(showResult.hand) : undefined}
            />
          )}
          {tbl.daily && <DailyBar daily={tbl.daily} deal={(tbl.hand ?? 0) + 1} over={over} lang={lang} />}
          {tbl.daily && showResult && <DailyChoices daily={tbl.daily} deal={showResult.hand + 1} game={game} lang={lang} />}
          {token && m && !p.connect && !tbl.daily && practiceSeat(tbl.seats, m.seat) && (
            <PracticeBar
              id={id}
              game={game}
              hand={handNo}
              done={!!m.result && lastDone?.hand === handNo}
              canAgain={!over && !guide}
              names={names}
              lang={lang}
              send={send}
            />
          )}
          {over && <SettlementBox tbl={tbl} names={names} you={m ? m.seat : -1} lang={lang} />}
        </div>
        <aside class="side">
          <nav class="tabs" role="tablist" onKeyDown={(e) => tabKey(e, tab, (k) => dispatch({ kind: "tab", tab: k }))}>
            {SIDE_TABS.map((k) => (
              <button
                type="button"
                role="tab"
                id={`tab-${k}`}
                class={tab === k ? "on" : ""}
                aria-selected={tab === k}
                aria-controls="side-panel"
                tabIndex={tab === k ? 0 : -1}
                data-tab={k}
                onClick={() => dispatch({ kind: "tab", tab: k })}
              >
                {t(lang, k)}
                {k === "chat" && unread > 0 && <span class="unread">{unread}</span>}
              </button>
            ))}
          </nav>
          <div class="panel" role="tabpanel" id="side-panel" aria-labelledby={`tab-${tab}`}>
            {tab === "log" && m && <LogPanel m={m} names={names} lang={lang} auto={autos.filter((x) => x.hand === handNo).map((x) => x.at)} />}
            {tab === "sheet" && <Sheet tbl={tbl} names={names} lang={lang} onEnd={token && !over && !tbl.daily ? () => send({ type: "end" }) : undefined} />}
            {tab === "chat" && <ChatPanel msgs={chat} lang={lang} canSend={!!token} send={(text) => send({ type: "chat", text })} />}
          </div>
        </aside>
      </div>
    </main>
  );
}

/** SIDE_TABS are the side column's tabs, in their order. */
const SIDE_TABS: readonly Tab[] = ["log", "sheet", "chat"];

/**
 * tabKey moves between the side column's tabs with the arrow keys, Home
 * and End, as a tab list does, and puts the focus on the tab chosen.
 */
function tabKey(e: KeyboardEvent, tab: Tab, choose: (k: Tab) => void) {
  const i = SIDE_TABS.indexOf(tab);
  const n = SIDE_TABS.length;
  const j = e.key === "ArrowRight" ? (i + 1) % n : e.key === "ArrowLeft" ? (i + n - 1) % n : e.key === "Home" ? 0 : e.key === "End" ? n - 1 : -1;
  if (j < 0) return;
  e.preventDefault();
  choose(SIDE_TABS[j]);
  document.getElementById(`tab-${SIDE_TABS[j]}`)?.focus();
}

/**
 * decisionKey names the decision the page shows the viewer: its hand and
 * step while it is theirs, the finished hand's result, or "" for none.
 */
function decisionKey(v: TableView): string {
  if (myTurn(v)) return `${v.hand}/${v.step}`;
  return v.m?.result ? `r${v.hand}` : "";
}

/**
 * firstChoice is where a decision takes the focus: the first card that may
 * be chosen, else the prompt's first button, else the result's "next hand".
 */
function firstChoice(root: HTMLElement, mine: boolean): HTMLElement | null {
  const sel = mine ? [".board-inner button.card.legal", ".prompt .actions button:not([disabled])"] : ["[data-testid=result] [data-testid=next]"];
  for (const s of sel) {
    const el = root.querySelector<HTMLElement>(s);
    if (el) return el;
  }
  return null;
}

/** STALE_HIDDEN_MS: a tab hidden for longer fetches the table's state anew when shown. */
const STALE_HIDDEN_MS = 20_000;

/** CLOCK_SILENCE_MS: this long after a turn clock ran out without a new state, the connection is renewed. */
const CLOCK_SILENCE_MS = 5_000;

/**
 * isFormality reports whether an action, when it is the only legal one,
 * may be taken for the player: anything but a card played, discarded or
 * bought (choosing cards stays the player's).
 */
export function isFormality(a: Action): boolean {
  if (a.act === "play" || a.act === "discard") return false;
  return !(a.act === "buy" && a.cards && a.cards.length > 0);
}

/** TitleLine shows a table's name and its variant in words. */
export function TitleLine(p: { v: Parameters<typeof tableTitle>[0]; lang: Lang }) {
  const [a, b] = tableTitle(p.v, p.lang);
  return (
    <>
      <strong>{a}</strong>
      {b && <span class="muted"> {b}</span>}
    </>
  );
}

/**
 * StatusLine shows the table's connection: online, waiting, closed; a
 * table on this device (here) says that it plays here, network or not. A
 * refusal over a cap is named briefly in the table's bar (the turn line
 * explains it) and in full where nothing else is shown yet.
 */
function StatusLine(p: { status: Status; lang: Lang; full?: boolean; here?: boolean }) {
  const { status, lang } = p;
  if (status.state === "open" && p.here)
    return (
      <span class="conn here" data-testid="conn-here">
        {t(lang, "connHere")}
      </span>
    );
  if (status.state === "open") return <span class="conn ok" title={t(lang, "online")} />;
  if (status.state === "waiting")
    return (
      <span class="conn warn" data-testid="conn-wait">
        {status.cap && !p.full ? t(lang, "capShort", status.retryIn ?? 0) : waitText(status, lang)}
      </span>
    );
  if (status.state === "failed") return <span class="conn bad">{closeText(status.code, lang)}</span>;
  return <span class="conn warn">{t(lang, "connecting")}</span>;
}

function absURL(u: string): string {
  return /^https?:/.test(u) ? u : location.origin + (u.startsWith("/") ? u : "/" + u);
}

function Invites(p: { id: string; tbl: TableState; lang: Lang }) {
  const { lang } = p;
  const created = api.storedInvites(p.id);
  const [copied, setCopied] = useState("");
  const [hidden, setHidden] = useState(false);
  if (!created || hidden) return null;
  const open = created.invites.filter((inv) => !p.tbl.seats[inv.seat]?.taken);
  if (!open.length) return null;
  const copy = (u: string) => {
    navigator.clipboard?.writeText(u).then(
      () => setCopied(u),
      () => setCopied(""),
    );
  };
  return (
    <section class="invites box">
      <h3>
        {t(lang, "invites")}{" "}
        <button type="button" class="small-btn" onClick={() => setHidden(true)}>
          {t(lang, "close")}
        </button>
      </h3>
      <p class="muted">{t(lang, "invitesHelp")}</p>
      {open.map((inv) => {
        const u = absURL(inv.url);
        return (
          <div class="invite">
            <span>{t(lang, "seatN", inv.seat + 1)}</span>
            <input readOnly value={u} onFocus={(e) => (e.target as HTMLInputElement).select()} />
            <button type="button" class="small-btn" onClick={() => copy(u)}>
              {copied === u ? t(lang, "copied") : t(lang, "copy")}
            </button>
          </div>
        );
      })}
      {created.spectate_url && (
        <div class="invite">
          <span>{t(lang, "spectateLink")}</span>
          <input readOnly value={absURL(created.spectate_url)} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        </div>
      )}
    </section>
  );
}

/**
 * recentAuto is the label of the lone formality last taken for the viewer in
 * this hand while it is news: until every seat has acted once after it, and
 * never once the hand is over.
 */
function recentAuto(autos: AutoTaken[], hand: number, m: Model): string | undefined {
  const a = autos.filter((x) => x.hand === hand).pop();
  if (!a || m.result || m.log.length - a.at > m.seats) return undefined;
  return a.label;
}
