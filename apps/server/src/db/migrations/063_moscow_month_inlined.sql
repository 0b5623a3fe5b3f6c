-- moscow_month (migration 061) returned one record, and PostgreSQL inlines only a set-returning SQL function into the
-- statement that calls it. Each call ran the function's own statement, whose plan lives only as long as the calling
-- statement's run: every call of the dashboard's first screen planned it anew and ran it once a month window (15),
-- about a third of the statement's time. Returning a table (one row) lets the planner put the expression in place.
-- The triggers' statements name it as before (their texts are resolved when they run).
drop function moscow_month(int);

create function moscow_month(year_month int) returns table (starts timestamptz, ends timestamptz)
language sql stable as $$
  select d::timestamp at time zone 'Europe/Moscow', (d + interval '1 month') at time zone 'Europe/Moscow'
  from make_date(year_month / 100, year_month % 100, 1) as d
$$;
