// Load the built CLI (out/cli/cjs, CommonJS) keeping V8's compiled code between runs, on a Node
// without `module.enableCompileCache` (Node < 22.1; issue 32 item 1: a one-shot command spent
// ~190 ms of CPU compiling its bundle and ~100 ms more compiling the functions it ran, every run).
// Plain Node, no dependencies: the `switchboard` command loads this before the bundle.
//
// Each file of the bundle is compiled as a `vm.Script` (what Node's own CommonJS loader does, plus
// `cachedData`); at the end of the first run that loads it, `save()` writes the script's code cache —
// taken after the command ran, so it holds the functions that run needed, not only the top level.
// Next runs hand it back to V8, which checks it against the source, the V8 version and its flags and
// compiles afresh (and the cache is written again) when it does not match.
//
// Where: `<bundle>/.code-cache/<node version>-<arch>/`, beside the code it was made from — whoever
// can write there can already change the code, and a rebuild empties the folder with the bundle.
// No cache is written where the bundle is read-only (a root-owned global install): then every run
// compiles, as before. Writes are atomic (temp file + rename): parallel runs never read half a file.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import vm from 'node:vm';

/** The cache folder of the bundle in `bundleDir` for this Node. */
export function codeCacheDir(bundleDir) {
  return join(bundleDir, '.code-cache', `${process.version}-${process.arch}`);
}

/**
 * `require(entry)` (an absolute path in `bundleDir`) with every file under `bundleDir` compiled with
 * its code cache, now and when the bundle requires more of itself later. Returns the entry's exports,
 * `save()`, which writes the caches that were missing or rejected (never throws), and `fromCache()`:
 * the files (relative to `bundleDir`, `/`-separated) whose cache V8 took so far.
 */
export function requireWithCodeCache(entry, bundleDir) {
  const cacheDir = codeCacheDir(bundleDir);
  const prefix = bundleDir.endsWith(sep) ? bundleDir : bundleDir + sep;
  /** Scripts compiled without a usable cache, with where theirs goes. */
  const unsaved = [];
  const taken = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename, ...rest) {
    if (typeof filename !== 'string' || !filename.startsWith(prefix)) return compile.call(this, content, filename, ...rest);
    const cacheFile = join(cacheDir, cacheName(filename, bundleDir));
    let cachedData;
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) unsaved.push({ script, cacheFile });
    else taken.push(relative(bundleDir, filename).split(sep).join('/'));
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
  const exports = createRequire(import.meta.url)(entry);
  return {
    exports,
    save() {
      for (const { script, cacheFile } of unsaved.splice(0)) writeCache(cacheFile, script);
    },
    fromCache: () => [...taken],
  };
}

/**
 * The cache file's name for `file`: its path in the bundle, size and modification time — a file
 * rewritten in place (not by a rebuild, which empties the folder) never meets the old cache.
 */
function cacheName(file, bundleDir) {
  const { size, mtimeMs } = statSync(file);
  return `${relative(bundleDir, file).split(sep).join('~')}-${size}-${Math.trunc(mtimeMs)}.v8`;
}

function writeCache(cacheFile, script) {
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(temp, script.createCachedData());
    renameSync(temp, cacheFile);
  } catch {
    // A read-only bundle, a full disk: the next run compiles, as this one did.
    try {
      rmSync(temp, { force: true });
    } catch {
      // nothing was written
    }
  }
}
