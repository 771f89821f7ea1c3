/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/community.json';
import AddPostScreen from './add-post-screen';

const api = startFakeApi();

async function renderForm() {
  await renderScreen(
    <Routes>
      <Route path="/user/addynamic" element={<AddPostScreen />} />
      <Route path="/user/dyrecord" element={<p data-testid="my-posts">My posts</p>} />
    </Routes>,
    { namespace: 'community', resource: english, path: '/user/addynamic' },
  );
}
async function write(testId: string, text: string) {
  const field = screen.getByTestId(testId);
  await act(async () => fireEvent.change(field.matches('input, textarea') ? field : field.querySelector('input, textarea')!, { target: { value: text } }));
}
const send = () => act(async () => fireEvent.click(screen.getByTestId('post-submit')));
const contentField = () => (screen.getByTestId('post-content').querySelector('textarea') ?? screen.getByTestId('post-content')) as HTMLTextAreaElement;

describe('writing a post', () => {
  it('asks for some text and a real video link before sending anything', async () => {
    await renderForm();
    await write('post-video', 'youtube.com/watch?v=1');
    await send();
    expect(await screen.findByText('Please write something to post')).toBeTruthy();
    expect(screen.getByText('The link must start with http:// or https://')).toBeTruthy();
    expect(api.sent).toEqual([]);
  });

  it('sends the text for review and opens my posts', async () => {
    api.use(memberApi.post('comment', 'square/addText', () => ok({ id: 31 }, 'Sent for review')));
    await renderForm();
    await write('post-content', 'My first payout arrived today');
    await write('post-video', ' https://video.example.test/rig ');
    await send();
    expect(await screen.findByTestId('my-posts')).toBeTruthy();
    expect(api.sent.map(({ path, body }) => [path, body])).toEqual([['/api/comment/square/addText', { content: '<p>My first payout arrived today</p>', videoUrl: 'https://video.example.test/rig' }]]);
  });

  it("shows the server's refusal on the text and keeps it", async () => {
    api.use(memberApi.post('comment', 'square/addText', () => refused(400, 'Posts may not carry phone numbers')));
    await renderForm();
    await write('post-content', 'Call me on 98765 43210 for a deal');
    await send();
    expect(await screen.findByText('Posts may not carry phone numbers')).toBeTruthy();
    expect(contentField().value).toBe('Call me on 98765 43210 for a deal');
    expect(screen.queryByTestId('my-posts')).toBeNull();
  });
});
