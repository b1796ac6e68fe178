-- Up Migration
-- Single-use, expiring links sent by e-mail (password reset, e-mail confirmation). The secret part of
-- a link is an HMAC of its id under identity's key, so nothing secret is stored or published.
CREATE TABLE account_links (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_confirmation')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_links_user_idx ON account_links (user_id, purpose);

ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz;

-- The devices (browser and system, as a short description) each account has signed in from: a
-- sign-in from one not listed is announced to the person.
CREATE TABLE known_devices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device)
);

-- Down Migration
DROP TABLE known_devices;
ALTER TABLE users DROP COLUMN email_confirmed_at;
DROP TABLE account_links;
