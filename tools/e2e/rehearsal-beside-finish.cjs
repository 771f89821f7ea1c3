/** Jest's global teardown: waits for the rehearsal rehearsal-beside.cjs started, prints it, fails with it. */
module.exports = require('./rehearsal-beside.cjs').finish;
