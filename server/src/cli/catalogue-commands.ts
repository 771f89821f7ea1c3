import { formatAmount } from '@rigshare/domain';
import { loadConfig } from '../config';
import { closeCoupon, createCoupon, staffCoupons } from '../features/coupons';
import { exchangeRates, setExchangeRate } from '../features/income';
import { closeProduct, createProduct, editProduct, staffProducts, type ProductTerms, type StaffProduct } from '../features/products';
import { appReleases, publishAppRelease } from '../features/system';
import { createPayChannel, editPayChannel, setPayChannelEnabled, staffPayChannels, type StaffPayChannel } from '../features/wallet';
import { OperatorError } from '../operator-error';
import { SITE_LINKS, setSiteLink, siteLinks, type SiteLinkKey } from '../settings/site-links';
import { listCommand, operatorNow, type AdminCommand, type CommandInput } from './command';
import { say } from './output';

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

/** The catalogue (the console's catalogue sections): products, exchange rates, coupons, recharge channels, app releases, links. */
export const CATALOGUE_COMMANDS: AdminCommand[] = [
  listCommand('product:list', 'Lists every product, open and closed', {
    rows: async (db) => (await staffProducts(db.kysely, { pageNum: 1, pageSize: 1000 })).list,
    show: (p) => say`${describe(p)}`,
  }),
  {
    name: 'product:create',
    usage: `${TERMS_USAGE} [--by <name>]`,
    summary: 'Puts a new product on offer',
    args: 0,
    options: [...TERM_OPTIONS, 'by'],
    async run(db, input) {
      const p = await createProduct(db.kysely, { terms: termsFrom(input), ...operatorNow(input.options) });
      say`created ${describe(p)}`;
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
      const p = await editProduct(db.kysely, { id, terms: termsFrom(input, current), ...operatorNow(input.options) });
      say`edited ${describe(p)}`;
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
      const p = await closeProduct(db.kysely, { id: whole(args[0], 'id'), reason: options.reason ?? '', ...operatorNow(options) });
      say`closed ${describe(p)}`;
      return 0;
    },
  },
  listCommand('rate:list', 'Lists the exchange rates of cash recharges, who set each and when', {
    rows: (db) => exchangeRates(db.kysely, new Date(), loadConfig().rateMaxAgeMs),
    show: (r) => say`${r.currency} ${r.rate} per USD, set by ${r.source} at ${r.updatedAt}${r.stale ? ' (stale: cash recharges in it are refused)' : ''}`,
  }),
  {
    name: 'rate:set',
    usage: '<CUR> <units per USD> [--by <name>]',
    summary: 'Sets the exchange rate of a cash currency',
    args: 2,
    options: ['by'],
    async run(db, { args, options }) {
      const r = await setExchangeRate(db.kysely, { currency: args[0], rate: args[1], ...operatorNow(options) });
      say`${r.currency} ${r.rate} per USD, set by ${r.source} at ${r.updatedAt}`;
      return 0;
    },
  },
  listCommand('coupon:list', 'Lists the coupons with their budgets and how many members took and used each', {
    rows: async (db) => (await staffCoupons(db.kysely, { pageNum: 1, pageSize: 1000 })).list,
    show: (c) =>
      say`#${c.id} ${c.name}: ${formatAmount(BigInt(c.amount))} off from ${formatAmount(BigInt(c.minSpend))}, ${c.claimed} taken, ${c.used} used, budget ${c.budget === null ? 'none' : formatAmount(BigInt(c.budget))}${c.active ? '' : ', withdrawn'}`,
  }),
  {
    name: 'coupon:create',
    usage: '--name "..." --amount <USDT off> --min-spend <USDT> --start <ISO time> --end <ISO time> [--product <id>] --budget <USDT> [--by <name>]',
    summary: 'Offers a coupon within a budget reserved from the promotions budget',
    args: 0,
    options: ['name', 'amount', 'min-spend', 'start', 'end', 'product', 'budget', 'by'],
    async run(db, { options }) {
      const terms = {
        name: options.name ?? '',
        amount: options.amount ?? '',
        minSpend: options['min-spend'] ?? '',
        startTime: options.start ?? '',
        endTime: options.end ?? '',
        productId: options.product === undefined ? null : whole(options.product, 'product'),
        budget: options.budget ?? '',
      };
      const c = await createCoupon(db, { terms, ...operatorNow(options) });
      say`coupon #${c.id} ${c.name} offered`;
      return 0;
    },
  },
  {
    name: 'coupon:close',
    usage: '<id> --reason "..." [--by <name>]',
    summary: 'Withdraws a coupon',
    args: 1,
    options: ['reason', 'by'],
    async run(db, { args, options }) {
      const c = await closeCoupon(db, { id: whole(args[0], 'id'), reason: options.reason ?? '', ...operatorNow(options) });
      say`coupon #${c.id} ${c.name} withdrawn`;
      return 0;
    },
  },
  listCommand('channel:list', 'Lists the bank and cash recharge channels', {
    rows: (db) => staffPayChannels(db.kysely),
    show: (c) => say`${describeChannel(c)}`,
  }),
  {
    name: 'channel:create',
    usage: '--name "..." --currency <CUR> --kind bank|cash --min <amount> --instructions "..." [--sort <n>] [--by <name>]',
    summary: 'Adds a recharge channel in a currency that has a rate',
    args: 0,
    options: ['name', 'currency', 'kind', 'min', 'instructions', 'sort', 'by'],
    async run(db, { options }) {
      const terms = { name: options.name ?? '', minAmount: options.min ?? '', instructions: options.instructions ?? '', sort: whole(options.sort, 'sort', 0) };
      const c = await createPayChannel(db.kysely, { terms, currency: options.currency ?? '', kind: options.kind ?? '', ...operatorNow(options) });
      say`added ${describeChannel(c)}`;
      return 0;
    },
  },
  {
    name: 'channel:edit',
    usage: '<id> [--name "..."] [--min <amount>] [--instructions "..."] [--sort <n>] [--by <name>]',
    summary: "Changes a channel's name, minimum, instructions or place",
    args: 1,
    options: ['name', 'min', 'instructions', 'sort', 'by'],
    async run(db, { args, options }) {
      const id = whole(args[0], 'id');
      const current = (await staffPayChannels(db.kysely)).find((c) => c.id === id);
      if (!current) throw new OperatorError(`No channel ${id}`);
      const terms = {
        name: options.name ?? current.name,
        minAmount: options.min ?? formatAmount(BigInt(current.minAmount), 0),
        instructions: options.instructions ?? current.instructions,
        sort: whole(options.sort, 'sort', current.sort),
      };
      say`edited ${describeChannel(await editPayChannel(db.kysely, { id, terms, ...operatorNow(options) }))}`;
      return 0;
    },
  },
  ...(['enable', 'disable'] as const).map(
    (verb): AdminCommand => ({
      name: `channel:${verb}`,
      usage: '<id> [--by <name>]',
      summary: verb === 'enable' ? 'Enables a recharge channel' : "Disables a recharge channel: it leaves the members' list and its recharges are refused",
      args: 1,
      options: ['by'],
      async run(db, { args, options }) {
        const c = await setPayChannelEnabled(db.kysely, { id: whole(args[0], 'id'), enabled: verb === 'enable', ...operatorNow(options) });
        say`${describeChannel(c)}`;
        return 0;
      },
    }),
  ),
  listCommand('app:releases', 'Lists the releases of the installable app', {
    rows: (db) => appReleases(db.kysely),
    show: (r) => say`${r.platform} ${r.version} (${r.code})${r.compulsory ? ' compulsory' : ''} ${r.createdAt}: ${r.downUrl}`,
  }),
  {
    name: 'app:release',
    usage: '--platform ANDROID|IOS --version <1.2.3> --code <n> --url <https://...> [--notes "..."] [--compulsory yes] [--by <name>]',
    summary: 'Publishes a release: members on an older code are offered it',
    args: 0,
    options: ['platform', 'version', 'code', 'url', 'notes', 'compulsory', 'by'],
    async run(db, { options }) {
      const draft = {
        platform: options.platform ?? '',
        version: options.version ?? '',
        code: whole(options.code, 'code'),
        downUrl: options.url ?? '',
        notes: options.notes ?? '',
        compulsory: options.compulsory === 'yes',
      };
      const r = await publishAppRelease(db.kysely, { draft, ...operatorNow(options) });
      say`published ${r.platform} ${r.version} (${r.code})`;
      return 0;
    },
  },
  {
    name: 'link:set',
    usage: `${SITE_LINKS.join('|')} <https://...> [--by <name>]`,
    summary: 'Sets the customer-service or the join-group link',
    args: 2,
    options: ['by'],
    async run(db, { args, options }) {
      if (!(SITE_LINKS as readonly string[]).includes(args[0])) throw new OperatorError(`The link is one of ${SITE_LINKS.join(', ')}`);
      const key = args[0] as SiteLinkKey;
      const config = loadConfig();
      const fallback = key === 'serviceLink' ? config.serviceLink : config.team.groupUrl;
      const link = await setSiteLink(db.kysely, { key, value: args[1], fallback, ...operatorNow(options) });
      say`${link.key} ${link.value}`;
      return 0;
    },
  },
  listCommand('link:list', 'Shows the customer-service and join-group links', {
    rows: (db) => {
      const config = loadConfig();
      return siteLinks(db.kysely, { serviceLink: config.serviceLink, groupLink: config.team.groupUrl });
    },
    show: (l) => say`${l.key} ${l.value || '(none)'}${l.updatedBy ? `, set by ${l.updatedBy} at ${l.updatedAt}` : ' (environment)'}`,
  }),
];

function describeChannel(c: StaffPayChannel): string {
  return `#${c.id} ${c.name} (${c.kind}, ${c.currency}), minimum ${formatAmount(BigInt(c.minAmount))}, ${c.enabled ? 'enabled' : 'disabled'}`;
}
