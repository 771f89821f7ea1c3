import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { MigrationKit, VersionedMigration } from './kit';

/** The wallet's platform account (frozen copy of ledger/accounts.ts at the time): what withdrawals paid out. */
const WALLET_PLATFORM_ACCOUNTS = [{ kind: 'platform.withdrawals_paid', allowNegative: false }] as const;

/** The recharge channels this migration seeds (operators change them in the pay_channels table afterwards). Minimums in micro-units of the currency. */
const PAY_CHANNELS: { name: string; currency: string; minAmount: string; kind: string; instructions: string; translations: Record<string, string> }[] = [
  {
    name: 'Bank transfer (UPI / IMPS)',
    currency: 'INR',
    minAmount: '500000000',
    kind: 'bank',
    instructions: 'Pay by UPI or IMPS to the account customer service gives you, then enter the UTR number of your transfer as the reference.',
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
  },
  {
    name: 'Bank transfer (NEFT / RTGS)',
    currency: 'INR',
    minAmount: '500000000',
    kind: 'bank',
    instructions: 'Pay by NEFT or RTGS to the account customer service gives you, then enter the UTR number of your transfer as the reference.',
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
  },
  {
    name: 'Cash deposit (Nigeria)',
    currency: 'NGN',
    minAmount: '2500000000',
    kind: 'cash',
    instructions: 'Pay cash at the partner agent customer service names, then enter the number on your receipt as the reference.',
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
  },
];

export const migration: VersionedMigration = {
  name: '0006_wallet',
  async up(db: Kysely<unknown>, { idType, autoId }: MigrationKit) {
    // Fund password (scrypt, like login passwords) and the start of the withdrawal hold: the time of
    // the member's latest security change (login or fund password, address, bank card).
    await db.schema.alterTable('users').addColumn('pay_password_hash', 'varchar(255)').execute();
    await db.schema.alterTable('users').addColumn('pay_password_set_at', 'varchar(32)').execute();
    await db.schema.alterTable('users').addColumn('withdraw_hold_from', 'varchar(32)').execute();

    await db.schema
      .createTable('addresses')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
      .addColumn('currency', 'varchar(8)', (c) => c.notNull())
      .addColumn('chain', 'varchar(16)', (c) => c.notNull())
      .addColumn('address', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('bank_cards')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
      .addColumn('holder_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('account_number', 'varchar(20)', (c) => c.notNull())
      .addColumn('ifsc', 'varchar(11)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('pay_channels')
      .addColumn('id', idType, autoId)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('currency', 'varchar(8)', (c) => c.notNull())
      .addColumn('min_amount', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('instructions', 'varchar(1000)', (c) => c.notNull())
      .addColumn('translations', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('withdrawals')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('channel', 'varchar(8)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('fee', 'bigint', (c) => c.notNull())
      .addColumn('net', 'bigint', (c) => c.notNull())
      .addColumn('destination', 'varchar(64)', (c) => c.notNull())
      .addColumn('payout_to', 'varchar(300)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('decided_at', 'varchar(32)')
      .addColumn('tx_hash', 'varchar(80)')
      .addColumn('reference', 'varchar(100)')
      .addColumn('reason', 'varchar(500)')
      .addColumn('hold_transfer_id', 'integer', (c) => c.notNull().references('ledger_transfers.id'))
      .addColumn('return_transfer_id', 'integer', (c) => c.references('ledger_transfers.id'))
      .execute();
    await db.schema.createIndex('withdrawals_user_request_uq').on('withdrawals').columns(['user_id', 'request_id']).unique().execute();
    await db.schema.createIndex('withdrawals_hold_transfer_idx').on('withdrawals').column('hold_transfer_id').execute();
    await db.schema.createIndex('withdrawals_return_transfer_idx').on('withdrawals').column('return_transfer_id').execute();
    await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();

    await db.schema
      .createTable('cash_deposits')
      .addColumn('id', idType, autoId)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('pay_channel_id', 'integer', (c) => c.notNull().references('pay_channels.id'))
      .addColumn('currency', 'varchar(8)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('usdt_amount', 'bigint', (c) => c.notNull())
      .addColumn('reference', 'varchar(64)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('decided_at', 'varchar(32)')
      .addColumn('reason', 'varchar(500)')
      .addColumn('transfer_id', 'integer', (c) => c.references('ledger_transfers.id'))
      .execute();
    await db.schema.createIndex('cash_deposits_user_request_uq').on('cash_deposits').columns(['user_id', 'request_id']).unique().execute();
    await db.schema.createIndex('cash_deposits_transfer_idx').on('cash_deposits').column('transfer_id').execute();
    await db.schema.createIndex('cash_deposits_status_idx').on('cash_deposits').columns(['status', 'id']).execute();

    const k = db as Kysely<Database>;
    for (const account of WALLET_PLATFORM_ACCOUNTS) {
      await k
        .insertInto('ledger_accounts')
        .values({ owner_user_id: null, kind: account.kind, allow_negative: account.allowNegative ? 1 : 0, balance: 0, created_at: new Date().toISOString() })
        .execute();
    }
    for (const [i, c] of PAY_CHANNELS.entries()) {
      await k
        .insertInto('pay_channels')
        .values({
          name: c.name,
          currency: c.currency,
          min_amount: c.minAmount,
          kind: c.kind,
          instructions: c.instructions,
          translations: JSON.stringify(c.translations),
          sort_order: i + 1,
          active: 1,
        })
        .execute();
    }
  },
};
