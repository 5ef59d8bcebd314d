// A payment of the settlement reads in the second person for its reader.
import { describe, expect, it } from "vitest";
import { gameFormula, itemValue, payLine, settleLine } from "./result";

describe("payLine", () => {
  const names = ["Anna", "Bot 2", "Bot 3"];
  it("says who pays whom, and 'you' to the reader", () => {
    expect(payLine("de", names, 0, { from: 1, to: 0, amount: 2 })).toBe("Bot 2 zahlt dir: 2");
    expect(payLine("de", names, 0, { from: 0, to: 2, amount: 3 })).toBe("Du zahlst Bot 3: 3");
    expect(payLine("en", names, 0, { from: 1, to: 0, amount: 2 })).toBe("Bot 2 pays you: 2");
    expect(payLine("en", names, 1, { from: 0, to: 2, amount: 3 })).toBe("Anna pays Bot 3: 3");
    expect(payLine("en", names, -1, { from: 2, to: 1, amount: 1 })).toBe("Bot 3 pays Bot 2: 1");
  });
});

describe("gameFormula", () => {
  const res = (contract: string, cp: number[], game: number) => ({
    contract,
    declarer: 0,
    partner: -1,
    card_points: cp,
    score: [],
    items: [{ item: "game", points: game, side: "declarer" }],
  });
  it("works out a Droggn game from its parts, doubled", () => {
    expect(gameFormula({ game: "droggn", variant: "droggn", doublings: 1 }, res("ansager", [46, 28, 0], 58), "en")).toBe(
      "The game: (Ansager 20 + 9 card points over 37) × 2 = +58 (× 2 for each doubling).",
    );
    expect(gameFormula({ game: "droggn", variant: "droggn", doublings: 0 }, res("solo", [32, 42, 0], -45), "de")).toBe(
      "Das Spiel: -(Solo 40 + 5 Kartenpunkte unter 37) = -45.",
    );
  });
  it("says a tie at the half as such", () => {
    expect(gameFormula({ game: "droggn", variant: "droggn", doublings: 0 }, res("solo", [37, 37, 0], 40), "en")).toBe(
      "The game: Solo 40, with exactly 37 card points = +40.",
    );
  });
  it("says one card point", () => {
    expect(gameFormula({ game: "droggn", variant: "droggn", doublings: 0 }, res("solo", [38, 36, 0], 41), "en")).toBe(
      "The game: Solo 40 + 1 card point over 37 = +41.",
    );
  });
  it("shows no sum the score did not use", () => {
    // 37 with the rule that the declarer needs 38: the game is lost, −V.
    expect(gameFormula({ game: "droggn", variant: "droggn(winRule=38)", doublings: 0 }, res("ansager", [37, 37, 0], -20), "en")).toBeNull();
    // A match: the game is V + 37, not the card points.
    expect(gameFormula({ game: "droggn", variant: "droggn", doublings: 0 }, res("solo", [70, 4, 0], 77), "en")).toBeNull();
    expect(gameFormula({ game: "troggu", variant: "troggu", doublings: 0 }, res("solo", [70, 44, 0], 2), "en")).toBeNull();
  });
});

describe("settleLine", () => {
  const res = (score: number[], items: { item: string; points: number; side: string }[]) => ({
    contract: "ansager",
    declarer: 0,
    partner: -1,
    card_points: [27, 47, 47],
    score,
    items,
  });
  it("says what each defender pays, in both languages", () => {
    const lost = res([-400, 200, 200], [
      { item: "game", points: -120, side: "declarer" },
      { item: "pagat_laid_out", points: 80, side: "defenders" },
    ]);
    expect(settleLine({ game: "droggn", sits_out: -1 }, lost, "en")).toBe(
      "Added up, the items make -200: the declarer pays 200 to each of the 2 defenders and scores -400.",
    );
    const won = res([274, -137, -137], [
      { item: "match", points: 117, side: "declarer" },
      { item: "pagat_laid_out", points: 20, side: "declarer" },
    ]);
    expect(settleLine({ game: "droggn", sits_out: -1 }, won, "de")).toBe(
      "Zusammen machen die Posten 137: Jeder der 2 Gegenspieler zahlt das dem Spieler, der so +274 bekommt.",
    );
  });
  it("counts the defenders at the table, not the dealer who sits out", () => {
    const four = { ...res([40, -20, -20, 0], [{ item: "game", points: 20, side: "declarer" }]) };
    expect(settleLine({ game: "droggn", sits_out: 3 }, four, "en")).toContain("each of the 2 defenders");
  });
  it("says nothing where the scores are not the items' sum", () => {
    expect(settleLine({ game: "droggn", sits_out: -1 }, res([10, -5, -5], [{ item: "game", points: 20, side: "declarer" }]), "en")).toBeNull();
    expect(settleLine({ game: "troggu", sits_out: -1 }, res([40, -20, -20], [{ item: "game", points: 20, side: "declarer" }]), "en")).toBeNull();
  });
});

describe("itemValue", () => {
  it("gives an item's points, and nothing after an item worth none", () => {
    expect(itemValue(2)).toBe(": +2");
    expect(itemValue(-3)).toBe(": -3");
    expect(itemValue(0)).toBe("");
  });
});
