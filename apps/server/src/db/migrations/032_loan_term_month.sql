-- A loan's term is the month it ends (yyyymm), as the spec's loanTermYearMonth. The console used to take a number
-- of months (36): such a term becomes the month that many months after the loan was issued.
update loans
set term_year_month = (
  extract(year from issued_at + make_interval(months => term_year_month))::int * 100
  + extract(month from issued_at + make_interval(months => term_year_month))::int
)
where term_year_month < 200001;

alter table loans add constraint loans_term_year_month_check
  check (term_year_month between 200001 and 299912 and term_year_month % 100 between 1 and 12);
