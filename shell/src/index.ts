// Module Federation needs an async boundary before shared modules are used. The chunk is named so
// the build can link its stylesheet in index.html for the first paint (rsbuild.config.ts).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
