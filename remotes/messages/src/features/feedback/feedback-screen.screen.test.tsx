/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '@rigshare/ui/testing';
import { memberApi, ok, refused, startFakeApi } from '@rigshare/ui/testing/fake-api';
import english from '../../../locales/en-US/messages.json';
import FeedbackScreen from './feedback-screen';

const ELEVEN_WORDS = 'My withdrawal from Monday has not arrived yet, please look into it';
const sentFeedback: { content: string; phone: string }[] = [];
const history: { id: number; content: string; phone: string | null; attachment: boolean; reply: string | null; createTime: string }[] = [];

const api = startFakeApi(
  memberApi.get('push', 'feedback/list', () => ok({ total: history.length, list: history })),
  memberApi.post('push', 'feedback/create', async ({ request }) => {
    const form = await request.formData();
    const feedback = { id: history.length + 1, content: String(form.get('content')), phone: String(form.get('phone')) || null, attachment: false, reply: null, createTime: '2026-11-20T08:00:00.000Z' };
    sentFeedback.push({ content: String(form.get('content')), phone: String(form.get('phone')) });
    history.unshift(feedback);
    return ok(feedback);
  }),
);
beforeEach(() => {
  sentFeedback.length = 0;
  history.length = 0;
});

async function write(testId: string, text: string) {
  const field = screen.getByTestId(testId);
  await act(async () => fireEvent.change(field.matches('input, textarea') ? field : field.querySelector('input, textarea')!, { target: { value: text } }));
}
const send = () => act(async () => fireEvent.click(screen.getByTestId('feedback-submit')));
const contentField = () => screen.getByTestId('feedback-content').querySelector('textarea') ?? (screen.getByTestId('feedback-content') as HTMLTextAreaElement);

describe('the feedback screen', () => {
  it('asks for more than ten words and sends nothing until then', async () => {
    await renderScreen(<FeedbackScreen />, { namespace: 'messages', resource: english, path: '/user/feedback' });
    expect(await screen.findByText('No feedback sent yet')).toBeTruthy();
    await write('feedback-content', 'Where is my money');
    await send();
    expect(await screen.findByText('Please describe your feedback in more than ten words')).toBeTruthy();
    expect(sentFeedback).toEqual([]);
    expect(api.sent.map(({ method }) => method)).toEqual(['GET']);
  });

  it('sends the feedback, empties the form and shows it in the history read again from the server', async () => {
    await renderScreen(<FeedbackScreen />, { namespace: 'messages', resource: english, path: '/user/feedback' });
    await screen.findByText('No feedback sent yet');
    await write('feedback-content', ELEVEN_WORDS);
    await write('feedback-phone', '+91 98765 43210');
    await send();
    await waitFor(() => expect(screen.getAllByTestId('feedback-item').map((row) => row.textContent)).toEqual([expect.stringContaining(ELEVEN_WORDS)]));
    expect(sentFeedback).toEqual([{ content: ELEVEN_WORDS, phone: '+91 98765 43210' }]);
    expect(screen.getByTestId('feedback-item').textContent).toContain('Waiting for a reply');
    expect(contentField().value).toBe('');
    expect(api.sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /api/push/feedback/list', 'POST /api/push/feedback/create', 'GET /api/push/feedback/list']);
  });

  it("shows the server's refusal on the text and keeps what the member wrote", async () => {
    api.use(memberApi.post('push', 'feedback/create', () => refused(400, 'You sent feedback a minute ago; please wait before sending more')));
    await renderScreen(<FeedbackScreen />, { namespace: 'messages', resource: english, path: '/user/feedback' });
    await screen.findByText('No feedback sent yet');
    await write('feedback-content', ELEVEN_WORDS);
    await send();
    expect(await screen.findByText('You sent feedback a minute ago; please wait before sending more')).toBeTruthy();
    expect(contentField().value).toBe(ELEVEN_WORDS);
    expect(screen.queryAllByTestId('feedback-item')).toEqual([]);
  });
});
