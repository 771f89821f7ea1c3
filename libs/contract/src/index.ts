/**
 * The contract between the shell and a remote. A remote exposes `./routes` whose default export
 * is a `RemoteModule`; the shell builds its router and widget slots from it and holds no remote
 * screen code itself.
 */
import type { ComponentType, LazyExoticComponent } from 'react';

export type ScreenComponent = ComponentType | LazyExoticComponent<ComponentType>;

export interface RemoteRoute {
  /** Hash path, e.g. `/projects`. */
  path: string;
  Component: ScreenComponent;
  /** i18n key (in the remote's namespace) for the header title; none = no header title. */
  titleKey?: string;
  /** Navigation depth from SPEC.md; depth 1 screens are tab landings and show the tab bar. */
  depth: number;
  /**
   * Starts the server reads the screen shows first. The shell calls it as the screen's frame shows,
   * before the screen's chunk has arrived, so the reads travel beside the chunk instead of after it.
   * Calling it while they are cached or on their way changes nothing.
   */
  prefetch?: () => void;
}

/** Named places in the shell where a remote can put a widget. */
export type WidgetSlot = 'home.products';

export interface RemoteModule {
  /** Federation name, equal to the key in remotes.json. */
  name: string;
  /** The contract version the remote was built against (`CONTRACT_VERSION`); none means version 1. */
  contractVersion?: number;
  /** i18next namespace the remote owns; its resources are loaded by `loadTranslations`. */
  namespace: string;
  routes: RemoteRoute[];
  widgets?: Partial<Record<WidgetSlot, ScreenComponent>>;
  /**
   * Starts the server reads a widget shows first, for a shell that knows the widget is about to render
   * (home on a cold start): they are on their way before the widget mounts, not started from its
   * effects in the same task as the rest of the page's. Calling it again while they are cached or
   * on their way changes nothing.
   */
  prefetch?: Partial<Record<WidgetSlot, () => void>>;
  /** Resolves the remote's translation resource for one language tag (e.g. `hi-IN`). */
  loadTranslations(languageTag: string): Promise<Record<string, unknown>>;
  /** Runs once after load: inject reducers, register listeners. */
  setup?(): void;
}

/** One entry of the shell's runtime `remotes.json`. */
export interface RemoteEntry {
  name: string;
  /**
   * Absolute URL of the remote's container script (`remoteEntry.js` in its build), which the shell
   * registers with the federation runtime: one request less before a remote than its manifest.
   */
  entry: string;
  /** Paths the remote owns, known without loading it, so a down remote shows a fallback, not 404. */
  paths: string[];
  /**
   * The owned paths its route table serves today (written by its build); the others say "Not
   * available yet", and the shell hides links to them. Absent: every owned path has a screen.
   */
  screens?: string[];
  /** The contract version the remote's build states (its `contract.json`); none means version 1. */
  contract?: number;
  /**
   * Who the remote is for: `staff` remotes (the console) are registered only once a staff member has
   * logged in, so a member's page never downloads them. Absent: members.
   */
  audience?: 'staff';
}

export interface RemotesDocument {
  remotes: RemoteEntry[];
}

/** The shell's runtime `config.json`: where each service host lives and operator facts. */
export interface RuntimeConfig {
  /** Service host name -> base URL, e.g. `user` -> `http://localhost:3100/api/user`. */
  apiHosts: Record<string, string>;
  operatorName: string;
  androidDownloadUrl: string;
}

export { CONTRACT_VERSION, SUPPORTED_CONTRACT_VERSIONS, UNSTATED_CONTRACT_VERSION, supportsContractVersion, UnsupportedContractError } from './version';
export { parseRemotesDocument, parseRuntimeConfig, RuntimeDocumentError } from './validate';
export { routeTableProblems } from './route-table';
export type { LiveChannel, LiveHandler, LiveTopic, LiveTopicData } from './live';
