import { describe, expect, it } from 'vitest';
import { annotationLabels } from './tool-annotations.js';

describe('annotationLabels', () => {
  it('lists the annotation hints that hold, in a fixed order', () => {
    expect(annotationLabels({ openWorldHint: true, readOnlyHint: true, destructiveHint: false })).toEqual(['read-only', 'open-world']);
    expect(annotationLabels(undefined)).toEqual([]);
  });
});
