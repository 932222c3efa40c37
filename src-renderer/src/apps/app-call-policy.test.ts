import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { appMayCall } from './app-call-policy.js';

const tool = (name: string, visibility?: ToolInfo['visibility']): ToolInfo => ({ server: 'app', name, visibility }) as ToolInfo;
const tools = [tool('plain'), tool('apponly', ['app']), tool('modelonly', ['model'])];

describe('appMayCall', () => {
  it('allows its own server’s tools without visibility or with "app"', () => {
    expect(appMayCall(tools, 'app', 'plain')).toEqual({ ok: true });
    expect(appMayCall(tools, 'app', 'apponly')).toEqual({ ok: true });
  });
  it('refuses a model-only tool, another server’s tool and a missing name', () => {
    expect(appMayCall(tools, 'app', 'modelonly')).toEqual({ ok: false, message: 'Tool "modelonly" of "app" is not visible to apps (_meta.ui.visibility ["model"])' });
    expect(appMayCall(tools, 'other', 'plain')).toEqual({ ok: false, message: 'Tool "plain" is not a tool of server "other": an app may call only its own server\'s tools' });
    expect(appMayCall(tools, 'app', 42)).toEqual({ ok: false, message: 'tools/call needs a tool name' });
  });
});
