const path = require('path');

// One React for the whole test: the workspace root holds an older react/react-dom that
// antd-mobile and @testing-library would otherwise pick up next to this package's React 19.
const reactDir = path.dirname(require.resolve('react/package.json', { paths: [__dirname] }));
const reactDomDir = path.dirname(require.resolve('react-dom/package.json', { paths: [path.join(__dirname, '../../shell')] }));

module.exports = {
  ...require('../../jest.preset.cjs'),
  moduleNameMapper: {
    '\\.css$': '<rootDir>/jest/style-stub.cjs',
    '^react$': reactDir,
    '^react/(.*)$': `${reactDir}/$1`,
    '^react-dom$': reactDomDir,
    '^react-dom/(.*)$': `${reactDomDir}/$1`,
  },
};
