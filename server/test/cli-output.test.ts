import fs from 'node:fs';
import path from 'node:path';
import { createDb } from '../src/db/connect';
import { runAdmin, seededDataDir } from './helpers';

// Each command is a fresh process (the built CLI under node), as an operator runs it.
jest.setTimeout(180_000);

/**
 * What members wrote, as a listing prints it, must stay inert in the operator's terminal. The rows are
 * written straight into the database, as an older release stored them or as a rule still lets through
 * (line breaks, DEL, C1 controls): the command line is the last place they can be made harmless.
 */
const CLEAR_AND_FORGE = 'My withdrawal is late\u001b[2J\u001b[H\u001b[32mAPPROVED OK\u001b[0m\n#999 2026-01-01T00:00:00.000Z 9000000001: refund approved';
const CSI = '\u009b2J';
const RTL = 'Ann\u202eevil';

/** Any character that would act on a terminal: C0 (tab and CR included), DEL, C1, bidi controls, line separators. */
const ACTING = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

describe('npm run admin listings print members\' text inert', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await seededDataDir('rigshare-cli-output-');
    const db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'rigshare.sqlite') });
    try {
      const k = db.kysely;
      const at = new Date().toISOString();
      const member = await k.selectFrom('users').select('id').where('phone', '=', '+919000000001').executeTakeFirstOrThrow();
      await k.updateTable('users').set({ name: `${RTL}\u001b[31m` }).where('id', '=', member.id).execute();
      await k.insertInto('feedback').values({ user_id: member.id, content: CLEAR_AND_FORGE, phone: null, attachment: null, attachment_type: null, attachment_size: null, created_at: at }).execute();
      await k.insertInto('posts').values({ user_id: member.id, content: `<p>Hi</p>\u001b]0;pwned\u0007${CSI}`, video_url: null, status: 0, created_at: at }).execute();
      await k
        .insertInto('reward_submissions')
        .values({ user_id: member.id, kind: 'video', file_id: null, url: `https://v.example/x\u001b[2K\r#7 forged`, status: 'Pending', open_key: `video:${member.id}`, created_at: at })
        .execute();
      const channel = await k.selectFrom('pay_channels').select(['id', 'currency']).orderBy('id').executeTakeFirstOrThrow();
      await k
        .insertInto('cash_deposits')
        .values({ user_id: member.id, request_id: 'cli-output-1', request_hash: 'x', pay_channel_id: channel.id, currency: channel.currency, amount: '1000000', usdt_amount: '1000000', reference: `UTR${CSI}\u007f`, status: 'Pending', created_at: at })
        .execute();
      const transfer = await k.selectFrom('ledger_transfers').select('id').orderBy('id').executeTakeFirstOrThrow();
      await k
        .insertInto('withdrawals')
        .values({
          user_id: member.id,
          request_id: 'cli-output-1',
          request_hash: 'x',
          channel: 'BANK',
          amount: '10000000',
          fee: '500000',
          net: '9500000',
          destination: '****1234',
          payout_to: `=HYPERLINK("http://evil")\u001b[8m / Bank\tof\tNowhere / 000011111234 / ABCD0123456`,
          status: 'Pending',
          created_at: at,
          hold_transfer_id: transfer.id,
        })
        .execute();
    } finally {
      await db.kysely.destroy();
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The command's lines; none holds a character that acts. */
  async function listed(command: string): Promise<string[]> {
    const { code, out } = await runAdmin(dir, [command]);
    expect(code).toBe(0);
    const lines = out.replace(/\n$/, '').split('\n');
    for (const line of lines) expect([line, ACTING.test(line)]).toEqual([line, false]);
    return lines;
  }

  it('feedback:list: the terminal is not cleared, nothing is coloured, the forged #999 row stays inside its own line', async () => {
    const lines = await listed('feedback:list');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^#\d+ \S+ \+919000000001: My withdrawal is late\\x1b\[2J\\x1b\[H\\x1b\[32mAPPROVED OK\\x1b\[0m\\n#999 2026-01-01T00:00:00.000Z 9000000001: refund approved$/);
  });

  it('post:list, team:reviews, deposit:list and withdraw:list write out the controls in content, names, links, references and payees', async () => {
    const [post] = await listed('post:list');
    expect(post).toContain('(Ann\\u202eevil\\x1b[31m)');
    expect(post).toContain('<p>Hi</p>\\x1b]0;pwned\\x07\\x9b2J');
    const [submission] = await listed('team:reviews');
    expect(submission).toMatch(/video link \+919000000001: https:\/\/v\.example\/x\\x1b\[2K\\r#7 forged$/);
    const [deposit] = await listed('deposit:list');
    expect(deposit).toMatch(/reference UTR\\x9b2J\\x7f$/);
    const [withdrawal] = await listed('withdraw:list');
    expect(withdrawal).toContain('to =HYPERLINK("http://evil")\\x1b[8m / Bank\\tof\\tNowhere / 000011111234 / ABCD0123456');
  });
});
