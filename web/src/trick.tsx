// The trick on the table, and the last one: a finished trick lies in the
// middle until the next card is led; from then on the trick being played
// is in the middle and the finished one beside it, smaller, for a moment
// (or as long as the player asks for it), never over the new lead.

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { Card } from "./face";
import { callWord, t, type Lang } from "./i18n";
import { lastTrick, type Model, type Trick } from "./model";

/** HOLD_MS is how long a finished trick stays beside the next one once that is led. */
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
  // The page remembers the finished trick it showed: beside the next lead
  // for a moment, it stays although the seat may no longer look back at
  // it (the view then lists it turned down).
  const seen = useRef<{ n: number; trick: Trick } | null>(null);
  const shown = lastTrick(m);
  if (shown) seen.current = { n: done, trick: shown };
  const last = shown ?? (hold === done && seen.current?.n === done ? seen.current.trick : null);
  if (!cur && !last) return null;
  // Nothing led yet: the finished trick lies in the middle.
  if (!cur) return <TrickCards t={last!} m={m} names={p.names} lang={lang} no={done} finished />;
  const beside = !!last && (hold === done || peek);
  return (
    <div class={"tricks" + (beside ? " two" : "")}>
      <TrickCards t={cur} m={m} names={p.names} lang={lang} no={done + 1}>
        {last && (
          <button
            type="button"
            class={"small-btn peek" + (beside ? " on" : "")}
            data-testid="last-trick"
            aria-pressed={beside}
            onClick={() => {
              setPeek(!beside);
              setHold(0);
            }}
          >
            {t(lang, "lastTrick")}
          </button>
        )}
      </TrickCards>
      {beside && <TrickCards t={last!} m={m} names={p.names} lang={lang} no={done} finished small />}
    </div>
  );
}

/** TrickCards draws one trick with its label: the trick being played, or a finished one (small beside the next). */
function TrickCards(p: {
  t: Trick;
  m: Model;
  names: string[];
  lang: Lang;
  no: number;
  finished?: boolean;
  small?: boolean;
  children?: ComponentChildren;
}) {
  const { t: tk, m, lang } = p;
  // The trick on the table heads a part of the page; the last one beside it is under it.
  const H = p.small ? "h3" : "h2";
  return (
    <div
      class={"trick" + (p.finished ? " done" : "") + (p.small ? " last" : "")}
      data-testid={p.small ? "trick-last" : "trick"}
      data-trick={p.no}
    >
      <div class="trick-label">
        <H class="inline-h">
          {!p.finished
            ? t(lang, "trickN", p.no)
            : tk.winner < 0
              ? t(lang, "lastTrick")
              : tk.winner === m.seat
                ? t(lang, "lastTrickYou")
                : t(lang, "lastTrickBy", p.names[tk.winner])}
        </H>
        {p.children}
      </div>
      <div class="trick-cards">
        {tk.plays.map((pl) => (
          <div class={"played" + (p.finished && pl.seat === tk.winner ? " won" : "")} data-card={pl.card}>
            <Card
              id={pl.card}
              game={m.game}
              lang={lang}
              small={p.small}
              badge={pl.say ? callWord(pl.say) : pl.powerless ? "✕" : undefined}
            />
            <span class="who">{pl.seat === m.seat ? t(lang, "you") : p.names[pl.seat]}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
