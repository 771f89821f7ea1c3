import { useRef, useState } from 'react';
import { CheckList, DatePicker, Dropdown, type DropdownRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isRecordMonth } from '@rigshare/domain';

/** A kind the list can be narrowed to: the value the server takes and its translated name. */
export interface RecordKind {
  value: string;
  label: string;
}

const ALL = 'all';
const PICK_MONTH = 'month';

/** "2026-11" in the member's language: "November 2026", "நவம்பர் 2026". */
export function monthLabel(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(year, number - 1, 1));
}

/** A picked month's column label: the month's name, not its number. */
function monthName(number: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, number - 1, 1));
}

/** `?month=` as a YYYY-MM month, else null (all time). */
export function monthFilterOf(param: string | null): string | null {
  return param !== null && isRecordMonth(param) ? param : null;
}

const toMonth = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
const fromMonth = (month: string) => new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);

interface RecordsFilterProps {
  kinds: readonly RecordKind[];
  kind: string | null;
  month: string | null;
  onKind: (kind: string | null) => void;
  onMonth: (month: string | null) => void;
}

/**
 * The bar over a records list: a drop-down of the kinds the list holds and one of the period, whose
 * "Choose a month" opens a year | month picker; "All time" goes back to every month.
 */
export function RecordsFilter({ kinds, kind, month, onKind, onMonth }: RecordsFilterProps) {
  const { t, i18n } = useTranslation('wallet');
  const dropdown = useRef<DropdownRef>(null);
  const [picking, setPicking] = useState(false);
  const kindLabel = kinds.find((k) => k.value === kind)?.label;
  const choose = (act: () => void) => {
    dropdown.current?.close();
    act();
  };
  return (
    <>
      <Dropdown ref={dropdown} className="wallet-filter" data-testid="records-filter">
        <Dropdown.Item key="kind" title={kindLabel ?? t('records.allKinds')} highlight={kind !== null}>
          {/* Tapping the checked kind again unchecks it: that keeps the filter as it is. */}
          <CheckList value={[kind ?? ALL]} onChange={([picked]) => choose(() => picked !== undefined && onKind(picked === ALL ? null : String(picked)))}>
            <CheckList.Item value={ALL}>{t('records.allKinds')}</CheckList.Item>
            {kinds.map((k) => (
              <CheckList.Item key={k.value} value={k.value}>
                {k.label}
              </CheckList.Item>
            ))}
          </CheckList>
        </Dropdown.Item>
        <Dropdown.Item key="period" title={month ? monthLabel(month, i18n.language) : t('records.allTime')} highlight={month !== null}>
          {/* The checked choice tapped again: all time stays, a month opens the picker again. */}
          <CheckList value={[month ? PICK_MONTH : ALL]} onChange={([picked = month ? PICK_MONTH : ALL]) => choose(() => (picked === ALL ? onMonth(null) : setPicking(true)))}>
            <CheckList.Item value={ALL}>{t('records.allTime')}</CheckList.Item>
            <CheckList.Item value={PICK_MONTH}>
              {month ? monthLabel(month, i18n.language) : t('records.chooseMonth')}
            </CheckList.Item>
          </CheckList>
        </Dropdown.Item>
      </Dropdown>
      <DatePicker
        precision="month"
        visible={picking}
        value={month ? fromMonth(month) : new Date()}
        max={new Date()}
        title={t('records.chooseMonth')}
        confirmText={t('common:actions.confirm')}
        cancelText={t('common:actions.cancel')}
        renderLabel={(type, data) => (type === 'month' ? monthName(data, i18n.language) : String(data))}
        onClose={() => setPicking(false)}
        onConfirm={(date) => onMonth(toMonth(date))}
      />
    </>
  );
}
