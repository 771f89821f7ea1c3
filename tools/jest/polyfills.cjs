// react-router 7 expects the encoding API, which jsdom does not provide; harmless under node.
const { TextDecoder, TextEncoder } = require('util');
Object.assign(globalThis, { TextDecoder, TextEncoder });
