-- The sha256 of each applied migration file (line endings made LF first), so a file changed after it ran is
-- noticed at start instead of leaving databases that ran different SQL under one version. The runner fills the
-- rows applied before this column existed on its first start.
alter table schema_migrations add column checksum text;
