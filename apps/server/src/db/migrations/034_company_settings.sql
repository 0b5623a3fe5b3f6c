-- The management company's own settings, one row: its name (mails name it), its sites and scheme link, support
-- contacts and the financial report's title, each text in Russian and optionally English (empty takes the Russian).
-- Neutral defaults: an empty link is not shown, so a fresh deployment shows no one else's address; the privacy
-- policy shipped with the web client is the one link a fresh deployment has.
create table company_settings (
  id smallint primary key default 1 check (id = 1),
  name text not null default 'Управляющая компания',
  name_en text not null default '',
  invest_url text not null default '',
  hotels_url text not null default '',
  scheme_url text not null default '',
  privacy_url text not null default '/privacy-policy.pdf',
  support_phone text not null default '',
  support_email text not null default '',
  report_title text not null default '',
  report_title_en text not null default '',
  updated_at timestamptz not null default now()
);
insert into company_settings (id) values (1);

-- Cached answers (the footer's and the lender dashboard's reads) are dropped when the settings change.
create trigger company_settings_notify_data_change after insert or update or delete or truncate on company_settings
  for each statement execute function notify_data_change();
