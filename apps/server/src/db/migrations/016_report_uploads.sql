-- Media of reports uploaded in the back office: the file lives in the file store as an uploads row and is served by
-- its unguessable key (a video element or an <img> cannot send the bearer header). Demo media have no upload.
alter table media_report_uploads add column upload_id bigint references uploads (id) on delete cascade;
create index media_report_uploads_upload_idx on media_report_uploads (upload_id);
