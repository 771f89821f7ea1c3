import { useEffect, useRef } from 'react';
import { NumberKeyboard, PasscodeInput, type PasscodeInputProps } from 'antd-mobile';

type PinInputProps = Omit<PasscodeInputProps, 'length' | 'keyboard'> & {
  /** What the field is, for screen readers (the visible label or prompt). */
  label: string;
  'data-testid'?: string;
};

/**
 * The 6-digit fund password on antd-mobile's number keyboard. PasscodeInput also renders a native
 * input for the phone's own keyboard, unused when a keyboard is given, yet focusable inside its
 * role="button" box and hidden from assistive technology: it is disabled here, so a screen reader
 * meets one control, named by `label`.
 */
export function PinInput({ label, ...props }: PinInputProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelectorAll('input').forEach((input) => {
      input.disabled = true;
    });
  });
  return (
    <div ref={box}>
      <PasscodeInput {...props} aria-label={label} length={6} keyboard={<NumberKeyboard />} />
    </div>
  );
}

/** The pad as it looks while the fund password is locked: empty, dimmed, and out of reach of taps and focus. */
export function LockedPinPad() {
  return (
    <div className="wallet-pin__locked" inert data-testid="fund-password-pad-locked">
      <PasscodeInput length={6} value="" plain />
    </div>
  );
}
