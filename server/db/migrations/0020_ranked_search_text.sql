-- Search ranks a shop holding the words in its name, category or products above one holding them only
-- in its description, address, state or tags (docs/product.md §5): the search text keeps the two parts
-- apart, the first before a unit separator (chr(31)), which no stored text holds. The state is in the
-- text so that a state named in a query narrows the trigram index's candidates.
CREATE OR REPLACE FUNCTION shop_search_text(s shops) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', s.name, s.category, (SELECT string_agg(p.name, ' ') FROM products p WHERE p.shop_id = s.id))
    || chr(31) || concat_ws(' ', s.description, s.address, s.state, array_to_string(s.tags, ' ')))
$$;
--> statement-breakpoint
DROP TRIGGER shops_search_text ON shops;
--> statement-breakpoint
CREATE TRIGGER shops_search_text
BEFORE INSERT OR UPDATE OF name, description, category, address, state, tags ON shops
FOR EACH ROW EXECUTE FUNCTION shops_set_search_text();
--> statement-breakpoint
DROP TRIGGER shops_search_words ON shops;
--> statement-breakpoint
CREATE TRIGGER shops_search_words
AFTER INSERT OR UPDATE OF name, description, category, address, state, tags, search_text ON shops
FOR EACH ROW EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
UPDATE shops SET search_text = shop_search_text(shops);
