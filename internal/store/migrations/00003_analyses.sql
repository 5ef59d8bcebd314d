-- Hand analyses (docs/ANALYSIS.md), computed once per finished hand and
-- analysing bot. Shared by SQLite and PostgreSQL.

-- +goose Up
CREATE TABLE trull_analyses (
    table_id   TEXT NOT NULL REFERENCES trull_tables (id),
    n          INTEGER NOT NULL,
    bot        TEXT NOT NULL,
    report     TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (table_id, n, bot)
);

-- +goose Down
DROP TABLE trull_analyses;
