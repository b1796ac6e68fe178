-- Up Migration
-- The events service's order of entries (registration.entry_order): a fleet's waitlist is listed in
-- the order its places are offered, which a move onto a waitlist changes (a new, later order) while
-- the entry time stays. Null on rows projected from facts that did not carry it.
ALTER TABLE registrations ADD COLUMN entry_order bigint;

-- Down Migration
ALTER TABLE registrations DROP COLUMN entry_order;
