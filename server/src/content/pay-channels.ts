/**
 * The recharge channels migration 0006 seeds (operators change them in the pay_channels table).
 * Instructions: English in `en`, other languages by locale tag. Minimums in micro-units of the currency.
 */
export interface SeedPayChannel {
  name: string;
  currency: 'INR' | 'NGN';
  minAmount: string;
  kind: 'bank' | 'cash';
  instructions: { en: string; translations: Record<string, string> };
}

const UPI = {
  en: 'Pay by UPI or IMPS to the account customer service gives you, then enter the UTR number of your transfer as the reference.',
  translations: {
    'hi-IN': 'ग्राहक सेवा द्वारा दिए गए खाते में UPI या IMPS से भुगतान करें, फिर अपने ट्रांसफ़र का UTR नंबर संदर्भ के रूप में दर्ज करें।',
    'ta-IN': 'வாடிக்கையாளர் சேவை வழங்கும் கணக்கிற்கு UPI அல்லது IMPS மூலம் செலுத்தவும், பின்னர் உங்கள் பரிமாற்றத்தின் UTR எண்ணைக் குறிப்பாக உள்ளிடவும்.',
    'te-IN': 'కస్టమర్ సర్వీస్ ఇచ్చిన ఖాతాకు UPI లేదా IMPS ద్వారా చెల్లించండి, ఆపై మీ బదిలీ UTR నంబర్‌ను రిఫరెన్స్‌గా నమోదు చేయండి.',
    'kn-IN': 'ಗ್ರಾಹಕ ಸೇವೆ ನೀಡುವ ಖಾತೆಗೆ UPI ಅಥವಾ IMPS ಮೂಲಕ ಪಾವತಿಸಿ, ನಂತರ ನಿಮ್ಮ ವರ್ಗಾವಣೆಯ UTR ಸಂಖ್ಯೆಯನ್ನು ಉಲ್ಲೇಖವಾಗಿ ನಮೂದಿಸಿ.',
    'tr-TR': 'Müşteri hizmetlerinin verdiği hesaba UPI veya IMPS ile ödeme yapın, ardından havalenizin UTR numarasını referans olarak girin.',
    'es-ES': 'Paga por UPI o IMPS a la cuenta que te indique el servicio de atención al cliente y luego introduce el número UTR de tu transferencia como referencia.',
    'it-IT': "Paga con UPI o IMPS sul conto indicato dall'assistenza clienti, poi inserisci il numero UTR del bonifico come riferimento.",
    'fr-FR': 'Payez par UPI ou IMPS sur le compte indiqué par le service client, puis saisissez le numéro UTR de votre virement comme référence.',
    'de-DE': 'Zahlen Sie per UPI oder IMPS auf das Konto, das Ihnen der Kundenservice nennt, und geben Sie dann die UTR-Nummer Ihrer Überweisung als Referenz ein.',
  },
};

const NEFT = {
  en: 'Pay by NEFT or RTGS to the account customer service gives you, then enter the UTR number of your transfer as the reference.',
  translations: {
    'hi-IN': 'ग्राहक सेवा द्वारा दिए गए खाते में NEFT या RTGS से भुगतान करें, फिर अपने ट्रांसफ़र का UTR नंबर संदर्भ के रूप में दर्ज करें।',
    'ta-IN': 'வாடிக்கையாளர் சேவை வழங்கும் கணக்கிற்கு NEFT அல்லது RTGS மூலம் செலுத்தவும், பின்னர் உங்கள் பரிமாற்றத்தின் UTR எண்ணைக் குறிப்பாக உள்ளிடவும்.',
    'te-IN': 'కస్టమర్ సర్వీస్ ఇచ్చిన ఖాతాకు NEFT లేదా RTGS ద్వారా చెల్లించండి, ఆపై మీ బదిలీ UTR నంబర్‌ను రిఫరెన్స్‌గా నమోదు చేయండి.',
    'kn-IN': 'ಗ್ರಾಹಕ ಸೇವೆ ನೀಡುವ ಖಾತೆಗೆ NEFT ಅಥವಾ RTGS ಮೂಲಕ ಪಾವತಿಸಿ, ನಂತರ ನಿಮ್ಮ ವರ್ಗಾವಣೆಯ UTR ಸಂಖ್ಯೆಯನ್ನು ಉಲ್ಲೇಖವಾಗಿ ನಮೂದಿಸಿ.',
    'tr-TR': 'Müşteri hizmetlerinin verdiği hesaba NEFT veya RTGS ile ödeme yapın, ardından havalenizin UTR numarasını referans olarak girin.',
    'es-ES': 'Paga por NEFT o RTGS a la cuenta que te indique el servicio de atención al cliente y luego introduce el número UTR de tu transferencia como referencia.',
    'it-IT': "Paga con NEFT o RTGS sul conto indicato dall'assistenza clienti, poi inserisci il numero UTR del bonifico come riferimento.",
    'fr-FR': 'Payez par NEFT ou RTGS sur le compte indiqué par le service client, puis saisissez le numéro UTR de votre virement comme référence.',
    'de-DE': 'Zahlen Sie per NEFT oder RTGS auf das Konto, das Ihnen der Kundenservice nennt, und geben Sie dann die UTR-Nummer Ihrer Überweisung als Referenz ein.',
  },
};

const CASH = {
  en: 'Pay cash at the partner agent customer service names, then enter the number on your receipt as the reference.',
  translations: {
    'hi-IN': 'ग्राहक सेवा द्वारा बताए गए साझेदार एजेंट के पास नकद भुगतान करें, फिर अपनी रसीद का नंबर संदर्भ के रूप में दर्ज करें।',
    'ta-IN': 'வாடிக்கையாளர் சேவை குறிப்பிடும் கூட்டாளர் முகவரிடம் பணமாகச் செலுத்தவும், பின்னர் உங்கள் ரசீதில் உள்ள எண்ணைக் குறிப்பாக உள்ளிடவும்.',
    'te-IN': 'కస్టమర్ సర్వీస్ చెప్పిన భాగస్వామి ఏజెంట్ వద్ద నగదు చెల్లించండి, ఆపై మీ రసీదుపై ఉన్న నంబర్‌ను రిఫరెన్స్‌గా నమోదు చేయండి.',
    'kn-IN': 'ಗ್ರಾಹಕ ಸೇವೆ ಸೂಚಿಸುವ ಪಾಲುದಾರ ಏಜೆಂಟ್ ಬಳಿ ನಗದು ಪಾವತಿಸಿ, ನಂತರ ನಿಮ್ಮ ರಸೀದಿಯ ಸಂಖ್ಯೆಯನ್ನು ಉಲ್ಲೇಖವಾಗಿ ನಮೂದಿಸಿ.',
    'tr-TR': 'Müşteri hizmetlerinin belirttiği anlaşmalı temsilciye nakit ödeme yapın, ardından makbuzunuzdaki numarayı referans olarak girin.',
    'es-ES': 'Paga en efectivo al agente colaborador que te indique el servicio de atención al cliente y luego introduce el número de tu recibo como referencia.',
    'it-IT': "Paga in contanti presso l'agente partner indicato dall'assistenza clienti, poi inserisci il numero della ricevuta come riferimento.",
    'fr-FR': "Payez en espèces auprès de l'agent partenaire indiqué par le service client, puis saisissez le numéro de votre reçu comme référence.",
    'de-DE': 'Zahlen Sie bar bei dem Partneragenten, den Ihnen der Kundenservice nennt, und geben Sie dann die Nummer auf Ihrer Quittung als Referenz ein.',
  },
};

export const SEED_PAY_CHANNELS: SeedPayChannel[] = [
  { name: 'Bank transfer (UPI / IMPS)', currency: 'INR', minAmount: '500000000', kind: 'bank', instructions: UPI },
  { name: 'Bank transfer (NEFT / RTGS)', currency: 'INR', minAmount: '500000000', kind: 'bank', instructions: NEFT },
  { name: 'Cash deposit (Nigeria)', currency: 'NGN', minAmount: '2500000000', kind: 'cash', instructions: CASH },
];
