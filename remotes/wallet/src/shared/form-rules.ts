import { Toast, type Form } from 'antd-mobile';
import { ERROR_TOAST_MS } from '@rigshare/domain';
import { errorMessage } from '../api/endpoints';
import { fieldOf } from '../api/refusal-fix';

type FormInstance = ReturnType<typeof Form.useForm>[0];

/**
 * An antd-mobile Form rule from a check that returns the message to show (or null): the checks
 * themselves are libs/domain's rules, the same the server runs.
 */
export function rule<V = string>(check: (value: V | undefined) => string | null) {
  return {
    validator: async (_rule: unknown, value: V | undefined) => {
      const message = check(value);
      if (message) throw new Error(message);
    },
  };
}

/**
 * A server refusal on the form: under the field it names (`data.field`, when the form has that
 * field), else as a toast. Returns whether it landed on a field.
 */
export function showRefusalOnForm(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  const field = fieldOf(error);
  if (field && fields.includes(field)) {
    form.setFields([{ name: field, errors: [errorMessage(error)] }]);
    return true;
  }
  Toast.show({ content: errorMessage(error), duration: ERROR_TOAST_MS });
  return false;
}
