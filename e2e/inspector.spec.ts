/**
 * The inspector through the UI (issue 5), in Chromium against `switchboard serve`: server-everything's
 * quick tools called through the generated form, and the purpose-built fixture server
 * (src-main/core/mcp/testing/fixtures/inspector-server.mjs) for what server-everything lacks — collisions, a
 * recursive schema, a 5 MB result (longest main-thread task measured and printed), cancel with
 * progress, output-schema warnings, untrusted HTML, sampling and elicitation dialogs, resources,
 * prompts, tasks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { packageBin, REPO, type Sandbox } from './sandbox.js';
import { rowName } from './row-name.js';

const FIXTURE = join(REPO, 'src-main/core/mcp/testing/fixtures/inspector-server.mjs');

/** Write the project's `.mcp.json`: server-everything and/or two fixture servers (colliding names). */
function writeServers(sb: Sandbox, which: { everything?: boolean; fixtures?: boolean }): void {
  const env = { SB_E2E_TAG: sb.tag };
  const servers: Record<string, unknown> = {};
  if (which.everything) {
    servers.everything = {
      command: process.execPath,
      args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'],
      env: { ...env, GZIP_ALLOWED_DOMAINS: 'localhost' },
    };
  }
  if (which.fixtures) {
    servers['my-server'] = { command: process.execPath, args: [FIXTURE], env };
    servers['my.server'] = { command: process.execPath, args: [FIXTURE], env };
  }
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  sb.trust();
}

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}\\b`) });

async function openTool(page: Page, server: string, tool: string): Promise<Locator> {
  await serverButton(page, server).click();
  await expect(serverButton(page, server)).toContainText('connected');
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: new RegExp(`^${tool.replace('.', '\\.')}\\b`) }).click();
  const pane = page.getByRole('region', { name: `Call ${tool}` });
  await expect(pane).toBeVisible();
  return pane;
}

async function callAndExpectOk(pane: Locator): Promise<Locator> {
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const result = pane.getByRole('region', { name: 'Tool result' });
  await expect(result.getByText('ok', { exact: true })).toBeVisible();
  return result;
}

test('calls each quick server-everything tool through the generated form', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeServers(sb, { everything: true });
  await page.goto(await sb.serve());

  let pane = await openTool(page, 'everything', 'echo');
  await pane.getByLabel('message').fill('hello form');
  await expect(await callAndExpectOk(pane)).toContainText('Echo: hello form');

  pane = await openTool(page, 'everything', 'get-sum');
  await pane.getByRole('spinbutton', { name: /^a\*?$/ }).fill('2');
  await pane.getByRole('spinbutton', { name: /^b\*?$/ }).fill('40');
  await expect(await callAndExpectOk(pane)).toContainText('42');

  pane = await openTool(page, 'everything', 'get-annotated-message');
  await pane.getByLabel('messageType').selectOption({ label: 'success' });
  await pane.getByLabel('includeImage').check();
  const annotated = await callAndExpectOk(pane);
  await expect(annotated.getByRole('img')).toBeVisible();

  pane = await openTool(page, 'everything', 'get-structured-content');
  await pane.getByLabel('location').selectOption({ label: 'Chicago' });
  // The output schema is shown on demand, and a matching result says so (trial 6 finding 11).
  await pane.getByRole('button', { name: 'Show output schema (JSON)' }).click();
  await expect(pane.getByLabel('Output schema')).toContainText('"temperature"');
  const structured = await callAndExpectOk(pane);
  await expect(structured).toContainText('Structured content');
  await expect(structured.getByRole('status', { name: 'Output schema check' })).toHaveText("✓ structuredContent matches the tool's output schema");

  pane = await openTool(page, 'everything', 'get-resource-reference');
  await callAndExpectOk(pane); // defaults: Text resource 1

  pane = await openTool(page, 'everything', 'get-resource-links');
  await pane.getByLabel('count').fill('2');
  await expect(await callAndExpectOk(pane)).toContainText('Resource link');

  pane = await openTool(page, 'everything', 'gzip-file-as-resource');
  await pane.getByLabel('data').fill('data:text/plain;base64,aGVsbG8=');
  await callAndExpectOk(pane);

  for (const tool of ['get-env', 'get-tiny-image', 'toggle-simulated-logging', 'toggle-subscriber-updates', 'get-roots-list']) {
    pane = await openTool(page, 'everything', tool);
    await callAndExpectOk(pane);
  }
  await expect(pane.getByRole('region', { name: 'Call history' })).toContainText('get-roots-list');

  // A required field left empty is refused by the form; Raw JSON with the check off reaches the
  // server, whose own validation answers with an error result.
  pane = await openTool(page, 'everything', 'echo');
  await pane.getByRole('switch', { name: 'Raw JSON' }).click({ force: true });
  await pane.getByLabel('Arguments (JSON)').fill('{"message": 7}');
  await pane.getByLabel(/Check required parameters first/).uncheck();
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' }).getByText('error', { exact: true })).toBeVisible();

  // Task: the research tool requires a task; the Tasks tab shows it through to its result.
  pane = await openTool(page, 'everything', 'simulate-research-query');
  await pane.getByLabel('topic').fill('otters');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('status').filter({ hasText: /Started task|Task \S+: / })).toBeVisible();
  // Issue 14 item 12: the task's result lands in the Result pane too, not only in the Tasks tab.
  await expect(pane.getByRole('status').filter({ hasText: /Task \S+: completed/ })).toBeVisible({ timeout: 90_000 });
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('otters');
  await page.getByRole('tab', { name: 'Tasks' }).click();
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByText('completed', { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  await expect(tasks).toContainText('otters');

  // Resources and prompts of server-everything.
  await page.getByRole('tab', { name: 'Resources' }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toBeVisible();
  await page.getByRole('tab', { name: 'Prompts' }).click();
  await page.getByRole('navigation', { name: 'Prompts' }).getByRole('button', { name: 'simple-prompt' }).click();
  await page.getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toBeVisible();
});

test('purpose-built cases: collisions, recursive form, 5 MB result stays responsive, cancel, warnings, untrusted HTML', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeServers(sb, { fixtures: true });
  await page.goto(await sb.serve());

  // Collisions: marked on every tool involved.
  let pane = await openTool(page, 'my.server', 'read.file');
  // The raw name heads the pane; the names agents see (and whose scheme collides) sit below it.
  await expect(pane.getByRole('heading', { name: 'read.file' })).toBeVisible();
  const switchboardName = pane.getByRole('table', { name: 'Names agents see' }).getByRole('row', { name: /^Switchboard/ });
  await expect(switchboardName).toContainText('mcp_my_server_read_file_4');
  await expect(switchboardName).toContainText(/collides with/);
  await pane.getByLabel('path').fill('/x');
  // read.file is annotated destructiveHint: the call asks first (issue 15 item 8).
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await page.getByRole('dialog', { name: 'Call read.file?' }).getByRole('button', { name: 'Call it' }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('read.file: /x');

  // The $defs-recursive schema renders as a form (nested object, enum with default).
  pane = await openTool(page, 'my-server', 'recursive');
  await expect(pane.getByLabel('label').first()).toBeVisible();
  await pane.getByLabel('label').first().fill('top "q"');
  await expect(pane.getByLabel('mode')).toHaveValue(/fast|0/);
  // The JSON text result is a tree (issue 15 item 6), not one markdown paragraph; a string's inner
  // quotes are escaped as in JSON (trial 6: they showed bare, the tree read as invalid JSON).
  await expect((await callAndExpectOk(pane)).getByLabel('Result JSON')).toContainText('"label":"top \\"q\\""');

  // 5 MB: a preview, the full text on demand; the longest main-thread task is measured.
  pane = await openTool(page, 'my-server', 'big');
  expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask'))).toBe(true);
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number; __tasks: string[] };
    w.__longest = 0;
    w.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__longest = Math.max(w.__longest, e.duration);
        w.__tasks.push(`${e.startTime.toFixed(0)}+${e.duration.toFixed(0)}`);
      }
    }).observe({ type: 'longtask', buffered: false });
  });
  const t0 = await page.evaluate(() => performance.now());
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const result = pane.getByRole('region', { name: 'Tool result' });
  await expect(result.getByText(/Large result: 5\.0 MB/)).toBeVisible();
  const t1 = await page.evaluate(() => performance.now());
  await result.getByRole('button', { name: 'Show the full text' }).click();
  await expect(result.getByRole('log', { name: 'Full result text' })).toBeVisible();
  await page.waitForTimeout(300); // let the long-task observer deliver its last entries
  const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
  const tasks = await page.evaluate(() => (window as unknown as { __tasks: string[] }).__tasks);
  // The long-task API reports tasks of 50 ms and more: none means every task stayed under 50 ms.
  const figure = longest > 0 ? `${longest.toFixed(0)} ms` : 'under 50 ms (no long task reported)';
  console.log(`5 MB result: longest main-thread task ${figure} (long tasks start+ms: ${tasks.join(', ') || 'none'}; call at ${t0.toFixed(0)} ms, preview shown by ${t1.toFixed(0)} ms)`);
  // The figure is the measurement (the target is < 100 ms, met on a quiet machine). A
  // wall-clock bound here failed on a busy 2-core machine (1.4 s tasks at load average 25) although
  // nothing was wrong, so the test asserts the cause instead: the failure this guards against is
  // rendering the 5 MB text into the DOM, and the virtual list keeps only the visible rows there.
  const inDom = await result.getByRole('log', { name: 'Full result text' }).evaluate((el) => el.textContent?.length ?? 0);
  expect(inDom).toBeGreaterThan(0);
  expect(inDom).toBeLessThan(500_000);

  // Output schema mismatch: a warning beside the kept result; isError without structured content.
  pane = await openTool(page, 'my-server', 'mismatch');
  const mismatch = await callAndExpectOk(pane);
  await expect(mismatch.getByText("Output does not match the tool's output schema")).toBeVisible();
  await expect(mismatch.getByRole('status', { name: 'Output schema check' })).toHaveCount(0);
  await expect(mismatch).toContainText('count is missing');
  pane = await openTool(page, 'my-server', 'fail-plain');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('Error: plain failure');

  // Cancel: progress drives the bar, Cancel reports cancelled.
  pane = await openTool(page, 'my-server', 'slow');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('progressbar', { name: 'Call progress' })).toBeVisible();
  await pane.getByRole('button', { name: 'Cancel' }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' }).getByText('cancelled', { exact: true })).toBeVisible();

  // Untrusted text: markdown renders, raw HTML and scripts do not run, remote images wait.
  pane = await openTool(page, 'my-server', 'html');
  const html = await callAndExpectOk(pane);
  await expect(html.locator('strong')).toHaveText('bold');
  await expect(html.getByRole('button', { name: /Load image "remote"/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await html.locator('img').count()).toBe(0);
});

test('servers ask back: sampling and elicitation dialogs, resources, prompts with completions', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeServers(sb, { fixtures: true });
  await page.goto(await sb.serve());

  let pane = await openTool(page, 'my-server', 'ask-sampling');
  await pane.getByLabel('prompt').fill('capital of France?');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('capital of France?');
  await dialog.getByLabel('Reply').fill('Paris');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('sampled: Paris (human)');

  pane = await openTool(page, 'my-server', 'ask-elicit');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(dialog).toContainText('Who are you?');
  await expect(dialog.getByLabel('name')).toHaveValue('anonymous');
  await dialog.getByLabel('age').fill('7');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('elicited: accept {"name":"anonymous","age":7}');

  await page.getByRole('tab', { name: 'Resources' }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('button', { name: rowName('resource 2') }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('contents of mem://r/2');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('region', { name: 'Resource updates' })).toContainText('mem://r/2');
  // Templates are a second list of the tab, fetched when first shown.
  await page.getByText(/^Templates( \(|$)/).click();
  await page.getByRole('navigation', { name: 'Templates' }).getByRole('button', { name: rowName('note') }).click();
  const templates = page.getByRole('region', { name: 'Resource templates' });
  // With the variable empty, Read is disabled and the form says which value is missing.
  await expect(templates.getByRole('button', { name: 'Read note' })).toBeDisabled();
  await expect(templates.getByLabel('Missing values for note')).toHaveText('Fill in id to read.');
  await templates.getByLabel('id').fill('42');
  await expect(templates.getByLabel('Missing values for note')).toHaveCount(0);
  await templates.getByRole('button', { name: 'Read note' }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('contents of note://42');

  await page.getByRole('tab', { name: 'Prompts' }).click();
  await page.getByRole('navigation', { name: 'Prompts' }).getByRole('button', { name: 'greet' }).click();
  await page.getByRole('combobox', { name: 'name' }).fill('al');
  await expect(page.getByRole('option', { name: 'albert' })).toBeVisible();
  await page.getByRole('option', { name: 'alice' }).click();
  await page.getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('Say hello to alice');

  // Search across servers finds tools on both fixture servers.
  await page.getByLabel('Search tools on all servers').fill('read');
  await expect(page.getByRole('navigation', { name: 'Tool search results' }).getByRole('button')).toHaveCount(4);
});
