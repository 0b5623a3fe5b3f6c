-- Files in the database: every stored file (avatars, documents, report media, unit and lot photos, camera
-- clips, the report PDF, inventory photos) lives here, so every instance serves every file and a database backup is
-- a full backup. A file row carries its type, size and sha256; its content is split into chunks of about 256 KB, read
-- one at a time for byte ranges. A file being written is `complete = false` (its chunks land one statement at a time,
-- no long transaction); a short transaction at the end replaces the previous file of the key and completes it.
create table stored_files (
  id bigint generated always as identity primary key,
  key text not null,
  content_type text not null default 'application/octet-stream',
  size_bytes bigint not null default 0,
  sha256 text not null default '',
  chunk_size integer not null,
  complete boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index stored_files_key_idx on stored_files (key) where complete;
create index stored_files_incomplete_idx on stored_files (created_at) where not complete;

create table file_chunks (
  file_id bigint not null references stored_files (id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (file_id, seq)
);
