// What the table page needs to know of a sitting played on this device
// (offline.tsx), without importing it: the table's id and where its hand
// records come from.

/** OFFLINE_ID is the table id of a sitting on this device; no server table has it (theirs are hex). */
export const OFFLINE_ID = "offline";

let source: ((hand: number) => Promise<string>) | null = null;

/** setRecordSource names where the records of the sitting on this device come from. */
export function setRecordSource(f: ((hand: number) => Promise<string>) | null) {
  source = f;
}

/** localRecord returns the record (docs/FORMAT.md) of a finished hand of the sitting on this device. */
export function localRecord(hand: number): Promise<string> {
  if (!source) return Promise.reject(new Error("no sitting on this device"));
  return source(hand);
}
