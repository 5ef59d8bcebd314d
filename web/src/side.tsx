// The side panels: the log of the hand, the score sheet and the chat.

import { OFFLINE_ID } from "./local";
import { useEffect, useRef, useState } from "preact/hooks";
import { cardName, contractName, logText, t, type Lang } from "./i18n";
import type { Model } from "./model";
import { linkClick } from "./router";
import { signed } from "./names";
import type { TableState, ChatMsg } from "./tablestate";
import { Glossed } from "./glossary";

/** hiddenKey words a turned-down trick: the game's look-back rule for a seat that plays, the plain fact for a spectator or a dealer who sits out. */
function hiddenKey(m: Model) {
  if (m.seat < 0 || m.seat === m.sits_out) return "trickHidden";
  return m.game === "droggn" ? "trickHidden.droggn" : m.game === "strohmandeln" ? "trickHidden.strohmandeln" : "trickHidden";
}

export function LogPanel(p: { m: Model; names: string[]; lang: Lang; auto?: number[] }) {
  const { m, lang } = p;
  if (!m.log.length && !m.tricks.length) return <p class="muted">—</p>;
  let bid = false;
  const who = (s: number) => (s === m.seat ? t(lang, "you") : p.names[s]);
  // "du spielst aus", "an dich": the viewer's own words.
  const led = (s: number) => (s === m.seat ? t(lang, "ledYou") : t(lang, "led", p.names[s]));
  const wonBy = (s: number) => (s === m.seat ? t(lang, "wonByYou") : t(lang, "wonBy", p.names[s]));
  return (
    <div class="log-wrap">
      {m.log.length > 0 && (
        <ol class="log">
          {m.log.map((e, i) => {
            const text = logText(e, { game: m.game, lang, bidBefore: bid, isDeclarer: e.seat === m.declarer });
            if (e.act === "bid" && e.call !== "pass" && e.call !== "weiter" && e.call !== "gut") bid = true;
            const auto = e.seat === m.seat && !!p.auto?.includes(i);
            return (
              <li data-auto={auto ? "1" : undefined}>
                <LogWho seat={e.seat} m={m} names={p.names} lang={lang} /> <Glossed text={text} game={m.game} lang={lang} />
                {auto && <span class="muted"> — {t(lang, "autoTaken")}</span>}
              </li>
            );
          })}
        </ol>
      )}
      {m.tricks.length > 0 && (
        <ol class="log tricks-log" data-testid="tricks-log" data-declarer={m.declarer}>
          {m.tricks.map((tk, i) => (
            <li data-trick={i + 1} data-winner={tk.winner} data-hidden={tk.hidden ? "1" : undefined}>
              <strong>{t(lang, "trickN", i + 1)}</strong> ({led(tk.leader)}):{" "}
              {tk.hidden ? (
                <span class="muted">{t(lang, hiddenKey(m))}</span>
              ) : (
                tk.plays.map((pl) => `${cardName(pl.card, m.game, lang)}${pl.seat !== tk.leader ? ` (${who(pl.seat)})` : ""}`).join(", ")
              )}
              {tk.winner >= 0 && <> — {wonBy(tk.winner)}</>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * LogWho heads a line of the action log with its seat's name; the
 * viewer's own lines name them and say "(you)", since the text that
 * follows speaks of a third person ("does not buy", "legt nicht aus").
 */
function LogWho(p: { seat: number; m: Model; names: string[]; lang: Lang }) {
  if (p.seat !== p.m.seat) return <strong>{p.names[p.seat]}:</strong>;
  return (
    <>
      <strong>{p.names[p.seat]}</strong> <span class="muted">({t(p.lang, "you")})</span>:
    </>
  );
}

export function Sheet(p: { tbl: TableState; names: string[]; lang: Lang; onEnd?: () => void }) {
  const { tbl, names, lang } = p;
  const req = tbl.end_requested ?? -1;
  const rows = tbl.sheet ?? [];
  const totals = tbl.totals ?? (rows.length ? rows[rows.length - 1].totals : names.map(() => 0));
  // With six or more players the game of each row has a line of its own
  // above the scores and the names stand upright, so that every column fits.
  const many = names.length >= 6;
  let played = 0;
  const score = (v: number, redeal?: boolean) => <td class={v > 0 ? "pos" : v < 0 ? "neg" : ""}>{redeal ? "" : signed(v)}</td>;
  const replay = (r: (typeof rows)[number], no: string | number) =>
    tbl.id !== OFFLINE_ID && (
    <a href={`/t/${tbl.id}/replay/${r.deal}`} title={t(lang, "replay")} aria-label={t(lang, "replayHandN", no)} onClick={(e) => linkClick(e, `/t/${tbl.id}/replay/${r.deal}`)}>
      ▶
    </a>
    );
  const game = (r: (typeof rows)[number]) => (
    <>
      <Glossed text={contractName(tbl.game, r.contract, lang)} game={tbl.game} lang={lang} />
      {r.declarer >= 0 ? ` (${names[r.declarer]}${r.partner >= 0 ? " + " + names[r.partner] : ""})` : ""}
      {r.multiplier && r.multiplier > 1 ? ` ×${r.multiplier}` : ""}
      {r.double ? " · Nullrunde" : ""}
    </>
  );
  return (
    <div class="sheet-wrap">
      <table class={"sheet" + (many ? " many" : "")} data-testid="sheet">
        <thead>
          <tr>
            <th>#</th>
            {!many && <th>{t(lang, "game")}</th>}
            {names.map((n) => (
              <th class="nm" title={n}>
                <span>{n}</span>
              </th>
            ))}
            {!many && <th />}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            if (!r.redeal) played++;
            const no = r.redeal ? "–" : r.hand || played;
            if (many)
              return (
                <>
                  <tr class={"ct-row" + (r.redeal ? " redeal" : "")}>
                    <td colSpan={names.length + 1} class="ct">
                      {no}. {game(r)} {replay(r, no)}
                    </td>
                  </tr>
                  <tr class={r.redeal ? "redeal" : ""} data-row={i}>
                    <td />
                    {r.score.map((v) => score(v, r.redeal))}
                  </tr>
                </>
              );
            return (
              <tr class={r.redeal ? "redeal" : ""} data-row={i}>
                <td>{no}</td>
                <td class="ct">{game(r)}</td>
                {r.score.map((v) => score(v, r.redeal))}
                <td>{replay(r, no)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            {!many && <td />}
            <td>{many ? "Σ" : t(lang, "total")}</td>
            {totals.map((v) => score(v))}
            {!many && <td />}
          </tr>
        </tfoot>
      </table>
      {rows.length === 0 && <p class="muted">—</p>}
      {req >= 0 && tbl.state !== "over" && (
        <p class="muted">
          {t(lang, "endAsked", names[req] ?? "?")}
          {typeof tbl.hands_left === "number" && tbl.hands_left >= 0 ? " " + t(lang, "handsLeft", tbl.hands_left) : ""}
        </p>
      )}
      {req < 0 && typeof tbl.hands_left === "number" && tbl.hands_left > 0 && <p class="muted">{t(lang, "handsLeft", tbl.hands_left)}</p>}
      {req < 0 && p.onEnd && (
        <button type="button" class="small-btn" onClick={p.onEnd}>
          {t(lang, "askEnd")}
        </button>
      )}
      {tbl.id !== OFFLINE_ID && rows.length > 0 && (
        <p>
          <a href={`/api/tables/${tbl.id}/hands`} download={`trull-${tbl.id}.jsonl`} data-testid="all-records" title={t(lang, "allRecordsHelp")}>
            ⤓ {t(lang, "allRecords")}
          </a>
        </p>
      )}
    </div>
  );
}

export function ChatPanel(p: { msgs: ChatMsg[]; lang: Lang; canSend: boolean; send: (text: string) => void }) {
  const [text, setText] = useState("");
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo(0, list.current.scrollHeight);
  }, [p.msgs.length]);
  return (
    <div class="chat">
      <ol class="msgs" ref={list}>
        {p.msgs.length === 0 && <li class="muted">{t(p.lang, "chatEmpty")}</li>}
        {p.msgs.map((m) => (
          <li>
            <strong>{m.name}:</strong> {m.text}
          </li>
        ))}
      </ol>
      {p.canSend && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const s = text.trim();
            if (s) {
              p.send(s.slice(0, 500));
              setText("");
            }
          }}
        >
          <input value={text} maxLength={500} onInput={(e) => setText((e.target as HTMLInputElement).value)} aria-label={t(p.lang, "chat")} />
          <button class="btn" type="submit">
            {t(p.lang, "send")}
          </button>
        </form>
      )}
    </div>
  );
}
