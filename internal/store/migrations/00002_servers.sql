-- The address each server serves on, so that a server can forward a request
-- about a table to the server owning it. PostgreSQL keys a row by the
-- backend pid of the session holding that server's table locks (see
-- store/postgres); SQLite has one server per file and leaves it empty.

-- +goose Up
CREATE TABLE trull_servers (
    pid        BIGINT PRIMARY KEY,
    addr       TEXT NOT NULL,
    started_ms BIGINT NOT NULL
);

-- +goose Down
DROP TABLE trull_servers;
