import { sql, type Kysely } from 'kysely';
import type { VersionedMigration } from './kit';

/**
 * A product's units sold are counted from its orders, by the database, and by nothing else (DESIGN.md
 * section 1: no seed, migration or staff action can set them apart from the orders):
 * - an order's INSERT adds its quantity to its product's `units_sold` and records the order as the last
 *   one counted (`units_sold_through`); an order beyond the units offered is refused;
 * - any other write to `units_sold` or `units_sold_through` is refused, and a product is created with none sold;
 * - an order's product and quantity never change and an order is never deleted, so the count stays the
 *   sum of the orders' quantities (`ledger:check` verifies it).
 * SQLite cannot tell a trigger's write from a direct one, so its guard accepts a change only when it
 * counts exactly one order of this product newer than the last counted (every order is counted by its
 * own INSERT, so no such order is left for anyone else to count). PostgreSQL counts a statement's
 * orders at once and accepts the change only from inside that trigger (`pg_trigger_depth`).
 *
 * Existing figures are replaced by the sum of the orders (the reference seed had set some with no order
 * behind them), and a product marked sold out that its orders do not sell out is on sale again.
 */
const DERIVED = 'units_sold is counted from orders: it cannot be written';
const OVERSOLD = 'an order beyond the units offered';
const ORDER_FIXED = 'orders never change product or quantity and are never deleted';
const SOLD_OUT = 3;
const ON_SALE = 1;

export const migration: VersionedMigration = {
  name: '0047_units_sold_from_orders',
  async up(db: Kysely<unknown>, { dialect }) {
    await sql`ALTER TABLE products ADD COLUMN units_sold_through integer`.execute(db);
    await sql`UPDATE products SET
        units_sold = (SELECT COALESCE(SUM(quantity), 0) FROM orders WHERE orders.product_id = products.id),
        units_sold_through = (SELECT MAX(id) FROM orders WHERE orders.product_id = products.id)`.execute(db);
    await sql`UPDATE products SET status = ${sql.lit(ON_SALE)} WHERE status = ${sql.lit(SOLD_OUT)} AND units_sold < units_offered`.execute(db);
    if (dialect === 'sqlite') await sqliteTriggers(db);
    else await postgresTriggers(db);
  },
};

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TRIGGER orders_count_units AFTER INSERT ON orders BEGIN
       SELECT RAISE(ABORT, '${OVERSOLD}') FROM products WHERE id = NEW.product_id AND units_sold + NEW.quantity > units_offered;
       UPDATE products SET units_sold = units_sold + NEW.quantity, units_sold_through = NEW.id WHERE id = NEW.product_id;
     END`,
    `CREATE TRIGGER products_units_sold_counted BEFORE UPDATE OF units_sold, units_sold_through ON products
     WHEN NEW.units_sold IS NOT OLD.units_sold OR NEW.units_sold_through IS NOT OLD.units_sold_through
     BEGIN
       SELECT RAISE(ABORT, '${DERIVED}') WHERE NOT (
         NEW.units_sold_through > COALESCE(OLD.units_sold_through, 0)
         AND NEW.units_sold - OLD.units_sold IS (SELECT quantity FROM orders WHERE id = NEW.units_sold_through AND product_id = NEW.id)
       );
     END`,
    `CREATE TRIGGER products_none_sold_at_start BEFORE INSERT ON products
     WHEN NEW.units_sold <> 0 OR NEW.units_sold_through IS NOT NULL
     BEGIN SELECT RAISE(ABORT, '${DERIVED}'); END`,
    `CREATE TRIGGER orders_fixed_units BEFORE UPDATE OF product_id, quantity ON orders
     WHEN NEW.product_id IS NOT OLD.product_id OR NEW.quantity IS NOT OLD.quantity
     BEGIN SELECT RAISE(ABORT, '${ORDER_FIXED}'); END`,
    `CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders BEGIN SELECT RAISE(ABORT, '${ORDER_FIXED}'); END`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    // One UPDATE per product a statement's orders bought; the products' own guard refuses more than offered.
    `CREATE FUNCTION orders_count_units() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE products p SET units_sold = p.units_sold + n.quantity, units_sold_through = GREATEST(COALESCE(p.units_sold_through, 0), n.last)
       FROM (SELECT product_id, SUM(quantity) AS quantity, MAX(id) AS last FROM counted_orders GROUP BY product_id) n
       WHERE p.id = n.product_id;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER orders_count_units AFTER INSERT ON orders REFERENCING NEW TABLE AS counted_orders
     FOR EACH STATEMENT EXECUTE FUNCTION orders_count_units()`,
    `CREATE FUNCTION products_units_sold_counted() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'INSERT' THEN
         IF NEW.units_sold <> 0 OR NEW.units_sold_through IS NOT NULL THEN
           RAISE EXCEPTION '${DERIVED}' USING ERRCODE = 'restrict_violation';
         END IF;
       ELSIF (NEW.units_sold IS DISTINCT FROM OLD.units_sold OR NEW.units_sold_through IS DISTINCT FROM OLD.units_sold_through)
         AND pg_trigger_depth() < 2 THEN
         RAISE EXCEPTION '${DERIVED}' USING ERRCODE = 'restrict_violation';
       END IF;
       IF NEW.units_sold > NEW.units_offered THEN
         RAISE EXCEPTION '${OVERSOLD}' USING ERRCODE = 'check_violation';
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER products_units_sold_counted BEFORE INSERT OR UPDATE ON products
     FOR EACH ROW EXECUTE FUNCTION products_units_sold_counted()`,
    `CREATE FUNCTION orders_fixed_units() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION '${ORDER_FIXED}' USING ERRCODE = 'restrict_violation'; END $$`,
    `CREATE TRIGGER orders_fixed_units BEFORE UPDATE ON orders FOR EACH ROW
     WHEN (NEW.product_id IS DISTINCT FROM OLD.product_id OR NEW.quantity IS DISTINCT FROM OLD.quantity)
     EXECUTE FUNCTION orders_fixed_units()`,
    `CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_fixed_units()`,
    `CREATE TRIGGER orders_no_truncate BEFORE TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION orders_fixed_units()`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
