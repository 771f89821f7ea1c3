import type { Address, BankCard, RechargeChannel } from '@rigshare/api-schema';
import { hasDirectionControls, isValidBankAccountNumber, isValidEvmAddress, isValidIfsc, type LocaleTag } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { localizedField } from '../../content/seed-content';
import type { Db } from '../../db/connect';
import { toMicro, type Database } from '../../db/schema';
import { AppError, onField } from '../../errors';
import { startWithdrawHold } from './security';

/** The member's USDT address book (one address) and bank card (one card), and the recharge channels. */

export const ADDRESS_CURRENCY = 'USDT';
export const ADDRESS_CHAIN = 'BEP20';

/** The API contract's shape (libs/api-schema). */
export type AddressView = Address;

export type BankCardView = BankCard;

export function findAddress(db: Kysely<Database>, userId: number) {
  return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findBankCard(db: Kysely<Database>, userId: number) {
  return db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

function addressView(row: { id: number; currency: string; chain: string; address: string; created_at: string }): AddressView {
  return { id: row.id, currency: row.currency as Address['currency'], chain: row.chain as Address['chain'], address: row.address, createTime: row.created_at };
}

export async function getAddress(db: Kysely<Database>, userId: number): Promise<AddressView | null> {
  const row = await findAddress(db, userId);
  return row ? addressView(row) : null;
}

function checkAddressInput(input: { currency: string; chain: string; address: string }): void {
  if (!input.currency || !input.chain || !input.address) throw new AppError(400, 'addressFieldsRequired');
  if (input.currency.toUpperCase() !== ADDRESS_CURRENCY) throw new AppError(400, 'badRequest');
  if (input.chain.toUpperCase() !== ADDRESS_CHAIN) throw new AppError(400, 'chainUnsupported');
  if (!isValidEvmAddress(input.address)) throw new AppError(400, 'addressInvalid', {}, onField('address'));
}

/**
 * Binds the member's address (`replace` false: refused when one exists) or replaces it. Replacing an
 * existing address starts the withdrawal hold, in the same transaction; a member's first address is
 * setup, not a change, and starts none (docs/decisions.md, "Withdrawal hold").
 */
export async function saveAddress(
  db: Db,
  userId: number,
  input: { currency: string; chain: string; address: string; replace: boolean },
  now: Date,
): Promise<AddressView> {
  checkAddressInput(input);
  const values = { user_id: userId, currency: ADDRESS_CURRENCY, chain: ADDRESS_CHAIN, address: input.address, created_at: now.toISOString() };
  const row = await db.kysely.transaction().execute(async (trx) => {
    // The unique user_id decides what is first: of two concurrent first binds one inserts, the other
    // finds a row (a 409 for addAddress, a change with its hold for replace).
    const inserted = await trx
      .insertInto('addresses')
      .values(values)
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
    if (!input.replace) throw new AppError(409, 'addressExists');
    const saved = await trx
      .updateTable('addresses')
      .set({ currency: values.currency, chain: values.chain, address: values.address, created_at: values.created_at })
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await startWithdrawHold(trx, userId, now);
    return saved;
  });
  return addressView(row);
}

function bankCardView(row: {
  id: number;
  holder_name: string;
  bank_name: string;
  account_number: string;
  ifsc: string;
  created_at: string;
}): BankCardView {
  return {
    id: row.id,
    holderName: row.holder_name,
    bankName: row.bank_name,
    accountNumber: maskAccountNumber(row.account_number),
    ifsc: row.ifsc,
    createTime: row.created_at,
  };
}

export async function getBankCard(db: Kysely<Database>, userId: number): Promise<BankCardView | null> {
  const row = await findBankCard(db, userId);
  return row ? bankCardView(row) : null;
}

function isValidName(value: string): boolean {
  return value.length >= 1 && [...value].length <= 100 && !/[\u0000-\u001f\u007f]/.test(value);
}

/** Creates the member's bank card, or replaces it and starts the withdrawal hold. */
export async function saveBankCard(
  db: Db,
  userId: number,
  input: { holderName: string; bankName: string; accountNumber: string; ifsc: string },
  now: Date,
): Promise<BankCardView> {
  if (hasDirectionControls(input.holderName)) throw new AppError(400, 'nameDirectionControls', {}, onField('holderName'));
  if (hasDirectionControls(input.bankName)) throw new AppError(400, 'nameDirectionControls', {}, onField('bankName'));
  if (!isValidName(input.holderName)) throw new AppError(400, 'holderNameInvalid', {}, onField('holderName'));
  if (!isValidName(input.bankName)) throw new AppError(400, 'bankNameInvalid', {}, onField('bankName'));
  if (!isValidBankAccountNumber(input.accountNumber)) throw new AppError(400, 'accountNumberInvalid', {}, onField('accountNumber'));
  if (!isValidIfsc(input.ifsc)) throw new AppError(400, 'ifscInvalid', {}, onField('ifsc'));
  const values = {
    holder_name: input.holderName,
    bank_name: input.bankName,
    account_number: input.accountNumber,
    ifsc: input.ifsc.toUpperCase(),
    created_at: now.toISOString(),
  };
  const row = await db.kysely.transaction().execute(async (trx) => {
    // As for addresses: the first card is setup (no hold); replacing one is a change (hold).
    const inserted = await trx
      .insertInto('bank_cards')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
    const saved = await trx.updateTable('bank_cards').set(values).where('user_id', '=', userId).returningAll().executeTakeFirstOrThrow();
    await startWithdrawHold(trx, userId, now);
    return saved;
  });
  return bankCardView(row);
}

/**
 * Deletes the member's address or bank card `id`; another member's id deletes nothing. Deleting is a change
 * of where money can go, so it starts the withdrawal hold (without it, delete-then-add would bind a new
 * destination as a "first" one, with no hold). A pending withdrawal is not affected: it pays to `payout_to`,
 * the destination written when it was asked, so nothing in the ledger depends on the saved row.
 * Returns whether a row was deleted (false for a repeat: deleting is idempotent).
 */
export async function deleteBinding(db: Db, userId: number, kind: 'address' | 'bank', id: number, now: Date): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const table = kind === 'address' ? 'addresses' : 'bank_cards';
    const deleted = await trx.deleteFrom(table).where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
    if (deleted) await startWithdrawHold(trx, userId, now);
    return Boolean(deleted);
  });
}

export type PayChannelView = RechargeChannel;

export function payChannelView(
  row: { id: number; name: string; currency: string; min_amount: string | number | bigint; kind: string; instructions: string; translations: string | null },
  locale: LocaleTag,
): PayChannelView {
  return {
    id: row.id,
    name: localizedField(row.translations, locale, 'name', row.name),
    currency: row.currency,
    minAmount: toMicro(row.min_amount).toString(),
    kind: row.kind,
    instructions: localizedField(row.translations, locale, 'instructions', row.instructions),
  };
}

export async function payChannels(db: Kysely<Database>, locale: LocaleTag): Promise<PayChannelView[]> {
  const rows = await db.selectFrom('pay_channels').selectAll().where('active', '=', 1).orderBy('sort_order').orderBy('id').execute();
  return rows.map((r) => payChannelView(r, locale));
}
