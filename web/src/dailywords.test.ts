// The daily page's words for its numbers, in both languages.
import { describe, expect, it } from "vitest";
import { choicesTitle, dealText, doneText, signed } from "./dailywords";

describe("signed", () => {
  it("shows every score with its sign", () => {
    expect([signed(12), signed(-174), signed(0), signed(null)]).toEqual(["+12", "−174", "0", "…"]);
  });
});

describe("dealText", () => {
  const deal = { deal: 1, score: 12, bot: 4, duplicate: 8, better: 0, others: 0 };
  it("gives the bot's score its sign, and says so when nobody else finished the deal", () => {
    expect(dealText(deal, "en")).toBe("you +12, bot +4: +8; nobody else has finished it yet");
    expect(dealText(deal, "de")).toBe("du +12, Bot +4: +8; sonst hat es noch niemand beendet");
  });
  it("counts the others who did better among those who played it", () => {
    expect(dealText({ ...deal, score: -3, bot: 5, duplicate: -8, better: 2, others: 3 }, "en")).toBe("you −3, bot +5: −8; 2 of 3 others did better");
    expect(dealText({ ...deal, better: 0, others: 1 }, "en")).toBe("you +12, bot +4: +8; 0 of 1 other did better");
    expect(dealText({ ...deal, better: 1, others: 4 }, "de")).toBe("du +12, Bot +4: +8; 1 von 4 anderen besser");
    expect(dealText({ ...deal, bot: null, duplicate: null, others: 2 }, "en")).toBe("you +12, bot …: …; 0 of 2 others did better");
  });
});

describe("doneText", () => {
  it("says the place of how many", () => {
    expect(doneText(-174, 1, 1, "en")).toBe("Finished: −174, place 1 of 1");
    expect(doneText(6, 2, 5, "de")).toBe("Fertig: +6, Platz 2 von 5");
  });
});

describe("choicesTitle", () => {
  it("counts the others, not the person", () => {
    expect(choicesTitle(1, "en")).toBe("How the others decided");
    expect(choicesTitle(2, "en")).toBe("How the others decided (1 other player so far)");
    expect(choicesTitle(4, "de")).toBe("Wie die anderen entschieden (bisher 3 andere Spieler)");
  });
});
