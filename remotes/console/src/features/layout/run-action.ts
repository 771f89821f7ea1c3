import { Toast } from 'antd-mobile';
import type { StaffError } from '@rigshare/api-client';

/** Runs a staff action: the outcome (or the server's refusal, in the staff member's language) as a toast. */
export async function runAction<T>(work: () => Promise<T>, done: (result: T) => string): Promise<void> {
  try {
    const result = await work();
    Toast.show({ content: done(result) });
  } catch (error) {
    Toast.show({ content: (error as StaffError).message ?? String(error), duration: 3000 });
  }
}
