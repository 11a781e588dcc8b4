-- A service request's changes of status can be sent by e-mail and SMS together (issue 28 with
-- issue 30's preferences): the channel `email-and-sms`, which is also that type's default
-- (src/contract/notifications.ts), as both were sent before preferences existed.
ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_channel_check;
ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_channel_check
  CHECK (channel IN ('email', 'sms', 'email-and-sms', 'none'));
