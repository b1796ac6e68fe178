-- Up Migration
-- The language of a sailor entered by name and address without an account ('en' or 'de'): the one
-- the entry was made in, for the messages sent to that address. Null: English (existing entries and
-- entries made without naming one). Sailors with an account choose their language in identity.
ALTER TABLE registrations ADD COLUMN sailor_language text CHECK (sailor_language IN ('en', 'de'));
