/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SquarePost } from '@rigshare/api-schema';
import { reachListEnds, renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/community.json';
import SquareScreen from './square-screen';

const post = (id: number, username: string, thumbsUpNum = 0): SquarePost => ({
  id,
  headUrl: null,
  username,
  content: `<p>Post ${id} by ${username}</p>`,
  createTime: '2026-11-20T08:00:00.000Z',
  urls: [],
  videoUrl: null,
  thumbsUpNum,
  commentNum: 0,
  hasThumbsUp: false,
  status: 1,
  failReason: null,
  postedByStaff: null,
});

const api = startFakeApi();
reachListEnds();
const cardOf = (id: number) => screen.getAllByTestId('post-card').find((card) => card.dataset.postId === String(id))!;
const authors = () => screen.queryAllByTestId('post-card').map((card) => card.querySelector('strong')?.textContent);

describe('the community square', () => {
  it('reads the posts page after page, each asking for those older than the last one it has', async () => {
    api.use(
      memberApi.get('comment', 'square/list', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === '0' ? ok({ list: [post(9, 'Asha'), post(8, 'Ravi')], nextCursor: 8 }) : ok({ list: [post(5, 'Meera')], nextCursor: null }),
      ),
    );
    await renderScreen(<SquareScreen />, { namespace: 'community', resource: english, path: '/dynamic' });
    await waitFor(() => expect(authors()).toEqual(['Asha', 'Ravi', 'Meera']));
    expect(api.sent.map(({ query }) => query.cursor)).toEqual(['0', '8']);
  });

  it("likes a post and shows the server's count on it, and the like cannot be given twice", async () => {
    api.use(
      memberApi.get('comment', 'square/list', () => ok({ list: [post(9, 'Asha', 4), post(8, 'Ravi', 1)], nextCursor: null })),
      memberApi.post('comment', 'thumbsUp/square', () => ok({ thumbsUpNum: 5, hasThumbsUp: true })),
    );
    await renderScreen(<SquareScreen />, { namespace: 'community', resource: english, path: '/dynamic' });
    await waitFor(() => expect(authors()).toEqual(['Asha', 'Ravi']));
    await act(async () => fireEvent.click(within(cardOf(9)).getByRole('button', { name: 'Like' })));
    await waitFor(() => expect(within(cardOf(9)).getByTestId('like-count').textContent).toBe('5'));
    expect(within(cardOf(9)).getByRole('button', { name: 'Liked' })).toHaveProperty('disabled', true);
    expect(within(cardOf(8)).getByTestId('like-count').textContent).toBe('1');
    expect(api.sent.filter(({ method }) => method === 'POST').map(({ path, body }) => [path, body])).toEqual([['/api/comment/thumbsUp/square', { squareId: '9' }]]);
  });

  it('says there are no posts yet when the square is empty', async () => {
    api.use(memberApi.get('comment', 'square/list', () => ok({ list: [], nextCursor: null })));
    await renderScreen(<SquareScreen />, { namespace: 'community', resource: english, path: '/dynamic' });
    expect((await screen.findByTestId('page-empty')).textContent).toContain('No posts yet');
  });
});
