-- The schema of `trull serve`, shared by SQLite and PostgreSQL: only types
-- and statements both accept. Times are Unix milliseconds.

-- +goose Up
CREATE TABLE trull_tables (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    variant    TEXT NOT NULL,
    status     TEXT NOT NULL,
    public     INTEGER NOT NULL DEFAULT 0,
    info       TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX trull_tables_status ON trull_tables (status, created_ms);

-- The event log: the only exact truth about a table.
CREATE TABLE trull_events (
    table_id TEXT NOT NULL REFERENCES trull_tables (id),
    seq      BIGINT NOT NULL,
    kind     TEXT NOT NULL,
    data     TEXT NOT NULL,
    at_ms    BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- Records of finished hands (FORMAT.md), rebuilt from the log when missing.
CREATE TABLE trull_hands (
    table_id TEXT NOT NULL REFERENCES trull_tables (id),
    n        INTEGER NOT NULL,
    record   TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);

-- +goose Down
DROP TABLE trull_hands;
DROP TABLE trull_events;
DROP TABLE trull_tables;
