// A table model for the unit tests.

import type { Model } from "../model";

/** droggnModel is a Droggn model of seat 0 of three in the play, nobody declarer yet, changed by over. */
export function droggnModel(over: Partial<Model> = {}): Model {
  return {
    game: "droggn",
    variant: "droggn-3",
    seat: 0,
    seats: 3,
    dealer: 2,
    sits_out: -1,
    elder: -1,
    phase: "play",
    to_act: 0,
    hand: ["T1", "H7"],
    hand_sizes: [2, 2, 2],
    contract: "",
    declarer: -1,
    partner: -1,
    tricks: [],
    trick: null,
    tricks_won: [0, 0, 0],
    log: [],
    result: null,
    bought_from: -1,
    pagat_laid: -1,
    ...over,
  };
}
