// The table of one sitting: seats, the trick, the talon / Tapp /
// Strohmänner, the player's hand and actions, the log, the score sheet and
// chat, kept in sync over the table's WebSocket.

import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import * as api from "./api";
import type { Action, SeatInfo } from "./api";
import { cardName, packOf, sortHand, type GameName } from "./cards";
import { Backs, Card, Icon } from "./face";
import {
  actionLabel,
  contractName,
  declarerWord,
  foolWord,
  itemName,
  logText,
  sideName,
  t,
  talonWord,
  TITLE,
  tr,
  type Lang,
} from "./i18n";
import { bidBefore, lastTrick, model, type Model, type Pile, type Result, type Trick } from "./model";
import { linkClick, navigate } from "./router";
import { Conn, wsURL, type Status } from "./ws";

/** Row is a line of the sitting's score sheet (internal/sitting). */
export interface Row {
  deal: number;
  hand: number;
  dealer: number;
  contract: string;
  declarer: number;
  partner: number;
  redeal?: boolean;
  multiplier?: number;
  double?: boolean;
  score: number[];
  totals: number[];
}

/** Settlement is the end-of-sitting settlement between every pair. */
export interface Settlement {
  stake?: number;
  payments: { from: number; to: number; amount: number }[];
  net?: number[];
}

/** TableState is the `table` part of a state message. */
export interface TableState {
  id: string;
  game: GameName;
  variant: string;
  name?: string;
  state?: string;
  seats: SeatInfo[];
  sheet?: Row[] | null;
  totals?: number[] | null;
  settlement?: Settlement | null;
  hand?: number;
  played?: number;
  hands_left?: number;
  end_requested?: number;
  stake?: number;
  grace_ms?: number;
}

interface ChatMsg {
  seat: number;
  name: string;
  text: string;
}

type Tab = "log" | "sheet" | "chat";

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
  const [info, setInfo] = useState<api.TableInfo | null>(null);
  useEffect(() => {
    api.tableInfo(p.id).then(setInfo, () => setInfo(null));
  }, [p.id]);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!name.trim()) return setErr(t(lang, "nameNeeded"));
    setBusy(true);
    try {
      const r = await api.claim(p.id, p.invite, name.trim());
      api.storeName(name.trim());
      api.storeSeat(p.id, { token: r.seat_token, seat: r.seat, name: name.trim() });
      navigate(`/t/${p.id}`, true);
    } catch (x) {
      const e2 = x as api.ApiError;
      setErr(e2.status === 409 ? t(lang, "seatTaken") : String(e2.message));
      setBusy(false);
    }
  };
  return (
    <main class="claim box">
      <h2>{tr(lang, "You are invited to a table", "Du bist an einen Tisch eingeladen")}</h2>
      {info && (
        <p>
          <strong>{info.name || TITLE[info.game]}</strong> <span class="muted">{variantText(info.variant)}</span>
          <br />
          {seatNames(info.seats, lang).map((n, i) => (
            <span class={"seat-tag" + (info.seats[i].bot ? " bot" : info.seats[i].taken ? "" : " free")}>
              {info.seats[i].bot || info.seats[i].taken ? n : t(lang, "free")}
            </span>
          ))}
        </p>
      )}
      <form onSubmit={submit}>
        <label>
          {t(lang, "yourName")}
          <input name="name" value={name} maxLength={40} autoFocus onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        {err && <p class="error">{err}</p>}
        <button class="btn primary big" type="submit" disabled={busy}>
          {t(lang, "claimBtn")}
        </button>{" "}
        <a class="btn" href={`/t/${p.id}?spectate=1`} onClick={(e) => linkClick(e, `/t/${p.id}?spectate=1`)}>
          {t(lang, "watchInstead")}
        </a>
      </form>
    </main>
  );
}

interface Hint {
  action: Action;
  value?: number | null;
  /** The other candidates the bot weighed, best first. */
  alts?: Hint[];
}

/** hintText is a candidate with its estimated score, e.g. "XXI (+4.2)". */
function hintText(h: Hint, label: (a: Action) => string): string {
  if (h.value == null) return label(h.action);
  const v = Math.round(h.value * 10) / 10;
  return `${label(h.action)} (${v > 0 ? "+" : ""}${v})`;
}

function sameAction(a: Action, b: Action): boolean {
  return (
    a.act === b.act &&
    (a.call ?? "") === (b.call ?? "") &&
    (a.card ?? "") === (b.card ?? "") &&
    (a.say ?? "") === (b.say ?? "") &&
    JSON.stringify(a.cards ?? []) === JSON.stringify(b.cards ?? [])
  );
}

function Table(p: { id: string; lang: Lang; token: string | null }) {
  const { id, lang, token } = p;
  const [status, setStatus] = useState<Status>({ state: "connecting" });
  const [tbl, setTbl] = useState<TableState | null>(null);
  const [view, setView] = useState<unknown>(null);
  const [handNo, setHandNo] = useState(0);
  const [isHost, setHost] = useState(false);
  const [legal, setLegal] = useState<Action[]>([]);
  const [chat, setChat] = useState<ChatMsg[]>([]);
  const [unread, setUnread] = useState(0);
  const [hint, setHint] = useState<Hint | null>(null);
  const [toast, setToast] = useState("");
  const [pending, setPending] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [tab, setTab] = useState<Tab>("log");
  const [lastDone, setLastDone] = useState<{ hand: number; m: Model } | null>(null);
  const [dismissed, setDismissed] = useState(-1);
  const conn = useRef<Conn | null>(null);
  const seq = useRef(0);
  const prev = useRef<{ hand: number; m: Model | null }>({ hand: -1, m: null });
  const tabRef = useRef<Tab>("log");
  tabRef.current = tab;

  useEffect(() => {
    const c = new Conn(wsURL(id, token), {
      status: setStatus,
      message: (m) => {
        switch (m.type) {
          case "state": {
            const table = m.table as TableState;
            const hand = typeof m.hand === "number" ? m.hand : 0;
            const mod = m.view ? model(m.view, table.game) : null;
            // Keep the finished hand for its result banner when the next one starts.
            if (prev.current.m && prev.current.hand !== hand && prev.current.m.result) {
              setLastDone({ hand: prev.current.hand, m: prev.current.m });
            }
            if (mod?.result) setLastDone({ hand, m: mod });
            prev.current = { hand, m: mod };
            setTbl(table);
            setView(m.view ?? null);
            setHandNo(hand);
            setHost(!!m.host);
            setLegal(((m.legal as Action[]) ?? []).map((a) => ({ ...a })));
            setPending(false);
            setHint(null);
            break;
          }
          case "error":
            setToast(String(m.error ?? "error"));
            setPending(false);
            break;
          case "chat":
            setChat((old) => [...old.slice(-199), { seat: Number(m.seat ?? -1), name: String(m.name ?? ""), text: String(m.text ?? "") }]);
            if (tabRef.current !== "chat") setUnread((n) => n + 1);
            break;
          case "hint": {
            const hs = (m.hints as Hint[]) ?? [];
            setHint(hs.length ? { ...hs[0], alts: hs.slice(1) } : null);
            break;
          }
        }
      },
    });
    conn.current = c;
    return () => c.close();
  }, [id, token]);

  useEffect(() => {
    if (!toast) return;
    const tm = setTimeout(() => setToast(""), 6000);
    return () => clearTimeout(tm);
  }, [toast]);

  const m = useMemo(() => (view && tbl ? model(view, tbl.game) : null), [view, tbl]);

  // Drop a selection that no longer fits the legal actions.
  useEffect(() => setSelected([]), [legal]);

  const act = (a: Action) => {
    if (pending) return;
    const clean: Action = { act: a.act };
    if (a.call) clean.call = a.call;
    if (a.card) clean.card = a.card;
    if (a.cards) clean.cards = a.cards;
    if (a.say) clean.say = a.say;
    seq.current++;
    if (conn.current?.send({ type: "act", action: clean, seq: seq.current })) setPending(true);
  };
  const send = (msg: unknown) => conn.current?.send(msg);

  if (status.state === "failed" && !tbl) {
    return (
      <main class="box">
        <p class="error">{status.code === 4404 ? t(lang, "gone") : status.code === 4401 || status.code === 4403 ? t(lang, "badToken") : status.reason || t(lang, "error")}</p>
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
        <StatusLine status={status} lang={lang} />
      </main>
    );
  }
  const names = seatNames(tbl.seats, lang);
  const game = tbl.game;
  const showResult = lastDone && lastDone.hand !== dismissed && (lastDone.hand !== handNo || m?.result) ? lastDone : null;
  const over = tbl.state === "over";
  const canNext = !!token && !!m?.result && lastDone?.hand === handNo && !over;

  return (
    <main class={`table-page g-${game}`} data-hand={handNo} data-phase={m?.phase ?? ""} data-seat={m?.seat ?? -1} data-tricks={m?.tricks.length ?? 0}>
      <div class="tbar">
        <span class="tname">
          <strong>{tbl.name || TITLE[game]}</strong> <span class="muted">{variantText(tbl.variant)}</span>
        </span>
        <span class="hand-no">{t(lang, "handN", handNo + 1)}</span>
        <StatusLine status={status} lang={lang} />
        {m && m.seat < 0 && <span class="spect">{t(lang, "spectating")}</span>}
      </div>
      {toast && (
        <div class="toast" role="alert" onClick={() => setToast("")}>
          {toast}
        </div>
      )}
      <Invites id={id} tbl={tbl} lang={lang} />
      <div class="board">
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
              hint={hint}
              selected={selected}
              setSelected={setSelected}
              askHint={token && legal.length ? () => send({ type: "hint" }) : undefined}
              takeover={isHost || api.hostToken(id) ? (seat) => send({ type: "takeover", seat, host_token: api.hostToken(id) ?? undefined }) : undefined}
            />
          )}
          {showResult && (
            <ResultBox
              m={showResult.m}
              hand={showResult.hand}
              names={names}
              lang={lang}
              tableId={id}
              onNext={canNext && showResult.hand === handNo ? () => send({ type: "next" }) : undefined}
              onClose={showResult.hand !== handNo ? () => setDismissed(showResult.hand) : undefined}
            />
          )}
          {over && <SettlementBox tbl={tbl} names={names} lang={lang} />}
        </div>
        <aside class="side">
          <nav class="tabs" role="tablist">
            {(["log", "sheet", "chat"] as Tab[]).map((k) => (
              <button
                type="button"
                role="tab"
                class={tab === k ? "on" : ""}
                aria-selected={tab === k}
                data-tab={k}
                onClick={() => {
                  setTab(k);
                  if (k === "chat") setUnread(0);
                }}
              >
                {t(lang, k)}
                {k === "chat" && unread > 0 && <span class="unread">{unread}</span>}
              </button>
            ))}
          </nav>
          <div class="panel">
            {tab === "log" && m && <LogPanel m={m} names={names} lang={lang} />}
            {tab === "sheet" && <Sheet tbl={tbl} names={names} lang={lang} onEnd={token && !over ? () => send({ type: "end" }) : undefined} />}
            {tab === "chat" && <ChatPanel msgs={chat} lang={lang} canSend={!!token} send={(text) => send({ type: "chat", text })} />}
          </div>
        </aside>
      </div>
    </main>
  );
}

/** seatNames gives every seat a distinct display name: bots by seat number. */
export function seatNames(seats: SeatInfo[], lang: Lang): string[] {
  const out = seats.map((s, i) => {
    if (s.bot) return `Bot ${i + 1}`;
    const n = s.name || t(lang, "seatN", i + 1);
    return s.takeover ? `${n} (Bot)` : n;
  });
  return out.map((n, i) => (out.indexOf(n) !== i || out.lastIndexOf(n) !== i ? `${n} (${i + 1})` : n));
}

/** variantText shows a variant's non-default options ("" for the standard rules). */
export function variantText(v: string): string {
  const m = /^[a-z]+\((.*)\)$/.exec(v);
  return m ? m[1].replace(/,/g, ", ") : v;
}

function StatusLine(p: { status: Status; lang: Lang }) {
  const { status, lang } = p;
  if (status.state === "open") return <span class="conn ok" title="online" />;
  if (status.state === "waiting") return <span class="conn warn">{t(lang, "reconnecting", status.retryIn ?? 0)}</span>;
  if (status.state === "failed") return <span class="conn bad">{status.reason || t(lang, "error")}</span>;
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

interface BoardProps {
  m: Model;
  tbl: TableState;
  names: string[];
  legal: Action[];
  lang: Lang;
  act: (a: Action) => void;
  pending: boolean;
  hint: Hint | null;
  selected: string[];
  setSelected: (f: (s: string[]) => string[]) => void;
  askHint?: () => void;
  takeover?: (seat: number) => void;
}

/** seatOrder lists the other seats starting after the viewer, in the direction of play. */
function seatOrder(m: Model): number[] {
  const me = m.seat >= 0 ? m.seat : -1;
  const out: number[] = [];
  for (let k = 1; k <= m.seats; k++) {
    const s = (((me < 0 ? -1 : me) + k) % m.seats + m.seats) % m.seats;
    if (s !== me) out.push(s);
  }
  if (me < 0) out.sort((a, b) => a - b);
  return out;
}

function Board(p: BoardProps) {
  const { m, legal, lang, names } = p;
  const game = m.game;
  const myTurn = m.seat >= 0 && m.toAct === m.seat && legal.length > 0;
  const plays = legal.filter((a) => a.act === "play");
  const discards = legal.filter((a) => a.act === "discard");
  const buys = legal.filter((a) => a.act === "buy" && a.cards && a.cards.length === 2);
  const buttons = legal.filter((a) => !(a.act === "play" && !a.say) && a.act !== "discard" && !(a.act === "buy" && a.cards && a.cards.length === 2));
  const playable = new Set(plays.filter((a) => !a.say).map((a) => a.card!));
  for (const a of plays) if (a.say && !playable.has(a.card!)) playable.add(a.card!);
  const discardable = new Set<string>();
  for (const a of discards) for (const c of a.cards ?? (a.card ? [a.card] : [])) discardable.add(c);
  const discardCount =
    discards.find((a) => typeof a.count === "number")?.count ??
    (game === "droggn" ? 3 : game === "troggu" ? (m.tappTaken?.length || m.tappSize || 0) - (m.discardCount ?? 0) : 0);
  const [offer, setOffer] = useState("");
  const [ask, setAsk] = useState("");
  const offerable = useMemo(() => new Set(buys.map((a) => a.cards![0])), [legal]);
  const askable = useMemo(() => {
    const s = new Set(buys.map((a) => a.cards![1]));
    return packOf(game, m.variant).filter((c) => s.has(c));
  }, [legal]);
  useEffect(() => {
    setOffer("");
    setAsk("");
  }, [legal]);

  const ctx = { game, lang, bidBefore: bidBefore(m), isDeclarer: m.seat === m.declarer };
  const hintAct = p.hint?.action;
  const clickCard = (c: string) => {
    if (!myTurn || p.pending) return;
    if (discardable.size) {
      p.setSelected((s) => (s.includes(c) ? s.filter((x) => x !== c) : s.length < discardCount ? [...s, c] : s));
      return;
    }
    if (offerable.size && offerable.has(c)) {
      setOffer(c === offer ? "" : c);
      return;
    }
    const a = plays.find((x) => x.card === c && !x.say) ?? plays.find((x) => x.card === c);
    if (a) p.act(a);
  };
  const cardState = (c: string) => {
    if (!myTurn) return {};
    if (discardable.size) return { legal: discardable.has(c), dim: !discardable.has(c), selected: p.selected.includes(c) };
    if (offerable.size) return { legal: offerable.has(c), dim: !offerable.has(c), selected: offer === c };
    if (plays.length) return { legal: playable.has(c), dim: !playable.has(c), hint: hintAct?.act === "play" && hintAct.card === c };
    return {};
  };

  const order = seatOrder(m);
  const hand = sortHand(m.hand);
  return (
    <div class="board-inner">
      <section class={"seats n" + order.length}>
        {order.map((s) => (
          <SeatChip m={m} seat={s} names={names} info={p.tbl.seats[s]} lang={lang} takeover={p.takeover} />
        ))}
      </section>
      {game === "strohmandeln" && m.players && !m.result && (
        <StrohSide m={m} seat={m.seat >= 0 ? 1 - m.seat : 1} lang={lang} names={names} />
      )}
      <section class="center">
        <TrickView m={m} names={names} lang={lang} />
        <Extras m={m} names={names} lang={lang} />
      </section>
      <section class={"prompt" + (myTurn ? " mine" : "")} data-testid="prompt">
        <Prompt m={m} names={names} lang={lang} myTurn={myTurn} plays={plays.length > 0} over={p.tbl.state === "over"} />
        {myTurn && discardable.size > 0 && (
          <div class="actions">
            <span>{t(lang, game === "droggn" ? "selectDroggn" : "select", discardCount, p.selected.length)}</span>
            <button
              type="button"
              class="btn primary"
              data-testid="discard"
              disabled={p.selected.length !== discardCount || p.pending}
              onClick={() => p.act({ act: "discard", cards: p.selected })}
            >
              {t(lang, game === "droggn" ? "confirmDroggn" : "confirmDiscard")}
            </button>
          </div>
        )}
        {myTurn && offerable.size > 0 && (
          <div class="actions buy">
            <span>{offer ? cardName(offer, game, lang) : t(lang, "offerCard")}</span>
            <label>
              {t(lang, "askFor")}{" "}
              <select value={ask} onChange={(e) => setAsk((e.target as HTMLSelectElement).value)}>
                <option value="">—</option>
                {askable.map((c) => (
                  <option value={c}>{cardName(c, game, lang)}</option>
                ))}
              </select>
            </label>
            <button
              type="button"
              class="btn primary"
              disabled={!offer || !ask || p.pending}
              onClick={() => p.act({ act: "buy", cards: [offer, ask] })}
            >
              {offer && ask ? t(lang, "buyBtn", cardName(offer, game, lang), cardName(ask, game, lang)) : tr(lang, "buy", "kaufen")}
            </button>
          </div>
        )}
        {myTurn && buttons.length > 0 && (
          <div class="actions">
            {buttons.map((a) => (
              <button
                type="button"
                class={"btn" + (hintAct && sameAction(hintAct, a) ? " hint" : "")}
                data-act={a.act}
                data-call={a.call ?? a.card ?? ""}
                disabled={p.pending}
                onClick={() => p.act(a)}
              >
                {actionLabel(a, ctx)}
              </button>
            ))}
          </div>
        )}
        {myTurn && p.askHint && (
          <div class="hint-row">
            <button type="button" class="small-btn" data-testid="hint" onClick={p.askHint}>
              <Icon name="hint" /> {t(lang, "hint")}
            </button>
            {p.hint && (
              <span class="muted" data-testid="hint-text">
                {t(lang, "hintIs", hintText(p.hint, (a) => actionLabel(a, ctx)))}
                {p.hint.alts?.length ? " · " + t(lang, "hintElse", p.hint.alts.map((h) => hintText(h, (a) => actionLabel(a, ctx))).join(", ")) : ""}
              </span>
            )}
          </div>
        )}
      </section>
      {game === "strohmandeln" && m.players && m.seat >= 0 && !m.result && (
        <StrohSide m={m} seat={m.seat} lang={lang} names={names} mine playable={myTurn ? playable : undefined} onPlay={clickCard} />
      )}
      {m.seat >= 0 && !(m.result && hand.length === 0) && (
        <section class="mine">
          <div class="hand-label">
            {t(lang, "hand")} ({hand.length}){" "}
            {roleBadges(m, m.seat, lang).map((b) => (
              <span class="role">{b}</span>
            ))}
          </div>
          <div class={"hand" + (hand.length > 12 ? " many" : "")} data-testid="hand">
            {hand.length === 0 && <span class="muted">{t(lang, "noHand")}</span>}
            {hand.map((c) => {
              const st = cardState(c);
              return <Card id={c} game={game} lang={lang} {...st} onClick={myTurn ? () => clickCard(c) : undefined} />;
            })}
          </div>
        </section>
      )}
    </div>
  );
}

function Prompt(p: { m: Model; names: string[]; lang: Lang; myTurn: boolean; plays: boolean; over: boolean }) {
  const { m, lang } = p;
  if (m.result || m.toAct < 0) return <p class="turn">{t(lang, p.over ? "sittingOver" : "handOver")}</p>;
  if (p.myTurn) return <p class="turn me">{t(lang, "yourTurn") + (p.plays ? " — " + t(lang, "playCard") : "")}</p>;
  return <p class="turn">{t(lang, "waitingFor", p.names[m.toAct] ?? "?")}</p>;
}

/** roleBadges names a seat's roles in this hand. */
function roleBadges(m: Model, seat: number, lang: Lang): string[] {
  const game = m.game;
  const badges: string[] = [];
  if (seat === m.dealer) badges.push(t(lang, "dealer"));
  if (seat === m.elder) badges.push(t(lang, "elder"));
  if (seat === m.sitsOut) badges.push(tr(lang, "sits out (feiert)", "feiert"));
  if (seat === m.declarer && m.contract) badges.push(declarerWord(game, m.contract, lang));
  if (seat === m.partner && m.partner >= 0) badges.push("Partner");
  if (game === "droggn" && m.pagatLaid === seat) badges.push("Pagat " + t(lang, "laidOut"));
  if (game === "droggn" && m.foolLaid && seat === m.declarer) badges.push("Gstieß " + t(lang, "laidOut"));
  return badges;
}

function SeatChip(p: { m: Model; seat: number; names: string[]; info?: SeatInfo; lang: Lang; takeover?: (s: number) => void }) {
  const { m, seat, lang, info } = p;
  const badges = roleBadges(m, seat, lang);
  const turn = m.toAct === seat;
  const absent = !!info && !info.bot && !info.takeover && info.connected === false;
  const size = m.handSizes[seat] ?? 0;
  return (
    <div class={"chip" + (turn ? " turn" : "") + (seat === m.sitsOut ? " out" : "")} data-seat={seat}>
      <div class="chip-name">
        {turn && <span class="arrow">▶</span>}
        {(info?.bot || info?.takeover) && <Icon name="bot" title={info.bot || info.takeover} />}
        <span class="nm">{p.names[seat]}</span>
        {absent && <span class="absent" title={t(lang, "absent")} />}
      </div>
      <div class="chip-info">
        <span title={t(lang, "cards")}>
          <Icon name="cards" /> {size}
        </span>
        <span title={t(lang, "tricks")}>
          <Icon name="tricks" /> {m.tricksWon[seat] ?? 0}
        </span>
        {info?.bot && <span class="lvl">{info.bot}</span>}
      </div>
      {badges.length > 0 && (
        <div class="chip-badges">
          {badges.map((b) => (
            <span class="tag">{b}</span>
          ))}
        </div>
      )}
      {absent && p.takeover && (
        <button type="button" class="small-btn" onClick={() => p.takeover!(seat)}>
          {t(lang, "botTakeover")}
        </button>
      )}
    </div>
  );
}

function TrickView(p: { m: Model; names: string[]; lang: Lang }) {
  const { m, lang } = p;
  const cur = m.trick && m.trick.plays.length ? m.trick : null;
  const last = lastTrick(m);
  const show: Trick | null = cur ?? last;
  if (!show) return null;
  const done = !cur;
  return (
    <div class={"trick" + (done ? " done" : "")} data-testid="trick">
      <div class="trick-label">
        {!done
          ? t(lang, "trickN", m.tricks.length + 1)
          : show.winner < 0
            ? t(lang, "lastTrick")
            : show.winner === m.seat
              ? t(lang, "lastTrickYou")
              : t(lang, "lastTrickBy", p.names[show.winner])}
      </div>
      <div class="trick-cards">
        {show.plays.map((pl) => (
          <div class={"played" + (done && pl.seat === show.winner ? " won" : "")}>
            <Card id={pl.card} game={m.game} lang={lang} badge={pl.say ? (pl.say === "ross" ? "Ross!" : "Topschin!") : pl.powerless ? "✕" : undefined} />
            <span class="who">{pl.seat === m.seat ? t(lang, "you") : p.names[pl.seat]}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function Extras(p: { m: Model; names: string[]; lang: Lang }) {
  const { m, lang, names } = p;
  const g = m.game;
  const lines: ComponentChildren[] = [];
  if (m.contract) {
    let s = contractName(g, m.contract, lang);
    if (m.declarer >= 0 && g !== "strohmandeln") s += ` — ${declarerWord(g, m.contract, lang)}: ${names[m.declarer]}`;
    if (g === "strohmandeln" && m.declarer >= 0) s += ` — ${names[m.declarer]}`;
    if (m.doublings && m.doublings > 0) s += ` — ×${2 ** m.doublings} (Schwacher${m.doublings > 1 ? "/Retour" : ""})`;
    if (m.doubled) s += ` — ${t(lang, "doubled")}`;
    if (m.forced) s += tr(lang, " (forced)", " (Pflicht)");
    lines.push(<span class="contract">{s}</span>);
  }
  const cards: ComponentChildren[] = [];
  if (g === "droggn") {
    if (m.talonShown && m.talonShown.length) {
      cards.push(<Group label={talonWord(g)} ids={m.talonShown} m={m} lang={lang} />);
    } else if (m.talonSize && m.talonSize > 0) {
      cards.push(
        <div class="group">
          <span class="glabel">{talonWord(g)}</span>
          <Backs n={m.talonSize} game={g} lang={lang} small />
        </div>,
      );
    }
    if (m.discards && m.discards.length) cards.push(<Group label={t(lang, "yourDiscards")} ids={m.discards} m={m} lang={lang} />);
    if (m.asked) {
      lines.push(
        m.buyLost
          ? t(lang, "buyLost", cardName(m.asked, g, lang))
          : t(lang, "bought", cardName(m.asked, g, lang), names[m.boughtFrom ?? -1] ?? "?"),
      );
    }
    if (m.offered) lines.push(t(lang, "offered", cardName(m.offered, g, lang)));
  }
  if (g === "troggu") {
    if (m.calledTrump) lines.push(t(lang, "called", cardName("T" + m.calledTrump, g, lang)));
    if (m.partner >= 0) lines.push(t(lang, "partnerIs", names[m.partner]));
    if (m.alone) lines.push(`${names[m.declarer] ?? ""} ${t(lang, "alone")}`);
    if (m.foolPowerless) lines.push(t(lang, "powerless", foolWord(g)));
    if (m.tapp && m.tapp.length) cards.push(<Group label="Tapp" ids={m.tapp} m={m} lang={lang} />);
    else if (m.tappSize && m.tappSize > 0)
      cards.push(
        <div class="group">
          <span class="glabel">Tapp</span>
          <Backs n={m.tappSize} game={g} lang={lang} small />
        </div>,
      );
    if (m.tappTaken && m.tappTaken.length && m.phase === "discard") cards.push(<Group label={t(lang, "tappTaken")} ids={m.tappTaken} m={m} lang={lang} />);
    if (m.discards && m.discards.length) cards.push(<Group label={t(lang, "discards")} ids={m.discards} m={m} lang={lang} />);
  }
  if (!lines.length && !cards.length) return null;
  return (
    <div class="extras">
      {lines.length > 0 && (
        <div class="info">
          {lines.map((l) => (
            <div>{l}</div>
          ))}
        </div>
      )}
      {cards.length > 0 && <div class="groups">{cards}</div>}
    </div>
  );
}


function Group(p: { label: string; ids: string[]; m: Model; lang: Lang }) {
  return (
    <div class="group">
      <span class="glabel">{p.label}</span>
      <span class="gcards">
        {sortHand(p.ids).map((c) => (
          <Card id={c} game={p.m.game} lang={p.lang} small />
        ))}
      </span>
    </div>
  );
}

function PileView(p: { pile: Pile; k: number; m: Model; lang: Lang; playable?: Set<string>; onPlay?: (c: string) => void }) {
  const { pile, m, lang } = p;
  const top = pile.top;
  const can = !!(top && p.playable?.has(top));
  return (
    <div class="pile" data-pile={p.k}>
      <span class="plabel">{p.k + 1}</span>
      <div class="pstack">
        {pile.face_down > 0 && <Backs n={pile.face_down} game={m.game} lang={lang} small label={t(lang, "faceDown")} />}
        {top ? (
          <Card id={top} game={m.game} lang={lang} small legal={can} dim={!!p.playable && !can} onClick={can ? () => p.onPlay?.(top) : undefined} />
        ) : pile.face_down === 0 ? (
          <span class="empty-pile">—</span>
        ) : null}
      </div>
    </div>
  );
}

function StrohSide(p: {
  m: Model;
  seat: number;
  lang: Lang;
  names: string[];
  mine?: boolean;
  playable?: Set<string>;
  onPlay?: (c: string) => void;
}) {
  const { m, seat, lang } = p;
  const pl = m.players?.[seat];
  if (!pl) return null;
  const known = p.mine ? [] : pl.known.filter((c) => !m.hand.includes(c));
  return (
    <section class={"stroh" + (p.mine ? " mine" : "")} data-stroh={seat}>
      <div class="stroh-head">
        <span>
          Strohmänner — {seat === m.seat ? t(lang, "you") : p.names[seat]}
        </span>
        <span class="muted">
          {pl.card_points > 0 && `${t(lang, "cardPoints")}: ${fmtPoints(pl.card_points, m)}`}
          {pl.announced?.length ? ` · ${pl.announced.join(", ")}` : ""}
        </span>
      </div>
      <div class="piles">
        {pl.strohmaenner.map((pile, k) => (
          <PileView pile={pile} k={k} m={m} lang={lang} playable={p.mine ? p.playable : undefined} onPlay={p.onPlay} />
        ))}
        {known.length > 0 && (
          <div class="group known">
            <span class="glabel">{t(lang, "known")}</span>
            <span class="gcards">
              {sortHand(known).map((c) => (
                <Card id={c} game={m.game} lang={lang} small />
              ))}
            </span>
          </div>
        )}
      </div>
    </section>
  );
}

/** fmtPoints shows card points; 54-card Strohmandeln counts in thirds. */
export function fmtPoints(v: number, m: { game: GameName; variant: string }): string {
  if (m.game !== "strohmandeln" || m.variant.includes("pack=40")) return String(v);
  const whole = Math.floor(v / 3);
  const rest = v - whole * 3;
  return rest === 0 ? String(whole) : `${whole}${rest === 1 ? "⅓" : "⅔"}`;
}

function LogPanel(p: { m: Model; names: string[]; lang: Lang }) {
  const { m, lang } = p;
  if (!m.log.length) return <p class="muted">—</p>;
  let bid = false;
  return (
    <ol class="log">
      {m.log.map((e) => {
        const text = logText(e, { game: m.game, lang, bidBefore: bid, isDeclarer: e.seat === m.declarer });
        if (e.act === "bid" && e.call !== "pass" && e.call !== "weiter" && e.call !== "gut") bid = true;
        return (
          <li>
            <strong>{e.seat === m.seat ? t(lang, "you") : p.names[e.seat]}:</strong> {text}
          </li>
        );
      })}
    </ol>
  );
}

/** ResultBox shows a finished hand's result with its items. */
export function ResultBox(p: {
  m: Model;
  hand: number;
  names: string[];
  lang: Lang;
  tableId?: string;
  onNext?: () => void;
  onClose?: () => void;
}) {
  const { m, lang, names } = p;
  const r = m.result as Result;
  if (!r) return null;
  return (
    <section class="result box" data-testid="result">
      <h3>
        {t(lang, "newerHand", p.hand + 1)}: {contractName(m.game, r.contract, lang)}
        {r.declarer !== undefined && r.declarer >= 0 ? ` — ${names[r.declarer]}` : m.declarer >= 0 ? ` — ${names[m.declarer]}` : ""}
      </h3>
      <table class="res">
        <thead>
          <tr>
            <th />
            {names.map((n) => (
              <th>{n}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {r.card_points.length > 0 && (
            <tr>
              <td>{t(lang, "cardPoints")}</td>
              {r.card_points.map((v) => (
                <td>{fmtPoints(v, m)}</td>
              ))}
            </tr>
          )}
          <tr>
            <td>{t(lang, "score")}</td>
            {r.score.map((v) => (
              <td class={v > 0 ? "pos" : v < 0 ? "neg" : ""}>{signed(v)}</td>
            ))}
          </tr>
        </tbody>
      </table>
      {r.items.length > 0 && (
        <ul class="items">
          {r.items.map((it) => (
            <li>
              {itemName(it.item, m.game, lang)}
              {it.side ? ` (${sideName(it.side, m.game, lang)})` : it.seats?.length ? ` (${it.seats.map((s) => names[s]).join(", ")})` : ""}: {signed(it.points)}
            </li>
          ))}
        </ul>
      )}
      <p>
        {p.onNext && (
          <button type="button" class="btn primary" data-testid="next" onClick={p.onNext}>
            {t(lang, "nextHand")}
          </button>
        )}
        {p.tableId && (
          <a class="btn" href={`/t/${p.tableId}/replay/${p.hand}`} onClick={(e) => linkClick(e, `/t/${p.tableId}/replay/${p.hand}`)}>
            {t(lang, "replay")}
          </a>
        )}
        {p.tableId && <ExportButton tableId={p.tableId} hand={p.hand} lang={lang} />}
        {p.onClose && (
          <button type="button" class="btn" onClick={p.onClose}>
            {t(lang, "dismiss")}
          </button>
        )}
      </p>
    </section>
  );
}

/** signed formats a score with its sign. */
export function signed(v: number): string {
  return v > 0 ? "+" + v : String(v);
}

/** ExportButton downloads the record of a finished hand. */
export function ExportButton(p: { tableId: string; hand: number; lang: Lang }) {
  const [err, setErr] = useState("");
  const go = async () => {
    try {
      const text = await api.handRecord(p.tableId, p.hand);
      const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = `trull-${p.tableId}-hand${p.hand + 1}.json`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      setErr(String((e as Error).message));
    }
  };
  return (
    <>
      <button type="button" class="btn" onClick={go} title={err || undefined}>
        ⤓ {t(p.lang, "export")}
      </button>
      {err && <span class="error"> {err}</span>}
    </>
  );
}

function Sheet(p: { tbl: TableState; names: string[]; lang: Lang; onEnd?: () => void }) {
  const { tbl, names, lang } = p;
  const req = tbl.end_requested ?? -1;
  const rows = tbl.sheet ?? [];
  const totals = tbl.totals ?? (rows.length ? rows[rows.length - 1].totals : names.map(() => 0));
  let played = 0;
  return (
    <div class="sheet-wrap">
      <table class="sheet" data-testid="sheet">
        <thead>
          <tr>
            <th>#</th>
            <th>{tr(lang, "Game", "Spiel")}</th>
            {names.map((n) => (
              <th class="nm">{n}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            if (!r.redeal) played++;
            return (
              <tr class={r.redeal ? "redeal" : ""} data-row={i}>
                <td>{r.redeal ? "–" : r.hand || played}</td>
                <td class="ct">
                  {contractName(tbl.game, r.contract, lang)}
                  {r.declarer >= 0 ? ` (${names[r.declarer]}${r.partner >= 0 ? " + " + names[r.partner] : ""})` : ""}
                  {r.multiplier && r.multiplier > 1 ? ` ×${r.multiplier}` : ""}
                  {r.double ? " · Nullrunde" : ""}
                </td>
                {r.score.map((v) => (
                  <td class={v > 0 ? "pos" : v < 0 ? "neg" : ""}>{r.redeal ? "" : signed(v)}</td>
                ))}
                <td>
                  <a href={`/t/${tbl.id}/replay/${r.deal}`} title={t(lang, "replay")} onClick={(e) => linkClick(e, `/t/${tbl.id}/replay/${r.deal}`)}>
                    ▶
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <td />
            <td>{t(lang, "total")}</td>
            {totals.map((v) => (
              <td class={v > 0 ? "pos" : v < 0 ? "neg" : ""}>{signed(v)}</td>
            ))}
            <td />
          </tr>
        </tfoot>
      </table>
      {rows.length === 0 && <p class="muted">—</p>}
      {req >= 0 && tbl.state !== "over" && (
        <p class="muted">
          {t(lang, "endAsked", names[req] ?? "?")}
          {typeof tbl.hands_left === "number" && tbl.hands_left >= 0 ? " " + t(lang, "handsLeft", tbl.hands_left) : ""}
        </p>
      )}
      {req < 0 && typeof tbl.hands_left === "number" && tbl.hands_left > 0 && <p class="muted">{t(lang, "handsLeft", tbl.hands_left)}</p>}
      {req < 0 && p.onEnd && (
        <button type="button" class="small-btn" onClick={p.onEnd}>
          {t(lang, "askEnd")}
        </button>
      )}
    </div>
  );
}

function SettlementBox(p: { tbl: TableState; names: string[]; lang: Lang }) {
  const { tbl, names, lang } = p;
  const s = tbl.settlement;
  return (
    <section class="settle box" data-testid="settlement">
      <h3>
        {t(lang, "sittingOver")} — {t(lang, "settlement")}
      </h3>
      {s && s.payments.length ? (
        <ul>
          {s.payments.map((x) => (
            <li>{t(lang, "pays", names[x.from], names[x.to], x.amount)}</li>
          ))}
        </ul>
      ) : (
        <p>{t(lang, "noPayments")}</p>
      )}
      {s?.net && (
        <p class="muted">
          {s.net.map((v, i) => `${names[i]} ${signed(v)}`).join(" · ")}
        </p>
      )}
    </section>
  );
}

function ChatPanel(p: { msgs: ChatMsg[]; lang: Lang; canSend: boolean; send: (text: string) => void }) {
  const [text, setText] = useState("");
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo(0, list.current.scrollHeight);
  }, [p.msgs.length]);
  return (
    <div class="chat">
      <ol class="msgs" ref={list}>
        {p.msgs.length === 0 && <li class="muted">{t(p.lang, "chatEmpty")}</li>}
        {p.msgs.map((m) => (
          <li>
            <strong>{m.name}:</strong> {m.text}
          </li>
        ))}
      </ol>
      {p.canSend && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const s = text.trim();
            if (s) {
              p.send(s.slice(0, 500));
              setText("");
            }
          }}
        >
          <input value={text} maxLength={500} onInput={(e) => setText((e.target as HTMLInputElement).value)} aria-label={t(p.lang, "chat")} />
          <button class="btn" type="submit">
            {t(p.lang, "send")}
          </button>
        </form>
      )}
    </div>
  );
}
