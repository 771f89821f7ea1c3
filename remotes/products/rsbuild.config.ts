import { remoteConfig } from '../../tools/rsbuild/federation';
import { OWNED_PATHS } from './src/paths';
import remote from './src/routes';

export default remoteConfig({
  name: 'products',
  port: 3001,
  paths: OWNED_PATHS,
  routes: remote.routes,
  ownPage: 'Rigshare products module. Open the Rigshare app to use it.',
});
