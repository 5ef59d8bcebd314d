// The trick on the table, and the last one.

import { Card } from "./face";
import { t, type Lang } from "./i18n";
import { lastTrick, type Model, type Trick } from "./model";

export function TrickView(p: { m: Model; names: string[]; lang: Lang }) {
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
