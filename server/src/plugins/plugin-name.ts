import type { FastifyInstance } from 'fastify';

/** Fastify's documented property for a plugin's name (Server.md, "pluginName"). */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * The plugin, named for Fastify's plugin tree (its function's name unless given). A plugin without a
 * name is looked for in every loaded module (`require.cache`) at each registration, twice: a few
 * modules in the bundled production process, but thousands in a server test's worker, where that search
 * was a tenth of the suite's CPU.
 */
export function named<Plugin extends (instance: FastifyInstance) => Promise<void>>(plugin: Plugin, name: string = plugin.name): Plugin {
  return Object.assign(plugin, { [DISPLAY_NAME]: name });
}
