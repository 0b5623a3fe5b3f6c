-- The answer cache's notice (migration 024) named no user, so every write, an owner's language or a notification
-- marked read among them, dropped every user's answers in every instance. The tables below hold rows that belong to
-- one user and that no cached answer reads for anyone else (http/response-cache.ts names them and their column):
-- a change to them names the users whose rows changed, `users:1,2,3`, and drops only their answers. A statement that
-- changes more users' rows than a notice should carry names nobody and drops every answer, as does a truncate; one
-- that changes no row says nothing.
create function notify_user_data_change() returns trigger language plpgsql as $$
declare
  -- The column naming a row's user (the trigger's argument).
  owner_column text := TG_ARGV[0];
  changed text;
  ids text;
  users integer;
begin
  -- A trigger with transition tables has one event, so which tables exist depends on it.
  changed := case TG_OP
    when 'INSERT' then format('select %I as id from new_rows', owner_column)
    when 'DELETE' then format('select %I as id from old_rows', owner_column)
    else format('select %1$I as id from new_rows union all select %1$I from old_rows', owner_column)
  end;
  execute format('select string_agg(distinct id::text, '',''), count(distinct id) from (%s) changed', changed)
    into ids, users;
  if users = 0 then
    return null;
  elsif users > 100 then
    perform pg_notify('data_change', '');
  else
    perform pg_notify('data_change', 'users:' || ids);
  end if;
  return null;
end
$$;

do $$
declare
  owned record;
begin
  for owned in
    select * from (values
      ('users', 'id'),
      ('user_roles', 'user_id'),
      ('bank_details', 'user_id'),
      ('recovery_codes', 'user_id'),
      ('requests', 'user_id'),
      ('documents', 'user_id'),
      ('notifications', 'user_id'),
      ('notification_settings', 'user_id'),
      ('notification_digests', 'user_id'),
      ('owner_statements', 'user_id')
    ) as owned (table_name, owner_column)
  loop
    execute format('drop trigger %I on %I', owned.table_name || '_notify_data_change', owned.table_name);
    execute format(
      'create trigger %I after insert on %I referencing new table as new_rows '
        'for each statement execute function notify_user_data_change(%L)',
      owned.table_name || '_insert_notify_data_change', owned.table_name, owned.owner_column);
    execute format(
      'create trigger %I after update on %I referencing old table as old_rows new table as new_rows '
        'for each statement execute function notify_user_data_change(%L)',
      owned.table_name || '_update_notify_data_change', owned.table_name, owned.owner_column);
    execute format(
      'create trigger %I after delete on %I referencing old table as old_rows '
        'for each statement execute function notify_user_data_change(%L)',
      owned.table_name || '_delete_notify_data_change', owned.table_name, owned.owner_column);
    execute format(
      'create trigger %I after truncate on %I for each statement execute function notify_data_change()',
      owned.table_name || '_truncate_notify_data_change', owned.table_name);
  end loop;
end
$$;
