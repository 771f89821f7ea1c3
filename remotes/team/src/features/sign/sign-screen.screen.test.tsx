/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/team.json';
import SignScreen from './sign-screen';

const TODAY = '2026-11-20';
const BONUS = '500000';
/** The server's sign-ins this month: a sign-in adds today and lengthens the streak. */
let days: { day: string; amount: string; status: string }[] = [];

const api = startFakeApi(
  memberApi.post('user', 'app/user/queryTodaySignStatus', () => ok({ today: TODAY, timeZone: 'Asia/Kolkata', signedToday: days.some((d) => d.day === TODAY), streak: days.length, bonus: BONUS })),
  memberApi.post('user', 'app/user/querySignRecord', () => ok({ month: '2026-11', days })),
  memberApi.post('user', 'app/user/sign', () => {
    days = [...days, { day: TODAY, amount: BONUS, status: 'Paid' }];
    return ok({ day: TODAY, timeZone: 'Asia/Kolkata', amount: BONUS, status: 'Paid', streak: days.length }, 'Signed in');
  }),
);
beforeEach(() => {
  days = [
    { day: '2026-11-18', amount: BONUS, status: 'Paid' },
    { day: '2026-11-19', amount: BONUS, status: 'Paid' },
  ];
});

const signedDays = () => screen.queryAllByTestId('signed-day').map((day) => day.getAttribute('aria-label'));

describe('the daily sign-in', () => {
  it('signs in, says what was paid, and shows the streak and calendar the server reads back', async () => {
    await renderScreen(<SignScreen />, { namespace: 'team', resource: english, path: '/index/sign' });
    expect((await screen.findByTestId('sign-streak')).textContent).toBe('2 days');
    await waitFor(() => expect(signedDays()).toEqual(['2026-11-18: signed in, 0.50 USDT', '2026-11-19: signed in, 0.50 USDT']));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in today' })));
    expect(await screen.findByText('Signed in: 0.50 USDT added to your balance')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('sign-streak').textContent).toBe('3 days'));
    await waitFor(() => expect(signedDays()).toHaveLength(3));
    expect(screen.getByTestId('sign-in')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('sign-in').textContent).toBe('Signed in today');
    const signIn = api.sent.find(({ path }) => path === '/api/user/app/user/sign');
    expect(signIn?.body).toEqual({ timeZone: expect.any(String) });
  });

  it("shows the server's refusal and leaves the day unsigned", async () => {
    api.use(memberApi.post('user', 'app/user/sign', () => refused(409, 'You already signed in today in another time zone')));
    await renderScreen(<SignScreen />, { namespace: 'team', resource: english, path: '/index/sign' });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Sign in today' })));
    await waitFor(() => expect(api.toasts).toEqual(['You already signed in today in another time zone']));
    expect(screen.getByTestId('sign-streak').textContent).toBe('2 days');
    expect(screen.getByTestId('sign-in')).toHaveProperty('disabled', false);
  });
});
