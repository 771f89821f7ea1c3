import { screen } from '@testing-library/react';

/** The message the form shows under the field holding `testId` (antd-mobile Form.Item feedback), or null. */
export function fieldError(testId: string): string | null {
  const item = screen.getByTestId(testId).closest('.adm-form-item');
  return item?.querySelector('.adm-form-item-feedback-error')?.textContent ?? null;
}

/** The text of the row a label sits in (label and value side by side: a List.Item, a record row, a dt/dd pair). */
export function rowOf(label: string | RegExp): string {
  return screen.getByText(label).parentElement?.textContent ?? '';
}
