import { sql, type Kysely } from 'kysely';

/** Every row the seed writes, without password hashes; numbers as strings so both drivers compare equal. */
export async function dumpSeededRows(db: Kysely<unknown>): Promise<Record<string, unknown[]>> {
  const tables: [string, string][] = [
    ['users', 'SELECT id, phone, name, invite_code, inviter_id, vip_level, grade, timezone_type, created_at FROM users ORDER BY id'],
    ['app_versions', 'SELECT * FROM app_versions ORDER BY id'],
    ['carousel', 'SELECT * FROM carousel ORDER BY id'],
    ['notices', 'SELECT * FROM notices ORDER BY id'],
    ['products', 'SELECT * FROM products ORDER BY id'],
    ['coupons', 'SELECT * FROM coupons ORDER BY id'],
    ['exchange_rates', 'SELECT * FROM exchange_rates ORDER BY currency'],
    ['pay_channels', 'SELECT * FROM pay_channels ORDER BY id'],
    ['ledger_accounts', 'SELECT id, owner_user_id, kind, allow_negative, balance, created_at FROM ledger_accounts ORDER BY id'],
    ['ledger_transfers', 'SELECT * FROM ledger_transfers ORDER BY id'],
  ];
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of tables) {
    const rows = await sql.raw<Record<string, unknown>>(query).execute(db);
    out[name] = rows.rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'bigint' ? String(v) : v])),
    );
  }
  return out;
}
