/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { live, useLivePollingInterval } from './live-hub';

afterEach(() => live.setConnected(false));

it('hands each event to the handlers of its topic until they unsubscribe, whatever another handler throws', () => {
  const got: string[] = [];
  const stopFirst = live.subscribe('deposit', (data, id) => got.push(`first ${id} ${data.confirmations}/${data.required}`));
  live.subscribe('deposit', () => {
    throw new Error('a broken screen');
  });
  const stopOther = live.subscribe('withdrawal', (data) => got.push(`withdrawal ${data.status}`));
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  live.deliver({ type: 'event', id: 3, topic: 'deposit', data: { id: 1, status: 'Pending', confirmations: 4, required: 20 } });
  stopFirst();
  live.deliver({ type: 'event', id: 4, topic: 'deposit', data: { id: 1, status: 'Pending', confirmations: 5, required: 20 } });
  live.deliver({ type: 'event', id: 5, topic: 'withdrawal', data: { id: 9, status: 'Paid' } });
  stopOther();
  expect(got).toEqual(['first 3 4/20', 'withdrawal Paid']);
  expect(error).toHaveBeenCalledTimes(2);
  error.mockRestore();
});

it('polls while the channel is down and stops polling while it is connected', () => {
  const { result } = renderHook(() => useLivePollingInterval(30_000));
  expect(result.current).toBe(30_000);
  act(() => live.setConnected(true));
  expect(result.current).toBe(0);
  act(() => live.setConnected(false));
  expect(result.current).toBe(30_000);
});
