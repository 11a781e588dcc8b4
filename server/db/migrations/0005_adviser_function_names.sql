-- Adviser job titles per language, like the sub-service names: the API answers in the requested
-- language and falls back to `advisers.fonction` (the title in the network's own language).
CREATE TABLE adviser_function_names (
  adviser_id  uuid NOT NULL REFERENCES advisers (id) ON DELETE CASCADE,
  langue      text NOT NULL,               -- language code (fr, en, nl, de, es, it)
  fonction    text NOT NULL,
  PRIMARY KEY (adviser_id, langue)
);
