-- Up Migration
-- Two more roles (the vocabulary's MEMBER_ROLES): race officers and scorers are members who also
-- record on the water for their organization's regattas. Widening the check keeps every row valid.
ALTER TABLE memberships DROP CONSTRAINT memberships_role_check;
ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ('admin', 'member', 'race-officer', 'scorer'));
