/**
 * The rehearsal's members, through the server's own code as the benchmarks seed theirs (tools/bench/api.ts):
 * users with a real scrypt password and fund password hash, a withdrawal address, 10,000 USDT each through
 * the ledger (ledger/operator adjust), the benchmarks' product, a passed post to comment on, a few messages,
 * sessions opened directly, then a history of purchases bought through the API (nginx, both instances).
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { toE164 } from '@rigshare/domain';
// The rehearsal seeds through the server's real code, as the benchmarks do, so it imports it by path.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createDb } from '../../server/src/db/connect';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { openSession } from '../../server/src/features/accounts/sessions';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { adjust } from '../../server/src/ledger/operator';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { notifyMembers } from '../../server/src/notices';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { hashPassword } from '../../server/src/security/password';
import { insertBenchProduct } from '../bench/bench-product';
import { serverBuild } from '../src/topology';

export const PASSWORD = 'Rehearsal12345';
export const PIN = '246810';
export const STAFF = { login: 'rehearsal-finance', password: 'Rehearsal-Staff-Password-2026' };

export interface Member {
  id: number;
  /** As typed on the login screen (India picked); the database keeps it as +91... */
  phone: string;
  /** The session token in use (replaced by the morning login storm). */
  token: string;
}

export interface Seeded {
  members: Member[];
  productId: number;
  postId: number;
  /** The staff member's TOTP secret (from staff:create's otpauth URI). */
  staffSecret: string;
}

export async function seed(options: { databaseUrl: string; baseUrl: string; members: number; history: number; totpKey: string }): Promise<Seeded> {
  const db = createDb({ databaseUrl: options.databaseUrl, sqliteFile: '', poolSize: 4 });
  const k = db.kysely;
  try {
    const now = new Date();
    const iso = now.toISOString();
    const [hash, pinHash] = await Promise.all([hashPassword(PASSWORD), hashPassword(PIN)]);
    const phones = Array.from({ length: options.members }, (_, i) => `7${String(i + 1).padStart(9, '0')}`);
    const ids: number[] = [];
    for (let from = 0; from < phones.length; from += 500) {
      const rows = await k
        .insertInto('users')
        .values(
          phones.slice(from, from + 500).map((phone, i) => ({
            phone: toE164(phone, 'IN')!,
            password_hash: hash,
            name: `rehearsal ${from + i + 1}`,
            invite_code: `REH${from + i + 1}`,
            inviter_id: null,
            vip_level: 0,
            grade: 0,
            timezone_type: 0,
            created_at: iso,
            pay_password_hash: pinHash,
            pay_password_set_at: iso,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    // A small team tree: member i was invited by member floor(i / 4), so team pages have levels to count.
    for (let i = 1; i < ids.length; i++) await k.updateTable('users').set({ inviter_id: ids[Math.floor(i / 4)]! }).where('id', '=', ids[i]!).execute();
    // Each member's address and three messages, 500 members a statement: one INSERT of every member's rows
    // would pass PostgreSQL's 65 535 parameters.
    for (let from = 0; from < ids.length; from += 500) {
      const batch = ids.slice(from, from + 500);
      await k
        .insertInto('addresses')
        .values(batch.map((id, i) => ({ user_id: id, currency: 'USDT', chain: 'BEP20', address: `0x${String(from + i + 1).padStart(40, '0')}`, created_at: iso })))
        .execute();
      await notifyMembers(k, batch.flatMap((userId) => [1, 2, 3].map((n) => ({ userId, kind: 'system' as const, title: `Rehearsal ${n}`, body: 'A message to read', at: now }))));
    }
    for (const phone of phones) await adjust(db, { phone: toE164(phone, 'IN')!, amount: '10000', reason: 'Rehearsal funds', direction: 'credit', at: now });
    const productId = await insertBenchProduct(k, now, { onSaleDays: 1, dayReturnMicro: '10000', validDays: 30, priceMicro: '1000000', unitsOffered: 100_000_000, sortOrder: 100 });
    const post = await k
      .insertInto('posts')
      .values({ user_id: ids[0]!, content: 'Good morning, rigs', video_url: null, status: 1, fail_reason: null, reviewed_by: 'rehearsal', reviewed_at: iso, staff_author: null, staff_role: null, created_at: iso })
      .returning('id')
      .executeTakeFirstOrThrow();
    const members: Member[] = [];
    for (const [i, id] of ids.entries()) members.push({ id, phone: phones[i]!, token: await openSession(k, id, now, 720) });

    // Staff: a finance account made with the command operators use; its TOTP secret from the otpauth URI.
    const created = execFileSync(process.execPath, [serverBuild('admin'), 'staff:create', STAFF.login, '--role', 'finance'], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: options.databaseUrl, STAFF_TOTP_KEY: options.totpKey, STAFF_PASSWORD: STAFF.password },
    });
    const staffSecret = /secret=([A-Z2-7]+)/.exec(created)?.[1];
    if (!staffSecret) throw new Error(`staff:create printed no otpauth secret:\n${created}`);

    // History: each member's first purchases through the API, 8 at a time.
    const total = members.length * options.history;
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next++; i < total; i = next++) {
          const member = members[i % members.length]!;
          const res = await fetch(`${options.baseUrl}/api/orders/mine/order/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-access-token': member.token },
            body: new URLSearchParams({ agree: '1', productId: String(productId), quantity: '1', requestId: `history-${i}` }).toString(),
          });
          const body = (await res.json()) as { code: number };
          if (body.code !== 200) throw new Error(`history purchase ${i} failed: ${JSON.stringify(body)}`);
        }
      }),
    );
    await sql`VACUUM ANALYZE`.execute(k);
    return { members, productId, postId: post.id, staffSecret };
  } finally {
    await k.destroy();
  }
}
