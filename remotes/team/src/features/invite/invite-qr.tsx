import { QRCodeSVG } from 'qrcode.react';

/** A QR code of the invite link, drawn as SVG by `qrcode.react` (the QR library the wallet uses too). */
export function InviteQr({ url, label }: { url: string; label: string }) {
  return <QRCodeSVG className="team-invite-qr" data-testid="invite-qr" role="img" aria-label={label} value={url} size={160} marginSize={1} level="M" />;
}
