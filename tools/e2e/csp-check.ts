/**
 * After each browser test: no page blocked anything under the app's Content-Security-Policy (the
 * shell's page as static-server.ts or the fleet's nginx sends it). A script, style, image or request
 * the app needs and the policy forgot fails the test that opened that screen.
 */
import { takeCspViolations } from './browser';

afterEach(() => {
  expect(takeCspViolations()).toEqual([]);
});
