-- Natural keys, so the back office re-imports inventory and inspections in place (modules/import/kinds.ts):
-- an inventory item is its unit's inventory number, an inspection is the inspection system's id, a check is its
-- position in the inspection's checklist.
alter table inventory_items add constraint inventory_items_unit_number_key unique (unit_id, inv_number);
alter table inspections add column external_id text;
alter table inspections add constraint inspections_external_id_key unique (external_id);
alter table inspection_checks add constraint inspection_checks_position_key unique (inspection_id, position);
