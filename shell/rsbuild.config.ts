import { shellConfig } from '../tools/rsbuild/federation';

export default shellConfig({ port: 3000 });
