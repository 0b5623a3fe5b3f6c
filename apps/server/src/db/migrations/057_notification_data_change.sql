-- The notification tables are read by cached answers (the bell's count, the activity list, the settings, the
-- statements among the documents): a change to them drops the answer cache of every instance, as every table does.
create trigger notifications_notify_data_change after insert or update or delete or truncate on notifications
  for each statement execute function notify_data_change();
create trigger notification_settings_notify_data_change after insert or update or delete or truncate on notification_settings
  for each statement execute function notify_data_change();
create trigger notification_digests_notify_data_change after insert or update or delete or truncate on notification_digests
  for each statement execute function notify_data_change();
create trigger owner_statements_notify_data_change after insert or update or delete or truncate on owner_statements
  for each statement execute function notify_data_change();
