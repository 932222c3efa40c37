/**
 * rjsf templates for tool forms, in Mantine: visible titles for objects and arrays, array items in
 * labelled groups ("entities 1"), and real buttons with words — "Add item", "Remove", "Move up",
 * "Move down" — instead of the default theme's glyphicon pills (that font is not loaded here). Each
 * array's add button names its array ("Add item to observations"), so nested arrays' buttons differ.
 * An empty array shows its "Add item" button at once. Used by invoke-pane.tsx (`templates` prop).
 */
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import type {
  ArrayFieldItemButtonsTemplateProps,
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  FieldPathId,
  IconButtonProps,
  TemplatesType,
  TitleFieldProps,
} from '@rjsf/utils';

/**
 * A readable name for an array from its field path (`['entities', 0, 'observations']` →
 * `observations`); `item` for a root-level array.
 */
export function arrayName(path: readonly (string | number)[]): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return String(path[i]);
  return 'item';
}

/** The label of one array item: `<array name> <1-based index>` (e.g. `entities 1`). */
export function itemLabel(itemPath: FieldPathId['path'], index: number): string {
  return `${arrayName(itemPath.slice(0, -1))} ${index + 1}`;
}

/** Button props rjsf passes that must not reach the DOM. */
function domProps(props: IconButtonProps): React.ButtonHTMLAttributes<HTMLButtonElement> {
  const { iconType: _t, icon: _i, uiSchema: _u, registry: _r, className, ...rest } = props;
  return { ...rest, className: `rjsf-button ${className ?? ''}` };
}

/**
 * The words of an array's add button: `Add item to observations`. Nested arrays put two add buttons
 * one above the other (the inner array's, then the outer's); each names its array (issue 32).
 */
export function addItemLabel(name: string): string {
  return `Add item to ${name}`;
}

function AddButton(props: IconButtonProps & { arrayLabel?: string }) {
  const { id, onClick, disabled, className, arrayLabel } = props;
  return (
    <Button id={id} className={className} onClick={onClick} disabled={disabled} size="compact-sm" variant="light" mt={4}>
      {arrayLabel ? addItemLabel(arrayLabel) : 'Add item'}
    </Button>
  );
}

function RemoveButton(props: IconButtonProps) {
  const p = domProps(props);
  return (
    <Button {...p} title={undefined} size="compact-xs" variant="subtle" color="red" type="button">
      Remove
    </Button>
  );
}

function MoveButton({ direction, ...props }: IconButtonProps & { direction: 'up' | 'down' }) {
  const p = domProps(props);
  const label = direction === 'up' ? 'Move up' : 'Move down';
  return (
    <ActionIcon {...p} title={label} aria-label={label} size="sm" variant="subtle" color="gray" type="button">
      <span aria-hidden>{direction === 'up' ? '↑' : '↓'}</span>
    </ActionIcon>
  );
}

function CopyButton(props: IconButtonProps) {
  const p = domProps(props);
  return (
    <Button {...p} title={undefined} size="compact-xs" variant="subtle" type="button">
      Copy
    </Button>
  );
}

function ClearButton(props: IconButtonProps) {
  const p = domProps(props);
  return (
    <Button {...p} title={undefined} size="compact-xs" variant="subtle" color="gray" type="button">
      Clear
    </Button>
  );
}

/** A visible title for an object or array field (the root's title is hidden by the uiSchema). */
function TitleFieldTemplate({ id, title, required, optionalDataControl }: TitleFieldProps) {
  return (
    <legend id={id} className="rjsf-title">
      {title}
      {required ? <span className="required">*</span> : null}
      {optionalDataControl ? <span className="rjsf-optional-control">{optionalDataControl}</span> : null}
    </legend>
  );
}

/** The buttons of one array item. */
function ArrayFieldItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps) {
  const { disabled, readonly, hasMoveUp, hasMoveDown, hasRemove, hasCopy, onMoveUpItem, onMoveDownItem, onRemoveItem, onCopyItem, registry, uiSchema } = props;
  const off = disabled || readonly;
  return (
    <>
      {hasMoveUp || hasMoveDown ? (
        <>
          <MoveButton direction="up" registry={registry} uiSchema={uiSchema} disabled={off || !hasMoveUp} onClick={onMoveUpItem} />
          <MoveButton direction="down" registry={registry} uiSchema={uiSchema} disabled={off || !hasMoveDown} onClick={onMoveDownItem} />
        </>
      ) : null}
      {hasCopy ? <CopyButton registry={registry} uiSchema={uiSchema} disabled={off} onClick={onCopyItem} /> : null}
      {hasRemove ? <RemoveButton registry={registry} uiSchema={uiSchema} disabled={off} onClick={onRemoveItem} /> : null}
    </>
  );
}

/**
 * One array item as a labelled group: an object item gets a framed box headed by its label and
 * its buttons; a single value sits on one line with its buttons beside it.
 */
function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, schema } = props;
  const label = itemLabel(buttonsProps.fieldPathId.path, index);
  const compound = schema.type === 'object' || schema.type === 'array' || schema.properties !== undefined;
  const toolbar = hasToolbar ? (
    <Group gap={2} wrap="nowrap" className="rjsf-item-toolbar">
      <ArrayFieldItemButtonsTemplate {...buttonsProps} />
    </Group>
  ) : null;
  if (compound) {
    return (
      <div role="group" aria-label={label} className="rjsf-array-item rjsf-array-item-box">
        <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
          <Text size="xs" fw={700} c="dimmed" className="mono">
            {label}
          </Text>
          {toolbar}
        </Group>
        {children}
      </div>
    );
  }
  return (
    <div role="group" aria-label={label} className="rjsf-array-item rjsf-array-item-line">
      <div className="rjsf-array-item-field">{children}</div>
      {toolbar}
    </div>
  );
}

/** An array: its title, description, items, and the "Add item" button (shown when empty too). */
function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, disabled, readonly, fieldPathId, items, onAddClick, required, schema, title, uiSchema, registry } = props;
  const uiTitle = (uiSchema?.['ui:title'] as string | undefined) ?? title;
  const description = (uiSchema?.['ui:description'] as string | undefined) ?? schema.description;
  const name = uiTitle || arrayName(fieldPathId.path);
  return (
    <fieldset className={`${className ?? ''} rjsf-array`} id={fieldPathId.$id} aria-label={name}>
      {uiTitle ? <TitleFieldTemplate id={`${fieldPathId.$id}__title`} title={uiTitle} required={required} schema={schema} registry={registry} /> : null}
      {description ? (
        <Text size="xs" c="dimmed" className="field-description">
          {description}
        </Text>
      ) : null}
      <div className="rjsf-array-items">{items}</div>
      {items.length === 0 ? (
        <Text size="xs" c="dimmed">
          No items yet.
        </Text>
      ) : null}
      {canAdd ? (
        <AddButton
          id={`${fieldPathId.$id}__add`}
          className="rjsf-array-item-add"
          onClick={onAddClick}
          disabled={disabled || readonly}
          registry={registry}
          uiSchema={uiSchema}
          arrayLabel={name}
        />
      ) : null}
    </fieldset>
  );
}

/** The templates to pass to `<Form templates={…}>`. */
export const formTemplates: Partial<TemplatesType> = {
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate,
  TitleFieldTemplate,
  ButtonTemplates: {
    AddButton,
    RemoveButton,
    MoveUpButton: (p: IconButtonProps) => <MoveButton direction="up" {...p} />,
    MoveDownButton: (p: IconButtonProps) => <MoveButton direction="down" {...p} />,
    CopyButton,
    ClearButton,
  } as unknown as TemplatesType['ButtonTemplates'],
};
