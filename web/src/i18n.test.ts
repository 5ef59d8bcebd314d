// Numbers of one take the singular in both languages.
import { describe, expect, it } from "vitest";
import { botHow, botLabel, botName, errorText, logText, singularOne, t } from "./i18n";

describe("singularOne", () => {
  it("puts the words after 1 in the singular, and only after 1", () => {
    expect(singularOne("en", t("en", "dailyChoices", 1))).toBe("How the others decided (1 other player so far)");
    expect(singularOne("en", t("en", "dailyChoices", 11))).toBe("How the others decided (11 other players so far)");
    expect(singularOne("de", t("de", "dailyChoices", 1))).toBe("Wie die anderen entschieden (bisher 1 anderer Spieler)");
    expect(singularOne("en", "1 points, 21 points, 1 tricks")).toBe("1 point, 21 points, 1 trick");
    expect(singularOne("de", "1 Punkte, 1,5 Punkte")).toBe("1 Punkt, 1,5 Punkte");
    expect(singularOne("en", t("en", "faceDownN", 1))).toBe("1 card face down");
    expect(singularOne("de", t("de", "faceDownN", 1))).toBe("1 Karte verdeckt");
  });
});

describe("errorText", () => {
  const down = new TypeError("Failed to fetch");
  it("words a network that is down for the page it is shown on, in both languages", () => {
    expect(errorText(down, "en")).toBe("The server cannot be reached. “Play on this device” (under New table) works without it.");
    for (const lang of ["en", "de"] as const) {
      for (const where of ["daily", "puzzles", "puzzleAnswer"] as const) {
        const s = errorText(down, lang, null, where);
        expect(s).toContain(lang === "en" ? "The server cannot be reached." : "Der Server ist nicht erreichbar.");
        expect(s).not.toContain(lang === "en" ? "New table" : "Neuer Tisch");
      }
    }
    expect(errorText(down, "en", null, "daily")).toBe("The server cannot be reached. The daily challenge needs it: this page tries again as soon as the network is back.");
    expect(errorText(down, "de", null, "puzzles")).toBe("Der Server ist nicht erreichbar. Die Rätsel brauchen ihn: Diese Seite versucht es wieder, sobald das Netz zurück ist.");
  });
});

describe("logText", () => {
  const x = { game: "droggn" as const, lang: "de" as const, bidBefore: false, isDeclarer: false };
  it("puts the Gstieß as the object of a German line in the accusative", () => {
    expect(logText({ act: "buy", call: "asked", cards: ["FOOL"] }, x)).toBe("bietet eine Karte, verlangt den Gstieß");
    expect(logText({ act: "discard", cards: ["FOOL", "S-K"] }, x)).toBe("drückt den Gstieß, Pik-König");
    expect(logText({ act: "buy", call: "asked", cards: ["FOOL"] }, { ...x, lang: "en" })).toBe("offers a card, asks for Gstieß (Fool)");
  });
});

describe("bot levels", () => {
  const cases: { bot: string; lang: "en" | "de"; label: string; name: string; how: string }[] = [
    { bot: "ismcts", lang: "en", label: "Strongest (searches)", name: "Strongest", how: "searches" },
    { bot: "ismcts@100", lang: "en", label: "Strongest (searches) · 100", name: "Strongest · 100", how: "searches" },
    { bot: "pimc", lang: "de", label: "Stärker (probiert mögliche Verteilungen)", name: "Stärker", how: "probiert mögliche Verteilungen" },
    { bot: "oracle", lang: "de", label: "Bot „oracle“", name: "Bot „oracle“", how: "" },
  ];
  for (const c of cases) {
    it(`${c.bot} in ${c.lang}`, () => {
      expect(botLabel(c.bot, c.lang)).toBe(c.label);
      expect(botName(c.bot, c.lang)).toBe(c.name);
      expect(botHow(c.bot, c.lang)).toBe(c.how);
    });
  }
});
