import { describe, expect, it } from 'vitest';
import vectors from './qrVectors.json';
import { alignmentCentres, formatBits, penalty, qrCode, reedSolomon, versionBits } from './qr.ts';

const rowsOf = (dark: readonly (readonly boolean[])[]) =>
  dark.map((row) => {
    const bits = row.map((d) => (d ? '1' : '0')).join('');
    const padded = bits.padEnd(Math.ceil(bits.length / 4) * 4, '0');
    return padded.replace(/[01]{4}/g, (nibble) => parseInt(nibble, 2).toString(16));
  });

describe('QR codes of the presenter’s links', () => {
  it('Reed–Solomon gives the standard’s worked example (ISO/IEC 18004 annex, "01234567", 1-M)', () => {
    const data = [0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec];
    const rest = [0x11, 0xec, 0x11];
    expect(reedSolomon([...data, ...rest], 10)).toEqual([
      0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55,
    ]);
  });

  it('format, version and alignment tables match the standard’s', () => {
    const levelM = [
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ];
    expect(levelM.map((_, mask) => formatBits(mask).toString(2).padStart(15, '0'))).toEqual(levelM);
    expect(versionBits(7).toString(2).padStart(18, '0')).toBe('000111110010010100');
    expect(versionBits(40).toString(2).padStart(18, '0')).toBe('101000110001101001');
    expect(alignmentCentres(2)).toEqual([6, 18]);
    expect(alignmentCentres(32)).toEqual([6, 34, 60, 86, 112, 138]);
    expect(alignmentCentres(40)).toEqual([6, 30, 58, 86, 114, 142, 170]);
  });

  it('each module matches codes made by an independent encoder, versions 1 to 18', () => {
    expect(vectors.codes.length).toBeGreaterThanOrEqual(4);
    for (const v of vectors.codes) {
      const code = qrCode(v.text, v.mask)!;
      expect(code.version).toBe(v.version);
      expect(code.size).toBe(v.version * 4 + 17);
      expect(rowsOf(code.dark)).toEqual(v.rows);
    }
  });

  it('chooses the mask of lowest penalty, and says when a link is too long for any version', () => {
    const text = vectors.codes[1].text;
    const chosen = qrCode(text)!;
    for (let mask = 0; mask < 8; mask++)
      expect(penalty(chosen.dark)).toBeLessThanOrEqual(penalty(qrCode(text, mask)!.dark));
    expect(qrCode('x'.repeat(2331))?.version).toBe(40);
    expect(qrCode('x'.repeat(2332))).toBeNull();
  });
});
