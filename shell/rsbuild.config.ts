import { shellConfig } from '../tools/rsbuild/federation';

/** The login screen paints from index.html before the JavaScript (src/first-paint/, src/app/first-paint.ts). */
export const firstPaint = { entry: './src/first-paint/login-markup.tsx', styleChunks: ['bootstrap'] };

export default shellConfig({ port: 3000, firstPaint });
