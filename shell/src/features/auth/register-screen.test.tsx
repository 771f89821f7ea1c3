/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { installServerApi, serverApi } from '@rigshare/api-client';
import { store } from '@rigshare/session';
import { setupUi } from '../test-support/setup-ui';
import RegisterScreen from './register-screen';

beforeAll(async () => {
  await setupUi();
  installServerApi();
});
afterEach(() => store.dispatch(serverApi.util.resetApiState()));

/** The writes the screen started, by endpoint name, from the page's server cache. */
function writesStarted(): string[] {
  const cache = (store.getState() as unknown as Record<string, { mutations: Record<string, { endpointName?: string }> }>)[serverApi.reducerPath];
  return Object.values(cache.mutations).map((mutation) => mutation.endpointName ?? '');
}

function renderAt(path: string, route: string): void {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={<RegisterScreen />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

function inputByTestId(id: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`input[data-testid="${id}"]`);
  if (!element) throw new Error(`no input ${id}`);
  return element;
}

it('refuses mismatched passwords with "Inconsistent passwords" before any call', async () => {
  renderAt('/login/registerbym?code=RIGSHARE', '/login/registerbym');
  await waitFor(() => inputByTestId('invite-code'));
  const invite = inputByTestId('invite-code');
  expect(invite.value).toBe('RIGSHARE');
  expect(invite.readOnly).toBe(true);

  fireEvent.change(inputByTestId('phone'), { target: { value: '9000000002' } });
  fireEvent.change(inputByTestId('password'), { target: { value: 'Demo12345' } });
  fireEvent.change(inputByTestId('confirm-password'), { target: { value: 'Demo54321' } });
  fireEvent.change(inputByTestId('sms-code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('submit'));

  await screen.findByText('Inconsistent passwords');
  expect(writesStarted()).toEqual([]);
});

it('asks for a valid phone before sending an SMS code', async () => {
  renderAt('/register', '/register');
  fireEvent.click(await screen.findByTestId('send-code'));
  await screen.findByText('A valid phone is needed to send a code');
  fireEvent.change(inputByTestId('phone'), { target: { value: '9000000002' } });
  // The debounce lets one tap through per second.
  jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
  fireEvent.click(screen.getByTestId('send-code'));
  await screen.findByText('Please enter the image verification code');
  expect(writesStarted()).toEqual([]);
});
