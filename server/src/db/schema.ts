import type { ColumnType, Generated } from 'kysely';

/**
 * Table types. Times are ISO 8601 UTC text (portable and ordered on both dialects); money is BIGINT
 * micro-units, which the drivers hand back as number (SQLite) or string (pg): read it with toMicro().
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  guess_counters: GuessCountersTable;
  sms_outbox: SmsOutboxTable;
  email_outbox: EmailOutboxTable;
  files: FilesTable;
  server_keys: ServerKeysTable;
  app_versions: AppVersionsTable;
  site_settings: SiteSettingsTable;
  carousel: CarouselTable;
  notices: NoticesTable;
  videos: VideosTable;
  products: ProductsTable;
  ledger_accounts: LedgerAccountsTable;
  events: EventsTable;
  ledger_transfers: LedgerTransfersTable;
  orders: OrdersTable;
  income_accruals: IncomeAccrualsTable;
  takeouts: TakeoutsTable;
  coupons: CouponsTable;
  user_coupons: UserCouponsTable;
  exchange_rates: ExchangeRatesTable;
  job_runs: JobRunsTable;
  addresses: AddressesTable;
  bank_cards: BankCardsTable;
  pay_channels: PayChannelsTable;
  withdrawals: WithdrawalsTable;
  cash_deposits: CashDepositsTable;
  deposit_addresses: DepositAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_deposits: ChainDepositsTable;
  exchange_codes: ExchangeCodesTable;
  exchange_redemptions: ExchangeRedemptionsTable;
  push_messages: PushMessagesTable;
  unread_counts: UnreadCountsTable;
  posts: PostsTable;
  post_images: PostImagesTable;
  post_likes: PostLikesTable;
  post_comments: PostCommentsTable;
  audit_log: AuditLogTable;
  rewards: RewardsTable;
  reward_settings: RewardSettingsTable;
  reward_setting_changes: RewardSettingChangesTable;
  team_cursors: TeamCursorsTable;
  sign_ins: SignInsTable;
  reward_submissions: RewardSubmissionsTable;
  member_time_zones: MemberTimeZonesTable;
  news: NewsTable;
  feedback: FeedbackTable;
  solvency_snapshots: SolvencySnapshotsTable;
  solvency_leaves: SolvencyLeavesTable;
  solvency_reserves: SolvencyReservesTable;
  solvency_bank_balances: SolvencyBankBalancesTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  withdrawal_approvals: WithdrawalApprovalsTable;
  popup_views: PopupViewsTable;
}

/** A solvency snapshot (migration 0027): ledger totals and the Merkle sum root of the member leaves. */
export interface SolvencySnapshotsTable {
  id: Generated<number>;
  taken_at: string;
  root: string;
  leaf_count: number;
  member_available: Money;
  member_held: Money;
  member_pending_income: Money;
  member_liabilities: Money;
  revenue_pool: Money;
  rewards_budget: Money;
  /** HMAC key of the members' nonces; never published. */
  secret: string;
}

/** A member's leaf: position in the (shuffled) leaf order and the balance it commits to. */
export interface SolvencyLeavesTable {
  snapshot_id: number;
  position: number;
  user_id: number;
  balance: Money;
}

/** An operator address's token balance read for a snapshot (or why it could not be read). */
export interface SolvencyReservesTable {
  snapshot_id: number;
  address: string;
  balance: Money | null;
  block_number: Money | null;
  error: string | null;
}

/** A bank balance finance declared, as of a date; the newest row per name counts. */
export interface SolvencyBankBalancesTable {
  id: Generated<number>;
  name: string;
  amount: Money;
  as_of: string;
  declared_by: string;
  declared_at: string;
}

/** Staff accounts (migration 0023): apart from members; the TOTP secret is stored encrypted. */
export interface StaffTable {
  id: Generated<number>;
  login: string;
  password_hash: string;
  role: string;
  totp_secret: string;
  totp_last_step: Generated<number>;
  enrolled: Generated<number>;
  disabled: Generated<number>;
  created_at: string;
}

/** Staff sessions (migration 0023): the token's sha256; idle expiry slides with last_seen_at. */
export interface StaffSessionsTable {
  token_hash: string;
  staff_id: number;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
}

/** One staff approval of a withdrawal (migration 0023): once per staff member; four-eyes needs two. */
export interface WithdrawalApprovalsTable {
  id: Generated<number>;
  withdrawal_id: number;
  staff_login: string;
  tx_hash: string | null;
  reference: string | null;
  created_at: string;
}

/** Community posts (migration 0012): content as sent, review state 0/1/2, staff mark when staff posted. */
export interface PostsTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  video_url: string | null;
  status: number;
  fail_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  staff_author: string | null;
  staff_role: string | null;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  created_at: string;
}

export interface PostImagesTable {
  id: Generated<number>;
  post_id: number;
  file_id: string;
  position: number;
}

/** One row per member per post (unique post_id, user_id). */
export interface PostLikesTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  created_at: string;
}

export interface PostCommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  reply_to_comment_id: number | null;
  reply_to_user_id: number | null;
  content: string;
  created_at: string;
}

/** Append-only staff actions (migration 0013). */
export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  actor_role: string | null;
  action: string;
  target: string;
  details: string | null;
  created_at: string;
  member_id: number | null;
  before_state: string | null;
  after_state: string | null;
  reason: string | null;
  source_address: string | null;
}

/** One daily sign-in (migration 0017): unique per member and calendar day of the member's time zone. */
export interface SignInsTable {
  id: Generated<number>;
  user_id: number;
  /** YYYY-MM-DD in the member's time zone. */
  day: string;
  amount: Money;
  reward_id: number | null;
  created_at: string;
}

/** A join-group screenshot or a video-share link staff review (migration 0020). */
export interface RewardSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'joingroup' | 'video';
  file_id: string | null;
  url: string | null;
  status: 'Pending' | 'Passed' | 'Failed';
  /** "<kind>:<member>" while Pending or Passed, null once Failed: one open or passed submission per member and kind. */
  open_key: string | null;
  fail_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  reward_id: number | null;
  created_at: string;
}

/** The IANA time zone a member's sign-in days are counted in, fixed at the first sign-in. */
export interface MemberTimeZonesTable {
  user_id: number;
  time_zone: string;
  created_at: string;
}

/** Reward rates (basis points) and amounts (micro-units) staff set (migration 0016). */
export interface RewardSettingsTable {
  name: string;
  value: Money;
  updated_at: string;
}

/** Who changed a reward setting, when and why. */
export interface RewardSettingChangesTable {
  id: Generated<number>;
  name: string;
  old_value: Money;
  new_value: Money;
  changed_by: string;
  reason: string;
  created_at: string;
}

/** How far the team reward job has granted: the highest order id and income transfer id seen. */
export interface TeamCursorsTable {
  name: string;
  value: Money;
}

/** A reward owed to a member (migration 0015): Pending until the rewards budget pays it (transfer_id). */
export interface RewardsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  source_key: string;
  amount: Money;
  status: string;
  from_user_id: number | null;
  level: string | null;
  /** The reward's own transfer reward:<id>, for rewards paid before migration 0055; null since. */
  transfer_id: number | null;
  created_at: string;
  paid_at: string | null;
  /** The payout (job_runs id) whose transfer rewards-run:<run> paid it into platform.rewards_payable (migration 0055). */
  paid_run_id: Generated<number | null>;
  /** The key of the transfer that collected it from rewards payable into the member's available balance; null: still owed. */
  collect_key: Generated<string | null>;
}

/** What the live channel pushes (migration 0053, src/events): written with the change it reports. */
export interface EventsTable {
  id: Generated<number>;
  /** 'member' (member_id's own), 'staff' (roles that may see data.queue), 'public', 'session' (closes member_id's channels). */
  audience: string;
  member_id: number | null;
  topic: string;
  /** JSON. */
  data: string;
  created_at: string;
}

/** Each member's unread message count (migration 0054, src/notices/unread.ts): kept with every message added or read. */
export interface UnreadCountsTable {
  user_id: number;
  unread: number;
}

/** A member's messages (migration 0010): keys rendered in the reader's language, or staff's own text. */
export interface PushMessagesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title_key: string | null;
  body_key: string | null;
  /** JSON object of the keys' parameters. */
  params: string | null;
  title_text: string | null;
  body_text: string | null;
  is_read: Generated<number>;
  created_at: string;
}

/** News and notices staff publish (migration 0018). */
export interface NewsTable {
  id: Generated<number>;
  kind: string;
  title: string;
  content: string;
  active: Generated<number>;
  published_at: string;
}

/**
 * A member's feedback (migration 0019). The attachment is a `files` row's id (purpose 'feedback'); older
 * ones are a storage key fb-<uuid> (given a files row by migration 0045) or a file under DATA_DIR/feedback.
 */
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  phone: string | null;
  attachment: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
}

/** One pop-up notice shown to one member (migration 0021): unique per (member, notice). */
export interface PopupViewsTable {
  id: Generated<number>;
  user_id: number;
  notice_id: number;
  seen_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  phone: string;
  password_hash: string;
  name: string;
  invite_code: string;
  inviter_id: number | null;
  head_url: string | null;
  vip_level: number;
  grade: number;
  mark_headbg_url: string | null;
  mark_text: string | null;
  timezone_type: number | null;
  created_at: string;
  /** scrypt hash of the 6-digit fund password; null until the member sets one (migration 0006). */
  pay_password_hash: Generated<string | null>;
  pay_password_set_at: Generated<string | null>;
  /** The latest security change; withdrawals wait WITHDRAW_HOLD_HOURS from it. */
  withdraw_hold_from: Generated<string | null>;
  /** Set while staff have frozen the member: they can read but not buy, withdraw or post (migration 0033). */
  frozen_at: Generated<string | null>;
  frozen_reason: Generated<string | null>;
  /** The bound email address, lower case, proved by a code sent to it; null until bound (migration 0039). */
  email: Generated<string | null>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: string;
  used_at: string | null;
}

/** Tries at guessing a secret (migration 0044, security/guess-limits.ts). */
export interface GuessCountersTable {
  key: string;
  count: number;
  /** Of `count`, the tries still being checked. */
  in_flight: number;
  last_at: string;
  expires_at: string;
  /** Bumped by every write; a try is taken only by the write that finds the version it read. */
  version: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The address an email code went to (migration 0039); null for SMS codes. */
  email: Generated<string | null>;
}

/** How an outbox row is delivered (SMS and email alike). */
interface OutboxDelivery {
  created_at: string;
  /** 'outbox' (kept here only, migration 0011), 'sending', 'sent' (the gateway or mail server accepted it) or 'failed' (after the last retry). */
  status: Generated<string>;
  /** Tries made to hand it over (0 when only kept in the outbox). */
  attempts: Generated<number>;
  /** The gateway's or mail server's message id, when it answered with one. */
  provider_id: string | null;
  /** The last try's error. */
  error: string | null;
  /** Migration 0043: while 'sending', until when the process delivering it holds it (outbox/delivery.ts). */
  lease_until: string | null;
}

export interface SmsOutboxTable extends OutboxDelivery {
  id: Generated<number>;
  phone: string;
  purpose: string;
  body: string;
}

export interface EmailOutboxTable extends OutboxDelivery {
  id: Generated<number>;
  email: string;
  purpose: string;
  subject: string;
  body: string;
}

export interface FilesTable {
  id: string;
  owner_id: number | null;
  mime: string;
  bytes: Buffer;
  created_at: string;
  /**
   * Migration 0045: what the file is for, which decides who may fetch it (features/files/access.ts):
   * 'avatar' (anyone), 'post' (anyone once its post is Passed), 'submission' or 'feedback' (its owner and staff).
   */
  purpose: FilePurpose;
}

export type FilePurpose = 'avatar' | 'post' | 'submission' | 'feedback';

/** Keys the server makes for itself on first use, shared by every instance (migration 0045): 'file-links'. */
export interface ServerKeysTable {
  name: string;
  /** Hex. */
  secret: string;
  created_at: string;
}

export interface AppVersionsTable {
  id: Generated<number>;
  platform: string;
  version: string;
  code: number;
  down_url: string;
  extra: string;
  compulsory: number;
  created_at: string;
}

export interface CarouselTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  /** JSON { "<locale tag>": { title, subtitle } }; English lives in title/subtitle. */
  translations: string | null;
  image_url: string;
  link: string;
  sort_order: number;
  active: number;
}

export interface VideosTable {
  id: Generated<number>;
  /** 'carousel' (the home video carousel) or 'home' (the home video: the newest published one). */
  placement: string;
  title: string;
  /** JSON { "<locale tag>": { title } }; English lives in title. */
  translations: string | null;
  /** An https .mp4/.webm URL or a file of this server (/api/user/files/<id>). */
  video_url: string;
  /** The poster frame shown before play: an https URL or /api/user/static|files/<name>. */
  poster_url: string;
  sort_order: number;
  active: number;
  created_at: string;
}

export interface NoticesTable {
  id: Generated<number>;
  /** 'popup' or 'scroll'. */
  kind: string;
  title: string;
  content: string;
  /** JSON { "<locale tag>": { title, content } }; English lives in title/content. */
  translations: string | null;
  active: number;
  created_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  category_name: string;
  image_url: string;
  /** 1 on sale, 3 sold out, 5 pre-sale, 6 rush purchase. */
  status: number;
  start_time: string;
  end_time: string;
  day_return_micro: string | number | bigint;
  valid_days: number;
  price_micro: string | number | bigint;
  max_buy: number;
  units_offered: number;
  /** The sum of the product's orders' quantities, kept by the database from order inserts only (0047): never written by code. */
  units_sold: ColumnType<number, never, never>;
  /** The last order counted into units_sold (0047). */
  units_sold_through: ColumnType<number | null, never, never>;
  sort_order: number;
  /** When staff closed it: its sale ended then and members no longer see it in the list (0034). */
  closed_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

type Money = string | number | bigint;

/** One account of the double-entry ledger; balance = credits - debits, kept by src/ledger only. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  owner_user_id: number | null;
  kind: string;
  /** 1 for platform accounts that may go below zero (sources such as adjustments); 0 otherwise. */
  allow_negative: number;
  balance: Money;
  created_at: string;
}

/** An immutable movement of `amount` from the debit account to the credit account. */
export interface LedgerTransfersTable {
  id: Generated<number>;
  idempotency_key: string;
  /** Groups the legs of one operation (all committed together). */
  operation_key: string;
  debit_account_id: number;
  credit_account_id: number;
  amount: Money;
  type: string;
  description: string;
  /** The staff member's stated reason for an Adjustment; null otherwise. */
  reason: string | null;
  /** debit>credit:amount:type; a retry with the same key must carry the same fingerprint. */
  fingerprint: string;
  created_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  quantity: number;
  unit_price: Money;
  amount: Money;
  coupon_id: number | null;
  coupon_amount: Money;
  day_return_amount: Money;
  valid_days: number;
  request_id: string;
  request_hash: string;
  created_at: string;
  /** created_at in epoch milliseconds, so the accrual job finds due days with integer arithmetic. */
  created_ms: Money;
  /** created_ms + valid_days x 24 h: the last day's due time. */
  ends_ms: Money;
  status: string;
  /** The first day the accrual job pays: 2 when day 1 was the free first-day income (migration 0042), else 1. */
  first_job_day: Generated<number>;
  /** A sold-back order (status 'Sold', migration 0052): when, for how much, and the last day whose income the member keeps. */
  sold_at: string | null;
  sold_amount: Money | null;
  kept_days: number | null;
}

export interface IncomeAccrualsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  day: number;
  amount: Money;
  /** 'Paid' or 'Delayed'. */
  status: string;
  reason: string | null;
  /** When the day became due, epoch ms (created_ms + day x 24 h). */
  due_ms: Money;
  accrued_at: string | null;
  /**
   * The job run that paid it; null for a bonus or while delayed. Its transfer is accrual:<run> into
   * platform.income_payable (payable = 1), or, for runs before migration 0041, accrual:<run>:<user>.
   */
  paid_run_id: number | null;
  /** 'job' or 'bonus' (the free first-day income). */
  source: string;
  /** 1: paid into platform.income_payable, owed to the member until a takeout moves it; 0: paid to the member's own account. */
  payable: Generated<number>;
  /** The request id of the member's takeout that moved this payable day to them (takeouts is unique on user and request id). */
  takeout_request_id: string | null;
}

export interface TakeoutsTable {
  id: Generated<number>;
  user_id: number;
  request_id: string;
  amount: Money;
  status: string;
  transfer_id: number;
  settle_transfer_id: number | null;
  created_at: string;
  settle_due_at: string;
  settled_at: string | null;
}

export interface CouponsTable {
  id: Generated<number>;
  name: string;
  translations: string | null;
  amount: Money;
  min_spend: Money;
  product_id: number | null;
  start_time: string;
  end_time: string;
  active: number;
  /** The most the discounts of this coupon may add up to (amount x members who took it); null for no limit (0035). */
  budget: ColumnType<Money | null, Money | null | undefined, Money | null>;
  /** How many members took it; raised by the statement that checks the budget (0035). */
  claimed: ColumnType<number, number | undefined, number>;
  /** When a withdrawn or ended coupon returned its unused reservation to the promotions budget (0048). */
  released_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export interface UserCouponsTable {
  id: Generated<number>;
  user_id: number;
  coupon_id: number;
  received_at: string;
  used_at: string | null;
  order_id: number | null;
}

export interface ExchangeRatesTable {
  currency: string;
  /** Units of the currency per 1 USD, a decimal string. */
  rate: string;
  source: string;
  updated_at: string;
}

export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  /** The clock time the run accrued up to. */
  as_of: string;
  created_at: string;
  /** Accrual: the highest order id the run saw (null for runs before migration 0005). */
  max_order_id: number | null;
}

/** The member's one USDT withdrawal address. */
export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  chain: string;
  address: string;
  created_at: string;
}

/** The member's one bank account for withdrawals in INR. */
export interface BankCardsTable {
  id: Generated<number>;
  user_id: number;
  holder_name: string;
  bank_name: string;
  account_number: string;
  ifsc: string;
  created_at: string;
}

/** Operator-configured channels members pay recharges into. */
/** Links staff set in the console (customer service, the join-group link), with who and when (0035). */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_by: string;
  updated_at: string;
}

export interface PayChannelsTable {
  id: Generated<number>;
  name: string;
  currency: string;
  /** Minimum recharge in micro-units of `currency`. */
  min_amount: Money;
  /** 'bank' or 'cash'. */
  kind: string;
  /** English, like `name`. */
  instructions: string;
  /** Other languages of name and instructions: JSON { "<locale tag>": { "name": ..., "instructions": ... } } (shape since migration 0011). */
  translations: string | null;
  sort_order: number;
  active: number;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  request_id: string;
  /** channel:amount; a retry with the same request id must carry the same content. */
  request_hash: string;
  /** 'USDT' or 'BANK'. */
  channel: string;
  amount: Money;
  fee: Money;
  net: Money;
  /** Shortened address or masked account number, as shown to the member. */
  destination: string;
  /** Where staff pay it, in full, as the member had it bound when asking (address, or holder / bank / account / IFSC). */
  payout_to: string;
  /** 'Pending', 'Succeeded' or 'Failed'. */
  status: string;
  created_at: string;
  decided_at: string | null;
  tx_hash: string | null;
  reference: string | null;
  reason: string | null;
  /** available -> held at creation. */
  hold_transfer_id: number;
  /** held -> available when staff rejected it. */
  return_transfer_id: number | null;
}

export interface CashDepositsTable {
  id: Generated<number>;
  user_id: number;
  request_id: string;
  request_hash: string;
  pay_channel_id: number;
  currency: string;
  /** Micro-units of `currency`. */
  amount: Money;
  /** Micro-USDT credited on confirmation (converted at creation with the operator rate). */
  usdt_amount: Money;
  reference: string;
  /** 'Pending', 'Arrived' or 'Failed'. */
  status: string;
  created_at: string;
  decided_at: string | null;
  reason: string | null;
  transfer_id: number | null;
}

/** A member's USDT (BEP20) deposit address: child `derivation_index` (= user id) of DEPOSIT_XPUB. */
export interface DepositAddressesTable {
  id: Generated<number>;
  user_id: number;
  /** Lower-case 0x hex. */
  address: string;
  derivation_index: number;
  created_at: string;
}

/** How far the chain watcher has scanned one token on one chain; block numbers read with Number(). */
export interface ChainCursorsTable {
  chain_id: number;
  /** Lower-case 0x hex. */
  token_address: string;
  /** decimals() as the contract answered at the latest pass. */
  decimals: number;
  start_block: Money;
  last_scanned_block: Money;
  /** The chain head at the latest pass: confirmations shown to members count from it. */
  head_block: Money;
  updated_at: string;
}

/** One Transfer log of the token to a member's deposit address. */
export interface ChainDepositsTable {
  id: Generated<number>;
  chain_id: number;
  token_address: string;
  tx_hash: string;
  log_index: number;
  user_id: number;
  address: string;
  from_address: string;
  /** Token units, decimal text. */
  units: string;
  /** Micro-USDT, rounded down. */
  amount: Money;
  block_number: Money;
  block_hash: string;
  /** 'Pending', 'Arrived', 'Below minimum' or 'Dropped'. */
  status: string;
  /** Why it was not credited: 'belowMinimum', 'reorged' or 'tooLarge'. */
  reason: string | null;
  /** USDT_DEPOSIT_MIN when the log was recorded. */
  minimum: Money;
  created_at: string;
  arrived_at: string | null;
  /** deposits_clearing -> member.available, key chain:<chainId>:<txHash>:<logIndex>. */
  transfer_id: number | null;
}

/** An operator exchange code: `amount` per member until `remaining` (of `budget`) runs out. */
export interface ExchangeCodesTable {
  id: Generated<number>;
  /** Upper case letters, digits, '-' and '_'. */
  code: string;
  amount: Money;
  budget: Money;
  remaining: Money;
  /** The staff member's stated purpose; not shown to members. */
  reason: string;
  /** 'Open' or 'Closed'. */
  status: string;
  created_at: string;
  closed_at: string | null;
}

/** A member's one exchange (unique user_id): rewards_reserved -> member.available (what its code reserved) under exchange:<userId>. */
export interface ExchangeRedemptionsTable {
  id: Generated<number>;
  user_id: number;
  code_id: number;
  amount: Money;
  request_id: string;
  transfer_id: number;
  created_at: string;
}

export function toMicro(value: string | number | bigint): bigint {
  return BigInt(value);
}
