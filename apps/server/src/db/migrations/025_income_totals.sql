-- A unit's average monthly income is its total over all its months, so the assets page summed
-- every income row of every unit on each call (3.3 times the cost at 100 times the history). The total of each owned
-- unit is kept beside the rows by a trigger, in the same transaction as the change; the query then reads one total
-- a unit and takes off the few months after the last complete one (an index range), whatever the history's length.
create table income_totals (
  user_unit_id bigint primary key references user_units (id) on delete cascade,
  total_kopecks bigint not null
);

insert into income_totals (user_unit_id, total_kopecks)
select user_unit_id, sum(amount_kopecks) from incomes group by user_unit_id;

create function maintain_income_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from income_totals;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update income_totals set total_kopecks = total_kopecks - old.amount_kopecks
    where user_unit_id = old.user_unit_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into income_totals (user_unit_id, total_kopecks) values (new.user_unit_id, new.amount_kopecks)
    on conflict (user_unit_id) do update set total_kopecks = income_totals.total_kopecks + excluded.total_kopecks;
  end if;
  return null;
end
$$;

create trigger incomes_maintain_totals after insert or update or delete on incomes
  for each row execute function maintain_income_totals();
create trigger incomes_truncate_totals after truncate on incomes
  for each statement execute function maintain_income_totals();

-- The answer cache's notice (migration 024), as on every table an answer may read.
create trigger income_totals_notify_data_change after insert or update or delete or truncate on income_totals
  for each statement execute function notify_data_change();
