// What the table page says to a screen reader in its one polite live
// region: the news between two states of the table, in the page's words —
// the other seats' actions and cards, who took a trick, a hand's result,
// the viewer's turn and what it asks, the guide's advice and a hint. It
// reads the model the seat was sent, which holds only what the seat may
// know, and says nothing of a trick the seat may not look back at.

import type { Action } from "./api";
import { actionLabel, cardCase, cardName, contractName, logText, t, type Lang } from "./i18n";
import { bidBefore, discardCount, type Model } from "./model";
import { signed } from "./names";

/** Heard is what the page had told of the table when it last spoke. */
export interface Heard {
  /** the hand number, from 0 */
  hand: number;
  m: Model;
  /** the state's step: each decision is a step of its own */
  step: number;
  /** the viewer's decision, worded by askText; "" when none is theirs */
  ask: string;
  /** the guide's advice for the decision, in words, or "" */
  advice: string;
  /** the hint asked for, in words, or "" */
  hint: string;
}

/**
 * askText words what a decision asks of the viewer, as the prompt does:
 * "Play a card", the cards to discard, a card to offer, or the choices of
 * the buttons; "" for no decision.
 */
export function askText(legal: Action[], m: Model, lang: Lang): string {
  if (!legal.length) return "";
  if (legal.some((a) => a.act === "play" && !a.say)) return t(lang, "playCard");
  if (legal.some((a) => a.act === "discard")) return t(lang, m.game === "droggn" ? "selectDroggn" : "select", discardCount(m, legal), 0);
  if (legal.some((a) => a.act === "buy" && a.cards?.length === 2)) return t(lang, "offerCard");
  const ctx = { game: m.game, lang, bidBefore: bidBefore(m), isDeclarer: m.seat === m.declarer };
  return t(lang, "chooseOf", legal.map((a) => actionLabel(a, ctx)).join(", "));
}

/** resultHeadline is the headline of a finished hand's result, as its box shows it, with the viewer's score. */
export function resultHeadline(m: Model, hand: number, names: string[], lang: Lang): string {
  const r = m.result;
  if (!r) return "";
  const d = r.declarer >= 0 ? r.declarer : m.declarer;
  let s = t(lang, "newerHand", hand + 1) + ": " + contractName(m.game, r.contract, lang) + (d >= 0 ? " — " + (names[d] ?? "?") : "");
  if (m.seat >= 0 && typeof r.score[m.seat] === "number") s += ". " + t(lang, "score") + ": " + signed(r.score[m.seat]);
  return s;
}

/**
 * tableNews is what happened between two states of one hand, in words: the
 * other seats' actions of the log and their cards, each trick taken and
 * the hand's result. prev null: the hand has just begun, all of it is news.
 */
export function tableNews(prev: Model | null, m: Model, hand: number, names: string[], lang: Lang): string[] {
  const out: string[] = [];
  const who = (s: number) => (s === m.seat ? t(lang, "you") : names[s] ?? "?");
  const ctx = { game: m.game, lang, bidBefore: false, isDeclarer: false };
  let bid = false;
  m.log.forEach((e, i) => {
    ctx.bidBefore = bid;
    if (e.act === "bid" && e.call !== "pass" && e.call !== "weiter" && e.call !== "gut") bid = true;
    if (i < (prev?.log.length ?? 0) || e.seat === m.seat || e.act === "play") return;
    ctx.isDeclarer = e.seat === m.declarer;
    out.push(who(e.seat) + ": " + logText(e, ctx));
  });
  // The plays the page had shown of each trick; a trick it showed turned
  // down stays unsaid when the hand's end shows it.
  const shown = (i: number): number => {
    if (!prev) return 0;
    if (i < prev.tricks.length) return prev.tricks[i].hidden ? Infinity : prev.tricks[i].plays.length;
    return i === prev.tricks.length ? prev.trick?.plays.length ?? 0 : 0;
  };
  // Tricks finished while the page was away (a reconnect, a hidden tab)
  // are not read out one card at a time: the last one finished and the
  // one on the table are.
  const from = prev && m.tricks.length - prev.tricks.length > 1 ? m.tricks.length - 1 : 0;
  const tricks = m.trick ? [...m.tricks, m.trick] : m.tricks;
  tricks.forEach((tk, i) => {
    if (i < from) return;
    tk.plays.forEach((pl, k) => {
      if (k < shown(i) || pl.seat === m.seat) return;
      const card = cardCase(lang, pl.say ? logText({ act: "play", card: pl.card, say: pl.say }, ctx) : cardName(pl.card, m.game, lang), "acc");
      out.push(t(lang, "playsCard", who(pl.seat), card));
    });
    const taken = i < m.tricks.length && tk.winner >= 0 && !(prev && i < prev.tricks.length && prev.tricks[i].winner >= 0);
    if (taken) out.push(t(lang, "trickN", i + 1) + " — " + (tk.winner === m.seat ? t(lang, "wonByYou") : t(lang, "wonBy", who(tk.winner))));
  });
  if (m.result && !prev?.result) out.push(resultHeadline(m, hand, names, lang));
  return out;
}

/**
 * news is what the live region says when the page goes from what it last
 * told (prev; null on the page's first state, whose past is not news) to
 * next: the table's news, then the viewer's new turn with what it asks,
 * the guide's new advice and a new hint; "" for nothing new.
 */
export function news(prev: Heard | null, next: Heard, names: string[], lang: Lang): string {
  const out: string[] = [];
  const same = !!prev && prev.hand === next.hand;
  if (prev) out.push(...tableNews(same ? prev.m : null, next.m, next.hand, names, lang));
  const newStep = !same || prev!.step !== next.step || !prev!.ask;
  if (next.ask && newStep) out.push(t(lang, "yourTurn") + " — " + next.ask);
  if (next.advice && (newStep || prev!.advice !== next.advice)) out.push(next.advice);
  if (next.hint && (!same || prev!.hint !== next.hint)) out.push(next.hint);
  return out.map((s) => (/[.!?…»“"]$/.test(s) ? s : s + ".")).join(" ");
}
