// The daily challenges (docs/DAILY.md): today's challenge of each game,
// the player's progress, start or resume, the leaderboards of a day and of
// 7 and 30 days, and past days. The player is a name and a secret kept in
// this browser; the move code carries them to another device.

import { useEffect, useState } from "preact/hooks";
import * as api from "./api";
import type { BoardRow, Challenge, Choices, DailyWho, Progress } from "./api";
import type { GameName } from "./cards";
import { actionLabel, errorText, longDate, t, TITLE, type Lang } from "./i18n";
import { choicesTitle, dealText, doneText, signed } from "./dailywords";
import { linkClick, navigate } from "./router";
import { useBackOnline } from "./online";

/** today is the UTC calendar day of the challenges. */
const today = () => new Date().toISOString().slice(0, 10);


/** DailyPage is /daily (?date=YYYY-MM-DD for a past day). */
export function DailyPage(p: { lang: Lang; query: URLSearchParams }) {
  const { lang } = p;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(p.query.get("date") ?? "") ? p.query.get("date")! : today();
  const [who, setWho] = useState<DailyWho | null>(api.dailyWho);
  // The challenges of the date listed, as loaded for it.
  const [loaded, setLoaded] = useState<{ date: string; list: Challenge[] } | null>(null);
  const list = loaded?.date === date ? loaded.list : null;
  const [mine, setMine] = useState<Progress[]>([]);
  const [err, setErr] = useState("");
  const [busy, setBusy] = useState("");
  const [chosen, setChosen] = useState(p.query.get("challenge") ?? "");
  // A load that failed (the server could not be reached): said once, for
  // this page, and loaded again when the browser is back online.
  const fail = (e: unknown) => setErr(errorText(e, lang, null, "daily"));
  const again = useBackOnline(!!err);
  useEffect(() => {
    if (again) setErr("");
    if (again && list) return;
    api.challenges(date).then((l) => setLoaded({ date, list: l }), fail);
  }, [date, again]);
  useEffect(() => {
    if (who) api.progress(who, date).then(setMine, fail);
    else setMine([]);
  }, [who, date, again]);
  const isToday = date === today();
  const play = async (c: Challenge) => {
    if (!who) return;
    setBusy(c.id);
    setErr("");
    try {
      navigate(`/t/${await api.playDaily(who, c)}`);
    } catch (e) {
      fail(e);
    } finally {
      setBusy("");
    }
  };
  const current = chosen || list?.[0]?.id || "";
  return (
    <main class="box daily-page" data-testid="daily">
      <h2>{t(lang, "dailyTitle")}</h2>
      <p class="muted">{t(lang, "dailyIntro")}</p>
      <Who who={who} setWho={setWho} lang={lang} />
      <p class="daily-day">
        <label>
          {t(lang, "dailyDay")}{" "}
          <input
            type="date"
            value={date}
            max={today()}
            data-testid="daily-date"
            onChange={(e) => {
              const d = (e.target as HTMLInputElement).value;
              if (d) navigate(d === today() ? "/daily" : `/daily?date=${d}`, true);
            }}
          />
        </label>{" "}
        {isToday ? <strong data-testid="daily-today">{t(lang, "dailyToday", longDate(lang, date))}</strong> : <span class="muted">{t(lang, "dailyPast")}</span>}
      </p>
      {err && (
        <p class="error" role="alert" data-testid="daily-error">
          {err}
        </p>
      )}
      <div class="daily-list">
        {(list ?? []).map((c) => {
          const pr = mine.find((x) => x.id === c.id);
          return (
            <section class={"daily-card" + (c.id === current ? " on" : "")} data-challenge={c.id} data-state={pr?.state ?? "new"}>
              <h3>
                <a href="#" onClick={(e) => (e.preventDefault(), setChosen(c.id))}>
                  {t(lang, "dailySetUp", TITLE[c.game], c.players)}
                </a>
              </h3>
              <State c={c} pr={pr} lang={lang} who={who} isToday={isToday} busy={busy === c.id} play={() => play(c)} />
            </section>
          );
        })}
      </div>
      {current && (
        <Board
          id={current}
          date={date}
          lang={lang}
          me={who?.name ?? ""}
          again={again}
          down={fail}
          title={(() => {
            const c = (list ?? []).find((x) => x.id === current);
            return c ? t(lang, "dailySetUp", TITLE[c.game], c.players) : "";
          })()}
        />
      )}
    </main>
  );
}

/** State is a challenge's line for the player: start, resume, or the result with its place. */
function State(p: { c: Challenge; pr?: Progress; who: DailyWho | null; isToday: boolean; busy: boolean; lang: Lang; play: () => void }) {
  const { c, pr, lang } = p;
  if (pr?.state === "finished") {
    return (
      <p data-testid="daily-result">
        {doneText(pr.row.total, pr.rank, pr.of, lang)}
        <Deals row={pr.row} table={pr.table} lang={lang} />
      </p>
    );
  }
  if (pr?.state === "playing") {
    return (
      <p>
        <button type="button" class="btn primary" disabled={p.busy} data-testid="daily-play" onClick={p.play}>
          {t(lang, "dailyResume", pr.played + 1, c.deals)}
        </button>
        <Deals row={pr.row} table={pr.table} lang={lang} />
      </p>
    );
  }
  if (!p.isToday) return <p class="muted">{t(lang, "dailyNotPlayed")}</p>;
  return (
    <p>
      <button type="button" class="btn primary" disabled={!p.who || p.busy} data-testid="daily-play" onClick={p.play}>
        {t(lang, "dailyStart")}
      </button>
      {!p.who && (
        <span class="muted" data-testid="daily-need-name">
          {" "}
          {t(lang, "dailyNeedName", t(lang, "dailyRegister"))}
        </span>
      )}
    </p>
  );
}

/**
 * Deals lists a row's deals: the person's score, the bot's, the duplicate score and how many did better, each
 * with the replay of the person's hand when the attempt's table is known (today's and past days' alike).
 */
function Deals(p: { row: BoardRow; table?: string; lang: Lang }) {
  const { lang } = p;
  if (!p.row.deals?.length) return null;
  return (
    <ol class="daily-deals">
      {p.row.deals.map((d) => {
        const replay = p.table ? `/t/${p.table}/replay/${d.deal - 1}` : "";
        return (
          <li data-deal={d.deal} title={d.bot == null ? t(lang, "dailyPending") : undefined}>
            {dealText(d, lang)}
            {replay && (
              <>
                {" "}
                <a class="small-btn" href={replay} data-testid="daily-replay" onClick={(e) => linkClick(e, replay)}>
                  {t(lang, "replay")}
                </a>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Who is the player of this browser: choose a name, show its move code, or bring one from another device. */
function Who(p: { who: DailyWho | null; setWho: (w: DailyWho | null) => void; lang: Lang }) {
  const { lang, who } = p;
  const [name, setName] = useState(api.storedName());
  const [code, setCode] = useState("");
  const [show, setShow] = useState(false);
  const [err, setErr] = useState("");
  const keep = (w: DailyWho | null) => {
    api.storeDailyWho(w);
    p.setWho(w);
  };
  if (who) {
    return (
      <section class="daily-who" data-testid="daily-who">
        <p>
          {t(lang, "dailyWho")} <strong data-testid="daily-name">{who.name}</strong>{" "}
          <button type="button" class="small-btn" onClick={() => setShow(!show)}>
            {t(lang, "dailyShowCode")}
          </button>{" "}
          <button type="button" class="small-btn" onClick={() => keep(null)}>
            {t(lang, "dailyForget")}
          </button>
        </p>
        {show && (
          <p>
            <label>
              {t(lang, "dailyMoveCode")}{" "}
              <input readOnly value={api.moveCode(who)} data-testid="daily-code" onFocus={(e) => (e.target as HTMLInputElement).select()} />
            </label>
            <br />
            <span class="muted">{t(lang, "dailyMoveHelp")}</span>
          </p>
        )}
      </section>
    );
  }
  const register = async (e: Event) => {
    e.preventDefault();
    setErr("");
    try {
      keep(await api.registerDaily(name));
      api.storeName(name.trim());
    } catch (x) {
      setErr(errorText(x, lang));
    }
  };
  const use = async (e: Event) => {
    e.preventDefault();
    setErr("");
    const w = api.fromMoveCode(code);
    if (!w) return setErr(t(lang, "dailyBadCode"));
    try {
      await api.checkDaily(w);
      keep(w);
    } catch (x) {
      setErr(errorText(x, lang));
    }
  };
  return (
    <section class="daily-who" data-testid="daily-who">
      <form onSubmit={register}>
        <label>
          {t(lang, "yourName")}{" "}
          <input value={name} maxLength={40} data-testid="daily-name-input" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>{" "}
        <button type="submit" class="btn primary" data-testid="daily-register">
          {t(lang, "dailyRegister")}
        </button>
        <br />
        <span class="muted">{t(lang, "dailyNameHelp")}</span>
      </form>
      <form onSubmit={use}>
        <label>
          {t(lang, "dailyUseCode")}{" "}
          <input value={code} data-testid="daily-code-input" onInput={(e) => setCode((e.target as HTMLInputElement).value)} />
        </label>{" "}
        <button type="submit" class="btn" data-testid="daily-use">
          {t(lang, "dailyUse")}
        </button>
      </form>
      {err && (
        <p class="error" role="alert">
          {err}
        </p>
      )}
    </section>
  );
}

/** Board is the leaderboard of a challenge: of the day, or of the 7 or 30 days that end on it. */
function Board(p: { id: string; date: string; lang: Lang; me: string; title: string; again: number; down: (e: unknown) => void }) {
  const { lang } = p;
  const [days, setDays] = useState(1);
  const [rows, setRows] = useState<BoardRow[] | null>(null);
  const [err, setErr] = useState("");
  const [shown, setShown] = useState("");
  // What is shown, loaded again when the page is back online after a failure.
  const want = `${p.id} ${p.date} ${days}`;
  useEffect(() => {
    if (shown === want && rows) return;
    setRows(null);
    setErr("");
    api.board(p.id, p.date, days).then(
      (r) => {
        setRows(r);
        setShown(want);
      },
      // The server out of reach is the page's to say, once.
      (e) => (e instanceof TypeError ? p.down(e) : setErr(errorText(e, lang))),
    );
  }, [want, p.again]);
  return (
    <section class="daily-board" data-testid="daily-board" data-days={days}>
      <h3>
        {t(lang, "dailyBoard")}
        {p.title && <>: {p.title}</>}{" "}
        {([1, 7, 30] as const).map((n) => (
          <button type="button" class={"small-btn" + (days === n ? " on" : "")} aria-pressed={days === n} data-days={n} onClick={() => setDays(n)}>
            {t(lang, n === 1 ? "dailyDays1" : n === 7 ? "dailyDays7" : "dailyDays30")}
          </button>
        ))}
      </h3>
      {err && <p class="error">{err}</p>}
      {rows && !rows.length && <p class="muted">{t(lang, "dailyNobody")}</p>}
      {rows && rows.length > 0 && (
        <table class="daily-rows">
          <thead>
            <tr>
              <th>{t(lang, "dailyRank")}</th>
              <th>{t(lang, "dailyName")}</th>
              <th>{t(lang, "dailyTotal")}</th>
              {days === 1 ? [1, 2, 3, 4, 5, 6].map((n) => <th class="deal-col">{n}</th>) : [<th>{t(lang, "dailyDaysPlayed")}</th>, <th>{t(lang, "dailyBest")}</th>]}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr class={r.name === p.me ? "me" : ""} data-name={r.name}>
                <td>{r.rank}</td>
                <td>{r.name}</td>
                <td data-testid="daily-total">{signed(r.total)}</td>
                {days === 1
                  ? (r.deals ?? []).map((d) => (
                      <td class="deal-col" title={dealText(d, lang)}>
                        {signed(d.duplicate)}
                      </td>
                    ))
                  : [
                      <td>{r.days}</td>,
                      <td>
                        {signed(r.best)}{" "}
                        <a class="muted" href={`/daily?date=${r.best_date}`} onClick={(e) => linkClick(e, `/daily?date=${r.best_date}`)}>
                          {r.best_date}
                        </a>
                      </td>,
                    ]}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** DailyBar says which deal of a daily challenge is played, and after the last one leads back to the daily page. */
export function DailyBar(p: { daily: { challenge: string; date: string; deals: number }; deal: number; over: boolean; lang: Lang }) {
  const { lang, daily } = p;
  const back = `/daily?challenge=${daily.challenge}` + (daily.date === today() ? "" : `&date=${daily.date}`);
  return (
    <section class="box daily-bar" data-testid="daily-bar">
      <p>
        {p.over ? <strong>{t(lang, "dailyOver")}</strong> : t(lang, "dailyAt", longDate(lang, daily.date), Math.min(p.deal, daily.deals), daily.deals)}{" "}
        <a class={p.over ? "btn primary" : "small-btn"} href={back} data-testid="daily-back" onClick={(e) => linkClick(e, back)}>
          {t(lang, "dailyBack")}
        </a>
      </p>
    </section>
  );
}

/** pct is a share in whole percent. */
const pct = (n: number, of: number) => Math.round((100 * n) / Math.max(of, 1));

/**
 * DailyChoices shows, after a deal of a challenge, each of the player's
 * decisions with the share of the players in the same position who chose
 * each action ("42% played the XXI here").
 */
export function DailyChoices(p: { daily: { challenge: string; date: string }; deal: number; game: GameName; lang: Lang }) {
  const { lang, game } = p;
  const [ch, setCh] = useState<Choices | null>(null);
  const [err, setErr] = useState("");
  useEffect(() => {
    const who = api.dailyWho();
    if (!who) return;
    setCh(null);
    api.choices(who, p.daily.challenge, p.daily.date, p.deal).then(setCh, (e) => setErr(errorText(e, lang)));
  }, [p.daily.challenge, p.daily.date, p.deal]);
  if (err) return <p class="error">{err}</p>;
  if (!ch) return null;
  const shared = ch.decisions.filter((d) => d.same > 1);
  const label = (a: api.Action) => actionLabel(a, { game, lang });
  return (
    <section class="box daily-choices" data-testid="daily-choices">
      <h3>{choicesTitle(ch.players, lang)}</h3>
      {ch.players <= 1 && <p class="muted">{t(lang, "dailyChoicesAlone")}</p>}
      {ch.players > 1 && !shared.length && <p class="muted">{t(lang, "dailyChoicesNone")}</p>}
      <ol>
        {shared.map((d) => {
          const mine = d.choices.find((c) => JSON.stringify(c.action) === JSON.stringify(d.action))?.count ?? 0;
          const others = d.choices.filter((c) => JSON.stringify(c.action) !== JSON.stringify(d.action));
          return (
            <li data-step={d.step}>
              {t(lang, "dailyChoiceMine", label(d.action), pct(mine, d.same), d.same)}
              {others.length > 0 && <span class="muted"> · {others.map((c) => t(lang, "dailyChoiceOther", pct(c.count, d.same), label(c.action))).join(" · ")}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
