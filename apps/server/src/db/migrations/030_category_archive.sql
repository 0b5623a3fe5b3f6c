-- Document and income-expense categories are the company's lists, kept in the console. A category in use is
-- archived rather than deleted: it leaves the upload form, the owners' request list and the import, while the
-- documents and rows that carry it stay readable.
alter table document_categories add column archived_at timestamptz;
alter table outcome_categories add column archived_at timestamptz;
