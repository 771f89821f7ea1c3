// jsdom has no TextEncoder/TextDecoder (react-router needs them); harmless under node.
const { TextEncoder, TextDecoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no layout, so nothing ever scrolls into view; lazy images simply stay unloaded.
if (typeof window !== 'undefined' && typeof window.IntersectionObserver === 'undefined') {
  class NoLayoutIntersectionObserver {
    constructor() {
      this.root = null;
      this.rootMargin = '0px';
      this.thresholds = [0];
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  window.IntersectionObserver = NoLayoutIntersectionObserver;
  globalThis.IntersectionObserver = NoLayoutIntersectionObserver;
}
