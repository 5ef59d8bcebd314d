// The guided first hand: the lobby's "Learn" list and the table's guide
// panel, worded from the server's structured steps (internal/guide) by the
// GUIDE catalogue of i18n.ts.

import { useEffect, useState } from "preact/hooks";
import * as api from "./api";
import type { GameName } from "./cards";
import { actionLabel, andList, cardCase, cardName, contractName, errorText, explain, GUIDE, itemName, pick, singularOne, suitName, suitNameIn, t, type Lang } from "./i18n";
import type { Model } from "./model";
import { navigate } from "./router";

// The guide of a state message at a learning table, its steps and limits,
// as the server writes them (internal/guide).
export type { Guide, Limit, Step } from "./contract.gen";
import type { Guide, Step } from "./contract.gen";
import { Glossed } from "./glossary";

/** LESSONS are the guided hands, as the server knows them. */
export const LESSONS: { name: string; game: GameName }[] = [
  { name: "droggn", game: "droggn" },
  { name: "troggu", game: "troggu" },
  { name: "troggu7", game: "troggu" },
  { name: "strohmandeln", game: "strohmandeln" },
];

const doneKey = (lesson: string) => "learned." + lesson;

/** lessonDone reports whether the browser has finished a lesson. */
export const lessonDone = (lesson: string) => api.pref<boolean>(doneKey(lesson)) === true;

/** markDone keeps in the browser that a lesson was played to its end. */
export const markDone = (lesson: string) => api.storePref(doneKey(lesson), true);

/** g words a catalogue key of the guide. */
export function g(lang: Lang, key: string): string {
  const s = GUIDE[key];
  return s ? pick(lang, s) : key;
}

/** startLesson creates a learning table and goes to it. */
export async function startLesson(lesson: string, lang: Lang): Promise<void> {
  const name = api.storedName() || t(lang, "youName");
  const game = LESSONS.find((l) => l.name === lesson)?.game ?? "droggn";
  const c = await api.createTable({ game, players: 0, options: {}, bots: [], name, lesson });
  api.storeSeat(c.id, { token: c.seat_token, seat: c.seat, name });
  api.storeHost(c.id, c.host_token);
  api.storeCreated(c);
  navigate(`/t/${c.id}`);
}

/** Learn is the lobby's list of guided hands. */
export function Learn(p: { lang: Lang }) {
  const { lang } = p;
  const [err, setErr] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <section class="box learn-box" data-testid="learn">
      <h2>{g(lang, "learn")}</h2>
      <p class="muted">{g(lang, "learnHelp")}</p>
      {err && <p class="error">{err}</p>}
      <ul class="lessons">
        {LESSONS.map((l) => (
          <li>
            <button
              type="button"
              class="btn"
              data-lesson={l.name}
              disabled={busy}
              onClick={() => {
                setBusy(true);
                startLesson(l.name, lang).catch((e) => {
                  setErr(errorText(e, lang));
                  setBusy(false);
                });
              }}
            >
              {g(lang, "lesson." + l.name)}
            </button>{" "}
            {lessonDone(l.name) && (
              <span class="done-mark" data-done={l.name}>
                ✓ {g(lang, "learnDone")}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const CARD_LISTS = new Set(["honours", "taken", "tops", "discard", "cards_list"]);
const CARD_ONE = new Set(["card", "top", "pagat", "called"]);
const SEATS = new Set(["winner", "seat", "declarer", "partner"]);

/** variant picks the catalogue key of a step: its variant when the catalogue has one. */
function variant(s: Step, you: number): string {
  const ps = s.params ?? {};
  const tries: string[] = [];
  if (ps.winner !== undefined && Number(ps.winner) === you) tries.push(s.code + "/me");
  if (ps.role) tries.push(s.code + "/" + ps.role);
  if (s.code === "partner.troggu") {
    // Said to the Tappist, the partner is "your partner".
    if (ps.partner !== undefined && Number(ps.partner) === you) tries.unshift(s.code + "/known-you");
    if (ps.role === "declarer" && ps.partner !== undefined) tries.unshift(s.code + "/known-declarer");
    if (ps.role === "declarer" && ps.partner === undefined && ps.alone) tries.unshift(s.code + "/alone-declarer");
    if (ps.partner !== undefined) tries.push(s.code + "/known");
    else if (ps.alone) tries.push(s.code + "/alone");
    else if (ps.mine) tries.push(s.code + "/mine");
    else if (ps.role === "declarer") tries.push(s.code + "/secret");
  }
  return tries.find((k) => GUIDE[k]) ?? s.code;
}

/** points shows card points, in thirds for Strohmandeln ("36⅔", "⅔"). */
function points(v: string, game: GameName): string {
  if (game !== "strohmandeln") return v;
  const n = Number(v);
  const whole = Math.floor(n / 3);
  const third = ["", "⅓", "⅔"][n - whole * 3];
  return whole === 0 && third ? third : String(whole) + third;
}

/** stepText words one step in lang, with the seat names of the table. */
export function stepText(s: Step, game: GameName, lang: Lang, names: string[], you: number): string {
  const ps = s.params ?? {};
  const tpl = g(lang, variant(s, you));
  const value = (name: string): string | undefined => {
    const v = ps[name];
    if (v === undefined || v === "") return undefined;
    if (CARD_ONE.has(name)) return cardName(v, game, lang);
    if (CARD_LISTS.has(name)) return andList(v.split(",").map((c) => cardName(c, game, lang)), lang);
    if (SEATS.has(name)) return Number(v) === you ? t(lang, "you") : names[Number(v)] ?? v;
    if (name === "suit") return suitName(v, lang);
    if (name === "voids") return andList(v.split(",").map((x) => suitNameIn(x, lang)), lang);
    if (name === "contract") return contractName(game, v, lang);
    // A Troggu or Strohmandeln bid is named as its button reads (a Droggn
    // pass reads "weiter" or "gut" by what was bid before).
    if (name === "call" && (s.code === "advice.bid.troggu" || s.code === "advice.bid.strohmandeln")) {
      return actionLabel({ seat: you, act: "bid", call: v }, { game, lang });
    }
    if (name === "call") return GUIDE["call." + v] ? g(lang, "call." + v) : contractName(game, v, lang);
    // A trick's points are the cards' own; the counts of a pile are in
    // thirds in Strohmandeln.
    if (name === "points" && s.code.startsWith("trick.")) return v;
    if (name === "points" || name === "other" || name === "need" || name === "less" || name === "counted") return points(v, game);
    return v;
  };
  // A [part] with a missing parameter is left out.
  let out = tpl.replace(/\[([^\]]*)\]/g, (_, a: string) =>
    [...a.matchAll(/\{(\w+)(?::\w+)?\}/g)].every((m) => value(m[1]) !== undefined) ? a : "",
  );
  out = out.replace(/\{(\w+)(?::(\w+))?\}/g, (_, name: string, c: string | undefined) => {
    const v = value(name) ?? "";
    if (!c) return v;
    return CARD_LISTS.has(name) ? andList(v ? ps[name].split(",").map((id) => cardCase(lang, cardName(id, game, lang), c)) : [], lang) : cardCase(lang, v, c);
  });
  // A call that ends a sentence of its own ("Ich nehme auf!") ends it.
  out = out.replace(/([!?])\./g, "$1");
  out = singularOne(lang, out);
  const first = out.charAt(0);
  return first.toUpperCase() + out.slice(1);
}

/**
 * adviceText is the guide's advice for the person's decision in words: what
 * to do, and why when the catalogue says; [] for none.
 */
export function adviceText(guide: Guide, m: Model, lang: Lang, names: string[]): string[] {
  if (!guide.advice) return [];
  const say = (s: Step) => stepText(s, m.game, lang, names, m.seat);
  const why = guide.advice.params?.why;
  const whyKey = "why." + guide.advice.code.split(".")[1] + "." + why;
  return GUIDE[whyKey] ? [say(guide.advice), say({ code: whyKey, params: guide.advice.params })] : [say(guide.advice)];
}

/**
 * GuideAdvice is the guide's word for the person's decision: what to do,
 * why, and the rules that limit the cards. The guide panel holds it; with
 * below, the copy under the hand that a narrow screen shows instead, next
 * to the cards it points at.
 */
export function GuideAdvice(p: { guide: Guide; m: Model; lang: Lang; names: string[]; below?: boolean }) {
  const { guide, m, lang, names } = p;
  const game = m.game;
  if (!guide.advice) return null;
  // An "only" choice needs no word that there is one; the advice's reason.
  const why = guide.advice.params?.why;
  const [what, because] = adviceText(guide, m, lang, names);
  return (
    <div class={p.below ? "guide-now below box" : "guide-now"} data-testid={p.below ? "guide-advice-below" : "guide-advice"}>
      <h4>{g(lang, "guideNow")}</h4>
      <p>
        <strong>
          <Glossed text={what} game={game} lang={lang} />
        </strong>{" "}
        {because ? <Glossed text={because} game={game} lang={lang} /> : ""}
      </p>
      {guide.phase === "play" && (
        <ul class="guide-limits" data-testid={p.below ? undefined : "guide-limits"}>
          {(guide.limits ?? []).map((l) => (
            <li data-code={l.code}>{explain({ code: l.code, params: l.params }, game, lang)}</li>
          ))}
          {!guide.limits?.length && why !== "only" && <li>{g(lang, guide.free ? "guideFree" : m.trick?.plays.length ? "guideAll" : "guideLead")}</li>}
          <li class="muted">{g(lang, "guideLit")}</li>
        </ul>
      )}
    </div>
  );
}

/** GuidePanel shows the guide of the person's seat at a learning table. */
export function GuidePanel(p: { guide: Guide | null; m: Model; lang: Lang; names: string[]; myTurn: boolean; over: boolean }) {
  const { guide, m, lang, names } = p;
  const game = m.game;
  const you = m.seat;
  const [err, setErr] = useState("");
  useEffect(() => {
    if (guide && m.result) markDone(guide.lesson);
  }, [guide?.lesson, !!m.result]);
  if (!guide) return null;
  const say = (s: Step) => stepText(s, game, lang, names, you);
  return (
    <section class="guide box" data-testid="guide" data-phase={guide.phase} data-lesson={guide.lesson}>
      <h3>
        {g(lang, "guideTitle")}: {g(lang, "lesson." + guide.lesson)}{" "}
        <button type="button" class="small-btn" data-testid="learn-again" onClick={() => startLesson(guide.lesson, lang).catch((e) => setErr(errorText(e, lang)))}>
          {g(lang, m.result ? "learnAgain" : "learnRestart")}
        </button>
      </h3>
      {err && <p class="error">{err}</p>}
      <div data-testid="guide-intro">
        {guide.intro.map((s) => (
          <p data-code={s.code}>
            <Glossed text={say(s)} game={game} lang={lang} />
          </p>
        ))}
      </div>
      {m.result && (
        <ul class="guide-items" data-testid="guide-items">
          {m.result.items.map((it) => (
            <li>
              <Glossed text={itemName(it.item, game, lang)} game={game} lang={lang} />: {it.points > 0 ? "+" : ""}
              {it.points}
            </li>
          ))}
        </ul>
      )}
      {guide.trick && guide.trick.length > 0 && (
        <div data-testid="guide-trick">
          <h4>{g(lang, "guideTrick")}</h4>
          {guide.trick.map((s) => (
            <p data-code={s.code}>
              <Glossed text={say(s)} game={game} lang={lang} />
            </p>
          ))}
        </div>
      )}
      {p.myTurn && <GuideAdvice guide={guide} m={m} lang={lang} names={names} />}
      {!p.myTurn && !m.result && <p class="muted">{g(lang, "guideWait")}</p>}
      {m.result && (
        <p class="guide-end" data-testid="guide-done">
          <strong>{g(lang, "guideDone")}</strong>{" "}
          <a class="btn" href="/" onClick={(e) => { e.preventDefault(); navigate("/"); }}>
            {t(lang, "toLobby")}
          </a>
        </p>
      )}
    </section>
  );
}
