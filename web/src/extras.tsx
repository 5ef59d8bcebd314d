// What lies on the table besides the trick: the contract, the talon,
// Tapp or discards, and the Strohmänner.

import type { ComponentChildren } from "preact";
import { sortHand } from "./cards";
import { Backs, Card } from "./face";
import { cardName, contractName, declarerWord, foolWord, objectCase, t, talonWord, type Lang } from "./i18n";
import type { Model, Pile } from "./model";
import { fmtPoints } from "./names";
import { Glossed } from "./glossary";

export function Extras(p: { m: Model; names: string[]; lang: Lang }) {
  const { m, lang, names } = p;
  const g = m.game;
  const lines: ComponentChildren[] = [];
  if (m.contract) {
    let s = contractName(g, m.contract, lang);
    if (m.declarer >= 0 && g !== "strohmandeln") s += ` — ${declarerWord(g, m.contract, lang)}: ${names[m.declarer]}`;
    if (g === "strohmandeln" && m.declarer >= 0) s += ` — ${names[m.declarer]}`;
    if (m.doublings && m.doublings > 0) s += ` — ×${2 ** m.doublings} (Schwacher${m.doublings > 1 ? "/Retour" : ""})`;
    if (m.doubled) s += ` — ${t(lang, "doubled")}`;
    if (m.forced) s += t(lang, "forcedMark");
    lines.push(
      <span class="contract">
        <Glossed text={s} game={g} lang={lang} />
      </span>,
    );
  }
  const cards: ComponentChildren[] = [];
  // The declarer's discards, in the game's words: only the declarer's own
  // are "yours"; the others see them at the end.
  const discards = ([mine, theirs]: ["yourDiscards" | "yourLaidAway", "declDiscards" | "laidAway"]) => {
    if (!m.discards?.length) return;
    const label = m.seat >= 0 && m.seat === m.declarer ? t(lang, mine) : t(lang, theirs, names[m.declarer] ?? "?");
    cards.push(<Group label={label} ids={m.discards} m={m} lang={lang} testid="discards" />);
  };
  if (g === "droggn") {
    if (m.talon_shown && m.talon_shown.length) {
      cards.push(<Group label={talonWord(g)} ids={m.talon_shown} m={m} lang={lang} />);
    } else if (m.talon_size && m.talon_size > 0) {
      cards.push(
        <div class="group">
          <span class="glabel">
            <Glossed text={talonWord(g)} game={g} lang={lang} />
          </span>
          <Backs n={m.talon_size} game={g} lang={lang} small />
        </div>,
      );
    }
    discards(["yourDiscards", "declDiscards"]);
    if (m.asked) {
      lines.push(
        m.buy_lost
          ? t(lang, "buyLost", cardName(m.asked, g, lang))
          : m.bought_from === m.seat
            ? t(lang, "boughtFromYou", objectCase(lang, cardName(m.asked, g, lang)))
            : t(lang, "bought", objectCase(lang, cardName(m.asked, g, lang)), names[m.bought_from ?? -1] ?? "?"),
      );
    }
    if (m.offered) lines.push(t(lang, "offered", cardName(m.offered, g, lang)));
  }
  if (g === "troggu") {
    if (m.called_trump) lines.push(t(lang, "called", cardName("T" + m.called_trump, g, lang)));
    if (m.partner >= 0) lines.push(t(lang, "partnerIs", names[m.partner]));
    if (m.alone) lines.push(`${names[m.declarer] ?? ""} ${t(lang, "alone")}`);
    if (m.fool_powerless) lines.push(t(lang, "powerless", foolWord(g)));
    if (m.tapp && m.tapp.length) cards.push(<Group label={t(lang, "tapp")} ids={m.tapp} m={m} lang={lang} />);
    else if (m.tapp_size && m.tapp_size > 0)
      cards.push(
        <div class="group">
          <span class="glabel">
            <Glossed text={t(lang, "tapp")} game={g} lang={lang} />
          </span>
          <Backs n={m.tapp_size} game={g} lang={lang} small />
        </div>,
      );
    if (m.tapp_taken && m.tapp_taken.length && m.phase === "discard") cards.push(<Group label={t(lang, "tappTaken")} ids={m.tapp_taken} m={m} lang={lang} />);
    discards(["yourLaidAway", "laidAway"]);
  }
  if (!lines.length && !cards.length) return null;
  return (
    <div class="extras">
      {lines.length > 0 && (
        <div class="info">
          {lines.map((l) => (
            <div>{l}</div>
          ))}
        </div>
      )}
      {cards.length > 0 && <div class="groups">{cards}</div>}
    </div>
  );
}

export function Group(p: { label: string; ids: string[]; m: Model; lang: Lang; testid?: string }) {
  return (
    <div class="group" data-testid={p.testid}>
      <span class="glabel">
        <Glossed text={p.label} game={p.m.game} lang={p.lang} />
      </span>
      <span class="gcards">
        {sortHand(p.ids).map((c) => (
          <Card id={c} game={p.m.game} lang={p.lang} small />
        ))}
      </span>
    </div>
  );
}

export function PileView(p: { pile: Pile; k: number; m: Model; lang: Lang; playable?: Set<string>; onPlay?: (c: string) => void; hint?: string; hintNote?: string }) {
  const { pile, m, lang } = p;
  const top = pile.top;
  const can = !!(top && p.playable?.has(top));
  return (
    <div class="pile" data-pile={p.k}>
      <span class="plabel">{p.k + 1}</span>
      <div class="pstack">
        {pile.face_down > 0 && <Backs n={pile.face_down} game={m.game} lang={lang} small label={t(lang, "faceDown")} />}
        {top ? (
          <Card
            id={top}
            game={m.game}
            lang={lang}
            small
            legal={can}
            dim={!!p.playable && !can}
            hint={can && p.hint === top}
            describedBy={can && p.hint === top ? p.hintNote : undefined}
            onClick={can ? () => p.onPlay?.(top) : undefined}
          />
        ) : pile.face_down === 0 ? (
          <span class="empty-pile">—</span>
        ) : null}
      </div>
    </div>
  );
}

export function StrohSide(p: {
  m: Model;
  seat: number;
  lang: Lang;
  names: string[];
  mine?: boolean;
  playable?: Set<string>;
  onPlay?: (c: string) => void;
  /** the card a hint or the guide points at */
  hint?: string;
  /** the id of the words that describe the hint's card */
  hintNote?: string;
}) {
  const { m, seat, lang } = p;
  const pl = m.players?.[seat];
  if (!pl) return null;
  const known = p.mine ? [] : pl.known.filter((c) => !m.hand.includes(c));
  return (
    <section class={"stroh" + (p.mine ? " mine" : "")} data-stroh={seat}>
      <div class="stroh-head">
        <span>
          {t(lang, "strohmaennerOf", seat === m.seat ? t(lang, "you") : p.names[seat])}
        </span>
        <span class="muted">
          {(pl.card_points ?? 0) > 0 && `${t(lang, "cardPoints")}: ${fmtPoints(pl.card_points ?? 0, m)}`}
          {pl.announced?.length ? ` · ${pl.announced.join(", ")}` : ""}
        </span>
      </div>
      <div class="piles">
        {pl.strohmaenner.map((pile, k) => (
          <PileView pile={pile} k={k} m={m} lang={lang} playable={p.mine ? p.playable : undefined} onPlay={p.onPlay} hint={p.hint} hintNote={p.hintNote} />
        ))}
        {known.length > 0 && (
          <div class="group known">
            <span class="glabel" title={t(lang, "knownHelp")}>
              {t(lang, "known")}
            </span>
            <span class="gcards">
              {sortHand(known).map((c) => (
                <Card id={c} game={m.game} lang={lang} small />
              ))}
            </span>
          </div>
        )}
      </div>
    </section>
  );
}
