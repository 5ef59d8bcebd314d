// The trick on the table, and the last one: a finished trick stays until
// the next card is played and, when another seat leads at once, for a
// moment more; a control shows the last trick again.

import { useEffect, useRef, useState } from "preact/hooks";
import { Card } from "./face";
import { t, type Lang } from "./i18n";
import { lastTrick, type Model, type Trick } from "./model";

/** HOLD_MS is how long a finished trick stays when another seat leads at once. */
export const HOLD_MS = 2000;

export function TrickView(p: { m: Model; names: string[]; lang: Lang }) {
  const { m, lang } = p;
  const done = m.tricks.length;
  const [hold, setHold] = useState(0);
  const [peek, setPeek] = useState(false);
  const prev = useRef(done);
  useEffect(() => {
    // A trick was just completed (not on the first state of the page).
    if (done > prev.current) {
      setHold(done);
      setPeek(false);
      const tm = setTimeout(() => setHold(0), HOLD_MS);
      prev.current = done;
      return () => clearTimeout(tm);
    }
    prev.current = done;
  }, [done]);
  const cur = m.trick && m.trick.plays.length ? m.trick : null;
  // The page remembers the finished trick it showed: held for a moment
  // after another seat leads, it stays although the seat may no longer
  // look back at it (the view then lists it turned down).
  const seen = useRef<{ n: number; trick: Trick } | null>(null);
  const shown = lastTrick(m);
  if (shown) seen.current = { n: done, trick: shown };
  const last = shown ?? (hold === done && seen.current?.n === done ? seen.current.trick : null);
  // The player's own lead is shown at once; another seat's waits.
  const held = hold === done && !!last && !!cur && cur.leader !== m.seat;
  const showLast = !cur || held || peek;
  const show: Trick | null = showLast ? last : cur;
  if (!show) return null;
  const finished = show === last;
  return (
    <div class={"trick" + (finished ? " done" : "")} data-testid="trick" data-trick={finished ? done : done + 1}>
      <div class="trick-label">
        {!finished
          ? t(lang, "trickN", done + 1)
          : show.winner < 0
            ? t(lang, "lastTrick")
            : show.winner === m.seat
              ? t(lang, "lastTrickYou")
              : t(lang, "lastTrickBy", p.names[show.winner])}
        {last && cur && !held && (
          <button type="button" class={"small-btn peek" + (peek ? " on" : "")} data-testid="last-trick" aria-pressed={peek} onClick={() => setPeek(!peek)}>
            {peek ? t(lang, "trickN", done + 1) : t(lang, "lastTrick")}
          </button>
        )}
      </div>
      <div class="trick-cards">
        {show.plays.map((pl) => (
          <div class={"played" + (finished && pl.seat === show.winner ? " won" : "")} data-card={pl.card}>
            <Card id={pl.card} game={m.game} lang={lang} badge={pl.say ? (pl.say === "ross" ? "Ross!" : "Topschin!") : pl.powerless ? "✕" : undefined} />
            <span class="who">{pl.seat === m.seat ? t(lang, "you") : p.names[pl.seat]}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
