#!/usr/bin/env node
// Name the real cause of a failed `npm ci` from its output (issue 14 item 13): no network to a
// download host, a full disk, missing permissions, or what keytar needs to compile (a C++ compiler,
// make, python3, libsecret's headers). `node scripts/install-cause.mjs <log file>` prints one or
// more lines "cause: what to do"; `installCause(text)` is the same for tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const NET = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|CERT_\w+|UNABLE_TO_GET_ISSUER_CERT\w*|SELF_SIGNED_CERT\w*)\b/;

/** The download host named in `text` (`https://host`), if any. */
function hostOf(text) {
  return /(?:request to|fetch(?:ing)?|GET)\s+(https?:\/\/[^/\s]+)/i.exec(text)?.[1] ?? /(?:getaddrinfo \w+|connect \w+)\s+(\S+)/.exec(text)?.[1];
}

/**
 * The lines naming the cause(s) found in `text` (npm's output), most specific first.
 *
 * keytar's install runs `prebuild-install || node-gyp rebuild`: it first tries to download a prebuilt
 * binary from github.com (outside the npm registry, so it fails on closed networks) and then
 * compiles. A failed prebuilt download is only a fallback that did not work; when the compile failed
 * too, the compile's cause (libsecret's headers, a build tool) is named first and the download after
 * it (issue 27 item 8). A network failure anywhere else (the registry) is named first.
 */
export function installCause(text) {
  const out = [];
  const lines = text.split('\n');
  const prebuildLine = (line) => /prebuild-install/.test(line);
  // A network failure outside prebuild-install's own lines, else the whole text when it names none.
  const netLine = lines.find((line) => NET.test(line) && !prebuildLine(line));
  const prebuildNet = lines.find((line) => NET.test(line) && prebuildLine(line));
  if (netLine !== undefined) {
    const code = NET.exec(netLine)[1];
    out.push(`no network to ${hostOf(netLine) ?? hostOf(text) ?? 'the package registry'} (${code}): check the connection, a proxy (HTTPS_PROXY, npm config get proxy) or the registry (npm config get registry), then run again`);
  }
  if (/\bENOSPC\b|no space left on device/i.test(text)) out.push('the disk is full (ENOSPC): free some space (npm needs about 1.5 GB for node_modules and its cache), then run again');
  const perm = /\b(EACCES|EPERM|EROFS)\b/.exec(text)?.[1] ?? (/Read-only file system/.test(text) ? 'EROFS' : /Permission denied/.test(text) ? 'EACCES' : undefined);
  if (perm) {
    const where = /(?:open|mkdir|rename|unlink|scandir|symlink|copyfile|rmdir|access)\s+'([^']+)'/.exec(text)?.[1] ?? /cannot create directory [‘'"]([^’'"]+)/.exec(text)?.[1];
    out.push(`no permission to write ${where ?? 'here'} (${perm}${perm === 'EROFS' ? ': a read-only file system' : ''}): run as the folder's owner or make it writable (never sudo npm), then run again`);
  }
  const gyp = /gyp (?:ERR|info)|node-gyp|prebuild-install/.test(text);
  if (gyp || /keytar/.test(text)) {
    if (/-headers\.tar\.gz|node-gyp[^\n]*(?:download|headers)[^\n]*(?:fail|ERR)/i.test(text) && (netLine !== undefined || /gyp ERR!/.test(text)))
      out.push("keytar cannot compile: node-gyp could not download Node's headers (nodejs.org is not reachable): install Node with its headers (<prefix>/include/node) or set npm_config_nodedir to a folder that has include/node, then run again");
    else if (/libsecret-1[^\n]*(?:not found|No package)|Package libsecret-1 was not found|libsecret\/secret\.h: No such file|pkg-config: (?:command )?not found|Call to 'pkg-config[^'\n]*libsecret-1' returned exit status/i.test(text))
      out.push("keytar cannot compile: libsecret's headers are missing (Debian/Ubuntu: apt-get install libsecret-1-dev pkg-config)");
    else if (/(?:g\+\+|c\+\+|cc|gcc)[:\s][^\n]*(?:not found|No such file)|not found: (?:make|g\+\+)|make: (?:not found|No such file)|Can't find Python|Could not find any Python|python3?: not found|gyp ERR! stack Error: not found/i.test(text))
      out.push('keytar cannot compile: a build tool is missing (Debian/Ubuntu: apt-get install python3 make g++ libsecret-1-dev pkg-config)');
    else if (gyp && (out.length === 0 || (netLine === undefined && prebuildNet !== undefined))) out.push('keytar failed to compile (see the gyp ERR lines above): it needs python3, make, g++ and libsecret-1-dev');
  }
  if (prebuildNet !== undefined && netLine === undefined) {
    const code = NET.exec(prebuildNet)[1];
    out.push(`keytar's prebuilt binary could not be downloaded either (no network to ${hostOf(prebuildNet) ?? 'its download host'}, ${code}): that download is only a fallback; the compile is what has to work`);
  }
  if (out.length === 0) out.push('npm ci failed for a reason not recognised here: see its output above');
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let text = '';
  try {
    text = readFileSync(process.argv[2], 'utf8');
  } catch {
    // no log: the generic line
  }
  for (const line of installCause(text)) console.log(line);
}
