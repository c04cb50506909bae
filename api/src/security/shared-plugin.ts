/**
 * Marks a Fastify plugin so it runs in the scope of whoever registers it (what the fastify-plugin
 * package does, through the symbols Fastify itself reads): its hooks and decorators then reach the
 * routes registered beside it, not only those inside it. Security hooks must cover every route.
 */
export function sharedPlugin<T extends object>(name: string, plugin: T): T {
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: { name },
  });
  return plugin;
}
