/**
 * The shell's entry. Module Federation needs an async boundary before shared modules are used, so
 * the app itself is the `bootstrap` chunk (named so the build can link its stylesheet in index.html
 * for the first paint, rsbuild.config.ts).
 *
 * The shared libraries come in this entry file (eager, tools/rsbuild/federation.ts), and each one is
 * evaluated the first time a module requires it. Left to the bootstrap chunk they would all be
 * evaluated in the task that runs it, some 400 ms on a mid-range phone with nothing else able to
 * run. Here they are evaluated one library per task, in the order they depend on each other, while
 * that chunk downloads; whatever is left when it arrives, it evaluates itself. A test holds this list
 * to the build's singletons (shared-libraries.test.ts).
 */
const SHARED_LIBRARIES = [
  () => import('react'),
  () => import('react-dom/client'),
  () => import('antd-mobile/first-load'),
  () => import('react-router-dom'),
  () => import('@reduxjs/toolkit'),
  () => import('react-redux'),
  () => import('i18next'),
  () => import('react-i18next'),
  () => import('axios'),
  () => import('@rigshare/i18n'),
  () => import('@rigshare/session'),
  () => import('@rigshare/api-client'),
];

/** Lets the browser paint and handle input between two libraries. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function evaluateSharedLibraries() {
  for (const load of SHARED_LIBRARIES) {
    await nextTask();
    await load();
  }
}

// A task after this one: asking for the chunk first has federation look up every library it shares
// (its consumes), which made this file's task, already holding the federation runtime's start, the
// longest of the load (docs/performance.md, "Long tasks of a first load"). The request leaves a
// moment later.
nextTask().then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
evaluateSharedLibraries().catch((error) => console.warn('Shared libraries were left to the app to evaluate', error));
