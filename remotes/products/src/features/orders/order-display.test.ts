import { orderDetailPath, orderView } from './order-display';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

const order = {
  status: 'Valid' as const,
  expireTime: '2026-03-11T10:00:00.000Z',
  daysDelayed: 0,
  daysPaid: 20,
  validDays: 30,
};

describe('orderView', () => {
  it('shows a valid order with the whole days left until its expire date', () => {
    expect(orderView(order, NOW)).toEqual({ status: 'Valid', daysLeft: 10, delayed: false, daysDelayed: 0, daysPaid: 20, validDays: 30 });
    expect(orderView(order, NOW + 1).daysLeft).toBe(10);
    expect(orderView(order, NOW + 24 * 3600_000 + 1).daysLeft).toBe(9);
  });

  it('shows an expired order with no days left', () => {
    const view = orderView({ ...order, status: 'Expired', daysPaid: 30 }, NOW);
    expect(view.status).toBe('Expired');
    expect(view.daysLeft).toBe(0);
  });

  it('keeps the server status: past its date with delayed days, an order is still valid and shows the delay', () => {
    const view = orderView({ ...order, expireTime: '2026-02-27T10:00:00.000Z', daysDelayed: 2, daysPaid: 28 }, NOW);
    expect(view.status).toBe('Valid');
    expect(view.daysLeft).toBe(0);
    expect(view.delayed).toBe(true);
    expect(view.daysDelayed).toBe(2);
  });

  it('links to the order details by id', () => {
    expect(orderDetailPath(42)).toBe('/user/orders?id=42');
  });
});
