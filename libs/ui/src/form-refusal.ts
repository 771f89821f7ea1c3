import { Toast, type Form } from 'antd-mobile';
import { ERROR_TOAST_MS } from '@rigshare/domain';

type FormInstance = ReturnType<typeof Form.useForm>[0];

/**
 * A server refusal on an antd-mobile form: the `{ code, message, data }` an RTK Query call fails with
 * (libs/api-client `ServerError`) or an `ApiError`. Its message goes under the field it names
 * (`data.field`, e.g. a wrong code under the code), where it stays while the member corrects it, when
 * the form has that field; else it is a toast. Returns whether it landed on a field.
 */
export function showRefusalOnForm(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  const { message, data } = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; data?: unknown };
  const text = message === undefined ? String(error ?? '') : String(message);
  const field = typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : undefined;
  if (typeof field === 'string' && fields.includes(field)) {
    form.setFields([{ name: field, errors: [text] }]);
    return true;
  }
  Toast.show({ content: text, duration: ERROR_TOAST_MS });
  return false;
}
