// A seat as the others see it: name, cards, tricks, roles, presence.

import type { SeatInfo } from "./api";
import { Icon } from "./face";
import { botLabel, declarerWord, foolWord, singularOne, t, type Lang } from "./i18n";
import type { Model } from "./model";
import { Glossed } from "./glossary";

/** roleBadges names a seat's roles in this hand. */
export function roleBadges(m: Model, seat: number, lang: Lang): string[] {
  const game = m.game;
  const badges: string[] = [];
  if (seat === m.dealer) badges.push(t(lang, "dealer"));
  if (seat === m.elder) badges.push(t(lang, "elder"));
  if (seat === m.sits_out) badges.push(t(lang, "sitsOutBadge"));
  if (seat === m.declarer && m.contract) badges.push(declarerWord(game, m.contract, lang));
  if (seat === m.partner && m.partner >= 0) badges.push(t(lang, "partnerBadge"));
  if (game === "droggn" && m.pagat_laid === seat) badges.push(t(lang, "laidOutCard", "Pagat"));
  if (game === "droggn" && m.fool_laid && seat === m.declarer) badges.push(t(lang, "laidOutCard", foolWord(game)));
  return badges;
}

export function SeatChip(p: {
  m: Model;
  seat: number;
  names: string[];
  info?: SeatInfo;
  lang: Lang;
  takeover?: (s: number) => void;
  free?: (s: number) => void;
}) {
  const { m, seat, lang, info } = p;
  const badges = roleBadges(m, seat, lang);
  const turn = m.to_act === seat;
  const absent = !!info && !info.bot && !info.takeover && !!info.taken && info.connected === false;
  const free = !!info && !info.bot && !info.takeover && !info.taken;
  const standIn = !!info && !info.bot && !!info.takeover && !!info.taken;
  const person = !!info && !info.bot;
  const size = m.hand_sizes[seat] ?? 0;
  return (
    <div class={"chip" + (turn ? " turn" : "") + (seat === m.sits_out ? " out" : "")} data-seat={seat}>
      <div class="chip-name">
        {turn && <span class="arrow">▶</span>}
        {(info?.bot || info?.takeover) && <Icon name="bot" title={botLabel((info.bot || info.takeover)!, lang)} />}
        <span class="nm">{p.names[seat]}</span>
        {absent && <span class="absent" title={t(lang, "absent")} />}
      </div>
      {absent && <div class="chip-away">{t(lang, "absent")}</div>}
      {free && <div class="chip-away">{t(lang, "free")}</div>}
      {standIn && (
        <div class="chip-away" data-testid="bot-for">
          {t(lang, "botFor", p.names[seat])}
        </div>
      )}
      <div class="chip-info">
        <span title={t(lang, "cards")}>
          <Icon name="cards" /> <span aria-hidden="true">{size}</span>
          <span class="sr-only">{singularOne(lang, `${size} ${t(lang, "cards")}`)}</span>
        </span>
        <span title={t(lang, "tricks")}>
          <Icon name="tricks" /> <span aria-hidden="true">{m.tricks_won[seat] ?? 0}</span>
          <span class="sr-only">{singularOne(lang, `${m.tricks_won[seat] ?? 0} ${t(lang, "tricks")}`)}</span>
        </span>
        {info?.bot && <span class="lvl">{botLabel(info.bot, lang)}</span>}
      </div>
      {badges.length > 0 && (
        <div class="chip-badges">
          {badges.map((b) => (
            <span class="tag">
              <Glossed text={b} game={m.game} lang={lang} />
            </span>
          ))}
        </div>
      )}
      {person && (p.takeover || p.free) && (
        <div class="chip-host">
          {p.takeover && !info?.takeover && (
            <button type="button" class="small-btn" data-testid="takeover" title={t(lang, "botTakeoverHelp")} onClick={() => p.takeover!(seat)}>
              {t(lang, "botTakeover")}
            </button>
          )}
          {p.free && info?.taken && !info?.host && (
            <button type="button" class="small-btn" data-testid="free" title={t(lang, "freeSeatHelp", p.names[seat])} onClick={() => p.free!(seat)}>
              {t(lang, "freeSeat")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
