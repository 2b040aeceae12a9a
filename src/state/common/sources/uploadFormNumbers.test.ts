/** The upload form's number boxes are read by the one decimal rule and their ranges, never defaulted. */
import { describe, expect, it } from 'vitest';
import { FORM_DEFAULTS, formProblems, requestOf, type UploadOptions } from './uploadForm.ts';

const problems = (o: Partial<UploadOptions>) =>
  formProblems({ ...FORM_DEFAULTS, ...o }).map((x) => `${x.key}: ${x.message}`);

describe('the upload form names every box that does not read', () => {
  it('hex, binary, words, Infinity, subnormals and out-of-range values are each named', () => {
    expect(
      problems({
        minRecords: 'abc',
        taskSize: '0b1',
        capacity: 'Infinity',
        timeColumns: '0x2',
        coresPerMachine: '2.5e-324',
      }),
    ).toEqual([
      'taskSize: Task size: "0b1" — not a decimal number',
      'coresPerMachine: cores per machine: "2.5e-324" — needs cores > 0',
      'capacity: capacity: "Infinity" — not a decimal number',
      'timeColumns: time columns: "0x2" — not a decimal number',
      'minRecords: keep tasks with at least N records: "abc" — not a decimal number',
    ]);
    expect(problems({ minRecords: '0', timeColumns: '1.5', taskSize: '1e400' })).toEqual([
      'taskSize: Task size: "1e400" — not finite',
      'timeColumns: time columns: "1.5" — needs an integer 0 ≤ columns ≤ 1000000',
      'minRecords: keep tasks with at least N records: "0" — needs an integer 1 ≤ N ≤ 1000000000',
    ]);
  });

  it('empty boxes and plain decimals in range are fine, and read as typed', () => {
    expect(problems({ taskSize: '', capacity: ' ' })).toEqual([]);
    const o = { ...FORM_DEFAULTS, minRecords: '16', taskSize: '0.5', timeColumns: '1' };
    expect(formProblems(o)).toEqual([]);
    expect(requestOf(o)).toMatchObject({ scale: 0.5, timeColumns: 1, filters: { minRecords: 16 } });
  });
});
