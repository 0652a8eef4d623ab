-- The two-character pieces of text columns, lower-cased, for GIN indexes (src/db/grams.ts): a row that
-- holds a keyword in one of the columns holds every two-character piece of the keyword, so a search is
-- narrowed by the index before LIKE checks the rows. Two-character Chinese keywords (电缆), which pg_trgm
-- cannot index, are served too. Then an index for each list filter of the large families that was
-- tested row by row inside a caller's visible set.
CREATE FUNCTION tl_bigrams(VARIADIC parts text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(p, i, 2)), '{}')
  FROM unnest(parts) AS u(v), lower(u.v) AS p, generate_series(1, char_length(p) - 1) AS i
$$;--> statement-breakpoint
CREATE INDEX "box_piece_detail_tenant_idx" ON "box_piece_detail" USING btree ("tenant_id","box_id","id");--> statement-breakpoint
CREATE INDEX "box_piece_project_idx" ON "box_piece" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "box_piece_create_time_idx" ON "box_piece" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "box_piece_package_idx" ON "box_piece" USING btree ("package_type");--> statement-breakpoint
CREATE INDEX "box_piece_grams_idx" ON "box_piece" USING gin (tl_bigrams("box_number", "remark", "sscc"));--> statement-breakpoint
CREATE INDEX "declare_line_grams_idx" ON "declare_line" USING gin (tl_bigrams("name", "hs_code", "elements"));--> statement-breakpoint
CREATE INDEX "supplies_grams_idx" ON "supplies" USING gin (tl_bigrams("name", "en_name", "spec", "material_code", "brand", "hs_code"));--> statement-breakpoint
CREATE INDEX "supplies_project_idx" ON "supplies" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "supplies_contract_idx" ON "supplies" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "supplies_create_time_idx" ON "supplies" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "supplies_currency_idx" ON "supplies" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "supplies_origin_idx" ON "supplies" USING btree ("origin_country");--> statement-breakpoint
CREATE INDEX "supplies_tags_idx" ON "supplies" USING gin ("tags" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "change_record_entity_id_idx" ON "change_record" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "change_record_project_time_idx" ON "change_record" USING btree ("project_id","create_time");--> statement-breakpoint
CREATE INDEX "change_record_author_time_idx" ON "change_record" USING btree ("create_by","create_time");