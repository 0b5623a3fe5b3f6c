-- The metrics count failed outbox messages on every scrape: a partial index keeps that off the sent ones.
create index outbox_failed_idx on outbox (id) where status = 'failed';
