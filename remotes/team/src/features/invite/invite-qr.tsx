import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of the invite link, drawn by the `qrcode` library as SVG (no canvas needed). */
export function InviteQr({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (text) => current && setSvg(text),
      () => current && setSvg(null),
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg) return null;
  return <img className="team-invite-qr" data-testid="invite-qr" alt={label} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} />;
}
