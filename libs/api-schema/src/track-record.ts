/** What a product, or one of the member's orders, actually paid: its track record from the ledger (host /api/orders). */
import { AUTH, errors, Id, Micro, Nullable, Ok, Time, Type, type Static } from './common';

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Minutes = (description: string) => Nullable(Type.Integer({ minimum: 0, description }));

export const TrackRecordDay = Type.Object({
  onTime: Count('Daily payments due in this 24 h that were paid on time.'),
  late: Count('Paid, but later than the grace period.'),
  owed: Count('Not paid yet.'),
});
export type TrackRecordDay = Static<typeof TrackRecordDay>;

export const TrackRecordWindow = Type.Object({
  days: Type.Integer({ description: 'The window: 30 or 90 days up to countedThrough.' }),
  from: Time('The window starts after this moment.'),
  firstDueAt: Nullable(Time('The earliest payment counted in the window; null when none was due in it.')),
  due: Count('Daily payments (one per order and day) that fell due in the window.'),
  onTime: Count('Paid within the grace period after falling due.'),
  late: Count('Paid after the grace period.'),
  owed: Count('Due and still not paid.'),
  medianDelayMinutes: Minutes('Median delay of the late payments after falling due; null without one.'),
  longestDelayMinutes: Minutes('Longest delay of a late payment; null without one.'),
  oldestOwedMinutes: Minutes('How long the oldest payment still owed has been due; null when none is owed.'),
  dueAmount: Micro('What the payments due in the window state, summed over their orders.'),
  paidAmount: Micro('What was paid of it.'),
  unitDays: Count('Machine-days due: each payment counts its order\'s quantity.'),
  paidPerUnitDay: Nullable(Micro('paidAmount / unitDays, rounded down to the cent (10 000 micro-units); null when nothing was due.')),
  daily: Type.Array(TrackRecordDay, { description: 'One entry a 24 h, oldest first, the last one ending at countedThrough.' }),
});
export type TrackRecordWindow = Static<typeof TrackRecordWindow>;

export const TrackRecord = Type.Object({
  asOf: Time('When it was read.'),
  countedThrough: Time('Payments due up to this moment are counted: asOf less the grace period, which every counted payment has had.'),
  graceMinutes: Type.Integer({ description: 'A payment made within this many minutes of falling due is on time.' }),
  statedDailyReturn: Micro('The daily return one machine states (the product\'s now, or the order\'s when it was bought).'),
  windows: Type.Array(TrackRecordWindow, { description: 'The last 30 days, then the last 90.' }),
});
export type TrackRecord = Static<typeof TrackRecord>;

export const trackRecordSchemas = {
  productTrackRecord: {
    tags: ['products'],
    summary: 'What a product actually paid over the last 30 and 90 days, from the ledger (public)',
    querystring: Type.Object({ id: Id() }),
    response: { 200: Ok(TrackRecord), ...errors(404) },
  },
  orderTrackRecord: {
    tags: ['orders'],
    summary: 'What one of the member\'s orders actually paid over the last 30 and 90 days',
    querystring: Type.Object({ id: Id() }),
    response: { 200: Ok(TrackRecord), ...errors(...AUTH, 404) },
  },
};
