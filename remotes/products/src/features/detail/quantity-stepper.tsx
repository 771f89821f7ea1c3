import { useEffect, useRef } from 'react';
import { Stepper, type StepperProps } from 'antd-mobile';

/**
 * antd-mobile's Stepper, named for screen readers. Its number field has no label of its own and
 * the Stepper copies the spinbutton's aria-value* onto the field's wrapper div, where they are not
 * allowed; after each render the field gets `label` and the wrapper loses the stray attributes.
 */
export function QuantityStepper({ label, ...props }: StepperProps & { label: string; 'data-testid'?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrapper = box.current?.querySelector('.adm-stepper-input');
    for (const name of ['aria-valuenow', 'aria-valuemin', 'aria-valuemax']) wrapper?.removeAttribute(name);
    box.current?.querySelector('input')?.setAttribute('aria-label', label);
  });
  return (
    <div ref={box}>
      <Stepper {...props} />
    </div>
  );
}
