/**
 * What the production build needs to paint the landing screens from index.html before the
 * JavaScript (tools/rsbuild/first-paint.ts): the module that renders them, relative to the shell's
 * folder, and the chunks whose stylesheets they need. Shared by the shell's build and the monolithic
 * comparison build of `npm run bench:web`.
 */
export const firstPaint = { entry: './src/first-paint/screens.tsx', styleChunks: ['bootstrap'] };
