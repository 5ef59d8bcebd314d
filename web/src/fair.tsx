// The fair table among people: the turn clock, the stand-in that plays for
// a person whose time ran out, the wait for every person before the first
// hand, and the link that moves a seat to another device.

import { useEffect, useRef, useState } from "preact/hooks";
import { Icon } from "./face";
import { t, type Lang } from "./i18n";
import type { TableState } from "./tablestate";

/** clockWarnMs: the clock turns to a warning in its last 10 seconds. */
export const clockWarnMs = 10_000;

/** TurnClock counts down the acting person's time; mine says what happens at zero. */
export function TurnClock(p: { deadline: number | null; mine: boolean; lang: Lang }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (p.deadline == null) return;
    setNow(Date.now());
    const iv = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(iv);
  }, [p.deadline]);
  if (p.deadline == null) return null;
  const left = Math.max(0, p.deadline - now);
  const secs = Math.ceil(left / 1000);
  const warn = left <= clockWarnMs;
  return (
    <span class={"clock" + (warn ? " warn" : "")} data-testid="clock" role={warn && p.mine ? "alert" : undefined}>
      <Icon name="clock" /> {t(p.lang, p.mine && warn ? "clockMine" : "clockLeft", secs)}
    </span>
  );
}

/** StandIn tells a person that a bot plays their seat, and lets them take it back. */
export function StandIn(p: { tbl: TableState; seat: number; lang: Lang; back: () => void }) {
  const s = p.tbl.seats[p.seat];
  if (!s || s.bot || !s.takeover) return null;
  return (
    <div class="banner stand-in" data-testid="stand-in" role="status">
      <span>{t(p.lang, s.reason === "clock" ? "standInClock" : "standInOther")}</span>{" "}
      <button type="button" class="btn primary" data-testid="back" onClick={p.back}>
        {t(p.lang, "iAmBack")}
      </button>
    </div>
  );
}

/** WaitPlayers is the banner of a table whose first hand waits for its people. */
export function WaitPlayers(p: { tbl: TableState; names: string[]; lang: Lang; start?: () => void }) {
  if (p.tbl.started !== false) return null;
  const free = p.tbl.seats.filter((s) => !s.bot && !s.taken).map((s) => t(p.lang, "seatN", s.seat + 1));
  return (
    <div class="banner wait" data-testid="wait-players" role="status">
      <strong>{t(p.lang, "waitPlayers", free.join(", "))}</strong>
      {p.start && (
        <>
          <p class="muted">{t(p.lang, "waitPlayersHost")}</p>
          <button type="button" class="btn primary" data-testid="start-bots" onClick={p.start}>
            {t(p.lang, "startWithBots")}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * LinkBox shows a link to copy: a seat's new invite, or the move link.
 * The link's field takes the focus when the box opens; Escape closes it.
 */
export function LinkBox(p: { title: string; help: string; url: string; lang: Lang; close: () => void; testid: string }) {
  const [copied, setCopied] = useState(false);
  const u = /^https?:/.test(p.url) ? p.url : location.origin + p.url;
  const id = `${p.testid}-title`;
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <section
      class="invites box"
      data-testid={p.testid}
      aria-labelledby={id}
      onKeyDown={(e) => {
        if (e.key === "Escape") p.close();
      }}
    >
      <div class="box-head">
        <h3 id={id}>{p.title}</h3>
        <button type="button" class="small-btn" onClick={p.close}>
          {t(p.lang, "close")}
        </button>
      </div>
      <p class="muted">{p.help}</p>
      <div class="invite">
        <input readOnly value={u} aria-label={p.title} ref={field} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button
          type="button"
          class="small-btn"
          onClick={() => navigator.clipboard?.writeText(u).then(() => setCopied(true), () => setCopied(false))}
        >
          {t(p.lang, copied ? "copied" : "copy")}
        </button>
      </div>
    </section>
  );
}
