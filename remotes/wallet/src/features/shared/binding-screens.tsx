import { useState, type ReactNode } from 'react';
import { Button, Dialog, List, NoticeBar, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadFailed, PageEmpty } from '@rigshare/ui';
import { errorMessage, useDeleteBindingMutation } from '../../api/endpoints';
import '../../wallet.css';

/**
 * A member binds one withdrawal address and one bank card (SPEC.md section 5). Both screens work
 * the same way: show what is bound (or offer to bind), and bind or replace it, warning that a
 * replacement pauses withdrawals. `keys` is the i18n prefix: `address` or `bank`.
 */
/** What is bound, as the cache has it (`useAddressQuery()`, `useBankCardQuery()`). */
export interface BoundSource<T> {
  data?: T | null;
  isError: boolean;
  error?: unknown;
  /** When the server last answered (RTK Query `fulfilledTimeStamp`). */
  fulfilledTimeStamp?: number;
  refetch(): unknown;
}

interface Binding<T> {
  keys: 'address' | 'bank';
  source: BoundSource<T>;
  /** Where the view screen is, and where the bind screen is. */
  viewPath: string;
  bindPath: string;
}

/** The delete button under what is bound: asks "Confirm delete?" first, then the server deletes it (owner-checked). */
function DeleteBinding({ keys, id }: { keys: 'address' | 'bank'; id: number }) {
  const { t } = useTranslation('wallet');
  const [remove, state] = useDeleteBindingMutation();
  const ask = async () => {
    const confirmed = await Dialog.confirm({ title: t('binding.confirmDelete'), content: t('binding.deleteWarning'), confirmText: t('binding.delete'), cancelText: t('common:actions.cancel') });
    if (!confirmed) return;
    try {
      await remove({ kind: keys, id }).unwrap();
      Toast.show({ icon: 'success', content: t(`${keys}.deleted`) });
    } catch {
      // The API client showed the server's message.
    }
  };
  return (
    <Button block color="danger" fill="none" loading={state.isLoading} onClick={() => void ask()} data-testid={`delete-${keys}`}>
      {t(`${keys}.delete`)}
    </Button>
  );
}

export function BoundScreen<T extends { id: number }>({ keys, source, bindPath, children }: Omit<Binding<T>, 'viewPath'> & { children: (bound: T) => ReactNode }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const bound = source.data;
  if (bound === undefined) {
    if (source.isError) return <LoadFailed title={errorMessage(source.error)} retry={() => void source.refetch()} />;
    return <Skeleton.Paragraph lineCount={4} animated />;
  }
  if (bound === null) {
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
      <List className="wallet-card">{children(bound)}</List>
      <p className="wallet-hint">{t(`${keys}.replaceWarning`)}</p>
      <Button block onClick={() => navigate(bindPath)}>
        {t(`${keys}.replace`)}
      </Button>
      <DeleteBinding keys={keys} id={bound.id} />
    </div>
  );
}

export function BindScreen<T, I>({
  keys,
  source,
  viewPath,
  save,
  busy,
  form,
}: Omit<Binding<T>, 'bindPath'> & {
  /** Saves through the mutation (`.unwrap()`): rejects with the server's refusal. */
  save: (input: I, replacing: boolean) => Promise<unknown>;
  /** The mutation is under way (`isLoading`). */
  busy: boolean;
  form: (props: { busy: boolean; onSubmit: (input: I) => Promise<void> }) => ReactNode;
}) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [openedAt] = useState(Date.now);
  // Whether this binds or replaces is the server's answer since the screen opened, not what the
  // cache knew before; a later reload keeps the form (and what it shows) in place.
  if (source.data === undefined || (source.fulfilledTimeStamp ?? 0) < openedAt) {
    if (source.isError) return <LoadFailed title={errorMessage(source.error)} retry={() => void source.refetch()} />;
    return <Skeleton.Paragraph lineCount={5} animated />;
  }
  const replacing = source.data !== null;

  const submit = async (input: I) => {
    const warning = t(`${keys}.replaceWarning`);
    if (replacing && !(await Dialog.confirm({ content: warning, confirmText: t('actions.confirm'), cancelText: t('actions.cancel') }))) return;
    // A refusal rejects here: the form shows it under the field it concerns.
    await save(input, replacing);
    Toast.show({ icon: 'success', content: t(`${keys}.saved`) });
    navigate(viewPath, { replace: true });
  };

  return (
    <div className="wallet-screen">
      {replacing && <NoticeBar wrap color="alert" content={t(`${keys}.replaceWarning`)} />}
      {form({ busy, onSubmit: submit })}
    </div>
  );
}
