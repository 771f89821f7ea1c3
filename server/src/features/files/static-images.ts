/** Artwork the server draws itself for the seeded banners and products (no third-party images). */

/**
 * Banners are text-free illustrations: the localized title and subtitle come from sys/carousel and the
 * app lays them over the image, so no language is baked into the artwork.
 */
function banner(from: string, to: string, art: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="750" height="300" rx="24" fill="url(#g)"/>
<g fill="#ffffff" opacity="0.10"><circle cx="90" cy="40" r="90"/><circle cx="700" cy="270" r="80"/><circle cx="380" cy="320" r="60"/></g>
${art}
</svg>`;
}

/** A rack machine with fans, drawn on the right half. */
const RENT_ART = `<g transform="translate(430 70)" fill="none" stroke="#ffffff" stroke-width="6" stroke-linejoin="round">
<rect x="0" y="0" width="240" height="160" rx="14" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="70" cy="80" r="42"/><circle cx="170" cy="80" r="42"/>
<path d="M70 80 l0 -28 M70 80 l24 14 M70 80 l-24 14 M170 80 l0 -28 M170 80 l24 14 M170 80 l-24 14" stroke-linecap="round"/>
<circle cx="222" cy="142" r="6" fill="#a7f3d0" stroke="none"/></g>`;

/** A ledger sheet with rows and a tick. */
const TRANSPARENCY_ART = `<g transform="translate(450 40)" stroke="#ffffff" stroke-width="6" stroke-linecap="round" fill="none">
<rect x="0" y="0" width="180" height="220" rx="14" fill="#ffffff" fill-opacity="0.12"/>
<line x1="30" y1="50" x2="150" y2="50"/><line x1="30" y1="90" x2="150" y2="90"/><line x1="30" y1="130" x2="120" y2="130"/>
<circle cx="170" cy="190" r="38" fill="#ffffff" fill-opacity="0.2"/><path d="M152 190 l12 12 l24 -26"/></g>`;

/** Three people linked together. */
const INVITE_ART = `<g transform="translate(420 60)" fill="#ffffff">
<circle cx="60" cy="60" r="30" opacity="0.85"/><rect x="20" y="100" width="80" height="70" rx="36" opacity="0.85"/>
<circle cx="230" cy="60" r="30" opacity="0.85"/><rect x="190" y="100" width="80" height="70" rx="36" opacity="0.85"/>
<circle cx="145" cy="40" r="34"/><rect x="100" y="84" width="90" height="80" rx="40"/>
<path d="M95 150 L120 150 M170 150 L195 150" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/></g>`;

function machine(color: string, fans: number): string {
  const fanSpacing = 240 / fans;
  const fanShapes = Array.from({ length: fans }, (_, i) => {
    const cx = 80 + fanSpacing * i + fanSpacing / 2;
    return `<circle cx="${cx}" cy="150" r="${Math.min(38, fanSpacing / 2 - 6)}" fill="#0f172a" stroke="${color}" stroke-width="4"/>
<path d="M${cx} 150 l0 -26 M${cx} 150 l22 13 M${cx} 150 l-22 13" stroke="${color}" stroke-width="5" stroke-linecap="round"/>`;
  }).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
<rect width="400" height="300" fill="#f1f5f9"/>
<rect x="60" y="80" width="280" height="140" rx="14" fill="#1e293b"/>
<rect x="60" y="80" width="280" height="18" rx="9" fill="${color}"/>
${fanShapes}
<circle cx="320" cy="206" r="5" fill="#22c55e"/>
<rect x="90" y="232" width="220" height="10" rx="5" fill="#cbd5e1"/>
</svg>`;
}

export const STATIC_IMAGES: Record<string, string> = {
  'banner-rent': banner('#2563eb', '#7c3aed', RENT_ART),
  'banner-transparency': banner('#0f766e', '#2563eb', TRANSPARENCY_ART),
  'banner-invite': banner('#ea580c', '#db2777', INVITE_ART),
  'product-s19': machine('#f59e0b', 2),
  'product-l7': machine('#3b82f6', 3),
  'product-ka3': machine('#10b981', 2),
  'product-m50': machine('#8b5cf6', 4),
  'product-e9': machine('#ef4444', 3),
  'product-ks5': machine('#06b6d4', 2),
};
