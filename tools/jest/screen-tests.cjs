/**
 * Jest settings for a project with screen tests (the fake API of @rigshare/ui/testing/fake-api):
 * msw's dependencies that ship ESM only, and typebox (which @rigshare/api-schema brings in), resolve to
 * their ESM builds under jest-fixed-jsdom's Node export conditions and are transpiled like the server's;
 * and screen tests wait for what a screen shows as long as a loaded machine needs (screen-waits.cjs).
 */
const withEsmPackages = require('./esm-packages.cjs');

const ESM_ONLY_PACKAGES = ['rettime', 'until-async', '@open-draft/deferred-promise', 'typebox'];

/** Screen tests wait for what a screen shows as long as a loaded machine needs (screen-waits.cjs). */
function withScreenWaits(config) {
  return { ...config, setupFilesAfterEnv: [...(config.setupFilesAfterEnv ?? []), require.resolve('./screen-waits.cjs')] };
}

module.exports = function withScreenTests(config) {
  return withEsmPackages(withScreenWaits(config), ESM_ONLY_PACKAGES);
};
module.exports.withScreenWaits = withScreenWaits;
