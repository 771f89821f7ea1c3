import { ProgressBar } from 'antd-mobile';

export interface ProgressMeterProps {
  /** 0 to 100. */
  percent: number;
  /** What the bar measures, for screen readers (e.g. "Share sold"). */
  label: string;
  className?: string;
}

/**
 * antd-mobile's ProgressBar is a plain div: a label on it names nothing. This one is a
 * `progressbar` with its value, so a screen reader says what it measures and how far it is.
 */
export function ProgressMeter({ percent, label, className }: ProgressMeterProps) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-valuetext={`${value}%`}>
      <ProgressBar percent={percent} className={className} />
    </div>
  );
}
