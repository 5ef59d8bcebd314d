// The socket's model patches (docs/PROTOCOL.md), against the server's own:
// testdata/patches.json is written by internal/wire's TestPatchFixture.

import { describe, expect, it } from "vitest";
import type { StateMessage } from "./contract.gen";
import type { Model } from "./model";
import fixtures from "./testdata/patches.json";
import { applyModelPatch, capOf, retryDelay, withModel } from "./ws";
import { waitText } from "./i18n";

interface Fixture {
  variant: string;
  first: Model;
  patches: (Record<string, unknown> | null)[];
  models: Model[];
  checks: number[];
}

describe("model patches", () => {
  for (const f of fixtures as unknown as Fixture[]) {
    it(`gives the server's models through a hand of ${f.variant}`, () => {
      let m = f.first;
      let checked = 0;
      f.patches.forEach((p, i) => {
        const before = JSON.stringify(m);
        const next = p ? applyModelPatch(m, p) : f.models[f.checks.indexOf(i)];
        expect(JSON.stringify(m)).toBe(before); // the base is not changed
        m = next;
        const k = f.checks.indexOf(i);
        if (k >= 0) {
          expect(m).toEqual(f.models[k]);
          checked++;
        }
      });
      expect(checked).toBe(f.checks.length);
      expect(checked).toBeGreaterThan(1);
    });
  }

  it("sets, adds to a list and drops fields", () => {
    const base = { a: 1, log: [1], side: { p: 2 } } as unknown as Model;
    expect(applyModelPatch(base, { a: 2, "+log": [2, 3], "-side": null })).toEqual({ a: 2, log: [1, 2, 3] });
  });

  it("passes a whole model on and refuses a patch with nothing before it", () => {
    const whole = { type: "state", model: { seat: 1 } } as unknown as StateMessage;
    expect(withModel(whole, null)).toBe(whole);
    const patch = { type: "state", model_patch: { seat: 2 } } as unknown as StateMessage;
    expect(withModel(patch, null)).toBeNull();
    const got = withModel(patch, { seat: 1, to_act: 0 } as unknown as Model);
    expect(got?.model).toEqual({ seat: 2, to_act: 0 });
    expect(got && "model_patch" in got).toBe(false);
  });
});

describe("closes over a cap", () => {
  it("reads the cap from 1013 and the reason's code, nothing else", () => {
    expect(capOf(1013, "ws_addr_cap: too many WebSockets from your address: at most 32 at once")).toBe("ws_addr_cap");
    expect(capOf(1013, "ws_net_cap: too many WebSockets from your network")).toBe("ws_net_cap");
    expect(capOf(1013, "server_full: the server is full")).toBe("server_full");
    expect(capOf(1012, "ws_addr_cap: restarting")).toBeUndefined();
    expect(capOf(1013, "the table moves")).toBeUndefined();
    expect(capOf(1013, "")).toBeUndefined();
  });

  it("says why in the person's language, and when it tries again", () => {
    expect(waitText({ state: "waiting", retryIn: 9, cap: "ws_addr_cap" }, "en")).toMatch(/your address.*Close other windows.*9 s/);
    expect(waitText({ state: "waiting", retryIn: 9, cap: "ws_addr_cap" }, "de")).toMatch(/deiner Adresse.*Schließe andere Fenster.*9 s/);
    expect(waitText({ state: "waiting", retryIn: 3 }, "de")).toBe("Verbindung verloren; neuer Versuch in 3 s…");
  });
});

describe("retryDelay", () => {
  it("backs off, spread, and waits at least 10 s after a cap", () => {
    expect(retryDelay(0, undefined, 0)).toBeCloseTo(0.4);
    expect(retryDelay(9, undefined, 0.999)).toBeCloseTo(18, 0);
    for (const r of [0, 0.5, 0.999]) {
      expect(retryDelay(0, "ws_addr_cap", r)).toBeGreaterThanOrEqual(10);
      expect(retryDelay(9, "server_full", r)).toBeGreaterThanOrEqual(12);
    }
  });
});
