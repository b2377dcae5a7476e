-- The revenue-per-share value at which the program last settled an investor's position (its
-- Investment.revenue_per_share_checkpoint: set by invest and by claim_revenue). An investor's part
-- of a distribution is measured from it, so the parts add up to exactly what the program pays.
ALTER TABLE positions ADD COLUMN revenue_checkpoint TEXT NOT NULL DEFAULT '0';
