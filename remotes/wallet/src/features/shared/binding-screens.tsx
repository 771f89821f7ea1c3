import { useState, type ReactNode } from 'react';
import { Button, Dialog, List, NoticeBar, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadFailed, PageEmpty, useRequest } from '@rigshare/ui';
import '../../wallet.css';

/**
 * A member binds one withdrawal address and one bank card (SPEC.md section 5). Both screens work
 * the same way: show what is bound (or offer to bind), and bind or replace it, warning that a
 * replacement pauses withdrawals. `keys` is the i18n prefix: `address` or `bank`.
 */
interface Binding<T> {
  keys: 'address' | 'bank';
  load: (signal: AbortSignal) => Promise<T | null>;
  /** Where the view screen is, and where the bind screen is. */
  viewPath: string;
  bindPath: string;
}

export function BoundScreen<T>({ keys, load, bindPath, children }: Omit<Binding<T>, 'viewPath'> & { children: (bound: T) => ReactNode }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [state, retry] = useRequest(keys, load);
  if (state.status === 'loading') return <Skeleton.Paragraph lineCount={4} animated />;
  if (state.status === 'error') return <LoadFailed title={state.message} retry={retry} />;
  if (state.data === null) {
    return (
      <div className="wallet-screen">
        <PageEmpty className="wallet-empty" title={t(`${keys}.emptyTitle`)} description={t(`${keys}.emptyDescription`)}>
          <Button color="primary" onClick={() => navigate(bindPath)}>
            {t(`${keys}.add`)}
          </Button>
        </PageEmpty>
      </div>
    );
  }
  return (
    <div className="wallet-screen">
      <List className="wallet-card">{children(state.data)}</List>
      <p className="wallet-hint">{t(`${keys}.replaceWarning`)}</p>
      <Button block onClick={() => navigate(bindPath)}>
        {t(`${keys}.replace`)}
      </Button>
    </div>
  );
}

export function BindScreen<T, I>({
  keys,
  load,
  viewPath,
  save,
  form,
}: Omit<Binding<T>, 'bindPath'> & {
  save: (input: I, replacing: boolean) => Promise<unknown>;
  form: (props: { busy: boolean; onSubmit: (input: I) => void }) => ReactNode;
}) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [state, retry] = useRequest(keys, load);
  if (state.status === 'loading') return <Skeleton.Paragraph lineCount={5} animated />;
  if (state.status === 'error') return <LoadFailed title={state.message} retry={retry} />;
  const replacing = state.data !== null;

  const submit = async (input: I) => {
    const warning = t(`${keys}.replaceWarning`);
    if (replacing && !(await Dialog.confirm({ content: warning, confirmText: t('actions.confirm'), cancelText: t('actions.cancel') }))) return;
    setBusy(true);
    try {
      await save(input, replacing);
      Toast.show({ icon: 'success', content: t(`${keys}.saved`) });
      navigate(viewPath, { replace: true });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-screen">
      {replacing && <NoticeBar wrap color="alert" content={t(`${keys}.replaceWarning`)} />}
      {form({ busy, onSubmit: (input) => void submit(input) })}
    </div>
  );
}
