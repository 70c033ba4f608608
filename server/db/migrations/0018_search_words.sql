CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Typos are looked up among the words shops use (docs/decisions/071-typos-through-a-word-list.md): each
-- word of a shop's search text, 4 to 40 characters, once. Words no shop uses any more stay, finding nothing.
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 4 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_search_words
AFTER INSERT OR UPDATE OF name, description, category, address, tags, search_text ON shops
FOR EACH ROW EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM shops, regexp_split_to_table(shops.search_text, '[^[:alnum:]]+') AS w
WHERE length(w) BETWEEN 4 AND 40
ON CONFLICT DO NOTHING;
