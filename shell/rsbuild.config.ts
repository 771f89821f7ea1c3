import { shellConfig } from '../tools/rsbuild/federation';
import { firstPaint } from './src/first-paint/build-options';

/** The login screen paints from index.html before the JavaScript (src/first-paint/, src/app/first-paint.ts). */
export default shellConfig({ port: 3000, firstPaint });
