/** Artwork the server draws itself for the seeded banners and products (no third-party images). */

function banner(from: string, to: string, title: string, subtitle: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="750" height="300" rx="24" fill="url(#g)"/>
<g fill="#ffffff" opacity="0.12"><circle cx="640" cy="60" r="110"/><circle cx="700" cy="260" r="70"/></g>
<g transform="translate(470 90)" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.9">
<rect x="0" y="0" width="200" height="120" rx="12"/><line x1="20" y1="30" x2="180" y2="30"/><line x1="20" y1="60" x2="180" y2="60"/><line x1="20" y1="90" x2="180" y2="90"/>
<circle cx="165" cy="105" r="6" fill="#ffffff"/></g>
<text x="48" y="140" font-family="Helvetica, Arial, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${title}</text>
<text x="48" y="190" font-family="Helvetica, Arial, sans-serif" font-size="24" fill="#ffffff" opacity="0.9">${subtitle}</text>
</svg>`;
}

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
  'banner-rent': banner('#2563eb', '#7c3aed', 'Rent a mining machine', 'See the price, daily return and term before you buy'),
  'banner-transparency': banner('#0f766e', '#2563eb', 'Every transfer on record', 'Your records show each change to your balance'),
  'banner-invite': banner('#ea580c', '#db2777', 'Invite friends', 'Share your invite code from the Team page'),
  'product-s19': machine('#f59e0b', 2),
  'product-l7': machine('#3b82f6', 3),
  'product-ka3': machine('#10b981', 2),
  'product-m50': machine('#8b5cf6', 4),
  'product-e9': machine('#ef4444', 3),
  'product-ks5': machine('#06b6d4', 2),
};
