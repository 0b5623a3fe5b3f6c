-- Sign-in challenge: past the per-account ceiling of failed sign-ins, a right password from an address the account
-- has never signed in from gets in only with a one-time code sent to the account (mailed, or by SMS to the account's
-- phone when it has no e-mail). Strangers can no longer lock the owner out, and a guesser still needs the mailbox.
alter table auth_codes drop constraint auth_codes_purpose_check;
alter table auth_codes add constraint auth_codes_purpose_check
  check (purpose in ('enable_two_factor', 'sign_in', 'link', 'step_up', 'sign_in_challenge'));

-- The address that asked for the code: a challenge code is good only from there, and once used it vouches for that
-- address for the few minutes the second factor's step takes.
alter table auth_codes add column ip text;
comment on column auth_codes.phone is 'Where the code was sent: a phone, or the e-mail address of a sign_in_challenge';

-- "Has this account ever signed in from this address": one index probe at a sign-in past the ceiling.
create index sessions_user_ip_idx on sessions (user_id, ip);
