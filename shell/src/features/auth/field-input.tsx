import { useEffect, useRef } from 'react';
import { Input, type InputProps, type InputRef } from 'antd-mobile';

/**
 * antd-mobile's Input puts extra attributes on its wrapper; browser tests need `data-testid` on
 * the <input> itself, so it is set there once mounted.
 */
export function FieldInput({ testId, ...props }: InputProps & { testId: string }) {
  const ref = useRef<InputRef>(null);
  useEffect(() => {
    ref.current?.nativeElement?.setAttribute('data-testid', testId);
  }, [testId]);
  return <Input ref={ref} {...props} />;
}
