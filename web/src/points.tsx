// The running count: the card points each side has taken in its tricks so
// far (team points labelled), from the tricks the seat may look back at:
// a side whose tricks are turned down shows its number of tricks only.

import { points } from "./cards";
import { declarerWord, t, type Lang } from "./i18n";
import type { Model } from "./model";
import { fmtPoints } from "./names";

/**
 * piles returns the cards each seat has taken in tricks. A Fool that did
 * not win its trick (Droggn's Gstieß always, Troggu's powerless Bättler)
 * goes back to the pile of the seat that played it.
 */
export function piles(m: Model): string[][] {
  const out: string[][] = Array.from({ length: m.seats }, () => []);
  for (const tk of m.tricks) {
    if (tk.winner < 0) continue;
    for (const pl of tk.plays) {
      const to = pl.card === "FOOL" && m.game !== "strohmandeln" && pl.seat !== tk.winner ? pl.seat : tk.winner;
      out[to]?.push(pl.card);
    }
  }
  return out;
}

/**
 * countPoints counts a pile as the game does: Droggn in threes (each
 * three less 2, a pair less 1, a single card less 1), Troggu card by card,
 * Strohmandeln's 54 cards in thirds (the result in thirds, less ⅔ a card).
 */
export function countPoints(cards: string[], m: Model): number {
  const sum = cards.reduce((a, c) => a + points(c, m.game, m.variant), 0);
  const n = cards.length;
  if (m.game === "droggn") return n ? sum - 2 * Math.floor(n / 3) - (n % 3 ? 1 : 0) : 0;
  if (m.game === "strohmandeln" && !m.variant.includes("pack=40")) return 3 * sum - 2 * n;
  return sum;
}

interface Side {
  label: string;
  seats: number[];
}

/** sides lists who counts together in this hand: the declarer's side and the others, or every seat alone. */
function sides(m: Model, names: string[], lang: Lang): Side[] {
  const who = (s: number) => (s === m.seat ? t(lang, "you") : names[s] ?? "?");
  const all = Array.from({ length: m.seats }, (_, i) => i).filter((s) => s !== m.sits_out);
  if (m.declarer < 0 || m.game === "strohmandeln" || m.contract === "misere") return all.map((s) => ({ label: who(s), seats: [s] }));
  const team = [m.declarer];
  if (m.partner >= 0 && m.partner !== m.declarer) team.push(m.partner);
  const others = all.filter((s) => !team.includes(s));
  const secret = m.game === "troggu" && m.seats >= 7 && m.contract === "normal" && m.partner < 0 && !m.alone;
  return [
    { label: `${declarerWord(m.game, m.contract, lang)} (${team.map(who).join(" + ")})`, seats: team },
    {
      label: secret ? t(lang, "othersUnknown") : t(lang, "defenders"),
      seats: others,
    },
  ];
}

/** PointsLine shows each side's card points and tricks so far. */
export function PointsLine(p: { m: Model; names: string[]; lang: Lang }) {
  const { m, lang } = p;
  if (m.result || !m.tricks.some((tk) => tk.winner >= 0)) return null;
  const ps = piles(m);
  const parts = sides(m, p.names, lang).map((sd) => {
    const cards = sd.seats.flatMap((s) => ps[s] ?? []);
    const tricks = sd.seats.reduce((a, s) => a + (m.tricks_won[s] ?? 0), 0);
    let pts: number | null;
    if (m.game === "strohmandeln" && m.players) {
      const each = sd.seats.map((s) => m.players?.[s]?.card_points);
      pts = each.some((x) => x === undefined) ? null : each.reduce((a: number, x) => a + (x ?? 0), 0);
    } else if (m.trick_points !== undefined && sd.seats.includes(m.seat)) {
      // The seat's own side, as the engine counts it (a Gstieß where it lies).
      pts = m.trick_points;
    } else {
      pts = m.tricks.some((tk) => tk.hidden && sd.seats.includes(tk.winner)) ? null : countPoints(cards, m);
    }
    return { label: sd.label, pts: pts === null ? null : fmtPoints(pts, m), tricks };
  });
  return (
    <div class="points-line" data-testid="points">
      <span class="pl-title">{t(lang, "takenSoFar")}</span>
      {parts.map((x) => (
        <span class="pl-side">
          <strong>{x.label}</strong> {x.pts !== null && <>{x.pts} {t(lang, x.pts === "1" ? "point1" : "points")} · </>}
          {x.tricks} {t(lang, x.tricks === 1 ? "trick1" : "tricks")}
        </span>
      ))}
    </div>
  );
}
