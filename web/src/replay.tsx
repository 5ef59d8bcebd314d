// The replay viewer: a finished hand of a table, or an imported hand
// record, checked by POST /api/replay and shown step by step.

import { useEffect, useMemo, useState } from "preact/hooks";
import * as api from "./api";
import { ApiError, type ReplayResult, type ReplayStep } from "./api";
import { localReplay, takeRecordForReplay } from "./engine";
import { sortHand, type GameName } from "./cards";
import { Card } from "./face";
import { actionLabel, contractName, errorText, itemName, saySplit, sideName, t, type Lang } from "./i18n";
import { bidBefore, lastTrick, type Model } from "./model";
import { Glossed } from "./glossary";
import { linkClick } from "./router";
import { recordNames, signed, variantTitle } from "./names";
import { ExportButton, ResTable, resultSides, SideLine } from "./result";
import { AnalysisPanel, namer } from "./analysis";
import { recordGame, Takebacks } from "./practice";

/** ReplayPage shows hand n of a table. */
export function ReplayPage(p: { id: string; hand: number; lang: Lang }) {
  const [rec, setRec] = useState<string | null>(null);
  const [err, setErr] = useState("");
  useEffect(() => {
    api
      .handRecord(p.id, p.hand)
      .then(setRec)
      .catch((e) => setErr(errorText(e, p.lang)));
  }, [p.id, p.hand]);
  return (
    <main class="replay-page">
      <p>
        <a class="btn" href={`/t/${p.id}`} onClick={(e) => linkClick(e, `/t/${p.id}`)}>
          ← {t(p.lang, "back")}
        </a>{" "}
        <ExportButton tableId={p.id} hand={p.hand} lang={p.lang} />
      </p>
      <h2>{t(p.lang, "replayOf", p.hand + 1)}</h2>
      {err && <p class="error">{err}</p>}
      {rec && <Viewer record={rec} lang={p.lang} table={{ tableId: p.id, hand: p.hand }} />}
      {rec && <Takebacks id={p.id} hand={p.hand} game={recordGame(rec)} lang={p.lang} />}
    </main>
  );
}

/** ImportPage reads a record from a file or pasted text, or shows one handed over by another page. */
export function ImportPage(p: { lang: Lang }) {
  const { lang } = p;
  // A record handed over by another page (a hand played on this device):
  // its replay comes first, the form to read another folded away.
  const [handed] = useState(takeRecordForReplay);
  const [text, setText] = useState(handed);
  const [shown, setShown] = useState<string | null>(handed || null);
  const onFile = async (e: Event) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (!f) return;
    const s = await f.text();
    setText(s);
    setShown(s);
  };
  const form = (
    <>
      <p class="muted">{t(lang, "importHelp")}</p>
      <p>
        <input type="file" accept=".json,application/json" onChange={onFile} data-testid="import-file" />
      </p>
      <textarea rows={6} value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} spellcheck={false} />
      <p>
        <button type="button" class="btn primary" disabled={!text.trim()} onClick={() => setShown(text)}>
          {t(lang, "check")}
        </button>
      </p>
    </>
  );
  return (
    <main class="replay-page">
      {handed ? (
        <>
          <p>
            <a
              class="btn"
              href="/offline/hands"
              onClick={(e) => {
                // Back where the record came from: the table or the hands played here.
                if (history.length > 1) {
                  e.preventDefault();
                  history.back();
                } else linkClick(e, "/offline/hands");
              }}
            >
              ← {t(lang, "back")}
            </a>
          </p>
          {shown && <Viewer key={shown} record={shown} lang={lang} />}
          <details class="import-other">
            <summary>{t(lang, "importRecord")}</summary>
            {form}
          </details>
        </>
      ) : (
        <>
          <h2>{t(lang, "importRecord")}</h2>
          {form}
          {shown && <Viewer key={shown} record={shown} lang={lang} />}
        </>
      )}
    </main>
  );
}

interface RecordJSON {
  game?: GameName;
  players?: string[];
}

function stepsOf(r: ReplayResult): ReplayStep[] {
  return r.steps ?? [];
}

/**
 * Viewer replays a record; table names the server's hand it is, else it is
 * a record from elsewhere (a file, a hand played on this device), which
 * the server analyses when it can be reached.
 */
function Viewer(p: { record: string; lang: Lang; table?: { tableId: string; hand: number } }) {
  const { lang } = p;
  const [res, setRes] = useState<ReplayResult | null>(null);
  // Whether the server answered: the analysis is made there.
  const [online, setOnline] = useState(false);
  const [err, setErr] = useState("");
  const [i, setI] = useState(0);
  const rec = useMemo<RecordJSON>(() => {
    try {
      return JSON.parse(p.record) as RecordJSON;
    } catch {
      return {};
    }
  }, [p.record]);
  useEffect(() => {
    // Without the server (no network, or it is gone) the engine on this
    // device replays the record; the server's refusal of a bad record
    // stands.
    api
      .replay(p.record)
      .then(
        (r) => {
          setOnline(true);
          return r;
        },
        (e) => {
          setOnline(false);
          return e instanceof ApiError ? Promise.reject(e) : localReplay(p.record);
        },
      )
      .then((r) => {
        setRes(r);
        setI(0);
      })
      .catch((e) => setErr(errorText(e, lang, rec.game ?? null)));
  }, [p.record]);
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (!res) return;
      const n = stepsOf(res).length;
      if (e.key === "ArrowLeft") setI((x) => Math.max(0, x - 1));
      if (e.key === "ArrowRight") setI((x) => Math.min(n - 1, x + 1));
    };
    addEventListener("keydown", key);
    return () => removeEventListener("keydown", key);
  }, [res]);
  if (err) return <p class="error">{err}</p>;
  if (!res) return <p>…</p>;
  const game = (res.game ?? rec.game ?? "droggn") as GameName;
  const names = recordNames(res.players ?? rec.players ?? [], lang);
  const steps = stepsOf(res);
  const step = steps[Math.min(i, steps.length - 1)];
  const m = step?.model ?? null;
  const nm = (s: number) => names[s] ?? t(lang, "seatN", s + 1);
  return (
    <div class="viewer" data-testid="replay">
      <h3>
        {variantTitle({ game, variant_title: res.variant_title }, lang)}
      </h3>
      {res.complete ? (
        <ReplaySummary res={res} game={game} names={names.map((_, k) => nm(k))} lang={lang} m={m} />
      ) : (
        <p>{t(lang, "incomplete", nm(res.to_act ?? 0))}</p>
      )}
      {steps.length > 0 && m && (
        <>
          <div class="stepper">
            <button type="button" class="btn" onClick={() => setI(0)} disabled={i === 0} aria-label={t(lang, "firstLabel")}>
              {t(lang, "first")}
            </button>
            <button type="button" class="btn" onClick={() => setI(Math.max(0, i - 1))} disabled={i === 0} aria-label={t(lang, "prevLabel")}>
              {t(lang, "prev")}
            </button>
            <input type="range" min={0} max={steps.length - 1} value={i} onInput={(e) => setI(Number((e.target as HTMLInputElement).value))} />
            <button type="button" class="btn" onClick={() => setI(Math.min(steps.length - 1, i + 1))} disabled={i >= steps.length - 1} aria-label={t(lang, "nextLabel")}>
              {t(lang, "next")}
            </button>
            <button type="button" class="btn" onClick={() => setI(steps.length - 1)} disabled={i >= steps.length - 1} aria-label={t(lang, "lastLabel")}>
              {t(lang, "last")}
            </button>
          </div>
          <p class="muted">
            {t(lang, "step", i + 1, steps.length)}
            {step.action
              ? ` — ${nm(step.action.seat ?? -1)}: ${saySplit(lang, step.text, step.text_de) || actionLabel(step.action, { game, lang, isDeclarer: step.action.seat === m.declarer })}`
              : ""}
          </p>
          <StepView m={m} step={step} names={names.map((_, k) => nm(k))} lang={lang} />
        </>
      )}
      {!online && steps.length > 0 && (
        <p class="muted" data-testid="analysis-offline">
          {t(lang, "analysisOffline")}
        </p>
      )}
      {online && res.complete && steps.length > 0 && (
        <AnalysisPanel
          source={p.table ?? { record: p.record }}
          names={names.map((_, k) => nm(k))}
          lang={lang}
          at={Math.min(i, steps.length - 1)}
          jump={(k) => setI(Math.max(0, Math.min(steps.length - 1, k)))}
          name={namer(game, lang, (k, seat) => {
            // The table before record action k names it: "gut" after a bid, "ich liege" for the declarer.
            const before = steps[Math.min(k, steps.length - 1)]?.model;
            return before ? { bidBefore: bidBefore(before), isDeclarer: seat === before.declarer } : {};
          })}
        />
      )}
    </div>
  );
}

function ReplaySummary(p: { res: ReplayResult; game: GameName; names: string[]; lang: Lang; m: Model | null }) {
  const { res, game, names, lang } = p;
  const fm = { game, variant: res.variant ?? p.m?.variant ?? "" };
  const sitsOut = p.m?.sits_out ?? -1;
  const sides = resultSides({ ...res, contract: res.contract ?? "" }, game, names, sitsOut, lang);
  return (
    <div class="result">
      <p>
        <strong>
          <Glossed text={contractName(game, res.contract ?? "", lang)} game={game} lang={lang} />
        </strong>
        {res.declarer !== null && res.declarer !== undefined ? ` — ${names[res.declarer]}` : ""}
        {res.partner !== null && res.partner !== undefined ? ` + ${names[res.partner]}` : ""}
      </p>
      {sides && <SideLine sides={sides} names={names} sitsOut={sitsOut} fm={fm} lang={lang} />}
      <ResTable names={names} cardPoints={sides ? [] : res.card_points ?? []} score={res.score ?? []} fm={fm} lang={lang} />
      {(res.items ?? []).length > 0 && (
        <ul class="items">
          {(res.items ?? []).map((it) => (
            <li>
              <Glossed text={itemName(it.item, game, lang)} game={game} lang={lang} />
              {it.side ? ` (${sideName(it.side, game, lang, res.contract ?? "")})` : it.seats?.length ? ` (${it.seats.map((s) => names[s]).join(", ")})` : ""}: {signed(it.points)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StepView(p: { m: Model; step: ReplayStep; names: string[]; lang: Lang }) {
  const { m, lang, names } = p;
  // Each seat's own model shows its hand: a finished hand's record shows all.
  const hands = p.step.models?.length ? p.step.models.map((sm) => sm.hand) : null;
  // A record that stops before the end is a running hand: a trick the
  // viewer may not look back at is turned down, and not drawn.
  const cur = m.trick && m.trick.plays.length ? m.trick : lastTrick(m);
  return (
    <div class="step">
      {hands && (
        <div class="all-hands">
          {hands.map((h, s) => (
            <div class={"ahand" + (s === m.to_act ? " turn" : "")}>
              <span class="who">{names[s]}</span>
              <span class="gcards">
                {sortHand(h).map((c) => (
                  <Card id={c} game={m.game} lang={lang} small />
                ))}
              </span>
            </div>
          ))}
        </div>
      )}
      {cur && (
        <div class="trick">
          <div class="trick-label">
            {t(lang, "trick")} {m.trick && m.trick.plays.length ? m.tricks.length + 1 : m.tricks.length}
          </div>
          <div class="trick-cards">
            {cur.plays.map((pl) => (
              <div class={"played" + (pl.seat === cur.winner ? " won" : "")}>
                <Card id={pl.card} game={m.game} lang={lang} />
                <span class="who">{names[pl.seat]}</span>
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
