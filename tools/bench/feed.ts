/**
 * npm run bench:feed -- [--posts N] [--likes M] [--members K] [--samples S] [--keep]
 * (or BENCH_POSTS, BENCH_LIKES, BENCH_MEMBERS, BENCH_SAMPLES in the environment)
 *
 * Seeds N community posts (9 in 10 Passed) and M likes (defaults 1,000,000 and 10,000,000) with set-based
 * INSERT .. SELECT generate_series in a scratch PostgreSQL database created next to DATABASE_URL, then
 * times, S times each, the server's real code (server/src/features/community/service.ts):
 *   - the first feed page (cursor=0, as the app asks; and by pageNum, which also counts the total),
 *   - the 1,000th feed page by cursor (keyset), and the same page by pageNum (OFFSET) for comparison,
 *   - a like (the transaction: post check, unique insert, count update),
 * each beside a bare query of the same rows (the posts only; a lone INSERT into a copy of post_likes),
 * prints p50/p95 in ms and drops the scratch database (unless --keep).
 */
import { FEED_PAGE_SIZE } from '@rigshare/domain';
import { sql } from 'kysely';
import { machineLine } from './machine';
import { option, withScratchDb } from './scratch-db';
// The benchmark must time the server's real queries, so it imports the server's code by path.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { feedPage, likePost } from '../../server/src/features/community/service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { FileLinks } from '../../server/src/features/files';
// The service's module graph reaches the server's routes: their Fastify type additions, for the typecheck.
import type {} from '@fastify/multipart';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type {} from '../../server/src/types';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(samples: number, run: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < Math.min(5, samples); i++) await run(-1 - i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (t: { p50: number; p95: number }) => `p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms`;

async function main(): Promise<void> {
  const posts = option('posts', 1_000_000);
  const likes = option('likes', 10_000_000);
  const members = option('members', 100_000);
  const samples = option('samples', 200);
  const perPost = Math.ceil(likes / posts);
  if (members < perPost + 1) throw new Error(`--members must be more than likes per post (${perPost})`);
  const page = 1000;
  if (posts * 0.9 < page * FEED_PAGE_SIZE + samples) throw new Error(`--posts must give at least ${page} feed pages (about ${Math.ceil((page * FEED_PAGE_SIZE + samples) / 0.9)} posts)`);

  await withScratchDb({ prefix: 'rigshare_bench_feed' }, async (db, scratch) => {
    const k = db.kysely;
    const now = new Date();
    const t0 = Date.now();
    console.log(`seeding ${members} members, ${posts} posts and ${likes} likes in ${scratch} ...`);
    await sql`
      INSERT INTO users (phone, password_hash, name, invite_code, inviter_id, vip_level, grade, timezone_type, created_at)
      SELECT '7' || lpad(g::text, 9, '0'), 'bench', 'bench ' || g, 'F' || g, NULL, 0, 0, 0, ${now.toISOString()}
      FROM generate_series(1, ${members}::int) AS g`.execute(k);
    const firstUser = Number((await sql<{ id: number }>`SELECT min(id) AS id FROM users WHERE phone LIKE '7%'`.execute(k)).rows[0].id);
    // Post g (1-based) is liked by ceil((likes - g + 1) / posts) members; 9 in 10 posts are Passed; a post a second.
    await sql`
      INSERT INTO posts (id, user_id, content, video_url, status, like_count, comment_count, created_at)
      SELECT g, ${firstUser}::int + (g % ${members}::int), '<p>Benchmark post ' || g || ' about my rigs and their hash rate.</p>', NULL,
             CASE WHEN g % 10 = 0 THEN 0 ELSE 1 END,
             CASE WHEN g <= ${likes}::bigint THEN ((${likes}::bigint - g) / ${posts}::int) + 1 ELSE 0 END, 0,
             to_char(timestamp '2026-01-01' + g * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      FROM generate_series(1, ${posts}::int) AS g`.execute(k);
    await sql`SELECT setval(pg_get_serial_sequence('posts', 'id'), ${posts}::int)`.execute(k);
    // Like g: post 1 + (g-1) % posts, by member (post*7 + (g-1) / posts) % members: distinct per post.
    await sql`
      INSERT INTO post_likes (post_id, user_id, created_at)
      SELECT 1 + (g - 1) % ${posts}::int, ${firstUser}::int + ((((g - 1) % ${posts}::int) + 1) * 7 + (g - 1) / ${posts}::int) % ${members}::int,
             ${now.toISOString()}
      FROM generate_series(1, ${likes}::bigint) AS g`.execute(k);
    await sql`VACUUM ANALYZE`.execute(k);
    console.log(`seeded in ${seconds(Date.now() - t0)} s`);

    // The feed holds Passed posts only, whose images are public: their links are the plain file URL.
    const plainLink = (id: string) => `http://bench.invalid/api/user/files/${id}`;
    const base: FileLinks = { open: plainLink, signed: plainLink };
    const viewer = firstUser + 3;
    // The cursor of page 1,000: the id of the last post of page 999.
    const cursor = Number(
      (await sql<{ id: number }>`SELECT id FROM posts WHERE status = 1 ORDER BY id DESC OFFSET ${(page - 1) * FEED_PAGE_SIZE - 1} LIMIT 1`.execute(k)).rows[0].id,
    );
    const deep = await feedPage(k, viewer, { pageNum: page, pageSize: FEED_PAGE_SIZE, cursor }, base);
    const byOffset = await feedPage(k, viewer, { pageNum: page, pageSize: FEED_PAGE_SIZE }, base);
    if (deep.list.length !== FEED_PAGE_SIZE || deep.list.map((p) => p.id).join() !== byOffset.list.map((p) => p.id).join()) {
      throw new Error('the keyset page and the OFFSET page differ');
    }

    const bare = (extra: ReturnType<typeof sql> | null) =>
      sql`SELECT * FROM posts WHERE status = 1 ${extra ?? sql``} ORDER BY id DESC LIMIT ${FEED_PAGE_SIZE}`.execute(k);
    const results: [string, { p50: number; p95: number }][] = [];
    results.push(['feed page 1 (cursor=0, as the app asks)', await timed(samples, () => feedPage(k, viewer, { pageNum: 1, pageSize: FEED_PAGE_SIZE, cursor: 0 }, base))]);
    results.push(['  bare query, same rows', await timed(samples, () => bare(null))]);
    results.push([`feed page ${page} by cursor`, await timed(samples, () => feedPage(k, viewer, { pageNum: 1, pageSize: FEED_PAGE_SIZE, cursor }, base))]);
    results.push(['  bare query, same rows', await timed(samples, () => bare(sql`AND id < ${cursor}`))]);
    results.push(['feed page 1 by pageNum (with total)', await timed(Math.min(samples, 50), () => feedPage(k, viewer, { pageNum: 1, pageSize: FEED_PAGE_SIZE }, base))]);
    results.push([`feed page ${page} by OFFSET (old)`, await timed(Math.min(samples, 50), () => feedPage(k, viewer, { pageNum: page, pageSize: FEED_PAGE_SIZE }, base))]);

    // Likes by a member who has liked nothing, on distinct Passed posts near the top of the feed.
    const liker = firstUser + members - 1;
    const targets = (await sql<{ id: number }>`SELECT id FROM posts WHERE status = 1 AND NOT EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = posts.id AND l.user_id = ${liker}) ORDER BY id DESC LIMIT ${samples + 10}`.execute(k)).rows.map((r) => Number(r.id));
    const likeTarget = (i: number) => targets[i < 0 ? samples - 1 - i : i];
    results.push(['like', await timed(samples, (i) => likePost(db, liker, likeTarget(i), now))]);
    await sql`CREATE TABLE bench_bare_likes (LIKE post_likes INCLUDING ALL)`.execute(k);
    results.push(['  bare INSERT of a like', await timed(samples, (i) => sql`INSERT INTO bench_bare_likes (post_id, user_id, created_at) VALUES (${likeTarget(i)}, ${liker}, ${now.toISOString()})`.execute(k))]);

    console.log(`\n${posts} posts, ${likes} likes, ${members} members; page size ${FEED_PAGE_SIZE}; ${samples} samples each`);
    for (const [name, t] of results) console.log(`${name.padEnd(40)} ${ms(t)}`);
    console.log(`\nMachine: ${machineLine()}`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
