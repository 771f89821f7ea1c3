import { useEffect, useRef } from 'react';
import { Input, type InputProps, type InputRef } from 'antd-mobile';

/**
 * antd-mobile's Input named for screen readers. A Form.Item's label only points at its field when
 * the item is bound to the form store by `name`; these fields keep their own state, so the field
 * carries its label itself. (An `aria-label` prop would also land on Input's wrapper div, where
 * it is not allowed, hence the ref.)
 */
export function LabelledInput({ label, ...props }: InputProps & { label: string; 'data-testid'?: string }) {
  const input = useRef<InputRef>(null);
  useEffect(() => {
    input.current?.nativeElement?.setAttribute('aria-label', label);
  }, [label]);
  return <Input ref={input} {...props} />;
}
