/** The cause of a failed `npm ci`, named from npm's own output (issue 14 item 13; scripts/install-cause.mjs). */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { installCause } from '../../scripts/install-cause.mjs';

const cause = installCause as (text: string) => string[];

describe('installCause', () => {
  it('names a full disk', () => {
    expect(cause("npm error code ENOSPC\nnpm error syscall write\nnpm error nospc ENOSPC: no space left on device, write")).toEqual([
      'the disk is full (ENOSPC): free some space (npm needs about 1.5 GB for node_modules and its cache), then run again',
    ]);
  });
  it('names a DNS failure with its host', () => {
    expect(cause('npm error code ENOTFOUND\nnpm error network request to https://registry.npmjs.org/zod failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org')[0]).toMatch(/^no network to https:\/\/registry\.npmjs\.org \(ENOTFOUND\)/);
  });
  it('names keytar without libsecret headers', () => {
    const log = "npm error path /x/node_modules/keytar\nnpm error command sh -c prebuild-install || node-gyp rebuild\nnpm error Package libsecret-1 was not found in the pkg-config search path.\nnpm error gyp ERR! configure error";
    expect(cause(log)).toEqual(["keytar cannot compile: libsecret's headers are missing (Debian/Ubuntu: apt-get install libsecret-1-dev pkg-config)"]);
  });
  it('names keytar without a compiler', () => {
    const log = 'npm error path /x/node_modules/keytar\nnpm error gyp info spawn make\nnpm error make: g++: No such file or directory\nnpm error gyp ERR! build error';
    expect(cause(log)).toEqual(['keytar cannot compile: a build tool is missing (Debian/Ubuntu: apt-get install python3 make g++ libsecret-1-dev pkg-config)']);
  });
  it('a fresh machine: keytar without libsecret comes first, its failed prebuilt download only after it (issue 27 item 8)', () => {
    const log = [
      'npm error code 1',
      'npm error path /x/node_modules/keytar',
      'npm error command sh -c prebuild-install || node-gyp rebuild',
      'npm error prebuild-install warn install request to https://github.com/atom/node-keytar/releases/download/v7.9.0/keytar-v7.9.0-napi-v3-linux-x64.tar.gz failed, reason: getaddrinfo ENOTFOUND github.com',
      'npm error gyp info it worked if it ends with ok',
      'npm error Package libsecret-1 was not found in the pkg-config search path.',
      "npm error gyp: Call to 'pkg-config --cflags libsecret-1' returned exit status 1 while in binding.gyp. while trying to load binding.gyp",
      'npm error gyp ERR! configure error',
    ].join('\n');
    expect(cause(log)).toEqual([
      "keytar cannot compile: libsecret's headers are missing (Debian/Ubuntu: apt-get install libsecret-1-dev pkg-config)",
      "keytar's prebuilt binary could not be downloaded either (no network to https://github.com, ENOTFOUND): that download is only a fallback; the compile is what has to work",
    ]);
  });
  it('a machine without pkg-config: keytar cannot find libsecret', () => {
    const log = [
      'npm error path /x/node_modules/keytar',
      'npm error prebuild-install warn install request to https://github.com/atom/node-keytar/releases/download/v7.9.0/keytar.tar.gz failed, reason: connect ETIMEDOUT 140.82.121.4:443',
      'npm error /bin/sh: 1: pkg-config: not found',
      "npm error gyp: Call to 'pkg-config --cflags libsecret-1' returned exit status 127 while in binding.gyp. while trying to load binding.gyp",
      'npm error gyp ERR! configure error',
    ].join('\n');
    expect(cause(log)[0]).toBe("keytar cannot compile: libsecret's headers are missing (Debian/Ubuntu: apt-get install libsecret-1-dev pkg-config)");
    expect(cause(log)[1]).toMatch(/^keytar's prebuilt binary could not be downloaded either \(no network to https:\/\/github\.com, ETIMEDOUT\)/);
  });
  it('no network to the registry still comes first, beside a keytar compile failure', () => {
    const log = 'npm error network request to https://registry.npmjs.org/zod failed, reason: getaddrinfo EAI_AGAIN registry.npmjs.org\nnpm error path /x/node_modules/keytar\nnpm error gyp ERR! configure error';
    expect(cause(log)[0]).toMatch(/^no network to https:\/\/registry\.npmjs\.org \(EAI_AGAIN\)/);
  });
  it('names a read-only file system', () => {
    expect(cause("npm error code EROFS\nnpm error syscall mkdir\nnpm error path /ro/.deps-staging/node_modules\nnpm error EROFS: read-only file system, mkdir '/ro/.deps-staging/node_modules'")).toEqual([
      "no permission to write /ro/.deps-staging/node_modules (EROFS: a read-only file system): run as the folder's owner or make it writable (never sudo npm), then run again",
    ]);
  });
  it('says when it does not know', () => {
    expect(cause('npm error something else')).toEqual(['npm ci failed for a reason not recognised here: see its output above']);
  });
  it("a fresh HOME: node-gyp's failed download of Node's headers is the cause, not a build tool (trial 8 F1)", () => {
    // npm's output around keytar's compile as node-gyp 12 prints it with no network to nodejs.org
    // (captured here): 'gyp info find Python …' is a success line, not a missing tool.
    const log = [
      'npm error path /x/node_modules/keytar',
      'npm error command sh -c prebuild-install || node-gyp rebuild',
      'npm error gyp info find Python using Python version 3.11.2 found at "/usr/bin/python3"',
      'npm error gyp http GET https://nodejs.org/download/release/v20.20.2/node-v20.20.2-headers.tar.gz',
      'npm error gyp WARN install got an error, rolling back install',
      'npm error gyp ERR! configure error',
      'npm error gyp ERR! stack Error: This is most likely not a problem with node-gyp or the package itself and',
      'npm error gyp ERR! stack is related to network connectivity. In most cases you are behind a proxy or have bad',
    ].join('\n');
    expect(cause(log)).toEqual([
      "keytar cannot compile: node-gyp could not download Node's headers (nodejs.org is not reachable): install Node with its headers (<prefix>/include/node) or set npm_config_nodedir to a folder that has include/node, then run again",
    ]);
  });
  it("'gyp info find Python' alone is a found tool, not a missing one", () => {
    const log = 'npm error path /x/node_modules/keytar\nnpm error gyp info find Python using Python version 3.11.2\nnpm error gyp ERR! build error';
    expect(cause(log)).toEqual(['keytar failed to compile (see the gyp ERR lines above): it needs python3, make, g++ and libsecret-1-dev']);
  });
});
