import { Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@rigshare/i18n';
import { LoadFailed } from '@rigshare/ui';
import { errorMessage } from '../../api/endpoints';
import type { TrackRecord, TrackRecordWindow } from '../../api/track-record';
import { CHART_COLOURS, TrackRecordChart } from './track-record-chart';
import { durationParts, startsLate } from './track-record-figures';
import '../../products.css';

/** Whose record: a product's (every order of it) or one order's. */
export type TrackRecordScope = 'product' | 'order';

function useDuration() {
  const { t } = useTranslation('products');
  return (minutes: number) => {
    const parts = durationParts(minutes);
    return t(`track.duration.${parts.unit}`, parts);
  };
}

/** The record's amounts are written alike in every language, with a decimal point. */
const usdt = (micro: string) => formatUsdt(micro, 'en-US', { decimals: 'exact' });

function Figure({ label, value, colour, testId }: { label: string; value: number; colour?: string; testId: string }) {
  return (
    <div className="products-track-figure">
      <span className="products-track-figure-label">
        {colour && <span className="products-track-swatch" style={{ background: colour }} aria-hidden="true" />}
        {label}
      </span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  );
}

function WindowFigures({ window, scope, stated }: { window: TrackRecordWindow; scope: TrackRecordScope; stated: string }) {
  const { t, i18n } = useTranslation('products');
  const duration = useDuration();
  if (window.due === 0)
    return (
      <p className="products-track-empty" data-testid="track-empty">
        {t(scope === 'product' ? 'track.noHistoryProduct' : 'track.noHistoryOrder', { days: window.days })}
      </p>
    );
  return (
    <div className="products-track-window">
      {startsLate(window) && (
        <p className="products-muted">
          {t('track.since', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(Date.parse(window.firstDueAt!)), days: window.days })}
        </p>
      )}
      <div className="products-track-figures">
        <Figure label={t('track.due')} value={window.due} testId="track-due" />
        <Figure label={t('track.onTime')} value={window.onTime} colour={CHART_COLOURS.onTime} testId="track-on-time" />
        <Figure label={t('track.late')} value={window.late} colour={CHART_COLOURS.late} testId="track-late" />
        <Figure label={t('track.owed')} value={window.owed} colour={CHART_COLOURS.owed} testId="track-owed" />
      </div>
      <TrackRecordChart window={window} />
      {window.medianDelayMinutes !== null && window.longestDelayMinutes !== null && (
        <p className="products-track-line" data-testid="track-delay">
          {t('track.lateDelay', { median: duration(window.medianDelayMinutes), longest: duration(window.longestDelayMinutes) })}
        </p>
      )}
      {window.oldestOwedMinutes !== null && (
        <p className="products-track-line products-warning-text" data-testid="track-waiting">
          {t('track.owedWaiting', { duration: duration(window.oldestOwedMinutes) })}
        </p>
      )}
      <p className="products-track-line" data-testid="track-amounts">
        {t('track.amounts', { paid: usdt(window.paidAmount), due: usdt(window.dueAmount) })}
      </p>
      {window.paidPerUnitDay !== null && (
        <p className="products-track-line" data-testid="track-per-machine">
          {t('track.perMachine', { paid: usdt(window.paidPerUnitDay), stated: usdt(stated) })}
        </p>
      )}
    </div>
  );
}

/**
 * What was actually paid, from the ledger, over the last 30 or 90 days (DESIGN.md section 1): payments
 * due, on time, late and how late, still owed, the amount paid against what was stated, and a bar a day.
 */
export function TrackRecordView({ record, scope }: { record: TrackRecord; scope: TrackRecordScope }) {
  const { t } = useTranslation('products');
  const [shown, setShown] = useState(String(record.windows[0]?.days ?? 30));
  const window = record.windows.find((w) => String(w.days) === shown) ?? record.windows[0];
  return (
    <section className="products-detail-section products-track" data-testid="track-record">
      <h2>{t('track.title')}</h2>
      <Tabs activeKey={shown} onChange={setShown} className="products-tabs">
        {record.windows.map((w) => (
          <Tabs.Tab key={String(w.days)} title={t('track.lastDays', { days: w.days })} />
        ))}
      </Tabs>
      {window && <WindowFigures window={window} scope={scope} stated={record.statedDailyReturn} />}
      <p className="products-detail-note">{t(scope === 'product' ? 'track.howCountedProduct' : 'track.howCountedOrder', { minutes: record.graceMinutes })}</p>
    </section>
  );
}

/** The record as the screen loads it: a placeholder, the record, or what failed with a retry. */
export function TrackRecordSection({ query, scope }: { query: { data?: TrackRecord; isError: boolean; error?: unknown; refetch: () => unknown }; scope: TrackRecordScope }) {
  const { t } = useTranslation('products');
  if (query.data) return <TrackRecordView record={query.data} scope={scope} />;
  if (query.isError) return <LoadFailed title={t('track.loadError')} message={errorMessage(query.error)} retry={() => void query.refetch()} />;
  return <Skeleton.Paragraph lineCount={4} animated />;
}
