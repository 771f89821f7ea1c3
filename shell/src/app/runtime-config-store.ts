import type { RuntimeConfig } from '@rigshare/contract';

/** The deploy-time configuration, read once at start (see runtime-config.ts). */
let current: RuntimeConfig | undefined;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration read before start');
  return current;
}
