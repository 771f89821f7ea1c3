import fs from 'node:fs';
import path from 'node:path';
import { createDb } from '../src/db/connect';
import { runAdmin, seededDataDir } from './helpers';

// Each command is a fresh process (the built CLI under node), as an operator runs it.
jest.setTimeout(180_000);

describe('npm run admin -- carousel:* notice:* push:send news:* (SQLite)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await seededDataDir('rigshare-messages-cli-');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function query<T>(run: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
    const db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'rigshare.sqlite') });
    try {
      return await run(db);
    } finally {
      await db.kysely.destroy();
    }
  }
  const audit = () => query((db) => db.kysely.selectFrom('audit_log').select(['actor', 'action', 'target', 'details']).orderBy('id').execute());

  it('publishes and unpublishes home content and sends messages, one audit row per command that changed something', async () => {
    const popup = await runAdmin(dir, ['notice:publish', '--kind', 'popup', '--title', 'Pool paused', '--content', 'Tonight 02:00-02:10 UTC.', '--by', 'ann']);
    expect(popup).toEqual({ code: 0, out: expect.stringMatching(/^popup notice #(\d+) published\n$/) });
    const popupId = Number(/#(\d+)/.exec(popup.out)![1]);

    const banner = await runAdmin(dir, ['carousel:publish', '--title', 'Pool report', '--image', '/api/user/static/banner-rent.svg', '--link', '#/news', '--sort', '0', '--by', 'ann']);
    expect(banner.code).toBe(0);
    const bannerId = Number(/carousel #(\d+) published/.exec(banner.out)![1]);
    const listed = await runAdmin(dir, ['carousel:list']);
    expect(listed.out.split('\n')[0]).toBe(`#${bannerId} sort 0: Pool report /api/user/static/banner-rent.svg -> #/news`);
    expect(await runAdmin(dir, ['carousel:unpublish', String(bannerId), '--by', 'bob'])).toEqual({ code: 0, out: `carousel #${bannerId} unpublished\n` });
    expect((await runAdmin(dir, ['notice:list'])).out).toContain(`#${popupId} `);

    // One member by phone, then everyone: the demo member gets both.
    expect(await runAdmin(dir, ['push:send', '9000000001', '--title', 'Hello', '--content', 'Your KYC is approved.', '--by', 'ann'])).toEqual({
      code: 0,
      out: expect.stringMatching(/^message sent to 1 member \(member:\d+\)\n$/),
    });
    const everyone = await runAdmin(dir, ['push:send', '--all', '--title', 'Maintenance', '--content', 'Sunday 02:00 UTC.', '--by', 'ann']);
    const members = await query(async (db) => Number((await db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n));
    expect(everyone).toEqual({ code: 0, out: `message sent to ${members} member${members === 1 ? '' : 's'} (members:all)\n` });
    const demoMessages = await query((db) =>
      db.kysely.selectFrom('push_messages').innerJoin('users', 'users.id', 'push_messages.user_id').select(['title_text', 'body_text']).where('users.phone', '=', '+919000000001').orderBy('push_messages.id').execute(),
    );
    expect(demoMessages).toEqual([
      { title_text: 'Hello', body_text: 'Your KYC is approved.' },
      { title_text: 'Maintenance', body_text: 'Sunday 02:00 UTC.' },
    ]);

    const news = await runAdmin(dir, ['news:publish', '--title', 'New machines', '--content', 'S21 units are on sale.', '--by', 'cara']);
    const newsId = Number(/#(\d+)/.exec(news.out)![1]);

    expect(await audit()).toEqual([
      { actor: 'ann', action: 'notice.publish', target: `notice:${popupId}`, details: 'popup: Pool paused' },
      { actor: 'ann', action: 'carousel.publish', target: `carousel:${bannerId}`, details: 'Pool report' },
      { actor: 'bob', action: 'carousel.unpublish', target: `carousel:${bannerId}`, details: null },
      { actor: 'ann', action: 'push.send', target: expect.stringMatching(/^member:\d+$/), details: 'Hello (1 member)' },
      { actor: 'ann', action: 'push.send', target: 'members:all', details: `Maintenance (${members} member${members === 1 ? '' : 's'})` },
      { actor: 'cara', action: 'news.publish', target: `news:${newsId}`, details: 'news: New machines' },
    ]);
  });

  it('video:publish, video:list and video:unpublish the home videos; a video without a poster frame is refused', async () => {
    const refused = await runAdmin(dir, ['video:publish', '--placement', 'home', '--title', 'Welcome', '--video', 'https://cdn.example/welcome.mp4', '--by', 'ann']);
    expect(refused).toEqual({ code: 1, out: expect.stringContaining('A poster frame is required') });
    const published = await runAdmin(dir, ['video:publish', '--placement', 'home', '--title', 'Welcome', '--video', 'https://cdn.example/welcome.mp4', '--poster', '/api/user/static/banner-rent.svg', '--translations', '{"de-DE":{"title":"Willkommen"}}', '--by', 'ann']);
    expect(published).toEqual({ code: 0, out: expect.stringMatching(/^home video #(\d+) published: Welcome\n$/) });
    const id = Number(/#(\d+)/.exec(published.out)![1]);
    expect((await runAdmin(dir, ['video:list'])).out.split('\n')[0]).toBe(`#${id} home sort 0: Welcome https://cdn.example/welcome.mp4 poster /api/user/static/banner-rent.svg`);
    expect(await runAdmin(dir, ['video:unpublish', String(id), '--by', 'bob'])).toEqual({ code: 0, out: `video #${id} unpublished\n` });
    expect((await runAdmin(dir, ['video:list'])).out).toContain(`#${id} home sort 0 (unpublished): Welcome`);
    const audit = await query((db) => db.kysely.selectFrom('audit_log').select(['actor', 'action']).where('target', '=', `video:${id}`).orderBy('id').execute());
    expect(audit).toEqual([
      { actor: 'ann', action: 'video.publish' },
      { actor: 'bob', action: 'video.unpublish' },
    ]);
  });

  it("saves a feedback's attachment from the file storage to a file", async () => {
    const bytes = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(1000, 3)]);
    fs.mkdirSync(path.join(dir, 'files'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'files', 'fb-cli-test'), bytes);
    const id = await query(async (db) => {
      const member = await db.kysely.selectFrom('users').select('id').where('phone', '=', '+919000000001').executeTakeFirstOrThrow();
      const row = await db.kysely
        .insertInto('feedback')
        .values({ user_id: member.id, content: 'word '.repeat(12).trim(), phone: null, attachment: 'fb-cli-test', attachment_type: 'image/png', attachment_size: bytes.length, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const out = path.join(dir, 'saved.png');
    expect(await runAdmin(dir, ['feedback:attachment', String(id), '--out', out])).toEqual({ code: 0, out: `feedback #${id}: image/png, ${bytes.length} bytes saved to ${out}\n` });
    expect(fs.readFileSync(out).equals(bytes)).toBe(true);
    const again = await runAdmin(dir, ['feedback:attachment', String(id), '--out', out]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('nothing overwritten');
  });

  it('refuses a wrong command line before anything runs, and a refused command writes no audit row', async () => {
    const before = (await audit()).length;
    // Both a member and --all, or neither: refused.
    const both = await runAdmin(dir, ['push:send', '9000000001', '--all', '--title', 'x', '--content', 'y']);
    expect(both.code).toBe(1);
    expect(both.out).toContain('not both');
    const neither = await runAdmin(dir, ['push:send', '--title', 'x', '--content', 'y']);
    expect(neither.code).toBe(1);
    // Two members: a usage error (exit 2), like an unknown option.
    const two = await runAdmin(dir, ['push:send', '9000000001', '9000000002', '--title', 'x']);
    expect(two.code).toBe(2);
    expect(two.out).toContain('push:send takes 0 to 1 argument(s), got 2');
    expect((await runAdmin(dir, ['notice:publish', '--kind', 'scroll', '--colour', 'red'])).code).toBe(2);
    const unknown = await runAdmin(dir, ['push:send', '1234', '--title', 'x', '--content', 'y']);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No member 1234');
    const noImage = await runAdmin(dir, ['carousel:publish', '--title', 'No picture']);
    expect(noImage.code).toBe(1);
    expect(noImage.out).toContain('An image is required');
    expect((await audit()).length).toBe(before);
  });

  it('publishes a wallet-page notice with an optional title and takes it down, each an audit row', async () => {
    const published = await runAdmin(dir, ['notice:publish', '--kind', 'wallet', '--content', 'Bank withdrawals are paid on working days.', '--by', 'dev']);
    expect(published).toEqual({ code: 0, out: expect.stringMatching(/^wallet notice #(\d+) published\n$/) });
    const id = Number(/#(\d+)/.exec(published.out)![1]);
    expect((await runAdmin(dir, ['notice:list'])).out).toContain(`#${id} `);
    const row = () => query((db) => db.kysely.selectFrom('notices').select(['kind', 'title', 'active']).where('id', '=', id).executeTakeFirstOrThrow());
    expect(await row()).toEqual({ kind: 'wallet', title: '', active: 1 });
    expect(await runAdmin(dir, ['notice:unpublish', String(id), '--by', 'eve'])).toEqual({ code: 0, out: `notice #${id} unpublished\n` });
    expect((await row()).active).toBe(0);
    expect((await audit()).filter((r) => r.target === `notice:${id}`)).toEqual([
      { actor: 'dev', action: 'notice.publish', target: `notice:${id}`, details: 'wallet: Bank withdrawals are paid on working days.' },
      { actor: 'eve', action: 'notice.unpublish', target: `notice:${id}`, details: null },
    ]);
  });
});
