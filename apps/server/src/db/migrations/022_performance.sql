-- Performance.

-- The overlap of a window [start, end) is `starts_at < end and ends_at > start`. On (unit_id, starts_at, ends_at)
-- the first range condition is `starts_at < end`, so every past booking of the unit was read: the cost grew with
-- the history. On (unit_id, ends_at, starts_at) the scan starts at `ends_at > start` and reads only the window and
-- what is booked after it (a few months ahead), with starts_at checked in the index.
create index bookings_unit_ends_idx on bookings (unit_id, ends_at, starts_at);
drop index bookings_unit_range_idx;
create index repairs_unit_ends_idx on repairs (unit_id, ends_at, starts_at);
drop index repairs_unit_range_idx;

-- The session cache (modules/auth/session-cache.ts) keeps a verified token for a moment in each instance; every
-- change that ends a session or changes what its check reads (revoked, expired, user deactivated or deleted, roles)
-- is announced on the channel `session_change` with the user's id, at commit, to every instance listening.
create function notify_session_change() returns trigger language plpgsql as $$
declare
  changed record;
begin
  if tg_op = 'DELETE' then
    changed := old;
  else
    changed := new;
  end if;
  if tg_table_name = 'users' then
    perform pg_notify('session_change', changed.id::text);
  else
    perform pg_notify('session_change', changed.user_id::text);
  end if;
  return null;
end
$$;

create trigger sessions_notify_change after update of revoked_at, expires_at, user_id or delete on sessions
  for each row execute function notify_session_change();
create trigger users_notify_change after update of deactivated_at or delete on users
  for each row execute function notify_session_change();
create trigger user_roles_notify_change after insert or update or delete on user_roles
  for each row execute function notify_session_change();
