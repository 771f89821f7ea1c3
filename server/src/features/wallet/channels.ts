import { isValidAmount, parseAmount } from '@rigshare/domain';
import type { Kysely, Selectable } from 'kysely';
import { auditStaffAction, type Acting } from '../../audit';
import { toMicro, type Database, type PayChannelsTable } from '../../db/schema';
import { OperatorError } from '../../operator-error';

/** A bank or cash recharge channel as staff see it (members see the enabled ones in their language). */
export interface StaffPayChannel {
  id: number;
  name: string;
  currency: string;
  kind: string;
  /** Micro-units of the channel's currency. */
  minAmount: string;
  instructions: string;
  sort: number;
  enabled: boolean;
}

export interface PayChannelTerms {
  name: string;
  /** Decimal, in the channel's currency. */
  minAmount: string;
  instructions: string;
  sort: number;
}

const staffChannel = (r: Selectable<PayChannelsTable>): StaffPayChannel => ({
  id: r.id,
  name: r.name,
  currency: r.currency,
  kind: r.kind,
  minAmount: String(toMicro(r.min_amount)),
  instructions: r.instructions,
  sort: r.sort_order,
  enabled: r.active === 1,
});

function columnsOf(t: PayChannelTerms) {
  const name = t.name.trim();
  const instructions = t.instructions.trim();
  if (!name || name.length > 100) throw new OperatorError('Give the channel a name (at most 100 characters)');
  if (!instructions || instructions.length > 1000) throw new OperatorError('Tell members where to send the money (at most 1000 characters)');
  if (!isValidAmount(t.minAmount) || parseAmount(t.minAmount) <= 0n) throw new OperatorError('The minimum is a positive amount with at most two decimals');
  return { name, instructions, min_amount: parseAmount(t.minAmount).toString(), sort_order: Number.isInteger(t.sort) ? t.sort : 0 };
}

const described = (c: StaffPayChannel) => `${c.name} (${c.kind}, ${c.currency}), minimum ${c.minAmount}, ${c.enabled ? 'enabled' : 'disabled'}`;

export async function staffPayChannels(db: Kysely<Database>): Promise<StaffPayChannel[]> {
  const rows = await db.selectFrom('pay_channels').selectAll().orderBy('sort_order').orderBy('id').execute();
  return rows.map(staffChannel);
}

/** Adds a bank or cash channel in a currency that has an exchange rate (its recharges convert at it). */
export async function createPayChannel(db: Kysely<Database>, input: { terms: PayChannelTerms; currency: string; kind: string } & Acting): Promise<StaffPayChannel> {
  const columns = columnsOf(input.terms);
  const currency = input.currency.trim().toUpperCase();
  if (input.kind !== 'bank' && input.kind !== 'cash') throw new OperatorError('The kind is bank or cash');
  return db.transaction().execute(async (trx) => {
    const rate = await trx.selectFrom('exchange_rates').select('currency').where('currency', '=', currency).executeTakeFirst();
    if (!rate) throw new OperatorError(`Set a rate for ${currency} first: recharges in it convert at that rate`);
    const row = await trx
      .insertInto('pay_channels')
      .values({ ...columns, currency, kind: input.kind, translations: null, active: 1 })
      .returningAll()
      .executeTakeFirstOrThrow();
    const channel = staffChannel(row);
    await auditStaffAction(trx, input, { action: 'channel.create', target: `channel:${row.id}`, after: described(channel), at: input.at });
    return channel;
  });
}

/** Changes a channel's name, minimum, instructions or place; its currency and kind stay (recharges refer to them). */
export async function editPayChannel(db: Kysely<Database>, input: { id: number; terms: PayChannelTerms } & Acting): Promise<StaffPayChannel> {
  const columns = columnsOf(input.terms);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('pay_channels').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) throw new OperatorError(`No channel ${input.id}`);
    // Translations were of the old text: a new name or instructions reads the same in every language until translated again.
    const changedText = columns.name !== before.name || columns.instructions !== before.instructions;
    const row = await trx
      .updateTable('pay_channels')
      .set({ ...columns, ...(changedText ? { translations: null } : {}) })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const channel = staffChannel(row);
    await auditStaffAction(trx, input, { action: 'channel.edit', target: `channel:${row.id}`, before: described(staffChannel(before)), after: described(channel), at: input.at });
    return channel;
  });
}

/** Enables or disables a channel: a disabled one leaves the members' list and its recharges are refused. */
export async function setPayChannelEnabled(db: Kysely<Database>, input: { id: number; enabled: boolean } & Acting): Promise<StaffPayChannel> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('pay_channels')
      .set({ active: input.enabled ? 1 : 0 })
      .where('id', '=', input.id)
      .where('active', '=', input.enabled ? 0 : 1)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom('pay_channels').select('id').where('id', '=', input.id).executeTakeFirst();
      throw new OperatorError(exists ? `Channel ${input.id} is already ${input.enabled ? 'enabled' : 'disabled'}` : `No channel ${input.id}`);
    }
    await auditStaffAction(trx, input, {
      action: input.enabled ? 'channel.enable' : 'channel.disable',
      target: `channel:${row.id}`,
      before: input.enabled ? 'disabled' : 'enabled',
      after: input.enabled ? 'enabled' : 'disabled',
      at: input.at,
    });
    return staffChannel(row);
  });
}
