import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile's imperative Toast and Dialog mount with React's legacy render API, which React 19
 * removed. This hands them a createRoot per container instead. antd-mobile is a page singleton,
 * so doing it once in the shell covers every remote.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Let the closing animation's last render finish before unmounting.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
