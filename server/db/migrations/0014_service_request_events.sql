-- Service requests' status timeline (issue 28, step 2): the after-sales system reports each change
-- through the signed integration endpoint; the customer writes messages and cancels.

-- The request's current state beside its status: who handles it, when the visit is booked, since when.
ALTER TABLE service_requests
  ADD COLUMN technician      text,
  ADD COLUMN visit_date      date,
  ADD COLUMN visit_from      time,
  ADD COLUMN visit_to        time,
  ADD COLUMN status_at       timestamptz;

-- The timeline, oldest first: changes of state and messages from either side. Its first line, the
-- receipt, is the request itself (created_at).
CREATE TABLE service_request_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id  uuid NOT NULL REFERENCES service_requests (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('status', 'message')),
  author      text NOT NULL CHECK (author IN ('after-sales', 'customer')),
  status      text CHECK (status IN ('assigned', 'scheduled', 'waiting-for-parts', 'done', 'cancelled')),
  technician  text,
  visit_date  date,
  visit_from  time,
  visit_to    time,
  message     text,
  at          timestamptz NOT NULL,      -- when it happened (the after-sales system's clock for its events)
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'status') = (status IS NOT NULL)),
  CHECK (kind = 'status' OR message IS NOT NULL)
);
CREATE INDEX service_request_events_request_idx ON service_request_events (request_id, at, id);

-- The integration's event ids already seen: a replayed id is answered as the first time, never
-- applied twice (body_hash tells a replay from another event sent under the same id).
CREATE TABLE service_request_event_ids (
  event_id    text PRIMARY KEY,
  request_id  uuid NOT NULL REFERENCES service_requests (id) ON DELETE CASCADE,
  body_hash   text NOT NULL,
  answer      jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
