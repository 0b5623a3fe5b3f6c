-- An owner's link to a unit is ended instead of deleted: the incomes hang on the link (and would go with it), so
-- ending keeps the history for staff while the owner's pages read only current links (modules/access). The date
-- says when the holding ended; the end takes effect when it is recorded.
alter table user_units add column ended_on date;
