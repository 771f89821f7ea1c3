/** @jest-environment jest-fixed-jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { reachListEnds, renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/messages.json';
import { NewsList } from './news-list';

const api = startFakeApi();
reachListEnds();
const item = (id: number, title: string) => ({ id, kind: 'news', title, content: `${title} in full`, publishTime: '2026-11-20T08:00:00.000Z' });
const titlesShown = () => screen.queryAllByTestId('news-item').map((row) => row.querySelector('.messages-card__title')?.textContent);

describe('the news list', () => {
  it('reads the news page by page until the server has no more, then says so', async () => {
    const pages: Record<string, unknown> = { '1': { total: 3, list: [item(3, 'Rig R9 is back'), item(2, 'New payout hour')] }, '2': { total: 3, list: [item(1, 'Welcome to Rigshare')] } };
    api.use(memberApi.get('push', 'news/list', ({ request }) => ok(pages[new URL(request.url).searchParams.get('pageNum')!])));
    await renderScreen(<NewsList kind="news" />, { namespace: 'messages', resource: english, path: '/news' });
    await waitFor(() => expect(titlesShown()).toEqual(['Rig R9 is back', 'New payout hour', 'Welcome to Rigshare']));
    expect(await screen.findByText('No more data')).toBeTruthy();
    expect(api.sent.map(({ path, query }) => `${path} ${query.kind} ${query.pageNum}`)).toEqual(['/api/push/news/list news 1', '/api/push/news/list news 2']);
  });

  it('says there are no notices yet when the server has none', async () => {
    api.use(memberApi.get('push', 'news/list', () => ok({ total: 0, list: [] })));
    await renderScreen(<NewsList kind="notice" />, { namespace: 'messages', resource: english, path: '/user/news' });
    expect((await screen.findByTestId('page-empty')).textContent).toContain('No notices yet');
    expect(titlesShown()).toEqual([]);
    expect(api.sent.map(({ query }) => query.kind)).toEqual(['notice']);
  });

  it('shows why the news could not be loaded and reads it again on retry', async () => {
    api.use(memberApi.get('push', 'news/list', () => ok({ total: 1, list: [item(7, 'Maintenance tonight')] })));
    api.use(memberApi.get('push', 'news/list', () => refused(500, 'The news service is resting'), { once: true }));
    await renderScreen(<NewsList kind="news" />, { namespace: 'messages', resource: english, path: '/news' });
    expect(await screen.findByText('News could not be loaded')).toBeTruthy();
    expect(screen.getByText('The news service is resting')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(titlesShown()).toEqual(['Maintenance tonight']));
  });
});
