-- The HS code filter across every list a caller sees: the count no longer reads every visible row.
CREATE INDEX "supplies_hs_code_idx" ON "supplies" USING btree ("hs_code");