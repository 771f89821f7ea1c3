/**
 * @jest-environment jsdom
 */
import { Suspense, use, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { UnsupportedContractError } from '@rigshare/contract';
import en from '../../locales/en-US/shell.json';
import { commonLoader } from '@rigshare/i18n';
import { AreaBoundary } from './area-boundary';

function Failing({ load }: { load: Promise<unknown> }) {
  use(load);
  return null;
}

let common: { actions: { retry: string } };
beforeAll(async () => {
  common = (await commonLoader('en-US')) as typeof common;
});

async function renderArea(error: Error, frame?: (notice: ReactNode) => ReactNode) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { shell: en, common } }, ns: ['shell', 'common'], defaultNS: 'shell' });
  const load = Promise.reject(error);
  load.catch(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <AreaBoundary area="wallet" frame={frame}>
          <Suspense fallback={null}>
            <Failing load={load} />
          </Suspense>
        </AreaBoundary>
      </I18nextProvider>,
    );
  });
}

afterEach(() => sessionStorage.clear());

it('a remote built against an unsupported contract shows that the area is being updated, and no reload is planned', async () => {
  await renderArea(new UnsupportedContractError('wallet', 2));
  const notice = screen.getByRole('alert');
  expect(notice.getAttribute('data-reason')).toBe('updating');
  expect(notice.textContent).toContain(en.reload.updating.title);
  expect(notice.textContent).toContain(en.reload.updating.description);
  expect(sessionStorage.getItem('rigshare.reloaded.wallet')).toBeNull();
});

it('a remote that fails to load says so with one instruction, the button it names, and plans its one reload', async () => {
  await renderArea(new Error('manifest unreachable'));
  const notice = screen.getByRole('alert');
  expect(notice.getAttribute('data-reason')).toBe('failed');
  expect(notice.textContent).toContain(en.reload.title);
  // The instruction names the button below it; nothing asks for a page refresh the button does not do.
  expect(notice.textContent).toContain(`tap “${common.actions.retry}”`);
  expect(screen.getByRole('button').textContent).toBe(common.actions.retry);
  expect(notice.textContent).not.toMatch(/refresh/i);
  expect(sessionStorage.getItem('rigshare.reloaded.wallet')).not.toBeNull();
});

it('a failed area keeps the frame it is given around the notice', async () => {
  await renderArea(new Error('manifest unreachable'), (notice) => (
    <div data-testid="frame">
      <h1>Wallet</h1>
      {notice}
    </div>
  ));
  expect(screen.getByTestId('frame').contains(screen.getByRole('alert'))).toBe(true);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Wallet');
});
