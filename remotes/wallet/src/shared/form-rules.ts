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
