import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageEmpty } from '@rigshare/ui';
import { monthFilterOf, monthLabel } from './records-filter';

/** A records list's kind and month, kept in the address (`?<kindParam>=…&month=YYYY-MM`) so back and reload keep them. */
export function useListFilters(kindParam: string) {
  const [params, setParams] = useSearchParams();
  const set = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return {
    kind: params.get(kindParam),
    month: monthFilterOf(params.get('month')),
    setKind: (kind: string | null) => set(kindParam, kind),
    setMonth: (month: string | null) => set('month', month),
  };
}

/** A filtered list with nothing in it says which filter left it empty: "No records in November 2026", and the kind. */
export function FilteredEmpty({ list, kind, month }: { list: 'records' | 'withrecord'; kind: string | null; month: string | null }) {
  const { t, i18n } = useTranslation('wallet');
  const title = month ? t(`${list}.emptyIn`, { month: monthLabel(month, i18n.language) }) : t(`${list}.emptyKind`);
  return <PageEmpty className="wallet-empty" title={title} description={month && kind ? kind : undefined} />;
}
