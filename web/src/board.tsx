// The board: the other seats, the trick, the prompt with the seat's
// choices and the seat's own hand.

import { useEffect, useMemo, useState } from "preact/hooks";
import type { Action } from "./api";
import { packOf, sortHand } from "./cards";
import { Card, Icon } from "./face";
import { actionHelp, actionLabel, cardName, t, type Lang } from "./i18n";
import { bidBefore, discardCount as discardCountOf, type Model } from "./model";
import { Extras, StrohSide } from "./extras";
import { type TableState, type Hint, hintText, hintWhys, sameAction } from "./tablestate";
import { roleBadges, SeatChip } from "./seats";
import { TrickView } from "./trick";
import { PointsLine } from "./points";
import { TurnClock } from "./fair";
import { whyText } from "./analysis";
import { Glossed } from "./glossary";

export interface BoardProps {
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
  free?: (seat: number) => void;
  /** when the acting person's turn clock ends (Date.now() time), or null */
  deadline: number | null;
  /** why the page may not act now although the state says so (the connection is lost or closed, the state is old), in words */
  offline?: string;
  /** the viewer's lone formality just taken for them (its label), shown in the prompt */
  autoNote?: string;
  /** what the hint's card is to a screen reader ("suggested", "the guide's choice") */
  hintNote?: string;
}

/** HINT_NOTE is the id of the words that describe the hint's card. */
const HINT_NOTE = "card-hint-note";

/** HAND_HEADING is the id of the heading of the viewer's hand, which names its section. */
const HAND_HEADING = "hand-heading";

/**
 * moveInHand moves the focus between the cards of a hand with the arrow
 * keys, Home and End (every card, the ones that cannot be played too, so
 * that the hand can be read card by card).
 */
function moveInHand(e: KeyboardEvent) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
  const hand = e.currentTarget as HTMLElement;
  const cards = [...hand.querySelectorAll<HTMLElement>("button.card")];
  const at = cards.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  const to = e.key === "Home" ? 0 : e.key === "End" ? cards.length - 1 : Math.max(0, Math.min(cards.length - 1, at + (e.key === "ArrowLeft" ? -1 : 1)));
  e.preventDefault();
  cards[to].focus();
}

/** seatOrder lists the other seats starting after the viewer, in the direction of play. */
export function seatOrder(m: Model): number[] {
  const me = m.seat >= 0 ? m.seat : -1;
  const out: number[] = [];
  for (let k = 1; k <= m.seats; k++) {
    const s = (((me < 0 ? -1 : me) + k) % m.seats + m.seats) % m.seats;
    if (s !== me) out.push(s);
  }
  if (me < 0) out.sort((a, b) => a - b);
  return out;
}

export function Board(p: BoardProps) {
  const { m, legal, lang, names } = p;
  const game = m.game;
  const myTurn = m.seat >= 0 && m.to_act === m.seat && legal.length > 0 && !p.offline;
  const plays = legal.filter((a) => a.act === "play");
  const discards = legal.filter((a) => a.act === "discard");
  const buys = legal.filter((a) => a.act === "buy" && a.cards && a.cards.length === 2);
  const buttons = legal.filter((a) => !(a.act === "play" && !a.say) && a.act !== "discard" && !(a.act === "buy" && a.cards && a.cards.length === 2));
  const playable = new Set(plays.filter((a) => !a.say).map((a) => a.card!));
  for (const a of plays) if (a.say && !playable.has(a.card!)) playable.add(a.card!);
  const discardable = new Set<string>();
  for (const a of discards) for (const c of a.cards ?? (a.card ? [a.card] : [])) discardable.add(c);
  const discardCount = discardCountOf(m, legal);
  const [offer, setOffer] = useState("");
  const [ask, setAsk] = useState("");
  const [explain, setExplain] = useState(false);
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
    // A card the rules forbid goes to the server too: its refusal says why.
    if (a) p.act(a);
    else if (plays.length) p.act({ act: "play", card: c });
  };
  // A card that cannot be chosen is aria-disabled and out of the Tab
  // order; the hint's card is described by the hint's word.
  const hinted = (on: boolean) => (on && p.hintNote ? { hint: true, describedBy: HINT_NOTE } : { hint: on });
  const cardState = (c: string) => {
    if (!myTurn) return {};
    if (discardable.size) {
      const can = discardable.has(c);
      const selected = p.selected.includes(c);
      return { legal: can, dim: !can, selected, disabled: !can, pressed: can ? selected : undefined, ...hinted(hintAct?.act === "discard" && !!hintAct.cards?.includes(c)) };
    }
    if (offerable.size) {
      const can = offerable.has(c);
      return { legal: can, dim: !can, selected: offer === c, disabled: !can, pressed: can ? offer === c : undefined };
    }
    if (plays.length) return { legal: playable.has(c), dim: !playable.has(c), disabled: !playable.has(c), ...hinted(hintAct?.act === "play" && hintAct.card === c) };
    return { disabled: true };
  };

  const order = seatOrder(m);
  const hand = sortHand(m.hand);
  return (
    <div class="board-inner">
      <section class={"seats n" + order.length}>
        {order.map((s) => (
          <SeatChip m={m} seat={s} names={names} info={p.tbl.seats[s]} lang={lang} takeover={p.takeover} free={p.free} />
        ))}
      </section>
      {game === "strohmandeln" && m.players && !m.result && (
        <StrohSide m={m} seat={m.seat >= 0 ? 1 - m.seat : 1} lang={lang} names={names} />
      )}
      <section class="center">
        <TrickView m={m} names={names} lang={lang} />
        <PointsLine m={m} names={names} lang={lang} />
        <Extras m={m} names={names} lang={lang} />
      </section>
      <section class={"prompt" + (myTurn ? " mine" : "")} data-testid="prompt" tabIndex={-1}>
        <Prompt
          m={m}
          names={names}
          lang={lang}
          myTurn={myTurn}
          plays={plays.length > 0}
          over={p.tbl.state === "over"}
          waiting={p.tbl.started === false}
          offline={p.offline}
        />
        {!p.offline && <TurnClock deadline={p.deadline} mine={m.seat >= 0 && m.to_act === m.seat} lang={lang} />}
        {p.autoNote && !myTurn && (
          <p class="auto-note muted" data-testid="auto-note">
            {t(lang, "autoNote", p.autoNote)}
          </p>
        )}
        {myTurn && discardable.size > 0 && (
          <div class="actions">
            <span>{t(lang, game === "droggn" ? "selectDroggn" : "select", discardCount, p.selected.length)}</span>
            <button
              type="button"
              class="btn primary"
              data-testid="discard"
              title={t(lang, game === "droggn" ? "discardHelpDroggn" : "discardHelp")}
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
              data-testid="buy"
              title={offer && ask ? actionHelp({ act: "buy", cards: [offer, ask] }, ctx) : t(lang, "buyHelp")}
              disabled={!offer || !ask || p.pending}
              onClick={() => p.act({ act: "buy", cards: [offer, ask] })}
            >
              {offer && ask ? t(lang, "buyBtn", cardName(offer, game, lang), cardName(ask, game, lang)) : t(lang, "buyPlain")}
            </button>
          </div>
        )}
        {myTurn && buttons.length > 0 && (
          <div class="actions">
            {buttons.map((a, i) => {
              // Calling a trump of one's own hand means playing alone: say so on the button.
              const own = a.act === "call" && !!a.card && m.hand.includes(a.card);
              const help = actionHelp(a, ctx);
              return (
                <button
                  type="button"
                  class={"btn" + (hintAct && sameAction(hintAct, a) ? " hint" : "") + (own ? " own" : "")}
                  data-act={a.act}
                  data-call={a.call ?? a.card ?? ""}
                  data-own={own ? "1" : undefined}
                  title={own ? t(lang, "ownTrumpHelp") + " " + help : help || undefined}
                  aria-describedby={help ? `act-help-${i}` : undefined}
                  disabled={p.pending}
                  onClick={(e) => {
                    // A double click answers one decision, not the next one too.
                    if (e.detail <= 1) p.act(a);
                  }}
                >
                  {actionLabel(a, ctx)}
                  {own && <span class="own-mark"> ✋ {t(lang, "ownTrump")}</span>}
                </button>
              );
            })}
            {buttons.some((a) => actionHelp(a, ctx)) && (
              <button
                type="button"
                class="small-btn explain-btn"
                data-testid="explain"
                aria-expanded={explain}
                aria-controls="act-help"
                title={t(lang, "explain")}
                onClick={() => setExplain(!explain)}
              >
                ?
              </button>
            )}
          </div>
        )}
        {myTurn && buttons.length > 0 && (
          <dl id="act-help" class={"act-help" + (explain ? "" : " sr-only")} data-testid="act-help">
            {buttons.map((a, i) => {
              const help = actionHelp(a, ctx);
              return help ? (
                <>
                  <dt>
                    <Glossed text={actionLabel(a, ctx)} game={m.game} lang={lang} focusable={explain} />
                  </dt>
                  <dd id={`act-help-${i}`}>{help}</dd>
                </>
              ) : null;
            })}
          </dl>
        )}
        {myTurn && p.askHint && (
          <div class="hint-row">
            <button type="button" class="small-btn" data-testid="hint" onClick={p.askHint}>
              <Icon name="hint" /> {t(lang, "hint")}
            </button>
            {p.hint && (
              <span class="muted" data-testid="hint-text">
                {t(lang, "hintIs", hintText(p.hint, (a) => actionLabel(a, ctx), lang))}
                {p.hint.alts?.length ? " · " + t(lang, "hintElse", p.hint.alts.map((h) => hintText(h, (a) => actionLabel(a, ctx), lang)).join(", ")) : ""}
              </span>
            )}
            {p.hint && <HintWhys hints={[p.hint, ...(p.hint.alts ?? [])]} label={(a) => actionLabel(a, ctx)} lang={lang} />}
            {p.hint?.value != null && (
              <p class="muted small" data-testid="hint-note">
                {t(lang, "hintNote")}
              </p>
            )}
          </div>
        )}
      </section>
      {p.hintNote && hintAct && (
        <span id={HINT_NOTE} hidden>
          {p.hintNote}
        </span>
      )}
      {game === "strohmandeln" && m.players && m.seat >= 0 && !m.result && (
        <StrohSide
          m={m}
          seat={m.seat}
          lang={lang}
          names={names}
          mine
          playable={myTurn ? playable : undefined}
          onPlay={clickCard}
          hint={hintAct?.act === "play" ? hintAct.card : undefined}
          hintNote={p.hintNote ? HINT_NOTE : undefined}
        />
      )}
      {m.seat >= 0 && !(m.result && hand.length === 0) && (
        <section class="mine" tabIndex={-1} aria-labelledby={HAND_HEADING}>
          <div class="hand-label">
            <h2 class="inline-h" id={HAND_HEADING}>
              {t(lang, "hand")} ({hand.length})
            </h2>{" "}
            <span class="my-tricks" data-testid="my-tricks" title={t(lang, "tricks")}>
              <Icon name="tricks" /> {(m.tricks_won[m.seat] ?? 0) === 1 ? t(lang, "trickWon") : t(lang, "tricksWon", m.tricks_won[m.seat] ?? 0)}
            </span>{" "}
            {roleBadges(m, m.seat, lang).map((b) => (
              <span class="role">
                <Glossed text={b} game={m.game} lang={lang} />
              </span>
            ))}
          </div>
          <div class={"hand" + (hand.length > 12 ? " many" : "")} style={{ "--n": hand.length }} data-testid="hand" onKeyDown={moveInHand}>
            {hand.length === 0 && <span class="muted">{t(lang, "noHand")}</span>}
            {hand.map((c) => {
              const st = cardState(c);
              return <Card key={c} id={c} game={game} lang={lang} {...st} onClick={myTurn ? () => clickCard(c) : undefined} />;
            })}
          </div>
        </section>
      )}
    </div>
  );
}

/** HintWhys says under the hint why each candidate is worse than the best (the best: better than the second; hintWhys). */
function HintWhys(p: { hints: Hint[]; label: (a: Action) => string; lang: Lang }) {
  const ws = hintWhys(p.hints).filter((h) => whyText(h.why, p.lang));
  if (!ws.length) return null;
  return (
    <ul class="hint-why" data-testid="hint-why">
      {ws.map((h) => (
        <li>
          <strong>{p.label(h.action)}</strong>: {whyText(h.why, p.lang)}
        </li>
      ))}
    </ul>
  );
}

export function Prompt(p: {
  m: Model;
  names: string[];
  lang: Lang;
  myTurn: boolean;
  plays: boolean;
  over: boolean;
  waiting?: boolean;
  offline?: string;
}) {
  const { m, lang } = p;
  if (m.result || m.to_act < 0) return <p class="turn">{t(lang, p.over ? "sittingOver" : "handOver")}</p>;
  if (p.waiting) return <p class="turn">{t(lang, "notStarted")}</p>;
  // A page that lost its connection, or holds an old state, cannot say whose turn it is.
  if (p.offline) return <p class="turn offline" data-testid="offline">{p.offline}</p>;
  if (p.myTurn) return <p class="turn me">{t(lang, "yourTurn") + (p.plays ? " — " + t(lang, "playCard") : "")}</p>;
  return <p class="turn">{t(lang, "waitingFor", p.names[m.to_act] ?? "?")}</p>;
}
