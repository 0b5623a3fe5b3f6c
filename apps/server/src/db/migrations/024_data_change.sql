-- The answer cache keeps a signed-in user's read answers for a few seconds in
-- each instance. Every statement that changes a table such an answer may read announces itself on the channel
-- `data_change` at commit (one notification a transaction: PostgreSQL folds identical ones), and every instance
-- drops its answers. A statement trigger costs one call a statement, not a row, so imports stay cheap.
create function notify_data_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('data_change', '');
  return null;
end
$$;

-- Every table but the sign-in bookkeeping, the mail queue, the audit log and the file chunks: they change on sign-ins,
-- reads and uploads, and no cached answer reads them (http/response-cache.ts names them; a test checks that every
-- other table, including any a later migration adds, has the trigger).
do $$
declare
  name text;
begin
  for name in
    select tablename from pg_tables
    where schemaname = current_schema()
      and tablename not in ('schema_migrations', 'sessions', 'auth_links', 'auth_codes', 'outbox', 'audit_log',
                            'file_chunks')
  loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I '
        'for each statement execute function notify_data_change()',
      name || '_notify_data_change', name);
  end loop;
end
$$;
