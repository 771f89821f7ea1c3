import { remoteConfig } from '../../tools/rsbuild/federation';
import { OWNED_PATHS } from './src/paths';
import remote from './src/routes';

export default remoteConfig({
  name: 'community',
  port: 3004,
  paths: OWNED_PATHS,
  routes: remote.routes,
  ownPage: 'Rigshare community module. Open the Rigshare app to use it.',
});
