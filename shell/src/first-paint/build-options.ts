/**
 * What the production build needs to paint the login screen from index.html before the JavaScript
 * (tools/rsbuild/first-paint.ts): the module it renders, relative to the shell's folder, and the
 * chunks whose stylesheets that screen needs. Shared by the shell's build and the monolithic
 * comparison build of `npm run bench:web`.
 */
export const firstPaint = { entry: './src/first-paint/login-markup.tsx', styleChunks: ['bootstrap'] };
