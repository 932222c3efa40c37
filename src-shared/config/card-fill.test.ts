/** The shared Server Card fill rule (card-fill.ts): URL variables, header presets, required and secret inputs. */
import { describe, expect, it } from 'vitest';
import type { CardPrefill } from '../api/cards.js';
import { fillFromCard } from './card-fill.js';

const prefill: CardPrefill = {
  name: 'weather',
  transport: 'http',
  url: 'https://{tenant}.example.com/mcp?region={region}',
  headers: [
    { name: 'X-Tenant-Token', secret: true, required: true },
    { name: 'X-Region', secret: false, required: false, value: 'eu' },
  ],
  variables: [
    { name: 'tenant', secret: false, required: true },
    { name: 'region', secret: false, required: false, value: 'eu west' },
  ],
  description: 'Forecasts',
};

describe('fillFromCard', () => {
  it('names everything still missing', () => {
    expect(fillFromCard(prefill, {})).toEqual({ ok: false, missing: ['variable tenant', 'header X-Tenant-Token'] });
  });

  it('fills the URL (encoded, defaults for optional variables), takes headers case-insensitively, keeps extra headers and names the secrets', () => {
    expect(fillFromCard(prefill, { variables: { tenant: 'acme/1' }, headers: { 'x-tenant-token': 't-1', 'X-Extra': 'yes' } })).toEqual({
      ok: true,
      server: {
        transport: 'http',
        url: 'https://acme%2F1.example.com/mcp?region=eu%20west',
        headers: { 'X-Tenant-Token': 't-1', 'X-Region': 'eu', 'X-Extra': 'yes' },
        description: 'Forecasts',
      },
      secretKeys: ['X-Tenant-Token'],
      urlSecrets: [],
      shownUrl: 'https://acme%2F1.example.com/mcp?region=eu%20west',
    });
  });

  it('names a secret URL variable and masks it in the URL shown', () => {
    const secretVar: CardPrefill = { ...prefill, variables: [{ name: 'tenant', secret: true, required: true }, ...prefill.variables.slice(1)] };
    const filled = fillFromCard(secretVar, { variables: { tenant: 'k-77aa' }, headers: { 'X-Tenant-Token': 't-1' } });
    expect(filled.ok ? { url: filled.server.url, shownUrl: filled.shownUrl, urlSecrets: filled.urlSecrets } : filled).toEqual({
      url: 'https://k-77aa.example.com/mcp?region=eu%20west',
      shownUrl: 'https://••••••••.example.com/mcp?region=eu%20west',
      urlSecrets: ['tenant'],
    });
  });
});
