// CSS imported by antd-mobile's CommonJS build means nothing to jsdom.
module.exports = {};
