// Puzzles: the tactics positions (GET /api/puzzles, docs/PROTOCOL.md) one
// at a time, drawn as the deciding seat sees them with the table's own
// components; the player plays a card and is told whether it was best,
// which card was, what each card costs and why. Progress and the streak
// are kept in this browser only.

import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, call, type Action, type Words } from "./api";
import { sortHand, type GameName } from "./cards";
import { Card } from "./face";
import { cardName, contractName, errorText, foolWord, objectCase, say, t, TITLE, type Key, type Lang, type Where } from "./i18n";
import type { Model, Trick } from "./model";
import { seatOrder } from "./board";
import { SeatChip } from "./seats";
import { Extras, StrohSide } from "./extras";
import { TrickView } from "./trick";
import { PointsLine } from "./points";
import { num, whyText } from "./analysis";
import { linkClick, navigate } from "./router";
import { useBackOnline } from "./online";
import "./puzzles.css";

export const GAMES: GameName[] = ["droggn", "troggu", "strohmandeln"];

/** Entry is one puzzle of the list. */
export interface Entry {
  id: string;
  game: GameName;
  theme: string;
}

/** Puzzle is GET /api/puzzles/{id}: the position as the deciding seat sees it. */
export interface Puzzle {
  id: string;
  game: GameName;
  variant: string;
  variant_title?: Words;
  theme: string;
  seat: number;
  contract: string;
  trick: Trick | null;
  model: Model;
  legal: Action[];
}

/** Why says why a card is worse than the best one (a good card: better than the best of the others); text is in English and German. */
export interface Why {
  text?: string | Words;
  worlds?: number;
}

/** Candidate is one legal card of an answer. */
export interface Candidate {
  action: Action;
  good: boolean;
  loss: number;
  value?: number;
  why?: Why;
}

/** Answer is the verdict of POST /api/puzzles/{id}/answer. */
export interface Answer {
  correct: boolean;
  action: Action;
  best: Action;
  good: Action[];
  candidates: Candidate[];
  worlds: number;
  why?: Why;
}

const list = (game: GameName, lang: Lang) => call<Entry[]>("GET", `/api/puzzles?game=${game}&lang=${lang}`);
const puzzle = (id: string, lang: Lang) => call<Puzzle>("GET", `/api/puzzles/${encodeURIComponent(id)}?lang=${lang}`);
const answer = (id: string, a: Action, lang: Lang) => call<Answer>("POST", `/api/puzzles/${encodeURIComponent(id)}/answer?lang=${lang}`, { action: a });

/** The puzzle API's own refusals come worded in the page's language (the request names it). */
const WORDED = new Set(["no_puzzle", "puzzle_game", "puzzle_theme", "puzzle_lang", "puzzle_card", "bad_request"]);

/** refusal words an error of the puzzle API for the page (a network that is down: for a load, else for an answer). */
function refusal(e: unknown, lang: Lang, game: GameName, where: Where = "puzzles"): string {
  if (e instanceof ApiError && WORDED.has(e.code)) return e.message;
  return errorText(e, lang, game, where);
}

/** Progress is what this browser keeps: each puzzle's first answer, the streak of right first answers and the best one. */
export interface Progress {
  done: Record<string, boolean>;
  streak: number;
  best: number;
}

const STORE = "trull.puzzles";

export function loadProgress(): Progress {
  try {
    const p = JSON.parse(localStorage.getItem(STORE) ?? "null");
    if (p && typeof p === "object" && p.done && typeof p.done === "object")
      return { done: p.done, streak: Number(p.streak) || 0, best: Number(p.best) || 0 };
  } catch {
    /* nothing kept, or not readable: start afresh */
  }
  return { done: {}, streak: 0, best: 0 };
}

function saveProgress(p: Progress) {
  try {
    localStorage.setItem(STORE, JSON.stringify(p));
  } catch {
    /* private mode: nothing kept */
  }
}

/** record keeps an answer: the first answer of a puzzle counts, and moves the streak. */
function record(p: Progress, id: string, correct: boolean): Progress {
  if (id in p.done) return p;
  const streak = correct ? p.streak + 1 : 0;
  return { done: { ...p.done, [id]: correct }, streak, best: Math.max(p.best, streak) };
}

const THEME_KEYS: Record<string, [Key, Key]> = {
  misere: ["themeMisere", "themeMisereHelp"],
  fool: ["themeFool", "themeFoolHelp"],
  strohmann: ["themeStrohmann", "themeStrohmannHelp"],
  bird: ["themeBird", "themeBirdHelp"],
  threshold: ["themeThreshold", "themeThresholdHelp"],
  smear: ["themeSmear", "themeSmearHelp"],
  other: ["themeOther", "themeOtherHelp"],
};

/** themeName names a theme in the game's words ("The Bättler"); help says what it is about. */
export function themeName(theme: string, game: GameName, lang: Lang, help = false): string {
  const k = THEME_KEYS[theme];
  return k ? t(lang, k[help ? 1 : 0], foolWord(game)) : theme;
}

/** solvedText says how many of the entries were solved at the first answer. */
function solvedText(es: Entry[], pr: Progress, lang: Lang): string {
  return t(lang, "puzzleSolved", es.filter((e) => pr.done[e.id]).length, es.length);
}

function StreakLine(p: { pr: Progress; lang: Lang }) {
  return (
    <span class="streak" data-testid="streak" data-streak={p.pr.streak}>
      {t(p.lang, "puzzleStreak", p.pr.streak)} <span class="muted">({t(p.lang, "puzzleBestStreak", p.pr.best)})</span>
    </span>
  );
}

/** themesOf lists the themes of a list in the order they first appear. */
function themesOf(es: Entry[]): string[] {
  return [...new Set(es.map((e) => e.theme))];
}

function puzzlePath(game: GameName, theme: string, id = ""): string {
  const q = new URLSearchParams();
  if (theme) q.set("theme", theme);
  if (id) q.set("id", id);
  const s = q.toString();
  return `/puzzles/${game}` + (s ? "?" + s : "");
}

/** PuzzleIndex lists the games with their themes and the progress in each. */
export function PuzzleIndex(p: { lang: Lang }) {
  const { lang } = p;
  const [lists, setLists] = useState<Partial<Record<GameName, Entry[]>>>({});
  const [err, setErr] = useState("");
  const pr = loadProgress();
  // Back online after a failed load: the lists not loaded yet load again.
  const again = useBackOnline(!!err);
  useEffect(() => {
    setErr("");
    for (const g of GAMES) if (!lists[g]) list(g, lang).then((l) => setLists((old) => ({ ...old, [g]: l })), (e) => setErr(refusal(e, lang, g)));
  }, [again]);
  return (
    <main class="box puzzle-index" data-testid="puzzle-index">
      <h2>{t(lang, "puzzles")}</h2>
      <p>{t(lang, "puzzlesIntro")}</p>
      <p>
        <StreakLine pr={pr} lang={lang} />
      </p>
      {err && <p class="error">{err}</p>}
      {GAMES.map((g) => {
        const es = lists[g];
        return (
          <section class="puzzle-game" data-game={g}>
            <h3>
              <a href={puzzlePath(g, "")} onClick={(e) => linkClick(e, puzzlePath(g, ""))}>
                {TITLE[g]}
              </a>{" "}
              {es && <span class="muted">{solvedText(es, pr, lang)}</span>}
            </h3>
            {es ? (
              <ul class="theme-list">
                {themesOf(es).map((th) => {
                  const of = es.filter((e) => e.theme === th);
                  return (
                    <li>
                      <a href={puzzlePath(g, th)} onClick={(e) => linkClick(e, puzzlePath(g, th))} data-theme={th}>
                        {themeName(th, g, lang)}
                      </a>{" "}
                      <span class="muted">{solvedText(of, pr, lang)}</span>
                      <br />
                      <small>{themeName(th, g, lang, true)}</small>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p>…</p>
            )}
          </section>
        );
      })}
    </main>
  );
}

/** PuzzlePage shows the puzzles of a game (of one theme with ?theme=), one at a time (?id= names it). */
export function PuzzlePage(p: { game: GameName; lang: Lang; query: URLSearchParams }) {
  const { game, lang } = p;
  const theme = p.query.get("theme") ?? "";
  const want = p.query.get("id") ?? "";
  const [all, setAll] = useState<Entry[] | null>(null);
  const [pz, setPz] = useState<Puzzle | null>(null);
  const [ans, setAns] = useState<Answer | null>(null);
  const [repeat, setRepeat] = useState(false);
  // A second try of the puzzle shown: its answer is not kept.
  const [retry, setRetry] = useState(false);
  const [pending, setPending] = useState(false);
  const [err, setErr] = useState("");
  const [toast, setToast] = useState("");
  const [pr, setPr] = useState<Progress>(loadProgress);

  // Back online after a failed load: what failed loads again.
  const again = useBackOnline(!!err);
  useEffect(() => {
    if (again && all) return;
    setAll(null);
    setErr("");
    list(game, lang).then(setAll, (e) => setErr(refusal(e, lang, game)));
  }, [game, again]);
  const shown = all ? all.filter((e) => !theme || e.theme === theme) : [];
  // The puzzle asked for, else the first not answered yet, else the first.
  const current = all ? (shown.find((e) => e.id === want) ?? shown.find((e) => !(e.id in pr.done)) ?? shown[0] ?? null) : null;
  const id = current?.id ?? "";
  // The address names the puzzle shown, so that answering it (which
  // changes what is answered) keeps it, and a reload shows it again.
  useEffect(() => {
    if (id && id !== want) navigate(puzzlePath(game, theme, id), true);
  }, [id, want]);
  useEffect(() => {
    if (again && pz?.id === id) return;
    setPz(null);
    setAns(null);
    setRetry(false);
    setErr("");
    if (!id) return;
    puzzle(id, lang).then(setPz, (e) => setErr(refusal(e, lang, game)));
  }, [id, again]);
  useEffect(() => {
    if (!toast) return;
    const tm = setTimeout(() => setToast(""), 6000);
    return () => clearTimeout(tm);
  }, [toast]);

  const play = (a: Action) => {
    if (!pz || ans || pending) return;
    setPending(true);
    answer(pz.id, { act: a.act, card: a.card, ...(a.say ? { say: a.say } : {}) }, lang).then(
      (r) => {
        setPending(false);
        setAns(r);
        setToast("");
        setRepeat(pz.id in pr.done);
        const next = record(pr, pz.id, r.correct);
        saveProgress(next);
        setPr(next);
      },
      (e) => {
        setPending(false);
        setToast(refusal(e, lang, game, "puzzleAnswer"));
      },
    );
  };
  // Try again: the same puzzle, open for another card; only the first
  // answer counts (record keeps it), so a retry never moves the streak.
  const tryAgain = () => {
    setAns(null);
    setToast("");
    setRetry(true);
  };
  const at = current ? shown.indexOf(current) : -1;
  // The next puzzle: the first after this one not answered yet, else simply the next.
  const after = [...shown.slice(at + 1), ...shown.slice(0, at + 1)];
  const next = after.find((e) => !(e.id in pr.done) && e.id !== id) ?? after[0] ?? null;
  const allDone = shown.length > 0 && shown.every((e) => e.id in pr.done);

  const [pTitle, pMore] = puzzleVariant(lang, game, pz?.variant_title);
  return (
    <main class={`table-page puzzle-page g-${game}`} data-puzzle={id} data-answered={ans ? (ans.correct ? "right" : "wrong") : ""}>
      <div class="tbar">
        <span class="tname">
          <strong>{t(lang, "puzzlesOf", pTitle)}</strong>
          {pMore && <span class="muted"> {pMore}</span>}
        </span>
        {at >= 0 && <span class="muted">{t(lang, "puzzleN", at + 1, shown.length)}</span>}
        <StreakLine pr={pr} lang={lang} />
      </div>
      <nav class="puzzle-themes" data-testid="themes">
        <a class={"pill" + (theme ? "" : " on")} href={puzzlePath(game, "")} onClick={(e) => linkClick(e, puzzlePath(game, ""))}>
          {t(lang, "puzzleAll")} {all && <small>{solvedText(all, pr, lang)}</small>}
        </a>
        {all &&
          themesOf(all).map((th) => (
            <a class={"pill" + (th === theme ? " on" : "")} data-theme={th} href={puzzlePath(game, th)} onClick={(e) => linkClick(e, puzzlePath(game, th))}>
              {themeName(th, game, lang)} <small>{solvedText(all.filter((e) => e.theme === th), pr, lang)}</small>
            </a>
          ))}
      </nav>
      {toast && (
        <div class="toast" role="alert" data-testid="toast" onClick={() => setToast("")}>
          {toast}
        </div>
      )}
      {err && <p class="error box">{err}</p>}
      {all && !current && !err && <p class="box">{t(lang, "puzzleNone")}</p>}
      {pz && (
        <div class="board">
          <div class="main-col">
            <PuzzleBoard pz={pz} lang={lang} ans={ans} pending={pending} play={play} />
          </div>
          <aside class="side puzzle-side">
            <p class="theme-help">
              <strong>{themeName(pz.theme, game, lang)}</strong> — {themeName(pz.theme, game, lang, true)}
            </p>
            {ans && <Verdict pz={pz} ans={ans} lang={lang} repeat={repeat} retry={retry} />}
            {ans && allDone && <p class="muted">{t(lang, "puzzleAllDone")}</p>}
            {ans && !ans.correct && (
              <p class="puzzle-retry">
                <button type="button" class="btn big" data-testid="retry-puzzle" onClick={tryAgain}>
                  {t(lang, "puzzleRetry")}
                </button>{" "}
                <small class="muted">{t(lang, "puzzleRetryHelp")}</small>
              </p>
            )}
            {ans && next && (
              <button type="button" class="btn primary big" data-testid="next-puzzle" onClick={() => navigate(puzzlePath(game, theme, next.id))}>
                {t(lang, "puzzleNext")}
              </button>
            )}
          </aside>
        </div>
      )}
    </main>
  );
}

/** seatNames names the seats of a puzzle: "You" for the deciding seat, "Seat k" for the others. */
function seatNames(m: Model, lang: Lang): string[] {
  return Array.from({ length: m.seats }, (_, s) => (s === m.seat ? t(lang, "puzzleYou") : t(lang, "seatN", s + 1)));
}

/**
 * PuzzleBoard draws the position with the table's components: the other
 * seats, the trick, the points so far, the contract, the Strohmänner and
 * the hand, the legal cards lit while the puzzle waits for its answer,
 * the best card marked once it is answered.
 */
function PuzzleBoard(p: { pz: Puzzle; lang: Lang; ans: Answer | null; pending: boolean; play: (a: Action) => void }) {
  const { pz, lang, ans } = p;
  const m = pz.model;
  const game = m.game;
  const names = seatNames(m, lang);
  const open = !ans && !p.pending;
  const playable = new Set(pz.legal.map((a) => a.card!));
  const best = new Set(ans ? ans.good.map((a) => a.card!) : []);
  const click = (c: string) => {
    if (!open) return;
    const a = pz.legal.find((x) => x.card === c && !x.say) ?? pz.legal.find((x) => x.card === c);
    // A card the rules forbid goes to the server too: its refusal says why.
    p.play(a ?? { act: "play", card: c });
  };
  const state = (c: string) =>
    ans ? { legal: best.has(c), hint: best.has(c), selected: ans.action.card === c, dim: !best.has(c) && ans.action.card !== c } : { legal: playable.has(c), dim: !playable.has(c) };
  const hand = sortHand(m.hand);
  return (
    <div class="board-inner">
      <section class={"seats n" + seatOrder(m).length}>
        {seatOrder(m).map((s) => (
          <SeatChip m={m} seat={s} names={names} lang={lang} />
        ))}
      </section>
      {game === "strohmandeln" && m.players && <StrohSide m={m} seat={1 - m.seat} lang={lang} names={names} />}
      <section class="center">
        <TrickView m={m} names={names} lang={lang} />
        <PointsLine m={m} names={names} lang={lang} />
        <Extras m={m} names={names} lang={lang} />
      </section>
      <section class={"prompt" + (open ? " mine" : "")} data-testid="prompt">
        {m.contract && (
          <p class="role" data-testid="puzzle-role">
            {m.declarer < 0
              ? t(lang, "puzzleNobody", upper(contractName(game, m.contract, lang)))
              : m.declarer === m.seat
                ? t(lang, "puzzleDeclarer", contractName(game, m.contract, lang))
                : t(lang, "puzzleDefender", contractName(game, m.contract, lang), names[m.declarer])}
          </p>
        )}
        <p class="turn me" data-testid="puzzle-ask">
          {ans ? t(lang, ans.correct ? "puzzleRight" : "puzzleWrong") : t(lang, "puzzleAsk")}
        </p>
      </section>
      {game === "strohmandeln" && m.players && (
        <StrohSide m={m} seat={m.seat} lang={lang} names={names} mine playable={open ? playable : ans ? best : undefined} onPlay={click} />
      )}
      <section class="mine">
        <div class="hand-label">
          {t(lang, "hand")} ({hand.length})
        </div>
        <div class={"hand" + (hand.length > 12 ? " many" : "")} style={{ "--n": hand.length }} data-testid="hand">
          {hand.map((c) => (
            <Card id={c} game={game} lang={lang} {...state(c)} onClick={open ? () => click(c) : undefined} />
          ))}
        </div>
      </section>
    </div>
  );
}

/** upper begins a text with a capital ("der Gstieß" at the start of a line). */
function upper(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Verdict says whether the card was best, which was, and what every card costs, with the reasons. */
function Verdict(p: { pz: Puzzle; ans: Answer; lang: Lang; repeat: boolean; retry: boolean }) {
  const { pz, ans, lang } = p;
  const box = useRef<HTMLElement>(null);
  // On a phone the verdict lies below the hand: bring it and the button
  // to the next puzzle after it into sight.
  // Its heading takes the focus, so that a screen reader says the verdict
  // and the keyboard goes on from it to the buttons after it.
  const head = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    (box.current?.parentElement?.querySelector("[data-testid=next-puzzle]") ?? box.current)?.scrollIntoView({ block: "nearest" });
    head.current?.focus({ preventScroll: true });
  }, []);
  const game = pz.game;
  const name = (a: Action) => cardName(a.card ?? "", game, lang);
  // "Du hast den Gstieß gespielt."
  const object = (a: Action) => objectCase(lang, name(a));
  return (
    <section ref={box} class={"box verdict " + (ans.correct ? "right" : "wrong")} data-testid="verdict" data-correct={ans.correct ? "1" : "0"}>
      <h3 ref={head} tabIndex={-1} data-testid="verdict-head">
        {t(lang, ans.correct ? "puzzleRight" : "puzzleWrong")}
      </h3>
      <p>
        {t(lang, "puzzleYours", object(ans.action))}{" "}
        <strong data-testid="best">{t(lang, "puzzleBest", ans.good.map(name).join(t(lang, "puzzleOr")))}</strong>
      </p>
      {whyText(ans.why, lang) && (
        <p class="why" data-testid="why">
          <strong>{t(lang, "puzzleWhy")}:</strong> {whyText(ans.why, lang)}
        </p>
      )}
      <p class="muted" data-testid="worlds">
        {t(lang, "puzzleWorlds", ans.worlds)}
      </p>
      <h4>{t(lang, "puzzleCards")}</h4>
      <ul class="candidates" data-testid="candidates">
        {ans.candidates.map((c) => (
          <li class={c.good ? "good" : ""} data-card={c.action.card}>
            <strong>{upper(name(c.action))}</strong>: {c.good ? t(lang, "puzzleGood") : t(lang, "puzzleLoss", num(c.loss, lang))}
            {whyText(c.why, lang) && c.action.card !== ans.action.card && <div class="why muted">{whyText(c.why, lang)}</div>}
          </li>
        ))}
      </ul>
      {p.retry ? <p class="muted">{t(lang, "puzzleRetried")}</p> : p.repeat && <p class="muted">{t(lang, "puzzleRepeat")}</p>}
    </section>
  );
}

/**
 * puzzleVariant names a puzzle's variant for its title bar: the variant's
 * title when it names the game ("Droggn, 3 players") and nothing after it,
 * else the game and the variant's title after it.
 */
function puzzleVariant(lang: Lang, game: GameName, vt: Words | undefined): [string, string] {
  const v = vt ? say(lang, vt) : "";
  return v.startsWith(TITLE[game]) ? [v, ""] : [TITLE[game], v];
}
