// The lobby: open and running tables, and the form that creates a table
// from the option specs of GET /api/games.

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import * as api from "./api";
import type { Capacity, GameSpec, OptionSpec, TableInfo } from "./api";
import type { GameName } from "./cards";
import { Icon } from "./face";
import { botHow, botLabel, botName, errorText, explain, t, TITLE, type Lang } from "./i18n";
import { botSeatName, optionHelp, optionLabel, tableTitle, valueLabel } from "./names";
import { OFFLINE_BOT, savedOffline, startOffline } from "./offline";
import { linkClick, navigate } from "./router";
import { Learn } from "./guide";
import { isOnline } from "./online";

const BOTS_DEFAULT = ["rules", "random"];


/** Lobby lists tables and creates new ones. */
export function Lobby(p: { lang: Lang }) {
  const { lang } = p;
  const [specs, setSpecs] = useState<GameSpec[] | null>(null);
  const [list, setList] = useState<TableInfo[] | null>(null);
  const [err, setErr] = useState("");
  // down is the failure of a load because the server cannot be reached,
  // until a load succeeds; it is worded in the page's language.
  const [down, setDown] = useState<unknown>(null);
  const [cap, setCap] = useState<Capacity | null>(null);
  const fail = (e: unknown) => (e instanceof TypeError ? setDown(e) : setErr(errorText(e, lang)));
  // specsAsk: "done" once the create form's options have arrived (from
  // the server or the service worker's copy), "asking" while a request
  // for them is on its way; until they arrive, every load that reaches
  // the server asks for them again. specsErr is why the last request was
  // refused, shown where the form goes.
  const specsAsk = useRef<"" | "asking" | "done">("");
  const [specsErr, setSpecsErr] = useState("");

  const load = () => {
    api
      .tables()
      .then((l) => {
        setList(l ?? []);
        setDown(null);
        if (specsAsk.current === "") loadGames();
      })
      .catch(fail);
    // A full server says so before anyone fills in the form; joining a
    // table above still works.
    api.capacity().then(setCap, () => setCap(null));
  };
  const loadGames = () => {
    specsAsk.current = "asking";
    api.games().then(
      (g) => {
        specsAsk.current = "done";
        setSpecs(g);
        setSpecsErr("");
      },
      (e: unknown) => {
        specsAsk.current = "";
        if (e instanceof TypeError) setDown(e);
        else setSpecsErr(errorText(e, lang));
      },
    );
  };
  useEffect(() => {
    loadGames();
    load();
    // The list is kept fresh while the browser has a network; without
    // one nothing is asked (each try would only fail), and its return
    // loads at once.
    const id = setInterval(() => {
      if (isOnline()) load();
    }, 5000);
    const back = () => load();
    // Gone: said at once, as a load that failed would.
    const gone = () => setDown(new TypeError("offline"));
    if (!isOnline()) gone();
    addEventListener("online", back);
    addEventListener("offline", gone);
    return () => {
      clearInterval(id);
      removeEventListener("online", back);
      removeEventListener("offline", gone);
    };
  }, []);

  return (
    <main class="lobby">
      <p class="tagline">{t(lang, "tagline")}</p>
      {down != null && (
        <p class="error lobby-down" role="alert" data-testid="lobby-down">
          {errorText(down, lang, null, specs ? "lobby" : "lobbyBare")}
        </p>
      )}
      {err && <p class="error lobby-down">{err}</p>}
      <Learn lang={lang} />
      <section class="box tables-box">
        <h2>
          {t(lang, "openTables")}{" "}
          <button type="button" class="small-btn" onClick={load}>
            {t(lang, "refresh")}
          </button>
        </h2>
        {list === null ? <p>…</p> : list.length === 0 ? <p class="muted">{t(lang, "noTables")}</p> : <TableList list={list} lang={lang} onError={setErr} />}
      </section>
      <section class="box create-box">
        <h2>{t(lang, "newTable")}</h2>
        {cap && !cap.create && (
          <p class="error" data-testid="full">
            {explain({ code: cap.code, error: cap.error }, null, lang)} {t(lang, "joinStill")}
          </p>
        )}
        {specs ? (
          <CreateForm specs={specs} lang={lang} />
        ) : specsErr ? (
          <p class="error" data-testid="specs-error">
            {specsErr}
          </p>
        ) : (
          <p>…</p>
        )}
      </section>
      <section class="box links">
        <h2>{t(lang, "rules")}</h2>
        <p>
          {(["droggn", "troggu", "strohmandeln"] as GameName[]).map((g) => (
            <a href={`/rules/${g}`} onClick={(e) => linkClick(e, `/rules/${g}`)} class="pill">
              {TITLE[g]}
            </a>
          ))}
          <a href="/replay" onClick={(e) => linkClick(e, "/replay")} class="pill">
            {t(lang, "importRecord")}
          </a>
        </p>
      </section>
      <section class="box links" data-testid="daily-link">
        <h2>
          <a href="/daily" onClick={(e) => linkClick(e, "/daily")} data-testid="lobby-daily">
            {t(lang, "daily")}
          </a>
        </h2>
        <p class="muted">{t(lang, "dailyIntro")}</p>
      </section>
      <section class="box links" data-testid="puzzle-links">
        <h2>
          <a href="/puzzles" onClick={(e) => linkClick(e, "/puzzles")}>
            {t(lang, "puzzles")}
          </a>
        </h2>
        <p>
          {(["droggn", "troggu", "strohmandeln"] as GameName[]).map((g) => (
            <a href={`/puzzles/${g}`} onClick={(e) => linkClick(e, `/puzzles/${g}`)} class="pill" data-game={g}>
              {TITLE[g]}
            </a>
          ))}
        </p>
      </section>
    </main>
  );
}

function stateWord(s: string, lang: Lang): string {
  if (s === "open" || s === "waiting") return t(lang, "open");
  if (s === "over" || s === "done" || s === "finished") return t(lang, "over");
  if (s === "running" || s === "playing") return t(lang, "running");
  return s;
}

function TableList(p: { list: TableInfo[]; lang: Lang; onError: (e: string) => void }) {
  const { lang } = p;
  const [joining, setJoining] = useState("");
  const [name, setName] = useState(api.storedName());
  // Join takes the first free seat under the stored name, or asks for a name first.
  const join = async (tb: TableInfo) => {
    const free = tb.seats.find((s) => !s.bot && !s.taken);
    if (!free) return;
    if (!name.trim()) {
      setJoining(tb.id);
      return;
    }
    try {
      const r = await api.claimSeat(tb.id, free.seat, name.trim());
      api.storeName(name.trim());
      api.storeSeat(tb.id, { token: r.seat_token, seat: r.seat, name: name.trim() });
      navigate(`/t/${tb.id}`);
    } catch (x) {
      p.onError(errorText(x, lang));
    }
  };
  return (
    <ul class="tables">
      {p.list.map((tb) => {
        const mine = api.seatCred(tb.id);
        const [title, variant] = tableTitle(tb, lang);
        const canJoin = !mine && tb.state !== "over" && tb.seats.some((s) => !s.bot && !s.taken);
        return (
          <li key={tb.id} data-table={tb.id}>
            <div class="tl-head">
              <strong>{title}</strong>
              {variant && <span class="muted"> {variant}</span>}
              <span class="state">{stateWord(tb.state, lang)}</span>
            </div>
            <div class="tl-seats">
              {tb.seats.map((s) => (
                <span class={"seat-tag" + (s.bot ? " bot" : s.taken ? "" : " free")}>
                  {s.bot ? <Icon name="bot" title={botLabel(s.bot, lang)} /> : null} {s.bot ? botSeatName(s.seat) : s.taken ? s.name || t(lang, "seatN", s.seat + 1) : t(lang, "free")}
                </span>
              ))}
            </div>
            {joining === tb.id && (
              <form
                class="join-name"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (name.trim()) join(tb);
                }}
              >
                <label>
                  {t(lang, "yourName")}{" "}
                  <input name="join-name" value={name} maxLength={40} autoFocus onInput={(e) => setName((e.target as HTMLInputElement).value)} />
                </label>{" "}
                <button type="submit" class="btn primary" disabled={!name.trim()}>
                  {t(lang, "join")}
                </button>
              </form>
            )}
            <div class="tl-actions">
              {mine && (
                <a class="btn primary" href={`/t/${tb.id}`} onClick={(e) => linkClick(e, `/t/${tb.id}`)}>
                  {t(lang, "enter")}
                </a>
              )}
              {canJoin && joining !== tb.id && (
                <button type="button" class="btn primary" data-testid="join" onClick={() => join(tb)}>
                  {t(lang, "join")}
                </button>
              )}
              <a class="btn" href={`/t/${tb.id}?spectate=1`} onClick={(e) => linkClick(e, `/t/${tb.id}?spectate=1`)}>
                {t(lang, "watch")}
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function defaultValue(o: OptionSpec): unknown {
  if (o.kind === "enum") return o.default ?? o.values?.[0] ?? "";
  if (o.kind === "bool") return !!o.default;
  return o.default ?? null;
}

function CreateForm(p: { specs: GameSpec[]; lang: Lang }) {
  const { lang, specs } = p;
  const [gameName, setGame] = useState<GameName>(specs[0]?.name ?? "droggn");
  const spec = specs.find((s) => s.name === gameName) ?? specs[0];
  const [players, setPlayers] = useState(spec?.min_seats ?? 3);
  const [bots, setBots] = useState<string[]>([]);
  const [opts, setOpts] = useState<Record<string, unknown>>({});
  const [name, setName] = useState(api.storedName());
  const [tableName, setTableName] = useState("");
  const [hands, setHands] = useState("");
  const [isPublic, setPublic] = useState(true);
  const [autoBot, setAutoBot] = useState(true);
  const [hints, setHints] = useState(true);
  // null: the server's default, shown once known.
  const [clock, setClock] = useState<number | null>(null);
  const [defClock, setDefClock] = useState<number | null>(null);
  useEffect(() => {
    api.defaults().then((d) => setDefClock(d.turn_clock), () => setDefClock(null));
  }, []);
  const [openReview, setOpenReview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState("");
  const botKinds = useMemo(() => {
    const ks = spec?.bots?.length ? [...spec.bots] : BOTS_DEFAULT;
    // The rules bot first: it is the default opponent.
    return ks.sort((a, b) => (a === "rules" ? -1 : b === "rules" ? 1 : 0));
  }, [spec]);

  // Reset the form's game-dependent parts when the game changes.
  useEffect(() => {
    if (!spec) return;
    setPlayers((n) => Math.min(Math.max(n, spec.min_seats), spec.max_seats));
    const o: Record<string, unknown> = {};
    for (const x of spec.options) o[x.name] = defaultValue(x);
    setOpts(o);
  }, [gameName]);
  // Seat 1 is the creator; the others default to the rules bot.
  const seatBots = useMemo(() => {
    const out: string[] = [];
    for (let i = 0; i < players; i++) out.push(i === 0 ? "" : bots[i] ?? botKinds[0]);
    return out;
  }, [players, bots, botKinds]);

  // A missing name: the field it belongs in comes into view, ready to type.
  const nameRef = useRef<HTMLInputElement>(null);
  const askName = () => {
    nameRef.current?.scrollIntoView({ block: "center" });
    nameRef.current?.focus();
  };
  // The clock a table gets unless one is chosen: none for a person alone
  // among bots (nobody waits), else the server's default.
  const alone = seatBots.filter((b) => b === "").length === 1;
  const shownClock = clock ?? (alone ? 0 : defClock);

  if (!spec) return null;

  // The options that differ from their defaults.
  const chosenOptions = () => {
    const options: Record<string, unknown> = {};
    for (const o of spec.options) {
      const v = opts[o.name];
      if (v === undefined || JSON.stringify(v) === JSON.stringify(defaultValue(o))) continue;
      options[o.name] = v;
    }
    return options;
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!name.trim()) {
      setErr(t(lang, "nameNeeded"));
      askName();
      return;
    }
    setBusy(true);
    setErr("");
    const options = chosenOptions();
    try {
      api.storeName(name.trim());
      const body: api.NewTable = {
        game: spec.name,
        players,
        options,
        bots: seatBots,
        name: name.trim(),
        title: tableName.trim(),
        public: isPublic,
        auto_bot: autoBot,
        hints,
        open_review: openReview,
      };
      if (clock != null) body.turn_clock = clock;
      const n = parseInt(hands, 10);
      if (n > 0) body.hands = n;
      const c = await api.createTable(body);
      api.storeSeat(c.id, { token: c.seat_token, seat: c.seat, name: name.trim() });
      api.storeHost(c.id, c.host_token);
      api.storeCreated(c);
      navigate(`/t/${c.id}`);
    } catch (x) {
      setErr(errorText(x, lang));
      setBusy(false);
    }
  };

  // The same sitting on this device, each seat against the bot the form
  // shows for it; nobody else can sit at it.
  const offline = () => {
    if (!name.trim()) {
      setErr(t(lang, "nameNeeded"));
      askName();
      return;
    }
    const person = seatBots.findIndex((b, i) => i > 0 && b === "");
    if (person > 0) {
      setErr(t(lang, "offlineNoPerson", t(lang, "seatN", person + 1)));
      return;
    }
    setErr("");
    api.storeName(name.trim());
    const n = parseInt(hands, 10);
    // The hints: the strongest bot that decides in time in the browser
    // (docs/OFFLINE.md).
    const bot = botKinds.includes(OFFLINE_BOT) ? OFFLINE_BOT : botKinds[0];
    startOffline({ game: spec.name, players, options: chosenOptions(), seat: 0, name: name.trim(), bot, bots: seatBots, hands: n > 0 ? n : undefined });
  };

  return (
    <form class="create" onSubmit={submit}>
      <div class="row">
        <label>
          {t(lang, "game")}
          <select name="game" value={gameName} onChange={(e) => setGame((e.target as HTMLSelectElement).value as GameName)}>
            {specs.map((s) => (
              <option value={s.name}>{s.title || TITLE[s.name]}</option>
            ))}
          </select>
        </label>
        <label>
          {t(lang, "players")}
          <select name="players" value={players} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}>
            {range(spec.min_seats, spec.max_seats).map((n) => (
              <option value={n}>{n}</option>
            ))}
          </select>
        </label>
      </div>
      <div class="row">
        <label>
          {t(lang, "yourName")}
          <span class="req" aria-hidden="true">
            *
          </span>
          <input name="name" ref={nameRef} value={name} maxLength={40} aria-required="true" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          {t(lang, "tableName")}
          <input name="table" value={tableName} maxLength={60} onInput={(e) => setTableName((e.target as HTMLInputElement).value)} />
        </label>
      </div>
      <fieldset class="seats-form">
        <legend>{t(lang, "seatsLegend")}</legend>
        {seatBots.map((b, i) => (
          <label class="seat-row">
            <span>{t(lang, "seatN", i + 1)}</span>
            {i === 0 ? (
              <em>{name ? `${name} (${t(lang, "you")})` : t(lang, "you")}</em>
            ) : (
              <select
                name={`bot${i}`}
                value={b}
                onChange={(e) => {
                  const v = (e.target as HTMLSelectElement).value;
                  setBots((old) => {
                    const nb = [...old];
                    nb[i] = v;
                    return nb;
                  });
                }}
              >
                {botKinds.map((k) => (
                  <option value={k}>{botName(k, lang)}</option>
                ))}
                <option value="">{t(lang, "human")}</option>
              </select>
            )}
            {i > 0 && b && <small class="help how">{botHow(b, lang)}</small>}
          </label>
        ))}
      </fieldset>
      <fieldset class="table-opts">
        <label class="check">
          <input type="radio" name="public" checked={isPublic} onChange={() => setPublic(true)} data-testid="public" />
          <span>
            {t(lang, "publicTable")} <small class="help">{t(lang, "publicHelp")}</small>
          </span>
        </label>
        <label class="check">
          <input type="radio" name="public" checked={!isPublic} onChange={() => setPublic(false)} data-testid="private" />
          <span>
            {t(lang, "privateTable")} <small class="help">{t(lang, "privateHelp")}</small>
          </span>
        </label>
        <label class="check">
          <input type="checkbox" name="auto_bot" checked={autoBot} onChange={(e) => setAutoBot((e.target as HTMLInputElement).checked)} />
          <span>
            {t(lang, "autoBot")} <small class="help">{t(lang, "autoBotHelp")}</small>
          </span>
        </label>
        <label class="check">
          <input type="checkbox" name="hints" checked={hints} onChange={(e) => setHints((e.target as HTMLInputElement).checked)} />
          <span>
            {t(lang, "hintsOn")} <small class="help">{t(lang, "hintsOnHelp")}</small>
          </span>
        </label>
        <label class="opt">
          <span class="opt-name">{t(lang, "turnClock")}</span>
          <select
            name="turn_clock"
            data-testid="turn-clock"
            value={String(shownClock ?? "")}
            onChange={(e) => setClock(parseInt((e.target as HTMLSelectElement).value, 10))}
          >
            {clockChoices(defClock).map((c) => (
              <option value={String(c)}>{clockLabel(c, lang)}</option>
            ))}
          </select>
          <small class="help">{t(lang, "turnClockHelp")}</small>
        </label>
        <label class="check">
          <input
            type="checkbox"
            name="open_review"
            checked={openReview}
            onChange={(e) => setOpenReview((e.target as HTMLInputElement).checked)}
            data-testid="open-review"
          />
          <span>
            {t(lang, "openReview")} <small class="help">{t(lang, "openReviewHelp")}</small>
          </span>
        </label>
      </fieldset>
      <details class="options">
        <summary>{t(lang, "options")}</summary>
        {spec.options.map((o) => (
          <OptionField spec={o} value={opts[o.name]} lang={lang} set={(v) => setOpts((old) => ({ ...old, [o.name]: v }))} />
        ))}
        {!spec.options.some((o) => o.name === "hands") && (
          <label class="opt">
            <span class="opt-name">{t(lang, "hands")}</span>
            <input type="number" min={1} max={1000} value={hands} placeholder="—" onInput={(e) => setHands((e.target as HTMLInputElement).value)} />
            <small class="help">{t(lang, "handsHelp")}</small>
          </label>
        )}
      </details>
      {err && <p class="error">{err}</p>}
      <button type="submit" class="btn primary big" disabled={busy} data-testid="create">
        {busy ? t(lang, "creating") : t(lang, "create")}
      </button>{" "}
      <button type="button" class="btn big" disabled={busy} onClick={offline} data-testid="create-offline" title={t(lang, "createOfflineHelp")}>
        {t(lang, "createOffline")}
      </button>
      <small class="help">{t(lang, "createOfflineHelp")}</small>
      {savedOffline() && (
        <small class="help" data-testid="offline-kept">
          {t(lang, "offlineKept")}{" "}
          <a href="/offline" onClick={(e) => linkClick(e, "/offline")}>
            {t(lang, "offlineKeptOpen")}
          </a>
        </small>
      )}
    </form>
  );
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

function OptionField(p: { spec: OptionSpec; value: unknown; lang: Lang; set: (v: unknown) => void }) {
  const { spec: o, lang } = p;
  const help = optionHelp(o, lang);
  const def = defaultValue(o);
  const isDef = JSON.stringify(p.value) === JSON.stringify(def);
  let input;
  if (o.kind === "enum") {
    input = (
      <select name={o.name} value={String(p.value ?? def)} onChange={(e) => p.set((e.target as HTMLSelectElement).value)}>
        {(o.values ?? []).map((v) => (
          <option value={v}>
            {valueLabel(o, v, lang)}
            {v === def ? ` (${t(lang, "defaultMark")})` : ""}
          </option>
        ))}
      </select>
    );
  } else if (o.choices?.length) {
    input = (
      <select name={o.name} value={String(p.value ?? def)} onChange={(e) => p.set(Number((e.target as HTMLSelectElement).value))}>
        {o.choices.map((v) => (
          <option value={String(v)}>
            {valueLabel(o, v, lang)}
            {v === def ? ` (${t(lang, "defaultMark")})` : ""}
          </option>
        ))}
      </select>
    );
  } else if (o.kind === "bool") {
    input = <input type="checkbox" name={o.name} checked={!!p.value} onChange={(e) => p.set((e.target as HTMLInputElement).checked)} />;
  } else {
    const nullable = o.nullable || o.default === null;
    const v = p.value as number | null | undefined;
    input = (
      <span class="int">
        <input
          type="number"
          name={o.name}
          min={o.min}
          max={o.max}
          value={v === null || v === undefined ? "" : v}
          placeholder={nullable ? t(lang, "unlimited") : ""}
          onInput={(e) => {
            const s = (e.target as HTMLInputElement).value;
            p.set(s === "" ? (nullable ? null : def) : Number(s));
          }}
        />
        {def !== null && def !== undefined && (
          <small class="muted">
            {" "}
            ({t(lang, "defaultMark")}: {valueLabel(o, def, lang)})
          </small>
        )}
        {nullable && def === null && <small class="muted"> ({t(lang, "defaultMark")}: {t(lang, "unlimited")})</small>}
      </span>
    );
  }
  return (
    <label class={"opt" + (isDef ? "" : " changed")}>
      <span class="opt-name">{optionLabel(o, lang)}</span>
      {input}
      <small class="help">{help}</small>
    </label>
  );
}

/** clockChoices are the turn clocks the create form offers, the server's default among them. */
function clockChoices(def: number | null): number[] {
  const cs = [0, 30, 60, 90, 120, 300];
  if (def != null && !cs.includes(def)) cs.push(def);
  return cs.sort((a, b) => a - b);
}

/** clockLabel names a turn clock of secs seconds. */
function clockLabel(secs: number, lang: Lang): string {
  if (secs === 0) return t(lang, "noClock");
  return secs % 60 === 0 && secs >= 120 ? t(lang, "minutes", secs / 60) : t(lang, "seconds", secs);
}
