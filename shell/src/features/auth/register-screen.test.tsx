/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { accountsApi } from '@rigshare/api-client';
import { setupUi } from '../test-support/setup-ui';
import RegisterScreen from './register-screen';

beforeAll(() => setupUi());

function inputByTestId(id: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`input[data-testid="${id}"]`);
  if (!element) throw new Error(`no input ${id}`);
  return element;
}

it('refuses mismatched passwords with "Inconsistent passwords" before any call', async () => {
  // No API hosts are configured here, so a call would fail; the spy shows none is made.
  const register = jest.spyOn(accountsApi, 'register');
  render(
    <MemoryRouter initialEntries={['/login/registerbym?code=RIGSHARE']}>
      <Routes>
        <Route path="/login/registerbym" element={<RegisterScreen />} />
      </Routes>
    </MemoryRouter>,
  );
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
  expect(register).not.toHaveBeenCalled();
});

it('asks for a valid phone before sending an SMS code', async () => {
  const sendCode = jest.spyOn(accountsApi, 'sendRegisterCode');
  render(
    <MemoryRouter initialEntries={['/register']}>
      <Routes>
        <Route path="/register" element={<RegisterScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByTestId('send-code'));
  await screen.findByText('A valid phone is needed to send a code');
  fireEvent.change(inputByTestId('phone'), { target: { value: '9000000002' } });
  // The debounce lets one tap through per second.
  jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
  fireEvent.click(screen.getByTestId('send-code'));
  await screen.findByText('Please enter the image verification code');
  expect(sendCode).not.toHaveBeenCalled();
});
