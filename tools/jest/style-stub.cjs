// CSS imported by antd-mobile's CommonJS build and by the shell means nothing to jsdom.
module.exports = {};
