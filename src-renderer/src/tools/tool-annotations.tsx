/**
 * A tool's annotations (read-only, destructive, idempotent, open-world: hints the server gives,
 * untrusted) and icons. Icons are remote or data URLs from the server: a data: image is shown
 * (built by lib/media.ts from a safe MIME type), a remote one only after the person asks.
 */
import { Badge, Button, Group, Image } from '@mantine/core';
import { useState } from 'react';
import type { ToolInfo } from '../../../src-shared/api/status.js';

const HINTS: { key: string; label: string; color: string }[] = [
  { key: 'readOnlyHint', label: 'read-only', color: 'teal' },
  { key: 'destructiveHint', label: 'destructive', color: 'red' },
  { key: 'idempotentHint', label: 'idempotent', color: 'blue' },
  { key: 'openWorldHint', label: 'open-world', color: 'grape' },
];

/** Labels of the hints that are `true`, in a fixed order. Pure. */
export function annotationLabels(annotations: Record<string, unknown> | undefined): string[] {
  if (!annotations) return [];
  return HINTS.filter((h) => annotations[h.key] === true).map((h) => h.label);
}

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

function Icon({ src }: { src: string }) {
  const [load, setLoad] = useState(false);
  if (SAFE_DATA_IMAGE.test(src) || load) return <Image src={src} alt="Tool icon" w={20} h={20} fit="contain" />;
  if (!/^https?:\/\//.test(src)) return null;
  return (
    <Button size="compact-xs" variant="default" onClick={() => setLoad(true)} title={src}>
      Load icon
    </Button>
  );
}

/** Badges for the annotations that hold, and the tool's first icon. */
export function ToolAnnotations({ tool, size = 'sm' }: { tool: ToolInfo; size?: 'xs' | 'sm' }) {
  const labels = annotationLabels(tool.annotations);
  const icon = tool.icons?.find((i) => typeof i.src === 'string')?.src as string | undefined;
  if (labels.length === 0 && !icon) return null;
  return (
    <Group gap={4} aria-label="Annotations">
      {icon ? <Icon src={icon} /> : null}
      {labels.map((l) => (
        <Badge key={l} size={size} variant="light" color={HINTS.find((h) => h.label === l)!.color} styles={{ label: { textTransform: 'none' } }}>
          {l}
        </Badge>
      ))}
    </Group>
  );
}
