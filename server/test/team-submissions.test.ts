import sharp from 'sharp';
import { fundRewardsBudget, rewardProblems } from '../src/jobs/rewards';
import { setRewardSetting } from '../src/settings/reward-settings';
import { pendingSubmissions, reviewSubmission } from '../src/features/team';
import { getAs, ledgerCheckedApp, MANY_MEMBERS, multipartBody, post, signedInMember, testDatabases, type TestMember } from './helpers';

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
const gif = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } }).gif().toBuffer();

describe.each(testDatabases())('join-group screenshots and video links on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, { ...MANY_MEMBERS, team: { groupUrl: 'https://t.me/rigshare-test', videoSites: ['youtube.com', 'tiktok.com'] } }, { alsoCheck: [rewardProblems] });

  const upload = (m: TestMember, bytes: Buffer, type = 'image/png', name = 'shot.png') => {
    const body = multipartBody('image', name, type, bytes);
    return ctx.app.inject({ method: 'POST', url: '/api/user/joinGroup/upload', payload: body.payload, headers: { ...body.headers, 'x-access-token': m.token } });
  };
  const status = async (m: TestMember, path = 'joinGroup') => (await getAs(ctx, `/api/user/${path}/status`, m.token)).json().data;
  const shareLink = (m: TestMember, url: string) => post(ctx.app, '/api/user/shareLink/submit', { url }, { 'x-access-token': m.token });
  const rewardsOf = (m: TestMember, kind: string) => ctx.db.kysely.selectFrom('rewards').select(['amount', 'status']).where('user_id', '=', m.id).where('kind', '=', kind).execute();
  const audit = (id: number) => ctx.db.kysely.selectFrom('audit_log').select(['actor', 'action', 'details']).where('target', '=', `submission:${id}`).orderBy('id').execute();
  const messages = async (m: TestMember) => (await getAs(ctx, '/api/push/record?pageNum=1&pageSize=10', m.token)).json().data.list as { title: string; content?: string; body?: string }[];

  it('a screenshot waits for review, a fail says why and allows another, a pass pays the reward once, ever', async () => {
    await setRewardSetting(ctx.db.kysely, { name: 'joingroup', value: '0.5', by: 'test', reason: 'test amount', at: ctx.clock() });
    const m = await signedInMember(ctx);
    expect(await status(m)).toEqual({ kind: 'joingroup', amount: '500000', groupUrl: 'https://t.me/rigshare-test', videoSites: [], submission: null, reward: null });

    const first = await upload(m, await png());
    expect(first.json()).toMatchObject({ code: 200, data: { submission: { status: 'Pending', reason: null, link: expect.stringContaining('/api/user/files/') } } });
    // A second while the first waits: refused, nothing stored.
    expect((await upload(m, await png())).statusCode).toBe(409);
    expect((await upload(m, await png())).json().msg).toBe('Your earlier one is still waiting for review');

    const [pending] = (await pendingSubmissions(ctx.db.kysely)).rows.filter((p) => p.phone === m.phone);
    await expect(reviewSubmission(ctx.db, { id: pending.id, decision: 'fail', by: 'ops', at: ctx.clock() })).rejects.toThrow('A reason is required');
    await reviewSubmission(ctx.db, { id: pending.id, decision: 'fail', reason: 'Not our group', by: 'ops', at: ctx.clock() });
    expect((await status(m)).submission).toMatchObject({ status: 'Failed', reason: 'Not our group' });
    expect(await audit(pending.id)).toEqual([{ actor: 'ops', action: 'joingroup.fail', details: 'Not our group' }]);
    expect(JSON.stringify(await messages(m))).toContain('Reason: Not our group');
    await expect(reviewSubmission(ctx.db, { id: pending.id, decision: 'pass', by: 'ops', at: ctx.clock() })).rejects.toThrow('already Failed');
    expect(await rewardsOf(m, 'joingroup')).toEqual([]);

    // Another after the fail; the budget is empty: passed, the reward waits; funded: paid.
    expect((await upload(m, await png())).json().code).toBe(200);
    const [second] = (await pendingSubmissions(ctx.db.kysely)).rows.filter((p) => p.phone === m.phone);
    // Two staff pass it at the same moment: one changes it, one reward.
    const reviews = await Promise.allSettled([
      reviewSubmission(ctx.db, { id: second.id, decision: 'pass', by: 'ops', at: ctx.clock() }),
      reviewSubmission(ctx.db, { id: second.id, decision: 'pass', by: 'lead', at: ctx.clock() }),
    ]);
    expect(reviews.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // The budget starts empty (nothing funded it yet in this run): the reward waits for it.
    expect(await rewardsOf(m, 'joingroup')).toEqual([{ amount: expect.anything(), status: 'Pending' }]);
    expect((await status(m)).reward).toBe('Pending');
    await fundRewardsBudget(ctx.db, { amount: '100', reason: 'Join-group rewards', at: ctx.clock() });
    expect((await rewardsOf(m, 'joingroup')).map((r) => [BigInt(r.amount), r.status])).toEqual([[500_000n, 'Paid']]);
    expect(await status(m)).toMatchObject({ submission: { status: 'Passed', reason: null }, reward: 'Paid' });
    expect((await audit(second.id)).map((a) => a.action)).toEqual(['joingroup.pass']);
    expect(JSON.stringify(await messages(m))).toContain('passed review');
    // Passed: no further screenshot, ever.
    const again = await upload(m, await png());
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('You already received this reward');
    expect((await getAs(ctx, '/api/assets/user/record?type=Bonus', m.token)).json().data.total).toBeGreaterThanOrEqual(1);
  });

  it('refuses what is not a readable image and images over 2 MB, keeping no submission and no file (upload-intake.test.ts has the rest)', async () => {
    const m = await signedInMember(ctx);
    const notImage = await upload(m, Buffer.from('%PDF-1.4 not an image'), 'image/png', 'shot.png');
    expect(notImage.json()).toMatchObject({ code: 415, msg: 'Only PNG, JPEG, WebP and GIF images are allowed' });
    expect((await upload(m, (await png()).subarray(0, 60))).json()).toMatchObject({ code: 415, msg: 'This file is not a readable image' }); // cut short
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(m, big)).statusCode).toBe(413);
    expect((await status(m)).submission).toBeNull();
    expect(await ctx.db.kysely.selectFrom('files').select('id').where('owner_id', '=', m.id).execute()).toEqual([]);
  });

  it('takes a GIF screenshot like every upload: its first frame, stored as a PNG only its member and staff can fetch', async () => {
    const m = await signedInMember(ctx);
    const sent = await upload(m, await gif(), 'image/gif', 'shot.gif');
    expect(sent.json()).toMatchObject({ code: 200, data: { submission: { status: 'Pending' } } });
    const file = await ctx.db.kysely.selectFrom('files').select(['mime', 'purpose']).where('owner_id', '=', m.id).executeTakeFirstOrThrow();
    expect(file).toEqual({ mime: 'image/png', purpose: 'submission' });
  });

  it('a video link must be on a configured site; staff review; one reward ever', async () => {
    await fundRewardsBudget(ctx.db, { amount: '100', reason: 'Video rewards', at: ctx.clock() });
    const m = await signedInMember(ctx);
    expect(await status(m, 'shareLink')).toMatchObject({ kind: 'video', groupUrl: null, videoSites: ['youtube.com', 'tiktok.com'], submission: null });
    for (const bad of ['https://evil.example/watch?v=1', 'https://youtube.com.evil.example/x', 'javascript:alert(1)', 'not a url', 'ftp://youtube.com/x']) {
      const reply = await shareLink(m, bad);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().msg).toBe('The link must point to one of these video sites: youtube.com, tiktok.com');
    }
    expect((await status(m, 'shareLink')).submission).toBeNull();
    const sent = await shareLink(m, 'https://www.youtube.com/watch?v=abc');
    expect(sent.json()).toMatchObject({ code: 200, data: { submission: { status: 'Pending', link: 'https://www.youtube.com/watch?v=abc' } } });
    expect((await shareLink(m, 'https://tiktok.com/@me/video/1')).statusCode).toBe(409);
    const [pending] = (await pendingSubmissions(ctx.db.kysely)).rows.filter((p) => p.phone === m.phone);
    const passed = await reviewSubmission(ctx.db, { id: pending.id, decision: 'pass', by: 'ops', at: ctx.clock() });
    expect(passed.rewardId).not.toBeNull();
    expect((await rewardsOf(m, 'video')).map((r) => [BigInt(r.amount), r.status])).toEqual([[1_000_000n, 'Paid']]);
    expect((await audit(pending.id)).map((a) => [a.action, a.details])).toEqual([['video.pass', `reward:${passed.rewardId}`]]);
    expect((await shareLink(m, 'https://tiktok.com/@me/video/2')).statusCode).toBe(409);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/joinGroup/status' })).json().code).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/shareLink/status' })).json().code).toBe(401);
  });
});
