-- Search ranks a shop holding the words in its name, category or products above one holding them only
-- in its description, address or tags (docs/product.md §5): the search text keeps the two parts apart,
-- the first before a unit separator (chr(31)), which no stored text holds.
CREATE OR REPLACE FUNCTION shop_search_text(s shops) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', s.name, s.category, (SELECT string_agg(p.name, ' ') FROM products p WHERE p.shop_id = s.id))
    || chr(31) || concat_ws(' ', s.description, s.address, array_to_string(s.tags, ' ')))
$$;
--> statement-breakpoint
UPDATE shops SET search_text = shop_search_text(shops);
