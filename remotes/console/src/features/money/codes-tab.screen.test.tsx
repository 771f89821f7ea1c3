/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminExchangeCode } from '@rigshare/api-schema';
import { parseAmount } from '@rigshare/domain';
import { staffLoggedIn, staffLoggedOut, store } from '@rigshare/session';
import { renderScreen } from '@rigshare/ui/testing';
import { adminApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/console.json';
import { CodesTab } from './codes-tab';

let codes: AdminExchangeCode[] = [];
const micro = (usdt: string) => parseAmount(usdt).toString();

const api = startFakeApi(
  adminApi.get('money/exchange-codes', () => ok({ total: codes.length, list: codes })),
  adminApi.post('money/exchange-codes', async ({ request }) => {
    const draft = (await request.json()) as { code: string; amount: string; budget: string; reason: string };
    const code = { code: draft.code, status: 'Open', amount: micro(draft.amount), budget: micro(draft.budget), remaining: micro(draft.budget), redemptions: 0, reason: draft.reason, createdAt: '2026-11-20T08:00:00.000Z' };
    codes = [code, ...codes];
    return ok(code);
  }),
);
beforeEach(() => {
  codes = [];
  store.dispatch(staffLoggedIn({ token: 'staff-token', login: 'asha', role: 'finance' }));
});
afterEach(() => store.dispatch(staffLoggedOut()));

/** The form's input under its label. */
const field = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.adm-list-item')!.querySelector('input')!;
async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await act(async () => fireEvent.change(field(label), { target: { value } }));
}
const create = () => act(async () => fireEvent.click(screen.getByTestId('code-create')));
const posts = () => api.sent.filter(({ method }) => method === 'POST');

describe('creating an exchange code', () => {
  it('names what is wrong with each field and sends nothing until all are right', async () => {
    await renderScreen(<CodesTab />, { namespace: 'console', resource: english, path: '/console/money' });
    expect(await screen.findByText('No exchange codes yet.')).toBeTruthy();
    await fill({ Code: 'AB!', 'Per member (USDT)': '1.234', 'Budget (USDT)': '-5' });
    await create();
    expect(await screen.findByText('4 to 32 letters and digits')).toBeTruthy();
    expect(screen.getAllByText('An amount in USDT above 0, at most two decimals')).toHaveLength(2);
    expect(screen.getByText('Say why')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('sends the code in capitals, then shows it in the list read again and empties the form', async () => {
    await renderScreen(<CodesTab />, { namespace: 'console', resource: english, path: '/console/money' });
    await screen.findByText('No exchange codes yet.');
    await fill({ Code: ' diwali2026 ', 'Per member (USDT)': '2.5', 'Budget (USDT)': '500', Reason: 'Diwali promotion' });
    await create();
    await waitFor(() => expect(screen.getAllByTestId('codes-row').map((row) => row.querySelector('td')?.textContent)).toEqual(['DIWALI2026']));
    expect(screen.getByTestId('codes-row').textContent).toContain('500.00 / 500.00');
    expect(await screen.findByText('Code DIWALI2026 created')).toBeTruthy();
    expect(posts().map(({ body }) => body)).toEqual([{ code: 'DIWALI2026', amount: '2.5', budget: '500', reason: 'Diwali promotion' }]);
    expect(api.sent.map(({ method }) => method)).toEqual(['GET', 'POST', 'GET']);
    expect(field('Code').value).toBe('');
  });

  it("shows the server's refusal and keeps what staff typed", async () => {
    api.use(adminApi.post('money/exchange-codes', () => refused(400, 'The promotions budget has 120.00 USDT left; this code reserves 500.00')));
    await renderScreen(<CodesTab />, { namespace: 'console', resource: english, path: '/console/money' });
    await screen.findByText('No exchange codes yet.');
    await fill({ Code: 'DIWALI2026', 'Per member (USDT)': '2.5', 'Budget (USDT)': '500', Reason: 'Diwali promotion' });
    await create();
    expect(await screen.findByText('The promotions budget has 120.00 USDT left; this code reserves 500.00')).toBeTruthy();
    expect([field('Code').value, field('Budget (USDT)').value]).toEqual(['DIWALI2026', '500']);
    expect(screen.getByText('No exchange codes yet.')).toBeTruthy();
  });
});
