import type { DetectorDefinition } from '../definition.js';
import { IBAN_REGISTRY } from '../validators/iban-registry.js';

/** Every registry country code followed by a check digit: the IBAN prefilter anchors. */
const IBAN_ANCHORS = Object.keys(IBAN_REGISTRY).flatMap((cc) =>
  Array.from({ length: 10 }, (_, d) => `${cc.toLowerCase()}${d}`),
);

export const FINANCIAL_DETECTORS: readonly DetectorDefinition[] = [
  {
    id: 'payment_card',
    version: 2,
    category: 'financial',
    description:
      'Payment card number: 12–19 digits with a known issuer prefix and length (Visa, Mastercard incl. 2221–2720, Amex, Diners, Discover, JCB, UnionPay, Maestro, Mir 2200–2204, Troy), contiguous or grouped with spaces or dashes; validated by Luhn.',
    patterns: [
      { source: '\\d{12,19}' },
      { source: '\\d{4}(?<s>[ \\u00a0-])\\d{4}\\k<s>\\d{4}\\k<s>\\d{4}(?:\\k<s>\\d{3})?' },
      { source: '\\d{4}(?<s>[ \\u00a0-])\\d{6}\\k<s>\\d{4,5}' },
    ],
    word_boundaries: true,
    triggers: [{ kind: 'digits', gate: 'payment_card', back: 0, forward: 0 }],
    checks: ['card_iin'],
    validator: 'luhn',
    keywords: {
      en: [
        'credit card',
        'debit card',
        'card number',
        'card no',
        'cardholder',
        'cvv',
        'cvc',
        'expiry',
        'expiration date',
        'visa',
        'mastercard',
        'amex',
        'pan',
      ],
      az: [
        'kart nömrəsi',
        'kart',
        'kartı',
        'kartın*',
        'bank kartı',
        'kredit kartı',
        'son istifadə tarixi',
        'cvv',
      ],
      ru: [
        'номер карты',
        'карта',
        'карты',
        'карту',
        'картой',
        'банковская карта',
        'кредитная карта',
        'срок действия',
        'cvv',
      ],
      tr: ['kredi kartı*', 'kart numarası*', 'kart no', 'banka kartı*', 'son kullanma*', 'cvv', 'troy'],
    },
    proximity: 300,
    keyword_required: false,
    confidence: { pattern: 65, keyword: 65, validated: 75, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'iban',
    version: 1,
    category: 'financial',
    description:
      'International bank account number (ISO 13616): registry country, per-country length and BBAN structure (SWIFT registry v101, 89 countries incl. AZ, TR, RU), validated by mod 97.',
    patterns: [{ source: '[A-Z]{2}\\d{2}(?:[ \\u00a0]?[A-Z0-9]{4}){2,7}(?:[ \\u00a0]?[A-Z0-9]{1,4})?' }],
    word_boundaries: true,
    triggers: [{ kind: 'literal', anchors: IBAN_ANCHORS, back: 0, forward: 48 }],
    validator: 'iban',
    keywords: {
      en: ['iban', 'bank account', 'account number'],
      az: ['iban', 'hesab nömrəsi', 'bank hesabı'],
      ru: ['iban', 'номер счета', 'расчетный счет', 'банковский счет'],
      tr: ['iban', 'hesap numarası*', 'banka hesabı*'],
    },
    proximity: 300,
    keyword_required: false,
    // Reference §1.2: mod-97 is a strong check (≈1/97 false pass), so it stands alone at 85.
    confidence: { pattern: 65, keyword: 65, validated: 85, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'swift_bic',
    version: 1,
    category: 'financial',
    description:
      'SWIFT/BIC code (ISO 9362): 8 or 11 characters with an ISO country code. No check digit, so a supporting keyword is required.',
    patterns: [{ source: '[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?' }],
    word_boundaries: true,
    triggers: [{ kind: 'keyword' }],
    checks: ['swift_bic'],
    keywords: {
      en: ['swift', 'bic', 'swift code', 'bic code'],
      az: ['swift kodu', 'bic kodu', 'swift', 'bic'],
      ru: ['свифт', 'swift', 'bic', 'код swift'],
      tr: ['swift kodu', 'bic kodu', 'swift', 'bic'],
    },
    proximity: 100,
    keyword_required: true,
    confidence: { pattern: 65, keyword: 75, validated: 65, validated_keyword: 75 },
    default_confidence: 65,
  },
  {
    id: 'us_aba_routing',
    version: 1,
    category: 'financial',
    description:
      'US ABA routing transit number: 9 digits, Federal Reserve prefix, weighted checksum (3-7-1).',
    patterns: [{ source: '\\d{9}' }],
    word_boundaries: true,
    triggers: [{ kind: 'digits', gate: 'nine_plus', back: 0, forward: 0 }],
    validator: 'us_aba',
    keywords: {
      en: ['routing number', 'aba', 'routing no', 'rtn', 'transit number', 'aba routing'],
      az: ['marşrut nömrəsi', 'aba'],
      ru: ['маршрутный номер', 'aba'],
      tr: ['yönlendirme numarası', 'aba'],
    },
    proximity: 300,
    keyword_required: false,
    confidence: { pattern: 65, keyword: 65, validated: 65, validated_keyword: 85 },
    default_confidence: 85,
  },
];
