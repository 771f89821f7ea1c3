import type { Generated } from 'kysely';

/**
 * Table types. Times are ISO 8601 UTC text (portable and ordered on both dialects); money is BIGINT
 * micro-units, which the drivers hand back as number (SQLite) or string (pg): read it with toMicro().
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  sms_outbox: SmsOutboxTable;
  files: FilesTable;
  app_versions: AppVersionsTable;
  carousel: CarouselTable;
  notices: NoticesTable;
  products: ProductsTable;
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

export interface VerificationCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  body: string;
  created_at: string;
}

export interface FilesTable {
  id: string;
  owner_id: number | null;
  mime: string;
  bytes: Buffer;
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
  image_url: string;
  link: string;
  sort_order: number;
  active: number;
}

export interface NoticesTable {
  id: Generated<number>;
  /** 'popup' or 'scroll'. */
  kind: string;
  title: string;
  content: string;
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
  units_sold: number;
  sort_order: number;
  created_at: string;
}

export function toMicro(value: string | number | bigint): bigint {
  return BigInt(value);
}
