import { remoteConfig } from '../../tools/rsbuild/federation';
import { OWNED_PATHS } from './src/paths';
import remote from './src/routes';

export default remoteConfig({
  name: 'team',
  port: 3003,
  paths: OWNED_PATHS,
  routes: remote.routes,
  ownPage: 'Rigshare team module. Open the Rigshare app to use it.',
});
