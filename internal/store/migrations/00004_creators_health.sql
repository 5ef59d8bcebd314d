-- Bounds against abuse (shared by SQLite and PostgreSQL): who created a
-- table and whether anybody is at it, for the caps on tables nobody is at;
-- and one row a health check rewrites, to know the database still writes.

-- +goose Up
-- The client address that created the table and its network (the /64 of
-- an IPv6 address, the address itself for IPv4); both are cleared when
-- the table is over or abandoned.
ALTER TABLE trull_tables ADD COLUMN creator TEXT NOT NULL DEFAULT '';
ALTER TABLE trull_tables ADD COLUMN creator_net TEXT NOT NULL DEFAULT '';
-- 1 while no person is connected to the table.
ALTER TABLE trull_tables ADD COLUMN empty INTEGER NOT NULL DEFAULT 0;
CREATE INDEX trull_tables_creator ON trull_tables (creator);
CREATE INDEX trull_tables_creator_net ON trull_tables (creator_net);

CREATE TABLE trull_health (
    id    TEXT PRIMARY KEY,
    at_ms BIGINT NOT NULL
);

-- +goose Down
DROP TABLE trull_health;
DROP INDEX trull_tables_creator_net;
DROP INDEX trull_tables_creator;
ALTER TABLE trull_tables DROP COLUMN empty;
ALTER TABLE trull_tables DROP COLUMN creator_net;
ALTER TABLE trull_tables DROP COLUMN creator;
