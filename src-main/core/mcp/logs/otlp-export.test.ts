/**
 * The OTLP export setting (issue 35 item 4, otlp-export.ts): off unless a collector is named — the
 * environment variable wins over state.json's `otlp.endpoint`; an origin gets `/v1/traces`; anything
 * but an http(s) URL is off; a changed setting is read again at the next call, never per call.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callSpans, otlpEndpoint, otlpSettingChanged, otlpTracesUrl } from './otlp-export.js';

const dir = mkdtempSync(join(tmpdir(), 'switchboard-otlp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const setState = (value: unknown): void => writeFileSync(join(dir, 'state.json'), JSON.stringify(value));

describe('OTLP export setting', () => {
  it('turns a collector address into its traces URL, or off', () => {
    expect(otlpTracesUrl('http://127.0.0.1:4318')).toBe('http://127.0.0.1:4318/v1/traces');
    expect(otlpTracesUrl(' https://otel.example/custom/path ')).toBe('https://otel.example/custom/path');
    for (const off of ['', '   ', 'ftp://x/y', 'not a url', 42, undefined, null]) expect(otlpTracesUrl(off)).toBeUndefined();
  });

  it('is off by default; the setting names a collector; the environment variable wins', () => {
    expect(otlpEndpoint(dir, {})).toBeUndefined();
    const spans = callSpans(dir, {});
    expect(spans()).toBeUndefined();
    setState({ otlp: { endpoint: 'http://127.0.0.1:4318' } });
    expect(otlpEndpoint(dir, {})).toBe('http://127.0.0.1:4318/v1/traces');
    expect(otlpEndpoint(dir, { SWITCHBOARD_OTLP_ENDPOINT: 'http://10.0.0.1:4318/v1/traces' })).toBe('http://10.0.0.1:4318/v1/traces');
    // Read again only after a change is announced (prefs:setOtlp does): no file read per call.
    expect(spans()).toBeUndefined();
    otlpSettingChanged();
    expect(spans()).toBeDefined();
    setState({ otlp: { endpoint: 'gopher://x' } });
    otlpSettingChanged();
    expect(spans()).toBeUndefined();
  });
});
