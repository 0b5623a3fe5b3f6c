-- A booking's status and a request's kind take only the values the contract defines (packages/contract/src/bookings.ts
-- BOOKING_STATUSES, request-subjects.ts REQUEST_KINDS); a change there comes with a migration here.
-- The demo data used to keep the booking system's casing ('checkedIn'); statuses are held lowercased, as the import
-- always stored them.
update bookings set status = lower(status) where status <> lower(status);
alter table bookings add constraint bookings_status_check
  check (status in ('new', 'confirmed', 'checkedin', 'checkedout', 'cancelled'));

alter table requests add constraint requests_kind_check
  check (kind in ('change_data', 'bank_details', 'account_deletion', 'document', 'conversion', 'entrepreneur',
    'callback', 'faq_question', 'buy_lot', 'sale_notice'));
