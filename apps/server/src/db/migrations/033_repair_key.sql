-- A unit's repair is known by its unit and start, so an import of repairs updates a repair in place.
delete from repairs a using repairs b
where a.unit_id = b.unit_id and a.starts_at = b.starts_at and a.id > b.id;
create unique index repairs_unit_start_key on repairs (unit_id, starts_at);
