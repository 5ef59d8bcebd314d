// The trull browser app: lobby, tables, replays and rules pages.

import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import * as api from "./api";
import type { GameName } from "./cards";
import { FaceDefs } from "./face";
import { isLang, otherLang, t, type Lang } from "./i18n";
import { UpdateBanner } from "./install";
import { DailyPage } from "./daily";
import { Lobby } from "./lobby";
import { PuzzleIndex, PuzzlePage } from "./puzzles";
import { HandsPage, OfflinePage } from "./offline";
import { ImportPage, ReplayPage } from "./replay";
import { linkClick, useLocation } from "./router";
import { RulesPage } from "./rules";
import { TablePage } from "./table";
import "./style.css";

function initialLang(): Lang {
  const q = new URLSearchParams(location.search).get("lang");
  if (isLang(q)) return q;
  const p = api.pref<Lang>("lang");
  if (isLang(p)) return p;
  return (navigator.language || "").toLowerCase().startsWith("de") ? "de" : "en";
}

function App() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const { path, query } = useLocation();
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const toggle = () => {
    const l = otherLang(lang);
    api.storePref("lang", l);
    setLang(l);
  };
  let page;
  let mt: RegExpExecArray | null;
  if (path === "/" || path === "/index.html") page = <Lobby lang={lang} />;
  else if ((mt = /^\/t\/([^/]+)\/replay\/(\d+)\/?$/.exec(path))) page = <ReplayPage id={decodeURIComponent(mt[1])} hand={Number(mt[2])} lang={lang} />;
  else if ((mt = /^\/t\/([^/]+)\/?$/.exec(path))) page = <TablePage id={decodeURIComponent(mt[1])} lang={lang} query={query} />;
  else if ((mt = /^\/rules\/(droggn|troggu|strohmandeln)\/?$/.exec(path))) page = <RulesPage game={mt[1] as GameName} lang={lang} />;
  else if (path === "/replay" || path === "/replay/") page = <ImportPage lang={lang} />;
  else if (path === "/puzzles" || path === "/puzzles/") page = <PuzzleIndex lang={lang} />;
  else if ((mt = /^\/puzzles\/(droggn|troggu|strohmandeln)\/?$/.exec(path))) page = <PuzzlePage key={mt[1]} game={mt[1] as GameName} lang={lang} query={query} />;
  else if (path === "/daily" || path === "/daily/") page = <DailyPage lang={lang} query={query} />;
  else if (path === "/offline" || path === "/offline/") page = <OfflinePage lang={lang} />;
  else if (path === "/offline/hands") page = <HandsPage lang={lang} />;
  else page = <main class="box">{t(lang, "notFound")}</main>;
  return (
    <>
      <FaceDefs />
      <header class="top">
        <a class="brand" href="/" onClick={(e) => linkClick(e, "/")}>
          trull
        </a>
        <nav>
          <a href="/" onClick={(e) => linkClick(e, "/")}>
            {t(lang, "lobby")}
          </a>
          <a href="/rules/droggn" onClick={(e) => linkClick(e, "/rules/droggn")}>
            {t(lang, "rules")}
          </a>
          <a href="/daily" onClick={(e) => linkClick(e, "/daily")} data-testid="nav-daily">
            {t(lang, "daily")}
          </a>
          <a href="/puzzles" onClick={(e) => linkClick(e, "/puzzles")} data-testid="nav-puzzles">
            {t(lang, "puzzles")}
          </a>
          <button type="button" class="lang" onClick={toggle} data-testid="lang" lang={otherLang(lang)}>
            {t(lang, "language")}
          </button>
        </nav>
      </header>
      <UpdateBanner lang={lang} />
      {page}
    </>
  );
}

render(<App />, document.getElementById("app")!);
