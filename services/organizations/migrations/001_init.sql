-- Up Migration
CREATE TABLE service_notes (id serial PRIMARY KEY, note text NOT NULL);

-- Down Migration
DROP TABLE service_notes;
