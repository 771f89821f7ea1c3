import type { FormItemProps } from 'antd-mobile';

/**
 * A form field's rules from one check: `messageOf` says what is wrong with the value, in the member's
 * words, or null when nothing is. The message shows under the field.
 */
export function checkRule(messageOf: (value: string | undefined) => string | null): FormItemProps['rules'] {
  return [
    {
      validator: async (_rule, value: string | undefined) => {
        const message = messageOf(value);
        if (message) throw new Error(message);
      },
    },
  ];
}
