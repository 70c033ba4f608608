-- Search (SPEC §5) matches a shop's name, description, category, address, tags and product names.
-- One lower-cased column with a trigram index answers that with a single indexed ILIKE per word;
-- triggers keep it right whichever code path writes shops or products.
CREATE OR REPLACE FUNCTION shop_search_text(s shops) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', s.name, s.description, s.category, s.address, array_to_string(s.tags, ' '),
    (SELECT string_agg(p.name, ' ') FROM products p WHERE p.shop_id = s.id)))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shops_set_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := shop_search_text(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_search_text
BEFORE INSERT OR UPDATE OF name, description, category, address, tags ON shops
FOR EACH ROW EXECUTE FUNCTION shops_set_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_refresh_shop_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE shops SET search_text = shop_search_text(shops) WHERE id = OLD.shop_id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.shop_id <> OLD.shop_id THEN
    UPDATE shops SET search_text = shop_search_text(shops) WHERE id = NEW.shop_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_text
AFTER INSERT OR DELETE OR UPDATE OF name, shop_id ON products
FOR EACH ROW EXECUTE FUNCTION products_refresh_shop_search_text();
