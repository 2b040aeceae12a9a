/** The upload form's numbers are read by the one decimal rule: no hex, binary or empty as a number. */
import { describe, expect, it } from 'vitest';
import { FORM_DEFAULTS, requestOf } from './uploadForm.ts';

describe('the upload form reads its numbers as decimals only', () => {
  it('hex, binary and Infinity give no value; plain decimals do', () => {
    const hostile = requestOf({
      ...FORM_DEFAULTS,
      minRecords: '0x10',
      taskSize: '0b1',
      capacity: 'Infinity',
      timeColumns: '0x2',
    });
    expect(hostile.filters?.minRecords).toBe(1);
    expect(hostile).not.toHaveProperty('scale');
    expect(hostile).not.toHaveProperty('capacity');
    const plain = requestOf({ ...FORM_DEFAULTS, minRecords: '16', taskSize: '0.5' });
    expect(plain.filters?.minRecords).toBe(16);
    expect(plain).toMatchObject({ scale: 0.5 });
  });
});
