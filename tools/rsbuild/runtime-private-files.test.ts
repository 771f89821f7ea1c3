import { changedPrivateFiles } from './runtime-private-files';

it('the federation runtime installed is the one whose private files tools/rsbuild was checked against', () => {
  // On an upgrade: check each file named against what relies on it, then update its hash (and CHECKED_VERSION).
  expect(changedPrivateFiles()).toEqual([]);
});
