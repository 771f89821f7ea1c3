/**
 * How long a screen test waits for what the screen should show: `waitFor` and `findBy…` up to 10 s, not
 * testing-library's 1 s, and a test up to 30 s, not jest's 5 s. A wait ends as soon as the screen shows
 * it, so a passing test takes no longer; only a loaded machine's slow render no longer fails a test whose
 * screen is right (one did with the CPU given to other work: the square's third page came after 1 s).
 * A screen that never shows it still fails.
 */
const { configure } = require('@testing-library/dom');

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);
