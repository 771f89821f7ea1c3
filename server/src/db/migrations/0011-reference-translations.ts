import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { VersionedMigration } from './kit';

/**
 * The names of the recharge channels 0006 seeded, in every interface language (frozen copy). A channel
 * an operator renamed since keeps its own name: only rows still named as seeded get these.
 */
const CHANNEL_NAMES: Record<string, Record<string, string>> = {
  'Bank transfer (UPI / IMPS)': {
    'hi-IN': 'बैंक ट्रांसफ़र (UPI / IMPS)',
    'ta-IN': 'வங்கிப் பரிமாற்றம் (UPI / IMPS)',
    'te-IN': 'బ్యాంక్ బదిలీ (UPI / IMPS)',
    'kn-IN': 'ಬ್ಯಾಂಕ್ ವರ್ಗಾವಣೆ (UPI / IMPS)',
    'tr-TR': 'Banka havalesi (UPI / IMPS)',
    'es-ES': 'Transferencia bancaria (UPI / IMPS)',
    'it-IT': 'Bonifico bancario (UPI / IMPS)',
    'fr-FR': 'Virement bancaire (UPI / IMPS)',
    'de-DE': 'Banküberweisung (UPI / IMPS)',
  },
  'Bank transfer (NEFT / RTGS)': {
    'hi-IN': 'बैंक ट्रांसफ़र (NEFT / RTGS)',
    'ta-IN': 'வங்கிப் பரிமாற்றம் (NEFT / RTGS)',
    'te-IN': 'బ్యాంక్ బదిలీ (NEFT / RTGS)',
    'kn-IN': 'ಬ್ಯಾಂಕ್ ವರ್ಗಾವಣೆ (NEFT / RTGS)',
    'tr-TR': 'Banka havalesi (NEFT / RTGS)',
    'es-ES': 'Transferencia bancaria (NEFT / RTGS)',
    'it-IT': 'Bonifico bancario (NEFT / RTGS)',
    'fr-FR': 'Virement bancaire (NEFT / RTGS)',
    'de-DE': 'Banküberweisung (NEFT / RTGS)',
  },
  'Cash deposit (Nigeria)': {
    'hi-IN': 'नकद जमा (नाइजीरिया)',
    'ta-IN': 'பண வைப்பு (நைஜீரியா)',
    'te-IN': 'నగదు డిపాజిట్ (నైజీరియా)',
    'kn-IN': 'ನಗದು ಠೇವಣಿ (ನೈಜೀರಿಯಾ)',
    'tr-TR': 'Nakit yatırma (Nijerya)',
    'es-ES': 'Depósito en efectivo (Nigeria)',
    'it-IT': 'Versamento in contanti (Nigeria)',
    'fr-FR': 'Dépôt en espèces (Nigeria)',
    'de-DE': 'Bareinzahlung (Nigeria)',
  },
};

/** 0006's shape, { "<tag>": "<instructions>" }, as { "<tag>": { "instructions": ... } }; the new shape kept as it is. */
function reshape(translations: string | null): Record<string, Record<string, string>> {
  let parsed: unknown = null;
  try {
    parsed = translations ? JSON.parse(translations) : null;
  } catch {
    parsed = null;
  }
  const out: Record<string, Record<string, string>> = {};
  if (!parsed || typeof parsed !== 'object') return out;
  for (const [tag, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value === 'string') out[tag] = { instructions: value };
    else if (value && typeof value === 'object') out[tag] = { ...(value as Record<string, string>) };
  }
  return out;
}

export const migration: VersionedMigration = {
  name: '0011_reference_translations',
  // Recharge channels: their names were English in every language (issue 8 item 19). The translations
  // column holds fields per language, like banners, notices and coupons: { "<tag>": { "name", "instructions" } }.
  async up(db: Kysely<unknown>) {
    const k = db as Kysely<Database>;
    const rows = await k.selectFrom('pay_channels').select(['id', 'name', 'translations']).execute();
    for (const row of rows) {
      const translations = reshape(row.translations);
      for (const [tag, name] of Object.entries(CHANNEL_NAMES[row.name] ?? {})) translations[tag] = { ...translations[tag], name };
      const value = Object.keys(translations).length > 0 ? JSON.stringify(translations) : null;
      await k.updateTable('pay_channels').set({ translations: value }).where('id', '=', row.id).execute();
    }
  },
};
