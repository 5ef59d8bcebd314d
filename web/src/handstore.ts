// The hands played on this device, kept in the browser's IndexedDB so
// that they outlive their sitting: listed on the offline page, replayed,
// downloaded as trull-hand/1 files.

/** StoredHand is one finished hand of a sitting on this device. */
export interface StoredHand {
  /** key: the sitting's seed and the deal's index */
  id: string;
  /** when it was kept (ms since 1970) */
  at: number;
  game: string;
  players: string[];
  /** the person's seat, and the hand's contract and scores as the table showed them */
  seat: number;
  contract: string;
  score: number[];
  /** the record (docs/FORMAT.md) */
  record: unknown;
}

const DB = "trull";
const STORE = "hands";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id" }).createIndex("at", "at");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function tx<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const t = db.transaction(STORE, mode);
        const req = f(t.objectStore(STORE));
        t.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        t.onerror = () => {
          db.close();
          reject(t.error);
        };
      }),
  );
}

/** keepHand stores a finished hand (again: the same id replaces it). */
export function keepHand(h: StoredHand): Promise<unknown> {
  return tx("readwrite", (s) => s.put(h));
}

/** listHands returns the kept hands, newest first. */
export async function listHands(): Promise<StoredHand[]> {
  const all = await tx<StoredHand[]>("readonly", (s) => s.getAll() as IDBRequest<StoredHand[]>);
  return all.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
}

/** forgetHand deletes a kept hand. */
export function forgetHand(id: string): Promise<unknown> {
  return tx("readwrite", (s) => s.delete(id));
}
