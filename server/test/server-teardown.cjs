/** Removes the run's server build (test/server-build.cjs). */
module.exports = require('./server-build.cjs').teardown;
