import { remoteConfig } from '../../tools/rsbuild/federation';
import { OWNED_PATHS } from './src/paths';
import remote from './src/routes';

export default remoteConfig({
  name: 'messages',
  port: 3005,
  paths: OWNED_PATHS,
  routes: remote.routes,
  ownPage: 'Rigshare messages module. Open the Rigshare app to use it.',
});
