import { remoteConfig } from '../../tools/rsbuild/federation';
import { OWNED_PATHS } from './src/paths';
import remote from './src/routes';

export default remoteConfig({
  name: 'console',
  port: 3006,
  paths: OWNED_PATHS,
  routes: remote.routes,
  ownPage: 'Rigshare staff console module. Log in as staff in the Rigshare app to use it.',
});
