import { rateFromText, rateIsStale } from '@rigshare/domain';
import type { Kysely, Selectable } from 'kysely';
import { auditStaffAction, type ActedBy } from '../../audit';
import type { Database, ExchangeRatesTable } from '../../db/schema';
import { AppError } from '../../errors';
import { OperatorError } from '../../operator-error';

/** A rate as members and staff see it: who set it, when, and whether it is too old to convert at. */
export interface RateView {
  currency: string;
  rate: string;
  source: string;
  updatedAt: string;
  stale: boolean;
}

const view = (row: Selectable<ExchangeRatesTable>, now: Date, maxAgeMs: number): RateView => ({
  currency: row.currency,
  rate: row.rate,
  source: row.source,
  updatedAt: row.updated_at,
  stale: rateIsStale(row.updated_at, now.getTime(), maxAgeMs),
});

/** The rate of one currency (404 when there is none). */
export async function exchangeRate(db: Kysely<Database>, currency: string, now: Date, maxAgeMs: number): Promise<RateView> {
  const row = await db.selectFrom('exchange_rates').selectAll().where('currency', '=', currency.toUpperCase()).executeTakeFirst();
  if (!row) throw new AppError(404, 'currencyNotFound');
  return view(row, now, maxAgeMs);
}

/** The rate a cash recharge converts at now: refused with a clear message when it is missing or too old. */
export async function rateToConvertAt(db: Kysely<Database>, currency: string, now: Date, maxAgeMs: number): Promise<bigint> {
  const rate = await exchangeRate(db, currency, now, maxAgeMs);
  if (rate.stale) throw new AppError(409, 'rateStale', { currency: rate.currency });
  const micro = rateFromText(rate.rate);
  if (micro === null) throw new Error(`Bad exchange rate ${rate.rate}`);
  return micro;
}

export async function exchangeRates(db: Kysely<Database>, now: Date, maxAgeMs: number): Promise<RateView[]> {
  const rows = await db.selectFrom('exchange_rates').selectAll().orderBy('currency').execute();
  return rows.map((row) => view(row, now, maxAgeMs));
}

/**
 * Sets the rate of a cash currency (adding the currency if new), recording who set it and when: the
 * recharge screen shows both, and the age decides whether cash recharges may convert at it. One audit row.
 */
export async function setExchangeRate(
  db: Kysely<Database>,
  input: { currency: string; rate: string; at: Date } & ActedBy,
): Promise<RateView> {
  const currency = input.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new OperatorError('The currency is a three-letter code such as INR');
  const rate = input.rate.trim();
  if (!/^[0-9]{1,9}(\.[0-9]{1,6})?$/.test(rate) || rateFromText(rate) === null) throw new OperatorError('The rate is a positive number of units per US dollar, at most six decimals');
  if (currency === 'USD' || currency === 'USDT') throw new OperatorError('USDT is counted as one US dollar; it has no rate to set');
  const at = input.at.toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('exchange_rates').selectAll().where('currency', '=', currency).executeTakeFirst();
    const row = { currency, rate, source: input.by.slice(0, 32), updated_at: at };
    if (before) await trx.updateTable('exchange_rates').set(row).where('currency', '=', currency).execute();
    else await trx.insertInto('exchange_rates').values(row).execute();
    await auditStaffAction(trx, input, {
      action: 'rate.set',
      target: `rate:${currency}`,
      before: before ? `${before.rate} ${currency} per USD, set by ${before.source} at ${before.updated_at}` : 'none',
      after: `${rate} ${currency} per USD`,
      at: input.at,
    });
    // Just set, so not stale.
    return { currency, rate, source: row.source, updatedAt: at, stale: false };
  });
}
