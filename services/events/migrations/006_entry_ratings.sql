-- Up Migration
-- The ratings of an entry as entered in this regatta (by rating key, e.g. {"phrf": 120}): taken at
-- entry (the boat's stored ratings with those given on the entry form over them) and read by the
-- entry, its facts and so its regatta's scores. The boats table keeps the sailor's boat: its ratings
-- are the newest given, the default of her next entry; entering the boat elsewhere with a new
-- certificate changes that entry only, never the ratings a regatta she sailed before scores her by.
-- Ratings in force from a race on stay in rating_changes. Existing entries are filled from the boat;
-- NULL (an entry a previous version wrote while this one was deployed) reads as the boat's ratings.
ALTER TABLE registrations ADD COLUMN entry_ratings jsonb;

UPDATE registrations r SET entry_ratings = b.ratings FROM boats b WHERE b.id = r.boat_id;

-- Down Migration
ALTER TABLE registrations DROP COLUMN entry_ratings;
