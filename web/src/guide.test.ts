// The guide's steps read as sentences: a German card name takes the case
// its place asks for, a call that is a sentence of its own keeps its mark,
// and the number 1 takes the singular.
import { describe, expect, it } from "vitest";
import { stepText } from "./guide";

const names = ["Anna", "Bot 2", "Bot 3"];

describe("stepText", () => {
  it("puts the Fool's German article in the case of its place", () => {
    expect(stepText({ code: "advice.play", params: { card: "FOOL" } }, "troggu", "de", names, 0)).toBe("Spiel den Bättler.");
    expect(stepText({ code: "trick.trump", params: { n: "1", winner: "0", card: "FOOL", points: "7" } }, "strohmandeln", "de", names, 0)).toBe(
      "Du hast Stich 1 mit dem Sküs gewonnen: der höchste Tarock darin macht den Stich. Er hat Karten im Wert von 7 Punkten.",
    );
    const deal = stepText(
      { code: "deal.troggu", params: { cards: "18", trumps: "10", top: "FOOL", honours: "FOOL,T21", tapp: "8", kings: "1", players: "3" } },
      "troggu",
      "de",
      names,
      0,
    );
    expect(deal).toContain("der höchste davon der Bättler, dazu die Fünfer Bättler und Mond (XXI).");
    expect(stepText({ code: "why.bid.normal", params: { trumps: "10", cards: "18", honours: "FOOL,T21" } }, "troggu", "de", names, 0)).toContain(
      "und den Bättler und Mond (XXI)",
    );
    expect(stepText({ code: "advice.play", params: { card: "FOOL" } }, "troggu", "en", names, 0)).toBe("Play Bättler (Fool).");
  });

  it("ends a call that is a sentence of its own with its own mark", () => {
    expect(stepText({ code: "advice.bid.strohmandeln", params: { call: "undertake" } }, "strohmandeln", "de", names, 0)).toBe("Sag: Ich nehme auf!");
  });

  it("says one point, and a third of a point without a zero", () => {
    const one = { code: "trick.trump", params: { n: "3", winner: "1", card: "T20", points: "1" } };
    expect(stepText(one, "droggn", "de", names, 0)).toContain("im Wert von 1 Punkt.");
    expect(stepText(one, "droggn", "en", names, 0)).toContain("worth 1 point.");
    // A pile's count is in thirds in Strohmandeln, a trick's points are the cards' own.
    const count = { code: "count.strohmandeln", params: { tricks: "1", points: "2", other: "208", need: "107" } };
    expect(stepText(count, "strohmandeln", "de", names, 0)).toContain("zählst ⅔ Kartenpunkte gegen 69⅓");
    const trick = { code: "trick.trump", params: { n: "3", winner: "1", card: "T20", points: "2" } };
    expect(stepText(trick, "strohmandeln", "de", names, 0)).toContain("im Wert von 2 Punkten.");
    const eleven = { code: "trick.trump", params: { n: "3", winner: "1", card: "T20", points: "11" } };
    expect(stepText(eleven, "droggn", "en", names, 0)).toContain("worth 11 points.");
  });

  it("words the play after its first trick by the trick it is", () => {
    const p = { code: "progress", params: { role: "declarer", contract: "solo", need: "37", n: "9", points: "24" } };
    expect(stepText(p, "droggn", "en", names, 0)).toBe("Trick 9. Your side needs 37 card points and has 24 so far.");
    const d = { code: "progress", params: { role: "defender", contract: "normal", need: "58", n: "4" } };
    expect(stepText(d, "troggu", "de", names, 1)).toBe("Stich 4. Die andere Partei braucht 58 Kartenpunkte.");
  });
});
