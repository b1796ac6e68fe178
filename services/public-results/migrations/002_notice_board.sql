-- Up Migration
-- The protest room on the public notice board (issue 14), projected from results.v1's protest.lodged,
-- hearing.scheduled and decision.published. A case is public once it has a hearing or a decision; the
-- facts carry no contact details or incident description, and nothing here holds a user id.

-- One row per case. `lodging` is what protest.lodged says (or, until it arrives, what the hearing or
-- decision fact repeats of it); `hearing` and `decision` are filled by their facts.
CREATE TABLE protest_cases (
  id          text        PRIMARY KEY,
  event_id    uuid        NOT NULL,
  number      integer     NOT NULL,
  lodging     jsonb       NOT NULL,
  hearing     jsonb,
  decision    jsonb,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX protest_cases_event ON protest_cases (event_id, number);

-- Boats of a regatta by id, as registrations name them: the facts of the protest room name boats by
-- id only, and the notice board shows sail number and boat name. A boat may sail several regattas.
CREATE TABLE boats (
  event_id     uuid  NOT NULL,
  id           text  NOT NULL,
  sail_number  text,
  name         text,
  PRIMARY KEY (event_id, id)
);

-- Down Migration
DROP TABLE boats;
DROP TABLE protest_cases;
