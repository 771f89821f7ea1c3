/**
 * Jest settings for a project with screen tests (the fake API of @rigshare/ui/testing/fake-api):
 * msw's own dependencies that ship ESM only are transpiled like the other ESM-only packages.
 */
const withEsmPackages = require('./esm-packages.cjs');

const MSW_ESM_PACKAGES = ['rettime', 'until-async', '@open-draft/deferred-promise'];

module.exports = function withScreenTests(config) {
  return withEsmPackages(config, MSW_ESM_PACKAGES);
};
