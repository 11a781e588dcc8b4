-- Issue 28's last parts.
--
-- 1. A service request's changes of status can be sent by e-mail and SMS together (issue 30's
--    preferences): the channel `email-and-sms`, that type's default (src/contract/notifications.ts),
--    as both were sent before preferences existed.
ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_channel_check;
ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_channel_check
  CHECK (channel IN ('email', 'sms', 'email-and-sms', 'none'));

-- 2. Photos and a video on a customer's message to an open request: the same uploads as the
--    request's (same tables, owner, checks, signed links and retention: the request's age), tied to
--    their request and to the message (`event_id`) that named them. A message without text keeps
--    '' (the events' CHECK wants a message's text).
ALTER TABLE service_request_photos ADD COLUMN event_id bigint REFERENCES service_request_events (id) ON DELETE CASCADE,
  ADD CHECK (event_id IS NULL OR request_id IS NOT NULL);
CREATE INDEX service_request_photos_event_idx ON service_request_photos (event_id, position) WHERE event_id IS NOT NULL;

-- One video for the request itself, and one per message.
ALTER TABLE service_request_videos ADD COLUMN event_id bigint REFERENCES service_request_events (id) ON DELETE CASCADE,
  ADD CHECK (event_id IS NULL OR request_id IS NOT NULL);
ALTER TABLE service_request_videos DROP CONSTRAINT service_request_videos_request_id_key;
CREATE UNIQUE INDEX service_request_videos_request_idx ON service_request_videos (request_id) WHERE event_id IS NULL;
CREATE UNIQUE INDEX service_request_videos_event_idx ON service_request_videos (event_id);
