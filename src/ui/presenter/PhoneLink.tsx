/** The current step's link as a QR code, large enough to be read from the back of a room. */
import { useMemo } from 'react';
import { qrCode, type QrCode } from './qr.ts';

/** Margin of light modules around a code (the standard's quiet zone). */
const QUIET = 4;

/** The code's dark modules as one SVG path, in module units, after the quiet zone. */
export function qrPath(code: QrCode): string {
  const parts: string[] = [];
  code.dark.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + QUIET} ${y + QUIET}h1v1h-1z`);
    }),
  );
  return parts.join('');
}

/** The side, in modules, of a code's picture with its quiet zone. */
export const qrSide = (code: QrCode) => code.size + 2 * QUIET;

export function PhoneLink({ link }: { link: string }) {
  const code = useMemo(() => qrCode(link), [link]);
  return (
    <div className="presenter-qr" data-testid="presenter-qr" data-link={link}>
      {code ? (
        <svg
          role="img"
          aria-label={`QR code of ${link}`}
          viewBox={`0 0 ${qrSide(code)} ${qrSide(code)}`}
          shapeRendering="crispEdges"
        >
          <rect width="100%" height="100%" fill="#fff" />
          <path d={qrPath(code)} fill="#000" />
        </svg>
      ) : (
        <p role="alert">
          This step’s link is too long for a QR code: share it with the Share button.
        </p>
      )}
      <p className="presenter-qr-link">{link}</p>
    </div>
  );
}
