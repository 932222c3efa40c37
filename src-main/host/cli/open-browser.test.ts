import { describe, expect, it } from 'vitest';
import { openerFor } from './open-browser.js';
import { openableUrl } from '../../../src-shared/openable-url.js';

describe('openerFor: no shell reads a URL a server chose (attack pass of issue 26, F7)', () => {
  const hostile = openableUrl('https://example.test/a?x=1&y=2|calc.exe&z=%USERPROFILE%')!;

  it('Windows: the URL is one argument of the protocol handler, never a cmd line', () => {
    const [command, args] = openerFor(hostile, 'win32');
    expect(command).toBe('rundll32');
    expect(args).toEqual(['url.dll,FileProtocolHandler', hostile]);
    expect(args.join(' ')).not.toMatch(/\/c|start/);
  });

  it('macOS and Linux hand the URL as one argument too', () => {
    expect(openerFor(hostile, 'darwin')).toEqual(['open', [hostile]]);
    expect(openerFor(hostile, 'linux')).toEqual(['xdg-open', [hostile]]);
  });
});
