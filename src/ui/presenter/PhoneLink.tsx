/**
 * The link of what the page shows now as a QR code, large enough to be read from the back of a
 * room. The address changes under it (a step, Back, a lesson's own state), so it is read again
 * while the code is open. Escape closes it and gives the focus back to its button; a tap outside
 * closes it, so it never stays over the step's question.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
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

/** How often the open code reads the address again, in ms. */
const REREAD_MS = 500;

export function PhoneLink(props: {
  /** The link now (a function kept from render to render). */
  link: () => string;
  /** The button that opened the code (a tap on it is its own toggle, not an outside tap). */
  opener: RefObject<HTMLElement | null>;
  onClose: (refocus: boolean) => void;
}) {
  const { opener, onClose, link: read } = props;
  const [link, setLink] = useState(read);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const timer = setInterval(() => setLink(read()), REREAD_MS);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onClose(true);
    };
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (box.current?.contains(target) || opener.current?.contains(target)) return;
      onClose(false);
    };
    addEventListener('keydown', onKey);
    addEventListener('pointerdown', onDown);
    return () => {
      clearInterval(timer);
      removeEventListener('keydown', onKey);
      removeEventListener('pointerdown', onDown);
    };
  }, [read, opener, onClose]);
  const code = useMemo(() => qrCode(link), [link]);
  return (
    <div className="presenter-qr" data-testid="presenter-qr" data-link={link} ref={box}>
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
