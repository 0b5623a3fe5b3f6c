-- The occupancy chart summed, on every call, the overlap of each booking of the location's units with each month
-- asked (~2,400 bookings a year for the demo location, more as the history grows). The booked time of each unit and
-- Moscow calendar month is kept here instead, in the same transaction as the change: statement triggers recompute,
-- from the bookings, only the (unit, month) pairs a statement's rows touch (before and after the change), so an
-- import batch costs one recomputation, not one a row. The chart then reads one row a unit and month.

-- The bounds of a Moscow calendar month (yyyymm).
create function moscow_month(year_month int, out starts timestamptz, out ends timestamptz)
language sql stable as $$
  select d::timestamp at time zone 'Europe/Moscow', (d + interval '1 month') at time zone 'Europe/Moscow'
  from make_date(year_month / 100, year_month % 100, 1) as d
$$;

-- The Moscow calendar months (yyyymm) a stay overlaps: a stay ending at a Moscow midnight starting a month does not
-- reach into that month.
create function moscow_months(starts_at timestamptz, ends_at timestamptz) returns setof int
language sql stable as $$
  select (extract(year from m) * 100 + extract(month from m))::int
  from generate_series(date_trunc('month', starts_at at time zone 'Europe/Moscow'),
                       ends_at at time zone 'Europe/Moscow', interval '1 month') as m
  where m < ends_at at time zone 'Europe/Moscow'
$$;

-- Only pairs with booked time have a row; the milliseconds are numeric, as the sum of the bookings is.
create table booked_time_by_month (
  unit_id bigint not null references units (id) on delete cascade,
  year_month int not null,
  booked_ms numeric not null,
  primary key (unit_id, year_month)
);

-- The booked time of the given (unit, month) pairs, summed again from their non-cancelled bookings; a pair left
-- without any has a null sum (the filter: least and greatest skip nulls) and loses its row.
create function refresh_booked_time(units bigint[], months int[]) returns void language sql as $$
  with sums as (
    select p.unit_id, p.year_month,
           sum(extract(epoch from least(b.ends_at, w.ends) - greatest(b.starts_at, w.starts)) * 1000)
             filter (where b.id is not null) as booked_ms
    from (select distinct * from unnest(units, months) as p (unit_id, year_month)) as p
    cross join lateral moscow_month(p.year_month) as w
    left join bookings b on b.unit_id = p.unit_id and b.status <> 'cancelled'
      and b.starts_at < w.ends and b.ends_at > w.starts
    group by p.unit_id, p.year_month
  ),
  emptied as (
    delete from booked_time_by_month t using sums s
    where t.unit_id = s.unit_id and t.year_month = s.year_month and s.booked_ms is null
  )
  insert into booked_time_by_month (unit_id, year_month, booked_ms)
  select unit_id, year_month, booked_ms from sums where booked_ms is not null
  on conflict (unit_id, year_month) do update set booked_ms = excluded.booked_ms
$$;

insert into booked_time_by_month (unit_id, year_month, booked_ms)
select b.unit_id, m.year_month,
       sum(extract(epoch from least(b.ends_at, w.ends) - greatest(b.starts_at, w.starts)) * 1000)
from bookings b
cross join lateral moscow_months(b.starts_at, b.ends_at) as m (year_month)
cross join lateral moscow_month(m.year_month) as w
where b.status <> 'cancelled'
group by b.unit_id, m.year_month;

-- PostgreSQL gives transition tables to a trigger of one event only: one trigger an event, one function for all.
-- An update counts only the rows whose unit, stay or cancellation changed (an import's upsert rewrites a booking's
-- other columns), the old version and the new one both, so a booking moved to another unit or month fixes both.
-- A sum is taken again, not added to, so two transactions writing bookings at once take turns (the lock conflicts
-- with itself, not with readers, and is held until commit): the second sums after the first's bookings are committed.
create function maintain_booked_time() returns trigger language plpgsql as $$
begin
  lock table booked_time_by_month in share row exclusive mode;
  if tg_op = 'TRUNCATE' then
    delete from booked_time_by_month;
  elsif tg_op = 'INSERT' then
    perform refresh_booked_time(array_agg(b.unit_id), array_agg(m.year_month))
    from new_bookings b cross join lateral moscow_months(b.starts_at, b.ends_at) as m (year_month);
  elsif tg_op = 'DELETE' then
    perform refresh_booked_time(array_agg(b.unit_id), array_agg(m.year_month))
    from old_bookings b cross join lateral moscow_months(b.starts_at, b.ends_at) as m (year_month);
  else
    perform refresh_booked_time(array_agg(b.unit_id), array_agg(m.year_month))
    from (
      (select unit_id, starts_at, ends_at, status = 'cancelled' from old_bookings
       except all
       select unit_id, starts_at, ends_at, status = 'cancelled' from new_bookings)
      union all
      (select unit_id, starts_at, ends_at, status = 'cancelled' from new_bookings
       except all
       select unit_id, starts_at, ends_at, status = 'cancelled' from old_bookings)
    ) as b (unit_id, starts_at, ends_at, cancelled)
    cross join lateral moscow_months(b.starts_at, b.ends_at) as m (year_month);
  end if;
  return null;
end
$$;

create trigger bookings_insert_booked_time after insert on bookings
  referencing new table as new_bookings for each statement execute function maintain_booked_time();
create trigger bookings_update_booked_time after update on bookings
  referencing old table as old_bookings new table as new_bookings
  for each statement execute function maintain_booked_time();
create trigger bookings_delete_booked_time after delete on bookings
  referencing old table as old_bookings for each statement execute function maintain_booked_time();
create trigger bookings_truncate_booked_time after truncate on bookings
  for each statement execute function maintain_booked_time();

-- The answer cache's notice (migration 024), as on every table an answer may read.
create trigger booked_time_by_month_notify_data_change
  after insert or update or delete or truncate on booked_time_by_month
  for each statement execute function notify_data_change();
