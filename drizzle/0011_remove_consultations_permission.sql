-- Issue 21: the "consultations" permission guarded nothing and is gone from the list; take it
-- out of the permissions stored on accounts, so no stored set names a box the screen lacks.
UPDATE "users" SET "permissions" = array_remove("permissions", 'consultations') WHERE 'consultations' = ANY("permissions");
