-- Daily challenges (docs/DAILY.md): players without accounts, one attempt
-- per player, day and challenge, the results of its deals, and the default
-- bot's reference score in the person's seat. Shared by SQLite and PostgreSQL.

-- +goose Up
CREATE TABLE trull_daily_players (
    name        TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL,
    created_ms  BIGINT NOT NULL
);

CREATE TABLE trull_daily_attempts (
    player      TEXT NOT NULL REFERENCES trull_daily_players (name),
    challenge   TEXT NOT NULL,
    day         TEXT NOT NULL,
    table_id    TEXT NOT NULL,
    started_ms  BIGINT NOT NULL,
    finished_ms BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (player, challenge, day)
);

CREATE TABLE trull_daily_results (
    player    TEXT NOT NULL,
    challenge TEXT NOT NULL,
    day       TEXT NOT NULL,
    deal      INTEGER NOT NULL,
    score     INTEGER NOT NULL,
    at_ms     BIGINT NOT NULL,
    PRIMARY KEY (player, challenge, day, deal),
    FOREIGN KEY (player, challenge, day) REFERENCES trull_daily_attempts (player, challenge, day)
);

CREATE TABLE trull_daily_references (
    challenge TEXT NOT NULL,
    day       TEXT NOT NULL,
    deal      INTEGER NOT NULL,
    score     INTEGER NOT NULL,
    PRIMARY KEY (challenge, day, deal)
);

-- +goose Down
DROP TABLE trull_daily_references;
DROP TABLE trull_daily_results;
DROP TABLE trull_daily_attempts;
DROP TABLE trull_daily_players;
