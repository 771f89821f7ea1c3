/**
 * The monolithic comparison build's entry: the shell's app chunk, as one app would load it. The
 * shell's own entry (shell/src/index.ts) evaluates the federation's eager shared libraries one per
 * task; a single app has no such libraries in its entry (they sit in vendor chunks of the app's
 * chunk group), and importing them whole from here would ship the UI kit untrimmed.
 */
// eslint-disable-next-line @nx/enforce-module-boundaries
import(/* webpackChunkName: "bootstrap" */ '../../../shell/src/bootstrap');
