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
  it('names a read-only file system', () => {
    expect(cause("npm error code EROFS\nnpm error syscall mkdir\nnpm error path /ro/.deps-staging/node_modules\nnpm error EROFS: read-only file system, mkdir '/ro/.deps-staging/node_modules'")).toEqual([
      "no permission to write /ro/.deps-staging/node_modules (EROFS: a read-only file system): run as the folder's owner or make it writable (never sudo npm), then run again",
    ]);
  });
  it('says when it does not know', () => {
    expect(cause('npm error something else')).toEqual(['npm ci failed for a reason not recognised here: see its output above']);
  });
});
