import { invalidateOnLive, serverApi } from '@rigshare/api-client';

/** A post of the member's passing or failing review, and a comment or reply on one, reload "my posts" and that post's comments. */
export const followLiveEvents = () =>
  invalidateOnLive(serverApi.util.invalidateTags, {
    post: [{ type: 'Posts', id: 'mine' }],
    comment: ({ postId }) => [
      { type: 'Posts', id: 'mine' },
      { type: 'Posts', id: `comments-${postId}` },
    ] as const,
  });
