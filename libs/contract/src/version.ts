/**
 * The version of the shell-remote contract (this library), a major number in the semver sense: it
 * goes up when a change would break a shell or a remote built against the previous one (a field of
 * `RemoteModule` removed, renamed or changed in meaning; a shared library's export removed). Adding
 * an optional field does not change it.
 *
 * A remote states the version it was built against twice: `contractVersion` in the module it
 * exposes (compiled in from its own copy of this library) and `contract` in its remotes.json entry
 * (from the `contract.json` its build writes next to its manifest). The shell reads the entry before
 * it loads the remote and the module before it renders it, and loads only the versions it supports;
 * for any other it shows that area's fallback.
 *
 * Version 2: a remote no longer carries the federation runtime; it takes the one the shell provides
 * (`_FEDERATION_RUNTIME_CORE`, tools/rsbuild/federation.ts), so a version-2 remote cannot start in a
 * shell of version 1. A version-1 remote still brings its own and starts in either.
 *
 * Version 3: a remote takes the federation bundler runtime from the shell too (tools/rsbuild/bundler-runtime),
 * and brings no fallback copies of the shared libraries (tools/rsbuild/singletons.json): the shell
 * provides every one. So adding a library to singletons.json is a contract step as well. A version-3
 * remote cannot start in a shell of version 1 or 2; remotes of versions 1 and 2 start in a shell of 3.
 *
 * Version 4: the UI kit is shared as two parts (`antd-mobile/first-load` and `antd-mobile/on-demand`,
 * tools/rsbuild/kits.ts) that the remotes take from the shell; a shell of version 3 provides neither.
 * The shell still provides `antd-mobile` whole, on demand, for remotes of version 3.
 *
 * Version 5: remotes follow the live channel through the shell's `@rigshare/api-client` (`live`,
 * `invalidateOnLive`, `useLivePollingInterval`; `LiveChannel` here), which a shell of version 4 does
 * not have. Nothing else changed, so a shell of version 5 loads remotes of versions 1 to 5.
 */
export const CONTRACT_VERSION = 5;

/** The versions a shell built from this library can load. Keep the previous one while remotes still use it. */
export const SUPPORTED_CONTRACT_VERSIONS: readonly number[] = [1, 2, 3, 4, 5];

/** What a remote that states no version was built against: the contract as it was when versions began. */
export const UNSTATED_CONTRACT_VERSION = 1;

export function supportsContractVersion(stated: number | undefined, supported: readonly number[] = SUPPORTED_CONTRACT_VERSIONS): boolean {
  return supported.includes(stated ?? UNSTATED_CONTRACT_VERSION);
}

/** A remote built against a contract this shell does not support. */
export class UnsupportedContractError extends Error {
  constructor(
    readonly remote: string,
    readonly version: number,
  ) {
    super(`remote "${remote}" was built against contract version ${version}; this shell supports ${SUPPORTED_CONTRACT_VERSIONS.join(', ')}`);
    this.name = 'UnsupportedContractError';
  }
}
