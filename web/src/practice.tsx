// Practice at a table of bots: take back a decision, play a deal again,
// and after the hand see every seat's cards (docs/PROTOCOL.md, "Practice").

import { useEffect, useState } from "preact/hooks";
import * as api from "./api";
import type { Action, SeatInfo } from "./api";
import type { GameName } from "./cards";
import { Card } from "./face";
import { actionLabel, errorText, t, type Lang } from "./i18n";
import { sortHand } from "./cards";

/** practiceSeat reports whether every seat but seat is a bot's: the table is one for practice. */
export function practiceSeat(seats: SeatInfo[], seat: number): boolean {
  return seat >= 0 && seats.every((s, i) => i === seat || !!s.bot);
}

/**
 * PracticeBar offers, at a table of bots, the takeback during a hand and,
 * after it, the same deal again and every seat's cards.
 */
export function PracticeBar(p: {
  id: string;
  game: GameName;
  hand: number;
  /** the hand is finished (its result is shown) */
  done: boolean;
  /** a deal may be played again (not a guided hand, not the sitting's end) */
  canAgain: boolean;
  names: string[];
  lang: Lang;
  send: (msg: unknown) => void;
}) {
  const { lang } = p;
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section class="practice box" data-testid="practice">
      <p class="practice-btns">
        {!p.done && (
          <button type="button" class="btn" data-testid="takeback" title={t(lang, "takebackHelp")} onClick={() => p.send({ type: "takeback" })}>
            {t(lang, "takeback")}
          </button>
        )}
        {p.done && p.canAgain && (
          <button type="button" class="btn" data-testid="again" title={t(lang, "againHelp")} onClick={() => p.send({ type: "again" })}>
            {t(lang, "again")}
          </button>
        )}
        {p.done && (
          <button type="button" class="btn" data-testid="all-hands" aria-expanded={open === p.hand} onClick={() => setOpen(open === p.hand ? null : p.hand)}>
            {t(lang, open === p.hand ? "allHandsHide" : "allHands")}
          </button>
        )}
      </p>
      <p class="hint-text">{t(lang, "practiceNote")}</p>
      {p.done && open === p.hand && <AllHands id={p.id} hand={p.hand} game={p.game} names={p.names} lang={lang} />}
    </section>
  );
}

/** AllHands shows every seat's cards as dealt in a finished hand, read from its public record. */
export function AllHands(p: { id: string; hand: number; game: GameName; names: string[]; lang: Lang }) {
  const [hands, setHands] = useState<string[][] | null>(null);
  const [err, setErr] = useState("");
  useEffect(() => {
    let live = true;
    api
      .handRecord(p.id, p.hand)
      .then((rec) => api.replay(rec))
      .then((r) => {
        const models = r.steps?.[0]?.models ?? [];
        if (live) setHands(models.map((m) => sortHand(m.hand ?? [])));
      })
      .catch((e) => live && setErr(errorText(e, p.lang)));
    return () => {
      live = false;
    };
  }, [p.id, p.hand]);
  if (err) return <p class="error">{err}</p>;
  if (!hands) return <p>{t(p.lang, "loadingHands")}</p>;
  return (
    <div class="all-hands" data-testid="all-hands-view">
      <h4>{t(p.lang, "allHandsOf", p.hand + 1)}</h4>
      {hands.map((h, seat) => (
        <div class="all-hand" data-seat={seat}>
          <span class="all-hand-name">{p.names[seat] ?? t(p.lang, "seatN", seat + 1)}</span>
          <span class="all-hand-cards">
            {h.map((c) => (
              <Card id={c} game={p.game} lang={p.lang} small />
            ))}
          </span>
        </div>
      ))}
    </div>
  );
}

/** Takebacks lists the takebacks of a finished hand beside its record (GET …/hands/{n}/takebacks). */
export function Takebacks(p: { id: string; hand: number; game: GameName | null; lang: Lang }) {
  const [list, setList] = useState<TakenBack[] | null>(null);
  useEffect(() => {
    let live = true;
    takebacks(p.id, p.hand)
      .then((l) => live && setList(l))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [p.id, p.hand]);
  if (!list || list.length === 0 || !p.game) return null;
  const game = p.game;
  return (
    <section class="takebacks box" data-testid="takebacks">
      <h4>{t(p.lang, "takebacksTitle")}</h4>
      <ol>
        {list.map((tb) => (
          <li>
            {t(p.lang, "takebackAt", tb.step + 1)}{" "}
            {tb.actions.map((a) => actionLabel(a, { game, lang: p.lang })).join(" · ")}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** TakenBack is one takeback of a hand: the step played again, the seat, the actions taken back. */
interface TakenBack {
  step: number;
  seat: number;
  actions: Action[];
}

async function takebacks(id: string, n: number): Promise<TakenBack[]> {
  const res = await fetch(`/api/tables/${encodeURIComponent(id)}/hands/${n}/takebacks`);
  if (!res.ok) return [];
  const d = (await res.json()) as { takebacks?: TakenBack[] };
  return d.takebacks ?? [];
}

/** recordGame reads the game of a hand record's text, or null. */
export function recordGame(rec: string): GameName | null {
  try {
    const g = (JSON.parse(rec) as { game?: string }).game;
    return g === "droggn" || g === "troggu" || g === "strohmandeln" ? g : null;
  } catch {
    return null;
  }
}
