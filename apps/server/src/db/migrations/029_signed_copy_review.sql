-- The manager's review of a signed copy an owner uploads. The copy reaches the manager's inbox as a request of its
-- own kind (subject: the document id); the manager marks the document signed or returns it to the owner with a
-- comment, which the owner reads on the documents page until a new copy is uploaded.
alter table requests drop constraint requests_kind_check;
alter table requests add constraint requests_kind_check
  check (kind in ('change_data', 'bank_details', 'account_deletion', 'document', 'conversion', 'entrepreneur',
    'callback', 'faq_question', 'buy_lot', 'sale_notice', 'signed_document'));

alter table documents add column return_comment text;

-- A request the manager refuses ends as 'rejected', with the comment the owner reads, as a done one ends as 'done'.
alter table requests drop constraint requests_status_check;
alter table requests add constraint requests_status_check
  check (status in ('new', 'in_progress', 'done', 'rejected'));
