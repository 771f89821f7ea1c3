import type { LocaleTag } from '@rigshare/domain';
import type { MessageKey } from '../i18n';

/**
 * The seeded banners and notices in every interface language. Rows keep their English text in
 * title/subtitle/content and the other languages in a `translations` JSON column
 * ({ "hi-IN": { "title": ..., ... } }), so content an operator adds later can be translated the same way.
 */
export type Translations<F extends string> = Partial<Record<LocaleTag, Partial<Record<F, string>>>>;

export interface SeedBanner {
  image: string;
  en: { title: string; subtitle: string };
  translations: Translations<'title' | 'subtitle'>;
}

export const SEED_BANNERS: SeedBanner[] = [
  {
    image: 'banner-rent',
    en: { title: 'Rent a mining machine', subtitle: 'See the price, daily return and term before you buy' },
    translations: {
      'hi-IN': { title: 'माइनिंग मशीन किराये पर लें', subtitle: 'खरीदने से पहले कीमत, दैनिक रिटर्न और अवधि देखें' },
      'ta-IN': { title: 'மைனிங் இயந்திரத்தை வாடகைக்கு எடுங்கள்', subtitle: 'வாங்கும் முன் விலை, தினசரி வருமானம் மற்றும் காலத்தைப் பாருங்கள்' },
      'te-IN': { title: 'మైనింగ్ యంత్రాన్ని అద్దెకు తీసుకోండి', subtitle: 'కొనే ముందు ధర, రోజువారీ రాబడి మరియు గడువు చూడండి' },
      'kn-IN': { title: 'ಮೈನಿಂಗ್ ಯಂತ್ರವನ್ನು ಬಾಡಿಗೆಗೆ ಪಡೆಯಿರಿ', subtitle: 'ಖರೀದಿಸುವ ಮೊದಲು ಬೆಲೆ, ದೈನಂದಿನ ಆದಾಯ ಮತ್ತು ಅವಧಿಯನ್ನು ನೋಡಿ' },
      'tr-TR': { title: 'Bir madencilik makinesi kiralayın', subtitle: 'Satın almadan önce fiyatı, günlük getiriyi ve süreyi görün' },
      'es-ES': { title: 'Alquila una máquina de minería', subtitle: 'Consulta el precio, el rendimiento diario y el plazo antes de comprar' },
      'it-IT': { title: 'Noleggia una macchina da mining', subtitle: 'Vedi prezzo, rendimento giornaliero e durata prima di acquistare' },
      'fr-FR': { title: 'Louez une machine de minage', subtitle: "Voyez le prix, le rendement quotidien et la durée avant d'acheter" },
      'de-DE': { title: 'Mieten Sie eine Mining-Maschine', subtitle: 'Preis, Tagesertrag und Laufzeit sehen Sie vor dem Kauf' },
    },
  },
  {
    image: 'banner-transparency',
    en: { title: 'Every transfer on record', subtitle: 'Your records show each change to your balance' },
    translations: {
      'hi-IN': { title: 'हर लेन-देन रिकॉर्ड में', subtitle: 'आपके रिकॉर्ड में बैलेंस का हर बदलाव दिखता है' },
      'ta-IN': { title: 'ஒவ்வொரு பரிமாற்றமும் பதிவில்', subtitle: 'உங்கள் இருப்பின் ஒவ்வொரு மாற்றமும் உங்கள் பதிவுகளில் தெரியும்' },
      'te-IN': { title: 'ప్రతి బదిలీ రికార్డులో', subtitle: 'మీ బ్యాలెన్స్‌లో ప్రతి మార్పు మీ రికార్డుల్లో కనిపిస్తుంది' },
      'kn-IN': { title: 'ಪ್ರತಿ ವರ್ಗಾವಣೆ ದಾಖಲೆಯಲ್ಲಿ', subtitle: 'ನಿಮ್ಮ ಬ್ಯಾಲೆನ್ಸ್‌ನ ಪ್ರತಿ ಬದಲಾವಣೆ ನಿಮ್ಮ ದಾಖಲೆಗಳಲ್ಲಿ ಕಾಣುತ್ತದೆ' },
      'tr-TR': { title: 'Her transfer kayıtlı', subtitle: 'Kayıtlarınız bakiyenizdeki her değişikliği gösterir' },
      'es-ES': { title: 'Cada transferencia, registrada', subtitle: 'Tus registros muestran cada cambio de tu saldo' },
      'it-IT': { title: 'Ogni trasferimento registrato', subtitle: 'I tuoi movimenti mostrano ogni variazione del saldo' },
      'fr-FR': { title: 'Chaque transfert est enregistré', subtitle: 'Vos relevés montrent chaque changement de votre solde' },
      'de-DE': { title: 'Jede Buchung nachvollziehbar', subtitle: 'Ihre Umsätze zeigen jede Änderung Ihres Guthabens' },
    },
  },
  {
    image: 'banner-invite',
    en: { title: 'Invite friends', subtitle: 'Share your invite code from the Team page' },
    translations: {
      'hi-IN': { title: 'दोस्तों को आमंत्रित करें', subtitle: 'टीम पेज से अपना आमंत्रण कोड साझा करें' },
      'ta-IN': { title: 'நண்பர்களை அழையுங்கள்', subtitle: 'அணி பக்கத்திலிருந்து உங்கள் அழைப்புக் குறியீட்டைப் பகிருங்கள்' },
      'te-IN': { title: 'స్నేహితులను ఆహ్వానించండి', subtitle: 'టీమ్ పేజీ నుండి మీ ఆహ్వాన కోడ్‌ను షేర్ చేయండి' },
      'kn-IN': { title: 'ಸ್ನೇಹಿತರನ್ನು ಆಹ್ವಾನಿಸಿ', subtitle: 'ತಂಡ ಪುಟದಿಂದ ನಿಮ್ಮ ಆಹ್ವಾನ ಕೋಡ್ ಹಂಚಿಕೊಳ್ಳಿ' },
      'tr-TR': { title: 'Arkadaşlarınızı davet edin', subtitle: 'Davet kodunuzu Ekip sayfasından paylaşın' },
      'es-ES': { title: 'Invita a tus amigos', subtitle: 'Comparte tu código de invitación desde la página Equipo' },
      'it-IT': { title: 'Invita gli amici', subtitle: 'Condividi il tuo codice invito dalla pagina Squadra' },
      'fr-FR': { title: 'Invitez vos amis', subtitle: "Partagez votre code d'invitation depuis la page Équipe" },
      'de-DE': { title: 'Freunde einladen', subtitle: 'Teilen Sie Ihren Einladungscode auf der Team-Seite' },
    },
  },
];

export interface SeedNotice {
  en: string;
  translations: Translations<'title' | 'content'>;
}

export const SEED_SCROLL_NOTICES: SeedNotice[] = [
  {
    en: 'Daily income is paid from recorded mining revenue; if revenue is short, payouts are delayed and shown as such.',
    translations: {
      'hi-IN': { content: 'दैनिक आय दर्ज माइनिंग राजस्व से दी जाती है; राजस्व कम होने पर भुगतान में देरी होती है और उसे देरी के रूप में दिखाया जाता है।' },
      'ta-IN': { content: 'தினசரி வருமானம் பதிவு செய்யப்பட்ட மைனிங் வருவாயிலிருந்து வழங்கப்படுகிறது; வருவாய் குறைந்தால் பணம் தாமதமாகும், அது தாமதம் என்றே காட்டப்படும்.' },
      'te-IN': { content: 'రోజువారీ ఆదాయం నమోదైన మైనింగ్ ఆదాయం నుండి చెల్లించబడుతుంది; ఆదాయం తక్కువైతే చెల్లింపులు ఆలస్యమవుతాయి మరియు ఆలస్యంగానే చూపబడతాయి.' },
      'kn-IN': { content: 'ದೈನಂದಿನ ಆದಾಯವನ್ನು ದಾಖಲಾದ ಮೈನಿಂಗ್ ಆದಾಯದಿಂದ ಪಾವತಿಸಲಾಗುತ್ತದೆ; ಆದಾಯ ಕಡಿಮೆಯಾದರೆ ಪಾವತಿ ತಡವಾಗುತ್ತದೆ ಮತ್ತು ಅದನ್ನು ತಡವೆಂದೇ ತೋರಿಸಲಾಗುತ್ತದೆ.' },
      'tr-TR': { content: 'Günlük gelir kayıtlı madencilik gelirinden ödenir; gelir yetersizse ödemeler gecikir ve gecikmiş olarak gösterilir.' },
      'es-ES': { content: 'Los ingresos diarios se pagan con los ingresos de minería registrados; si no alcanzan, los pagos se retrasan y se muestran como retrasados.' },
      'it-IT': { content: 'Il reddito giornaliero è pagato dai ricavi di mining registrati; se i ricavi non bastano, i pagamenti sono rinviati e mostrati come tali.' },
      'fr-FR': { content: 'Le revenu quotidien est payé à partir des revenus de minage enregistrés ; s’ils sont insuffisants, les paiements sont retardés et affichés comme tels.' },
      'de-DE': { content: 'Tageserträge werden aus erfassten Mining-Einnahmen gezahlt; reichen diese nicht, verzögert sich die Auszahlung und wird als verzögert angezeigt.' },
    },
  },
  {
    en: 'Withdrawals carry a 5% fee, shown with the net amount before you confirm.',
    translations: {
      'hi-IN': { content: 'निकासी पर 5% शुल्क लगता है, जो पुष्टि से पहले शुद्ध राशि के साथ दिखाया जाता है।' },
      'ta-IN': { content: 'பணம் எடுப்பதற்கு 5% கட்டணம் உண்டு; உறுதிப்படுத்தும் முன் நிகரத் தொகையுடன் காட்டப்படும்.' },
      'te-IN': { content: 'విత్‌డ్రాలపై 5% రుసుము ఉంటుంది, నిర్ధారించే ముందు నికర మొత్తంతో చూపబడుతుంది.' },
      'kn-IN': { content: 'ಹಣ ಹಿಂಪಡೆಯುವಿಕೆಗೆ 5% ಶುಲ್ಕವಿದೆ, ದೃಢೀಕರಿಸುವ ಮೊದಲು ನಿವ್ವಳ ಮೊತ್ತದೊಂದಿಗೆ ತೋರಿಸಲಾಗುತ್ತದೆ.' },
      'tr-TR': { content: 'Para çekme işlemlerinde %5 ücret alınır; onaylamadan önce net tutarla birlikte gösterilir.' },
      'es-ES': { content: 'Los retiros tienen una comisión del 5 %, que se muestra con el importe neto antes de confirmar.' },
      'it-IT': { content: 'I prelievi hanno una commissione del 5%, mostrata con l’importo netto prima della conferma.' },
      'fr-FR': { content: 'Les retraits comportent des frais de 5 %, affichés avec le montant net avant votre confirmation.' },
      'de-DE': { content: 'Auszahlungen kosten 5 % Gebühr; sie wird vor der Bestätigung mit dem Nettobetrag angezeigt.' },
    },
  },
];

/** The demo member's opening credit (seed/demo.ts), a ledger operation members see in their records. */
export const DEMO_BALANCE_OPERATION = 'seed:demo-balance';

/**
 * The text of seeded ledger records, by operation key: a message key, rendered in the reader's language
 * (ledger rows are append-only and keep the English reason they were written with, for staff).
 * Reasons staff write (credit, debit, reversal, a refused withdrawal) are not here: they are shown as written.
 */
export const SEEDED_RECORD_TEXT: Readonly<Record<string, MessageKey>> = { [DEMO_BALANCE_OPERATION]: 'recordDemoBalance' };

/** Picks a translated field, falling back to the row's English text. */
export function localizedField(translations: string | null, locale: LocaleTag, field: string, fallback: string): string {
  if (!translations) return fallback;
  try {
    const parsed = JSON.parse(translations) as Record<string, Record<string, string> | undefined>;
    const value = parsed[locale]?.[field];
    return typeof value === 'string' && value.trim() !== '' ? value : fallback;
  } catch {
    return fallback;
  }
}
