// A rules page per game, in German and English: a summary of docs/RULES.md
// (the project's rules specification) with the defaults the engine uses.

import { useEffect, useState } from "preact/hooks";
import * as api from "./api";
import type { GameSpec, OptionSpec } from "./api";
import type { GameName } from "./cards";
import { Card } from "./face";
import { RULES_TEXT, t, TITLE, type Lang } from "./i18n";
import { optionHelp, optionLabel, valueLabel } from "./names";
import { linkClick } from "./router";
import { SECTIONS } from "./glossary";

const SAMPLE: Record<GameName, string[]> = {
  droggn: ["FOOL", "T21", "T1", "S-K", "H-Q", "C-N", "D-J", "H-1"],
  troggu: ["FOOL", "T21", "T1", "Sw-K", "Cu-Q", "Ba-N", "Co-J", "Cu-1"],
  strohmandeln: ["FOOL", "T21", "T2", "T3", "T1", "C-K", "D-Q", "S-7"],
};

/** RulesPage summarizes the rules of a game. */
export function RulesPage(p: { game: GameName; lang: Lang }) {
  const { game, lang } = p;
  const secs = RULES_TEXT[game]?.[lang];
  // A link to a section (a glossary tip's) scrolls to it once it is shown.
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [game]);
  if (!secs) return <main class="box">{t(lang, "notFound")}</main>;
  return (
    <main class="rules box" data-testid="rules">
      <nav class="rules-nav">
        {(["droggn", "troggu", "strohmandeln"] as GameName[]).map((g) => (
          <a href={`/rules/${g}`} class={"pill" + (g === game ? " on" : "")} onClick={(e) => linkClick(e, `/rules/${g}`)}>
            {TITLE[g]}
          </a>
        ))}
      </nav>
      <h2>{t(lang, "rulesOf", TITLE[game])}</h2>
      <p class="muted">{t(lang, "fullRules")}</p>
      <div class="sample">
        {SAMPLE[game].map((c) => (
          <Card id={c} game={game} lang={lang} small />
        ))}
      </div>
      {secs.map(([title, ...paras], i) => (
        <section id={SECTIONS[game][i]}>
          <h3>{title}</h3>
          {render(paras)}
        </section>
      ))}
      <Variants game={game} lang={lang} />
    </main>
  );
}

/** Variants lists the game's options in words, from the server's option tables, with their defaults. */
function Variants(p: { game: GameName; lang: Lang }) {
  const { lang } = p;
  const [specs, setSpecs] = useState<GameSpec[] | null>(null);
  useEffect(() => {
    api.games().then(setSpecs, () => setSpecs([]));
  }, []);
  const g = specs?.find((s) => s.name === p.game);
  if (!g || !g.options.length) return null;
  return (
    <section data-testid="variants">
      <h3>{t(lang, "variantsTitle")}</h3>
      <p class="muted">
        {t(lang, "variantsHelp")}
      </p>
      <dl class="variants">
        {g.options.map((o) => (
          <>
            <dt data-option={o.name}>{optionLabel(o, lang)}</dt>
            <dd>
              <span class="values">{choices(o, lang)}</span>
              <br />
              <small class="help">{optionHelp(o, lang)}</small>
            </dd>
          </>
        ))}
      </dl>
    </section>
  );
}

/** choices words the values an option may take, the default first. */
function choices(o: OptionSpec, lang: Lang): string {
  const def = ` (${t(lang, "defaultMark")})`;
  if (o.kind === "enum") return (o.values ?? []).map((v, i) => valueLabel(o, v, lang) + (i === 0 ? def : "")).join(" · ");
  if (o.kind === "bool") return valueLabel(o, o.default, lang) + def + " · " + valueLabel(o, !o.default, lang);
  if (o.choices?.length) return o.choices.map((v) => valueLabel(o, v, lang) + (v === o.default ? def : "")).join(" · ");
  const range = `${o.min ?? ""}–${valueLabel(o, o.max, lang)}`;
  return `${valueLabel(o, o.default, lang)}${def} · ${range}`;
}

function render(paras: string[]) {
  const out = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) {
      out.push(
        <ul>
          {list.map((x) => (
            <li>{x}</li>
          ))}
        </ul>,
      );
      list = [];
    }
  };
  for (const p of paras) {
    if (p.startsWith("- ")) list.push(p.slice(2));
    else {
      flush();
      out.push(<p>{p}</p>);
    }
  }
  flush();
  return out;
}
