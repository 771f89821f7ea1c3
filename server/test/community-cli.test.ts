import fs from 'node:fs';
import path from 'node:path';
import { createDb } from '../src/db/connect';
import { runAdmin, seededDataDir } from './helpers';

// Each command is a fresh process (the built CLI under node), as an operator runs it.
jest.setTimeout(180_000);

describe('npm run admin -- post:* (SQLite)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await seededDataDir('rigshare-community-cli-');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function pendingPost(content: string): Promise<number> {
    const db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'rigshare.sqlite') });
    try {
      const member = await db.kysely.selectFrom('users').select('id').where('phone', '=', '+919000000001').executeTakeFirstOrThrow();
      const row = await db.kysely
        .insertInto('posts')
        .values({ user_id: member.id, content, status: 0, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } finally {
      await db.kysely.destroy();
    }
  }

  async function rows(sql: (db: ReturnType<typeof createDb>) => Promise<unknown>) {
    const db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'rigshare.sqlite') });
    try {
      return await sql(db);
    } finally {
      await db.kysely.destroy();
    }
  }

  it('lists pending posts, passes one, fails one with a reason, refuses a second decision, and audits each', async () => {
    const a = await pendingPost('<p>First rig online</p>');
    const b = await pendingPost('Cheap followers here');
    const list = await runAdmin(dir, ['post:list']);
    expect(list.code).toBe(0);
    expect(list.out).toContain(`#${a} `);
    expect(list.out).toContain('<p>First rig online</p>');

    expect(await runAdmin(dir, ['post:pass', String(a), '--by', 'ann'])).toEqual({ code: 0, out: `post #${a} Passed\n` });
    const noReason = await runAdmin(dir, ['post:fail', String(b)]);
    expect(noReason.code).toBe(1);
    expect(noReason.out).toContain('reason');
    expect((await runAdmin(dir, ['post:fail', String(b), '--reason', 'Spam', '--by', 'ann'])).code).toBe(0);
    const again = await runAdmin(dir, ['post:pass', String(b)]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('already Failed');
    expect((await runAdmin(dir, ['post:list'])).out).toBe('no posts waiting for review\n');

    const audit = (await rows((db) => db.kysely.selectFrom('audit_log').select(['actor', 'action', 'target', 'details']).orderBy('id').execute())) as unknown[];
    expect(audit).toEqual([
      { actor: 'ann', action: 'post.pass', target: `post:${a}`, details: null },
      { actor: 'ann', action: 'post.fail', target: `post:${b}`, details: 'Spam' },
    ]);
  });

  it('posts for a member only with a staff role and a name, marked and audited', async () => {
    const noRole = await runAdmin(dir, ['post:for-member', '9000000001', '--content', 'Hello', '--by', 'ann']);
    expect(noRole.code).toBe(1);
    expect(noRole.out).toContain('--role must be one of: manager, guide_manager');
    const done = await runAdmin(dir, ['post:for-member', '9000000001', '--content', 'Welcome aboard', '--role', 'manager', '--by', 'ann']);
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/^post #(\d+) published for 9000000001, marked "posted by staff" \(manager\)/);
    const id = Number(/#(\d+)/.exec(done.out)![1]);
    const row = (await rows((db) => db.kysely.selectFrom('posts').select(['status', 'staff_role', 'staff_author']).where('id', '=', id).executeTakeFirstOrThrow())) as object;
    expect(row).toEqual({ status: 1, staff_role: 'manager', staff_author: 'ann' });
  });
});
