-- Open requests. An owner's request to the manager about one thing (a lot, a document category, a
-- unit's sale state, or the kind as a whole: conversion, entrepreneur, callback, account deletion) is open while
-- it is new or in progress; while it is open, a second one of the same kind about the same thing is refused (409)
-- and the web client shows the request as sent. `subject` is the key of the thing (packages/contract/src/requests.ts);
-- requests that carry the owner's own words have none.
alter table requests add column subject text;

-- The open requests stored before this migration get their subject from the payload they carry.
update requests
set subject = case kind
  when 'buy_lot' then (payload ->> 'ownerInvestorId') || ':' || (payload ->> 'unitId')
  when 'document' then payload ->> 'categoryId'
  when 'sale_notice' then (payload ->> 'unitId') || ':' || (payload ->> 'status')
  when 'conversion' then ''
  when 'entrepreneur' then ''
  when 'callback' then ''
  when 'account_deletion' then ''
end
where status in ('new', 'in_progress');

-- Of earlier duplicates only the newest keeps its subject: the index below allows one open request a subject.
update requests as older
set subject = null
where older.subject is not null
  and exists (
    select 1
    from requests as newer
    where newer.user_id = older.user_id
      and newer.kind = older.kind
      and newer.subject = older.subject
      and newer.status in ('new', 'in_progress')
      and newer.id > older.id
  );

create unique index requests_open_subject_idx on requests (user_id, kind, subject)
  where subject is not null and status in ('new', 'in_progress');
