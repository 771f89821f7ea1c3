/** @jest-environment jest-fixed-jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { connectPageToLive, startLiveServer, type LiveTestServer } from '@rigshare/api-client/testing/live-server';
import { staffLoggedIn, staffLoggedOut, store } from '@rigshare/session';
import { renderScreen } from '@rigshare/ui/testing';
import { adminApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/console.json';
import { followLiveEvents } from '../../api/live-events';
import FeedbackScreen from './feedback-screen';

const TOTAL = 45;
const feedback = (id: number) => ({ id, phone: `9000000${id}`, content: `Feedback number ${id}`, attachment: null, createdAt: '2026-11-20T08:00:00.000Z' });
/** The server's pages of 20, as `pageNum` and `pageSize` ask. */
const pageOf = (request: Request) => {
  const query = new URL(request.url).searchParams;
  const size = Number(query.get('pageSize'));
  const first = (Number(query.get('pageNum')) - 1) * size + 1;
  return { total: TOTAL, list: Array.from({ length: Math.max(0, Math.min(size, TOTAL - first + 1)) }, (_, i) => feedback(first + i)) };
};

const api = startFakeApi(adminApi.get('feedback', ({ request }) => ok(pageOf(request))));
beforeEach(() => store.dispatch(staffLoggedIn({ token: 'staff-token', login: 'ravi', role: 'support' })));
afterEach(() => store.dispatch(staffLoggedOut()));

const contents = () => screen.queryAllByTestId('feedback-row').map((row) => row.querySelectorAll('td')[2].textContent);

describe('the feedback waiting for a reply', () => {
  it('shows the first page of 20 and turns to the next and the last page as the server pages them', async () => {
    await renderScreen(<FeedbackScreen />, { namespace: 'console', resource: english, path: '/console/feedback' });
    await waitFor(() => expect(contents()).toHaveLength(20));
    expect(contents()[0]).toBe('Feedback number 1');
    expect(screen.getByText('45 in all')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(contents()[0]).toBe('Feedback number 21'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(contents()).toEqual(['Feedback number 41', 'Feedback number 42', 'Feedback number 43', 'Feedback number 44', 'Feedback number 45']));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(api.sent.map(({ query }) => `${query.pageNum}/${query.pageSize}`)).toEqual(['1/20', '2/20', '3/20']);
  });

  it('says so when nothing waits for a reply', async () => {
    api.use(adminApi.get('feedback', () => ok({ total: 0, list: [] })));
    await renderScreen(<FeedbackScreen />, { namespace: 'console', resource: english, path: '/console/feedback' });
    expect(await screen.findByText('No feedback is waiting for a reply.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's reason when the list cannot be read, and reads it again on retry", async () => {
    api.use(adminApi.get('feedback', () => refused(403, 'Your role may not read feedback'), { once: true }));
    await renderScreen(<FeedbackScreen />, { namespace: 'console', resource: english, path: '/console/feedback' });
    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Your role may not read feedback')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(contents()).toHaveLength(20));
  });
});

describe('the feedback queue, live', () => {
  let server: LiveTestServer;
  let stop: () => void;
  beforeAll(async () => {
    server = await startLiveServer();
    const stopFollowing = followLiveEvents();
    const connection = connectPageToLive(server, { credentials: () => ({ token: null, staffToken: 'staff-token' }) });
    stop = () => (stopFollowing(), connection.stop());
    await server.authenticated(1);
    server.send({ type: 'ready', lastId: 7 });
  });
  afterAll(async () => {
    stop();
    await server.close();
  });

  it('shows feedback a member just sent, and drops what another staff member answered, without a reload', async () => {
    let waiting = [feedback(1), feedback(2)];
    api.use(adminApi.get('feedback', () => ok({ total: waiting.length, list: waiting })));
    await renderScreen(<FeedbackScreen />, { namespace: 'console', resource: english, path: '/console/feedback' });
    await waitFor(() => expect(contents()).toEqual(['Feedback number 1', 'Feedback number 2']));

    waiting = [feedback(3), ...waiting];
    server.send({ type: 'event', id: 8, topic: 'queue', data: { queue: 'feedback', id: 3, change: 'added' } });
    await waitFor(() => expect(contents()).toEqual(['Feedback number 3', 'Feedback number 1', 'Feedback number 2']));

    waiting = waiting.filter(({ id }) => id !== 1);
    server.send({ type: 'event', id: 9, topic: 'queue', data: { queue: 'feedback', id: 1, change: 'decided' } });
    await waitFor(() => expect(contents()).toEqual(['Feedback number 3', 'Feedback number 2']));
  });
});
