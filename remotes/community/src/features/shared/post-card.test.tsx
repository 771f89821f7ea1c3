/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { isShown, renderScreen } from '@rigshare/ui/testing';
import english from '../../../locales/en-US/community.json';
import type { SquarePost } from '../../api/endpoints';
import { PostCard } from './post-card';

const post: SquarePost = {
  id: 7,
  headUrl: null,
  username: '987****10',
  content: '<p>Hello</p><img src=x onerror="alert(1)">',
  createTime: '2026-11-23T10:00:00.000Z',
  urls: ['https://api.example/api/user/files/abcdefgh1', 'https://api.example/api/user/files/abcdefgh2'],
  videoUrl: null,
  thumbsUpNum: 3,
  commentNum: 1,
  hasThumbsUp: true,
  status: 1,
  failReason: null,
  postedByStaff: null,
};

describe('PostCard', () => {
  it('shows a member post sanitised, with its thumbnails and counts, liked once', async () => {
    const { container } = await renderScreen(<PostCard post={post} />, { namespace: 'community', resource: english });
    expect(isShown(screen.getByText('Hello'))).toBe(true);
    expect(container.querySelector('[data-testid="rich-text"] img')).toBeNull();
    expect(container.querySelectorAll('.community-thumb')).toHaveLength(2);
    expect(screen.getByTestId('like-count').textContent).toBe('3');
    expect((screen.getByTestId('like') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('staff-mark')).toBeNull();
  });

  it('marks a post staff wrote for the member with the staff role', async () => {
    await renderScreen(<PostCard post={{ ...post, postedByStaff: { role: 'guide_manager' } }} />, { namespace: 'community', resource: english });
    expect(screen.getByTestId('staff-mark').textContent).toBe('Posted by staff · Guide manager');
  });
});
