-- Up Migration
-- The names of the platform's people (identity.v1 user.registered), so a record made by a member or
-- an API key is labelled with the name of the person behind it.
CREATE TABLE capture_users (
  id    uuid PRIMARY KEY,
  name  text NOT NULL
);
