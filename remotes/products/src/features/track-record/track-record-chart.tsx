import { useTranslation } from 'react-i18next';
import type { TrackRecordWindow } from '../../api/track-record';
import { dayBars } from './track-record-figures';

const WIDTH = 300;
const HEIGHT = 60;
export const CHART_COLOURS = { onTime: '#0f7a63', late: '#b25400', owed: '#c62828' } as const;

const shortDate = (iso: string, language: string) => {
  try {
    return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(Date.parse(iso));
  } catch {
    return iso.slice(0, 10);
  }
};

/**
 * One bar a 24 h, oldest left: the share of that day's payments paid on time (bottom), late and still owed
 * (top); a day with nothing due is a short grey mark. Inline SVG, stretched to the width of the screen.
 */
export function TrackRecordChart({ window }: { window: TrackRecordWindow }) {
  const { t, i18n } = useTranslation('products');
  const bars = dayBars(window.daily);
  const slot = WIDTH / bars.length;
  const barWidth = slot * 0.72;
  const label = t('track.chartLabel', { days: window.days, onTime: window.onTime, late: window.late, owed: window.owed });
  return (
    <figure className="products-track-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label} data-testid="track-chart">
        <title>{label}</title>
        {bars.map((bar, i) => {
          const x = i * slot + (slot - barWidth) / 2;
          if (!bar) return <rect key={i} x={x} y={HEIGHT - 2} width={barWidth} height={2} fill="#c9d2cf" />;
          const onTime = bar.onTime * HEIGHT;
          const late = bar.late * HEIGHT;
          const owed = bar.owed * HEIGHT;
          return (
            <g key={i}>
              {onTime > 0 && <rect x={x} y={HEIGHT - onTime} width={barWidth} height={onTime} fill={CHART_COLOURS.onTime} />}
              {late > 0 && <rect x={x} y={HEIGHT - onTime - late} width={barWidth} height={late} fill={CHART_COLOURS.late} />}
              {owed > 0 && <rect x={x} y={0} width={barWidth} height={owed} fill={CHART_COLOURS.owed} />}
            </g>
          );
        })}
      </svg>
      <figcaption className="products-track-axis" aria-hidden="true">
        <span>{shortDate(window.from, i18n.language)}</span>
        <span>{shortDate(new Date(Date.parse(window.from) + window.days * 86_400_000).toISOString(), i18n.language)}</span>
      </figcaption>
    </figure>
  );
}
