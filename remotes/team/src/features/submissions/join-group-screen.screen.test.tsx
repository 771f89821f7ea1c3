/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor } from '@testing-library/react';
import type { SubmissionState } from '@rigshare/api-schema';
import type { LiveConnection } from '@rigshare/api-client';
import { connectPageToLive, startLiveServer, type LiveTestServer } from '@rigshare/api-client/testing/live-server';
import { renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/team.json';
import { followLiveEvents } from '../../api/live-events';
import JoinGroupScreen from './join-group-screen';

const pending: SubmissionState = {
  kind: 'joingroup',
  amount: '2000000',
  groupUrl: 'https://t.me/rigshare',
  videoSites: [],
  submission: { id: 31, status: 'Pending', reason: null, link: null, createdAt: '2026-12-05T10:00:00.000Z' },
  reward: null,
};
/** What the server answers now: staff decide between two reads. */
let state = pending;
const api = startFakeApi(memberApi.get('user', 'joinGroup/status', () => ok(state)));

let server: LiveTestServer;
let connection: LiveConnection;
let stopFollowing: () => void;
beforeAll(async () => {
  server = await startLiveServer();
  stopFollowing = followLiveEvents();
  connection = connectPageToLive(server);
  await server.authenticated(1);
  server.send({ type: 'ready', lastId: 100 });
});
afterAll(async () => {
  stopFollowing();
  connection.stop();
  await server.close();
});
beforeEach(() => (state = pending));

const statusReads = () => api.sent.filter(({ path }) => path === '/api/user/joinGroup/status').length;

describe('the join-group screen, live', () => {
  it('shows the review staff decided while it is open, from the live event, without a reload', async () => {
    await renderScreen(<JoinGroupScreen />, { namespace: 'team', resource: english, path: '/index/joinGroup' });
    expect((await screen.findByTestId('submission-status')).textContent).toBe('Pending review');
    state = { ...pending, submission: { ...pending.submission!, status: 'Passed' }, reward: 'Paid' };
    server.send({ type: 'event', id: 101, topic: 'submission', data: { id: 31, status: 'Passed' } });
    await waitFor(() => expect(screen.getByTestId('submission-status').textContent).toBe('Passed'));
    expect(screen.getByTestId('submission-state').textContent).toContain('Paid');
    expect(statusReads()).toBe(2);
  });

  it('reads nothing again for an event of a topic it does not show', async () => {
    await renderScreen(<JoinGroupScreen />, { namespace: 'team', resource: english, path: '/index/joinGroup' });
    expect((await screen.findByTestId('submission-status')).textContent).toBe('Pending review');
    server.send({ type: 'event', id: 102, topic: 'withdrawal', data: { id: 5, status: 'Paid' } }, { type: 'event', id: 103, topic: 'submission', data: { id: 31, status: 'Pending' } });
    // The submission event after it is the marker that both arrived: one read more, not two.
    await waitFor(() => expect(statusReads()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statusReads()).toBe(2);
  });
});
