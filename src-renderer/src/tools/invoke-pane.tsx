/**
 * Call a tool (docs/tool-bridge.md): the tool's names, annotations and description, its input schema as JSON,
 * a form generated from the schema (@rjsf/core with an eval-free validator, lib/form-validator.ts)
 * or a Raw JSON textarea (which can send arguments the schema rejects, on purpose), a Call button,
 * Cancel while it runs, a progress bar fed by progress notifications, and the result beside the
 * input — the result never replaces the form. Task-capable tools can run as a task. The server's
 * call history sits below, with replay.
 */
import { Alert, Button, Checkbox, Code, Collapse, Group, Loader, Paper, Progress, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import type { TaskRecord, ToolProgress } from '../../../src-shared/api/inspector.js';
import { CallHistory } from '../history/call-history.js';
import { ToolAnnotations } from './tool-annotations.js';
import { ToolNamesPanel } from './tool-names-panel.js';
import { ToolProblems } from './tool-problems.js';
import { AppOnlyNote } from './app-only-note.js';
import { OffForAgentsNote } from './off-for-agents-note.js';
import { PREVIEW_CHARS } from '../lib/large-text.js';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { formValidator } from '../lib/form-validator.js';
import { formTemplates } from '../common/form-templates.js';
import { withEnumStarts } from '../lib/enum-start.js';
import { friendlyErrors } from '../lib/form-errors.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormBoundary } from '../common/form-boundary.js';
import { bringIntoView } from './pane-focus.js';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import type { ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';
import { formSchema, parseArgs, withCheckboxValues } from '../lib/schema-form.js';
import { shapeSchema } from '../lib/schema-shapes.js';
import { useApp } from '../store/use-store.js';
import { ToolResult } from './tool-result.js';
import { SaveAsCheck } from '../checks/save-check.js';
import { useDestructiveConfirm } from './destructive-confirm.js';
import { AppPanel, type AppRun } from '../apps/app-panel.js';

type Outcome = { kind: 'result'; result: ToolCallResult } | { kind: 'failed'; error: ApiError };

/** Props of `InvokePane`. Mount it with `key` = server/tool so each tool starts fresh. */
export interface InvokePaneProps {
  tool: ToolInfo;
  /** False when the server is not connected: the Call button says why instead of calling. */
  callable: boolean;
  /**
   * When true (the person just picked this tool), bring the pane into view if it is not, and
   * focus its first field (or the Call button of a tool without arguments); then `onAutoFocused`.
   */
  autoFocus?: boolean;
  onAutoFocused?(): void;
}

/** The invoke pane: input column and result column side by side. */
export function InvokePane({ tool, callable, autoFocus = false, onAutoFocused }: InvokePaneProps) {
  const { api } = useApp();
  const paneRef = useRef<HTMLDivElement>(null);
  const transformErrors = useMemo(() => friendlyErrors(tool.inputSchema), [tool.inputSchema]);
  // Titled enums, enumNames and set-valued arrays in the shapes rjsf renders (lib/schema-shapes.ts).
  // A required enum starts on its first value, not a blank choice (lib/enum-start.ts, issue 32).
  const shaped = useMemo(() => {
    const s = shapeSchema(formSchema(tool.inputSchema), { multiSelect: false });
    return { ...s, schema: withEnumStarts(s.schema) };
  }, [tool.inputSchema]);
  const schema = shaped.schema as RJSFSchema;
  const uiSchema = useMemo(() => ({ ...shaped.uiSchema, 'ui:title': '' }), [shaped]);
  // A required Boolean's unticked box is sent as false (lib/schema-form.ts withCheckboxValues).
  const [formData, setFormData] = useState<Record<string, unknown>>(() => withCheckboxValues(shaped.schema, {}, 'required'));
  const [raw, setRaw] = useState(false);
  const [rawText, setRawText] = useState('{}');
  const [rawError, setRawError] = useState<string>();
  const [showSchema, setShowSchema] = useState(false);
  const [showOutputSchema, setShowOutputSchema] = useState(false);
  const [calling, setCalling] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [appRun, setAppRun] = useState<AppRun>();
  const [progress, setProgress] = useState<ToolProgress>();
  const [checkRequired, setCheckRequired] = useState(true);
  const [asTask, setAsTask] = useState(tool.execution?.taskSupport === 'required');
  const [taskNote, setTaskNote] = useState<string>();
  const callIdRef = useRef<string>(undefined);
  const taskSupport = typeof tool.execution?.taskSupport === 'string' ? tool.execution.taskSupport : 'forbidden';

  const onAutoFocusedRef = useRef(onAutoFocused);
  onAutoFocusedRef.current = onAutoFocused;
  useEffect(() => {
    if (!autoFocus || !paneRef.current) return;
    bringIntoView(paneRef.current);
    onAutoFocusedRef.current?.();
  }, [autoFocus]);

  useEffect(
    () =>
      api.on('tools:progress', (p) => {
        if (p.callId === callIdRef.current) setProgress(p);
      }),
    [api],
  );

  // Issue 14 item 12: a call run as a task shows its status here and, once it ends, its result in
  // the Result pane (not only in the Tasks tab).
  const taskIdRef = useRef<string>(undefined);
  /** The latest state of each task of this server seen here: an update may arrive before tasks:call's answer. */
  const seenTasksRef = useRef(new Map<string, TaskRecord>());
  const showTask = (t: TaskRecord): void => {
    setTaskNote(`Task ${t.taskId}: ${t.status}${t.statusMessage ? ` (${t.statusMessage})` : ''}. Also listed in the Tasks tab.`);
    if (t.status === 'completed' && t.result) setOutcome({ kind: 'result', result: t.result });
    else if (t.status === 'failed') setOutcome({ kind: 'failed', error: { code: 'PROTOCOL_ERROR', message: t.error ?? 'The task failed' } });
    else if (t.status === 'cancelled') setOutcome({ kind: 'failed', error: { code: 'CANCELLED', message: t.error ?? 'The task was cancelled' } });
  };
  const showTaskRef = useRef(showTask);
  showTaskRef.current = showTask;
  useEffect(
    () =>
      api.on('tasks:changed', (t) => {
        if (t.server !== tool.server) return;
        seenTasksRef.current.set(t.taskId, t);
        if (seenTasksRef.current.size > 50) seenTasksRef.current.delete(seenTasksRef.current.keys().next().value!);
        if (t.taskId === taskIdRef.current) showTaskRef.current(t);
      }),
    [api, tool.server],
  );

  const destructive = useDestructiveConfirm(tool);
  /** A call, after the confirmation a destructive tool asks for. */
  const call = (args: Record<string, unknown>, validate = true): void => destructive.guard(() => void callNow(args, validate));
  const callNow = async (args: Record<string, unknown>, validate: boolean): Promise<void> => {
    if (asTask) {
      setTaskNote(undefined);
      setOutcome(undefined);
      taskIdRef.current = undefined;
      const r = await api.call('tasks:call', { server: tool.server, tool: tool.name, args });
      if (!r.ok) {
        setTaskNote(`${r.error.message} (${r.error.code})`);
        return;
      }
      taskIdRef.current = r.data.taskId;
      setTaskNote(`Started task ${r.data.taskId} (${r.data.status}). Its result shows here when it ends; it is also listed in the Tasks tab.`);
      const seen = seenTasksRef.current.get(r.data.taskId);
      const latest = seen && seen.updatedAt >= r.data.updatedAt ? seen : r.data;
      if (latest.status !== 'working' || latest !== r.data) showTask(latest);
      return;
    }
    const callId = `call-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    callIdRef.current = callId;
    setProgress(undefined);
    setCalling(true);
    // A several-MB result crosses the wire as a preview; the full text is fetched on demand.
    const r = await api.call('tools:call', { server: tool.server, tool: tool.name, args, callId, validate, previewChars: PREVIEW_CHARS, person: true });
    if (callIdRef.current !== callId) return; // a newer call (or a remount) took over
    callIdRef.current = undefined;
    setCalling(false);
    setOutcome(r.ok ? { kind: 'result', result: r.data } : { kind: 'failed', error: r.error });
    // The app gets the result, or tool-cancelled with why when the call failed or was cancelled.
    if (tool.ui?.resourceUri && !(r.ok && r.data.notSent)) setAppRun(!r.ok ? { args, cancelled: `${r.error.message} (${r.error.code})` } : r.data.failure ? { args, cancelled: r.data.text } : { args, result: r.data });
  };

  const cancel = (): void => {
    const callId = callIdRef.current;
    if (callId) void api.call('tools:cancel', { callId });
  };

  const replay = (args: Record<string, unknown>): void => {
    setFormData(args);
    setRawText(JSON.stringify(args, null, 2));
    call(args, !raw || checkRequired);
  };

  const toggleRaw = (on: boolean): void => {
    if (on) {
      setRawText(JSON.stringify(formData ?? {}, null, 2));
      setRawError(undefined);
      setRaw(true);
      return;
    }
    const parsed = parseArgs(rawText);
    if (!parsed.ok) {
      setRawError(`${parsed.error} Fix it before switching back to the form.`);
      return;
    }
    setFormData(parsed.args);
    setRaw(false);
  };

  const callRaw = (): void => {
    const parsed = parseArgs(rawText);
    if (!parsed.ok) {
      setRawError(parsed.error);
      return;
    }
    setRawError(undefined);
    call(parsed.args, checkRequired);
  };

  const callButton = (
    <Button type="submit" loading={calling} disabled={!callable} mt="sm">
      Call
    </Button>
  );

  const rawEditor = (
    <Stack gap="xs">
      <Textarea
        label="Arguments (JSON)"
        value={rawText}
        onChange={(e) => setRawText(e.currentTarget.value)}
        autosize
        minRows={6}
        maxRows={24}
        error={rawError}
        classNames={{ input: 'mono' }}
        spellCheck={false}
      />
      <Checkbox
        label="Check required parameters first (off: send the arguments as they are, to test the server's own validation)"
        checked={checkRequired}
        onChange={(e) => setCheckRequired(e.currentTarget.checked)}
        size="xs"
      />
      <Group>
        <Button onClick={callRaw} loading={calling} disabled={!callable}>
          Call
        </Button>
      </Group>
    </Stack>
  );

  return (
    <Paper ref={paneRef} withBorder p="md" radius="md" className="invoke-pane" role="region" aria-label={`Call ${tool.name}`}>
      {destructive.dialog}
      <Stack gap={4} mb="sm">
        {/* The raw name first (what the server calls it); the names agents see below (issue 14 item 6). */}
        <Title order={3} className="mono tool-agent-name">
          {tool.name}
        </Title>
        <Text size="sm" c="dimmed">
          Tool of server <span className="mono">{tool.server}</span>
          {tool.title ? ` · ${tool.title}` : ''}
        </Text>
        <ToolNamesPanel tool={tool} />
        <ToolAnnotations tool={tool} />
        <ToolProblems tool={tool} />
        <AppOnlyNote tool={tool} />
        <OffForAgentsNote tool={tool} />
        {tool.description ? <Text size="sm">{tool.description}</Text> : null}
        <Group gap="md" mt={4}>
          <Button variant="subtle" size="compact-sm" onClick={() => setShowSchema((v) => !v)} aria-expanded={showSchema}>
            {showSchema ? 'Hide input schema' : 'Show input schema (JSON)'}
          </Button>
          {tool.outputSchema ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setShowOutputSchema((v) => !v)} aria-expanded={showOutputSchema}>
              {showOutputSchema ? 'Hide output schema' : 'Show output schema (JSON)'}
            </Button>
          ) : null}
        </Group>
        <Collapse expanded={showSchema}>
          <Code block className="schema-json" aria-label="Input schema">
            {JSON.stringify(tool.inputSchema, null, 2)}
          </Code>
        </Collapse>
        {tool.outputSchema ? (
          <Collapse expanded={showOutputSchema}>
            <Code block className="schema-json" aria-label="Output schema">
              {JSON.stringify(tool.outputSchema, null, 2)}
            </Code>
          </Collapse>
        ) : null}
      </Stack>

      <div className="invoke-grid">
        <section aria-label="Input" className="invoke-input">
          <Group justify="space-between" mb="xs">
            <Text fw={700} size="sm">
              Input
            </Text>
            <Switch label="Raw JSON" checked={raw} onChange={(e) => toggleRaw(e.currentTarget.checked)} size="sm" />
          </Group>
          {!callable ? (
            <Text size="sm" c="orange" mb="xs">
              The server is not connected, so its tools cannot be called right now.
            </Text>
          ) : null}
          {taskSupport !== 'forbidden' ? (
            <Checkbox
              mb="xs"
              size="xs"
              label={`Run as a task (${taskSupport === 'required' ? 'this tool requires it' : 'optional for this tool'})`}
              checked={asTask}
              disabled={taskSupport === 'required'}
              onChange={(e) => setAsTask(e.currentTarget.checked)}
            />
          ) : null}
          {taskNote ? (
            <Text size="sm" mb="xs" role="status">
              {taskNote}
            </Text>
          ) : null}
          {raw ? (
            rawEditor
          ) : (
            <FormBoundary
              fallback={(message) => (
                <Stack gap="xs">
                  <Alert color="yellow" variant="light" title="This schema cannot be shown as a form">
                    <Text size="sm">{message}</Text>
                    <Text size="sm">Use Raw JSON to enter the arguments.</Text>
                  </Alert>
                  {rawEditor}
                </Stack>
              )}
            >
              <Form
                className="rjsf"
                schema={schema}
                uiSchema={uiSchema}
                validator={formValidator}
                templates={formTemplates}
                transformErrors={transformErrors}
                // A validation error is shown under its field; without onError rjsf also logs it.
                onError={() => undefined}
                focusOnFirstError
                formData={formData}
                onChange={(e) => setFormData((e.formData ?? {}) as Record<string, unknown>)}
                onSubmit={(e) => call(withCheckboxValues(shaped.schema, (e.formData ?? {}) as Record<string, unknown>, 'required'))}
                showErrorList={false}
                noHtml5Validate
              >
                {callButton}
              </Form>
            </FormBoundary>
          )}
        </section>

        <section aria-label="Output" className="invoke-output" aria-busy={calling}>
          <Group justify="space-between" mb="xs">
            <Text fw={700} size="sm">
              Result
            </Text>
            <SaveAsCheck tool={tool} args={raw ? rawText : formData} result={outcome?.kind === 'result' ? outcome.result : undefined} />
            {calling ? (
              <Button size="compact-sm" color="red" variant="light" onClick={cancel}>
                Cancel
              </Button>
            ) : null}
          </Group>
          {calling ? (
            <Stack gap={4} mb="xs">
              {progress ? (
                <>
                  <Progress
                    value={progress.total ? Math.min(100, (progress.progress / progress.total) * 100) : 100}
                    animated={!progress.total}
                    aria-label="Call progress"
                  />
                  <Text size="xs" c="dimmed">
                    {progress.total ? `${progress.progress} / ${progress.total}` : `${progress.progress}`}
                    {progress.message ? ` · ${progress.message}` : ''}
                  </Text>
                </>
              ) : (
                <Loader size="sm" />
              )}
            </Stack>
          ) : null}
          {!outcome && !calling ? (
            <Text size="sm" c="dimmed">
              Call the tool to see its result here.
            </Text>
          ) : null}
          {outcome?.kind === 'result' ? <ToolResult key={outcome.result.durationMs} result={outcome.result} /> : null}
          {outcome?.kind === 'failed' ? (
            <Alert color="red" variant="light" title="The call failed" role="alert">
              <Text size="sm">
                {outcome.error.message} <span className="mono">({outcome.error.code})</span>
              </Text>
            </Alert>
          ) : null}
        </section>
      </div>
      {tool.ui?.resourceUri ? <AppPanel tool={tool} run={appRun} /> : null}
      <CallHistory server={tool.server} tool={tool.name} onReplay={replay} canReplay={callable && !calling} />
    </Paper>
  );
}
