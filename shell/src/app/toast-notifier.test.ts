/** @jest-environment jsdom */
import { Toast } from 'antd-mobile';
import { toastNotifier } from './toast-notifier';

jest.spyOn(Toast, 'show').mockImplementation(() => ({ close() {} }) as ReturnType<typeof Toast.show>);
const clear = jest.spyOn(Toast, 'clear').mockImplementation(() => {});

beforeEach(() => clear.mockClear());

it('hides the spinner when the calls are done', () => {
  const notifier = toastNotifier();
  notifier.showLoading();
  notifier.hideLoading();
  expect(clear).toHaveBeenCalledTimes(1);
});

it('leaves a message on screen when another call finishes after it', () => {
  const notifier = toastNotifier();
  notifier.showLoading();
  notifier.showError('Your session has expired, please log in again', 3000);
  notifier.hideLoading();
  expect(clear).not.toHaveBeenCalled();
});

it('shows no spinner over a message while the message lasts, and spins again after it', () => {
  let time = 1_000;
  const show = jest.mocked(Toast.show);
  const notifier = toastNotifier(() => time);
  notifier.showError('Your session has expired, please log in again', 3000);
  show.mockClear();
  time += 500;
  notifier.showLoading();
  notifier.hideLoading();
  expect(show).not.toHaveBeenCalled();
  expect(clear).not.toHaveBeenCalled();
  time += 3000;
  notifier.showLoading();
  expect(show).toHaveBeenCalledTimes(1);
});
