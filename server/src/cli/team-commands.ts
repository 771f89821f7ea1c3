import { formatAmount } from '@rigshare/domain';
import { fundRewardsBudget, rewardsBudget } from '../jobs/rewards';
import { runTeamRewards } from '../jobs/team-rewards';
import { REWARD_SETTINGS, rewardSettings, setRewardSetting, settingText, type RewardSettingName } from '../settings/reward-settings';
import { pendingSubmissions, reviewSubmission } from '../features/team';
import { idArg, jobCommand, listCommand, operatorNow, type AdminCommand } from './command';
import { operatorName } from '../audit';
import { say } from './output';


/** The rewards budget: fund it (with a reason), see it, pay what waits for it. */
export const TEAM_COMMANDS: AdminCommand[] = [
  {
    name: 'rewards:fund',
    usage: '<amount> --reason "..." [--by <name>]',
    summary: 'Funds the rewards budget that pays every team reward, then pays the rewards that waited for it',
    args: 1,
    options: ['reason', 'by'],
    async run(db, { args, options }) {
      const { transfer, payout } = await fundRewardsBudget(db, { amount: args[0], reason: options.reason, at: new Date(), actor: { by: operatorName(options.by) } });
      say`rewards budget funded with ${formatAmount(transfer.amount)} USDT, transfer T${transfer.id}; ${payout.paid} waiting reward(s) paid (${formatAmount(payout.total)} USDT), ${payout.pending} still waiting`;
      return 0;
    },
  },
  {
    name: 'rewards:budget',
    usage: '',
    summary: "Shows the rewards budget's balance and the rewards waiting for it",
    args: 0,
    async run(db) {
      const b = await rewardsBudget(db.kysely);
      say`rewards budget ${formatAmount(b.balance)} USDT; ${b.pendingCount} reward(s) waiting, ${formatAmount(b.pendingTotal)} USDT`;
      return 0;
    },
  },
  {
    name: 'rewards:settings',
    usage: '',
    summary: 'Shows the reward rates (percent of the price or income, per level) and amounts',
    args: 0,
    async run(db) {
      const settings = await rewardSettings(db.kysely);
      for (const name of Object.keys(REWARD_SETTINGS) as RewardSettingName[]) say`${name.padEnd(10)} ${settingText(name, settings[name])}`;
      return 0;
    },
  },
  {
    name: 'rewards:set',
    usage: '<setting> <value> --by "staff name" --reason "..."',
    summary: `Sets a rate in percent (${Object.keys(REWARD_SETTINGS).filter((n) => n.includes('_')).join(', ')}) or an amount in USDT (signin, register, joingroup, video)`,
    args: 2,
    options: ['by', 'reason'],
    async run(db, { args, options }) {
      const name = args[0] as RewardSettingName;
      const r = await setRewardSetting(db.kysely, { name: args[0], value: args[1], by: options.by ?? '', reason: options.reason, at: new Date() });
      say`${name}: ${settingText(name, r.old)} -> ${settingText(name, r.value)}`;
      return 0;
    },
  },
  jobCommand('jobs:rewards', 'Grants the referral and team rewards of new orders and income, then pays waiting rewards in order while the budget lasts', async (db, at) => {
    const r = await runTeamRewards(db, at);
    say`rewards: ${r.referral} referral and ${r.team} team reward(s) granted; ${r.paid} paid (${formatAmount(r.total)} USDT), ${r.pending} still waiting`;
  }),
  listCommand('team:reviews', 'Lists the join-group screenshots and video links waiting for review', {
    rows: async (db) => (await pendingSubmissions(db.kysely)).rows,
    none: 'no submissions waiting for review',
    show: (r) => say`#${r.id} ${r.createdAt} ${r.kind === 'joingroup' ? 'join-group screenshot' : 'video link'} ${r.phone}: ${r.link}`,
  }),
  {
    name: 'team:pass',
    usage: '<id> [--by <name>]',
    summary: 'Passes a submission: its reward is granted once per member and paid from the rewards budget; the member gets a message, the audit log a row',
    args: 1,
    options: ['by'],
    async run(db, { args, options }) {
      const r = await reviewSubmission(db, { id: idArg(args[0]), decision: 'pass', ...operatorNow(options) });
      say`submission #${r.id} Passed${r.rewardId ? `, reward #${r.rewardId}` : ' (reward amount 0: nothing granted)'}`;
      return 0;
    },
  },
  {
    name: 'team:fail',
    usage: '<id> --reason "..." [--by <name>]',
    summary: 'Fails a submission with a reason the member reads (they may send another); audit row written',
    args: 1,
    options: ['reason', 'by'],
    async run(db, { args, options }) {
      const r = await reviewSubmission(db, { id: idArg(args[0]), decision: 'fail', reason: options.reason, ...operatorNow(options) });
      say`submission #${r.id} Failed: ${options.reason}`;
      return 0;
    },
  },
];
