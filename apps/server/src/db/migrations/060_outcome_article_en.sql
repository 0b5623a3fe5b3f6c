-- The article of a bank row in English, for the income-outcome pages in English; empty takes the Russian article
-- (the bank's own wording, which an import may leave untranslated).
alter table outcome_rows add column article_en text not null default '';
