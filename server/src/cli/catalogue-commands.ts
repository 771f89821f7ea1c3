import { formatAmount } from '@rigshare/domain';
import { operatorName } from '../audit';
import { loadConfig } from '../config';
import { exchangeRates, setExchangeRate } from '../features/income';
import { closeProduct, createProduct, editProduct, staffProducts, type ProductTerms, type StaffProduct } from '../features/products';
import { OperatorError } from '../ledger/operator';
import type { AdminCommand, CommandInput } from './command';

const TERM_OPTIONS = ['name', 'category', 'image', 'badge', 'start', 'end', 'price', 'day-return', 'valid-days', 'units', 'max-buy', 'sort'];
const TERMS_USAGE =
  '--name "..." --category "..." --image <url> --start <ISO time> --end <ISO time> --price <USDT> --day-return <USDT> --valid-days <n> --units <n> [--max-buy <n|-1>] [--badge 1|5|6] [--sort <n>]';

const whole = (text: string | undefined, name: string, fallback?: number): number => {
  if (text === undefined && fallback !== undefined) return fallback;
  if (text === undefined || !/^-?[0-9]{1,9}$/.test(text)) throw new OperatorError(`--${name} takes a whole number`);
  return Number(text);
};

/** Terms from the options; on an edit, what is not given stays as it is. */
function termsFrom({ options }: CommandInput, current?: StaffProduct): ProductTerms {
  const given = (name: string, now?: string) => {
    const value = options[name] ?? now;
    if (value === undefined) throw new OperatorError(`Give --${name}`);
    return value;
  };
  return {
    name: given('name', current?.name),
    category: given('category', current?.category),
    imageUrl: given('image', current?.imageUrl),
    status: whole(options.badge, 'badge', current?.status ?? 1),
    startTime: given('start', current?.startTime),
    endTime: given('end', current?.endTime),
    price: given('price', current && formatAmount(BigInt(current.price), 0)),
    dayReturn: given('day-return', current && formatAmount(BigInt(current.dayReturn), 0)),
    validDays: whole(options['valid-days'], 'valid-days', current?.validDays),
    unitsOffered: whole(options.units, 'units', current?.unitsOffered),
    maxBuy: whole(options['max-buy'], 'max-buy', current?.maxBuy ?? -1),
    sort: whole(options.sort, 'sort', current?.sort ?? 0),
  };
}

const describe = (p: StaffProduct) =>
  `#${p.id} ${p.name} (${p.category}): ${formatAmount(BigInt(p.price))} USDT, ${formatAmount(BigInt(p.dayReturn))} a day for ${p.validDays} days, ` +
  `${p.unitsSold}/${p.unitsOffered} sold, ${p.startTime} – ${p.endTime}${p.closedAt ? `, closed ${p.closedAt}` : p.locked ? ', terms locked' : ''}`;

/** The catalogue: products on offer and the exchange rates of cash recharges (the console's catalogue section). */
export const CATALOGUE_COMMANDS: AdminCommand[] = [
  {
    name: 'product:list',
    usage: '',
    summary: 'Lists every product, open and closed',
    args: 0,
    async run(db) {
      const { list } = await staffProducts(db.kysely, { pageNum: 1, pageSize: 1000 });
      for (const p of list) console.log(describe(p));
      return 0;
    },
  },
  {
    name: 'product:create',
    usage: `${TERMS_USAGE} [--by <name>]`,
    summary: 'Puts a new product on offer',
    args: 0,
    options: [...TERM_OPTIONS, 'by'],
    async run(db, input) {
      const p = await createProduct(db.kysely, { terms: termsFrom(input), at: new Date(), by: operatorName(input.options.by) });
      console.log(`created ${describe(p)}`);
      return 0;
    },
  },
  {
    name: 'product:edit',
    usage: '<id> [any of the product:create options] [--by <name>]',
    summary: 'Changes the terms of a product nobody holds yet',
    args: 1,
    options: [...TERM_OPTIONS, 'by'],
    async run(db, input) {
      const id = whole(input.args[0], 'id');
      const { list } = await staffProducts(db.kysely, { pageNum: 1, pageSize: 1000 });
      const current = list.find((p) => p.id === id);
      if (!current) throw new OperatorError(`No product ${id}`);
      const p = await editProduct(db.kysely, { id, terms: termsFrom(input, current), at: new Date(), by: operatorName(input.options.by) });
      console.log(`edited ${describe(p)}`);
      return 0;
    },
  },
  {
    name: 'product:close',
    usage: '<id> --reason "..." [--by <name>]',
    summary: 'Closes a product: its sale ends now; orders already made run on',
    args: 1,
    options: ['reason', 'by'],
    async run(db, { args, options }) {
      const p = await closeProduct(db.kysely, { id: whole(args[0], 'id'), reason: options.reason ?? '', at: new Date(), by: operatorName(options.by) });
      console.log(`closed ${describe(p)}`);
      return 0;
    },
  },
  {
    name: 'rate:list',
    usage: '',
    summary: 'Lists the exchange rates of cash recharges, who set each and when',
    args: 0,
    async run(db) {
      for (const r of await exchangeRates(db.kysely, new Date(), loadConfig().rateMaxAgeMs))
        console.log(`${r.currency} ${r.rate} per USD, set by ${r.source} at ${r.updatedAt}${r.stale ? ' (stale: cash recharges in it are refused)' : ''}`);
      return 0;
    },
  },
  {
    name: 'rate:set',
    usage: '<CUR> <units per USD> [--by <name>]',
    summary: 'Sets the exchange rate of a cash currency',
    args: 2,
    options: ['by'],
    async run(db, { args, options }) {
      const r = await setExchangeRate(db.kysely, { currency: args[0], rate: args[1], at: new Date(), by: operatorName(options.by) });
      console.log(`${r.currency} ${r.rate} per USD, set by ${r.source} at ${r.updatedAt}`);
      return 0;
    },
  },
];
