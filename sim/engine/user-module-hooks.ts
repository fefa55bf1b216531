import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Node's module resolve hook for users' modules, run in Node's hooks thread
 * (a data: URL, so it loads the same from the sources and from dist/):
 * - `cutpoint` and `cutpoint/…` resolve as a self-reference of the running
 *   cutpoint's package, wherever the importing file lives and whatever its
 *   node_modules holds: one instance of cutpoint's types and registries, and
 *   a protocol file in a folder with no node_modules loads;
 * - a .ts file outside node_modules is an ES module whatever its package's
 *   "type" says: in a CommonJS package tsx would compile it to require()
 *   calls, and Node refuses a require() of cutpoint's ES modules in the
 *   import cycle the file closes (sim → the file → cutpoint);
 * - a module that a fresh instance of the user's module imports from the
 *   user's own files (not under node_modules, not part of the running
 *   cutpoint) is a fresh instance too, with the same `instance` parameter:
 *   state the protocol keeps in a helper module of its own is forgotten at a
 *   crash like state in the module itself. Packages load once per process.
 */
const HOOK = `
let selfParent;
let selfRoot;
export function initialize(data) { selfParent = data.selfParent; selfRoot = data.selfRoot; }
function instanceOf(url) {
  return url && url.startsWith('file:') ? new URL(url).searchParams.get('instance') : null;
}
export async function resolve(specifier, context, nextResolve) {
  const own = specifier === 'cutpoint' || specifier.startsWith('cutpoint/');
  const result = await nextResolve(specifier, own ? { ...context, parentURL: selfParent } : context);
  if (!result.url.startsWith('file:') || result.url.includes('/node_modules/')) return result;
  const url = new URL(result.url);
  const instance = instanceOf(context.parentURL);
  // \`cutpoint\` itself resolves under node_modules or to selfRoot: never a fresh instance.
  if (instance !== null && !result.url.startsWith(selfRoot) && !url.searchParams.has('instance'))
    url.searchParams.set('instance', instance);
  return { ...result, url: url.href, ...(/\\.ts$/.test(url.pathname) ? { format: 'module' } : {}) };
}
`;

/** The running cutpoint's package.json: the first one above this file named cutpoint (one level fewer in the sources than in dist/). */
function ownManifest(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'cutpoint') return manifest;
    if (dirname(dir) === dir) throw new Error(`no package.json named cutpoint above ${fileURLToPath(import.meta.url)}`);
  }
}

let registered = false;

/** Registers the hook once per thread (each worker thread and child process loads users' modules on its own). */
export function registerUserModuleHooks(): void {
  if (registered) return;
  registered = true;
  const manifest = ownManifest();
  const selfRoot = pathToFileURL(dirname(manifest)).href + '/';
  register(`data:text/javascript,${encodeURIComponent(HOOK)}`, { data: { selfParent: pathToFileURL(manifest).href, selfRoot } });
}
