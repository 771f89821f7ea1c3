import { Selector, type SelectorProps } from 'antd-mobile';

/**
 * A choice of exactly one option. antd-mobile's Selector lets a tap on the chosen option unselect it,
 * which left a preselected field empty and the form saying it is required: here that tap keeps the choice.
 */
export function OneOf<V extends string | number>({ onChange, ...props }: Omit<SelectorProps<V>, 'multiple'>) {
  return <Selector<V> {...props} onChange={(next, extend) => next.length > 0 && onChange?.(next, extend)} />;
}
