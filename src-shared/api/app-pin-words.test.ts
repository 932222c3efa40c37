import { describe, expect, it } from 'vitest';
import { appChangeWords } from './app-pin-words.js';

describe('appChangeWords (docs/mcp-apps.md § Pinning)', () => {
  it('says which permissions an app asks for now or no longer, and which frame domains it adds', () => {
    expect(appChangeWords({ field: 'permissions', change: 'changed', before: '{"microphone":{}}', after: '{"camera":{}}' })).toEqual(['permissions: now asks for camera', 'permissions: no longer asks for microphone']);
    expect(appChangeWords({ field: 'csp', change: 'changed', before: '{}', after: '{"frameDomains":["https://f.example"]}' })).toEqual(['CSP frameDomains (frame-src): adds https://f.example']);
  });
});
