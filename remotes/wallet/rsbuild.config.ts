import { remoteConfig } from '../../tools/rsbuild/federation';
import { OWNED_PATHS } from './src/paths';
import remote from './src/routes';

export default remoteConfig({
  name: 'wallet',
  port: 3002,
  paths: OWNED_PATHS,
  routes: remote.routes,
  ownPage: 'Rigshare wallet module. Open the Rigshare app to use it.',
});
