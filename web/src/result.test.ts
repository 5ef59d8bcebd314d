// A payment of the settlement reads in the second person for its reader.
import { describe, expect, it } from "vitest";
import { payLine } from "./result";

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
