import type { DetectorDefinition } from '../definition.js';

export const CONTACT_NETWORK_DETECTORS: readonly DetectorDefinition[] = [
  {
    id: 'email',
    version: 2,
    category: 'contact',
    description:
      'E-mail address (ASCII local part and domain); file names such as icon@2x.png are refused by their extension, and the user part of a URL (scheme://user@host) is not an address.',
    patterns: [
      {
        source:
          '(?<![A-Za-z0-9._%+-])(?<!\\/\\/[^\\s/@]{0,64})[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,24}(?![A-Za-z0-9-])',
      },
    ],
    word_boundaries: false,
    triggers: [{ kind: 'literal', anchors: ['@'], back: 130, forward: 255 }],
    checks: ['email'],
    keywords: {
      en: ['email', 'e-mail', 'mail', 'contact'],
      az: ['e-poçt', 'elektron poçt', 'poçt ünvanı'],
      ru: ['почта', 'e-mail', 'электронная почта', 'эл. почта', 'адрес почты'],
      tr: ['e-posta', 'eposta', 'mail adresi', 'iletişim'],
    },
    proximity: 300,
    keyword_required: false,
    confidence: { pattern: 65, keyword: 75, validated: 75, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'phone',
    version: 2,
    category: 'contact',
    description:
      'Phone number: international E.164 form (+ or 00, at most 15 digits; national length enforced for +1, +7, +90, +994, +380, +995, +998, +44 and other fixed-length plans) and national forms of the US (NANP), Türkiye (0 5xx / 0 2xx–4xx), Azerbaijan (0 + operator code) and Russia (8 + area code). A bare digit string counts only with a trunk prefix (0, 8 or 00).',
    patterns: [
      {
        source: '(?:\\+|00)[1-9](?:[ .\\u00a0-]?\\(?\\d\\)?){6,14}',
        min_digits: 7,
        window_gate: 'plus_or_00',
      },
      {
        source: '(?:1[ .\\u00a0-]?)?\\(?[2-9]\\d{2}\\)?[ .\\u00a0-]?[2-9]\\d{2}[ .\\u00a0-]?\\d{4}',
        min_digits: 10,
      },
      {
        source: '(?:0 ?)?\\(?5\\d{2}\\)?[ .\\u00a0-]?\\d{3}[ .\\u00a0-]?\\d{2}[ .\\u00a0-]?\\d{2}',
        min_digits: 10,
      },
      {
        source: '0 ?\\(?[2-4]\\d{2}\\)?[ .\\u00a0-]?\\d{3}[ .\\u00a0-]?\\d{2}[ .\\u00a0-]?\\d{2}',
        min_digits: 11,
      },
      {
        source:
          '0 ?\\(?(?:10|12|50|51|55|60|70|77|99)\\)?[ .\\u00a0-]?\\d{3}[ .\\u00a0-]?\\d{2}[ .\\u00a0-]?\\d{2}',
        min_digits: 10,
      },
      {
        source: '8 ?\\(?[3-9]\\d{2}\\)?[ .\\u00a0-]?\\d{3}[ .\\u00a0-]?\\d{2}[ .\\u00a0-]?\\d{2}',
        min_digits: 11,
      },
    ],
    word_boundaries: true,
    triggers: [{ kind: 'digits', gate: 'phone', back: 2, forward: 1 }],
    checks: ['phone_shape'],
    validator: 'phone',
    keywords: {
      en: ['phone', 'tel', 'telephone', 'mobile', 'cell', 'call me', 'whatsapp'],
      az: ['telefon*', 'mobil*', 'əlaqə nömrəsi', 'nömrə'],
      ru: ['телефон*', 'тел', 'моб', 'мобильный', 'номер телефона', 'звоните'],
      tr: ['telefon*', 'tel', 'cep*', 'gsm', 'irtibat'],
    },
    proximity: 150,
    keyword_required: false,
    confidence: { pattern: 65, keyword: 65, validated: 65, validated_keyword: 75 },
    default_confidence: 75,
  },
  {
    id: 'ipv4',
    version: 1,
    category: 'network',
    description: 'IPv4 address in dotted-quad form (octets 0–255, no leading zeros).',
    patterns: [{ source: '(?:\\d{1,3}\\.){3}\\d{1,3}' }],
    word_boundaries: true,
    triggers: [{ kind: 'digits', gate: 'ipv4', back: 0, forward: 0 }],
    checks: ['ipv4'],
    keywords: {
      en: ['ip', 'ip address', 'host', 'server', 'gateway'],
      az: ['ip ünvanı', 'server'],
      ru: ['ip-адрес', 'ip адрес', 'сервер', 'шлюз'],
      tr: ['ip adresi*', 'sunucu*'],
    },
    proximity: 100,
    keyword_required: false,
    confidence: { pattern: 65, keyword: 65, validated: 65, validated_keyword: 75 },
    default_confidence: 65,
  },
  {
    id: 'ipv6',
    version: 1,
    category: 'network',
    description:
      'IPv6 address (RFC 4291 text form, with :: compression and embedded IPv4); at least one digit required so that names like A::B are not taken for addresses.',
    patterns: [
      {
        source:
          '(?<![0-9A-Za-z:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:(?:\\d{1,3}\\.){3}\\d{1,3}|[0-9A-Fa-f]{1,4})?(?![0-9A-Za-z:])',
        window_gate: 'hex_colon_start',
      },
    ],
    word_boundaries: false,
    triggers: [
      { kind: 'literal', anchors: ['::'], back: 40, forward: 48 },
      { kind: 'digits', gate: 'ipv6', back: 40, forward: 40 },
    ],
    checks: ['ipv6'],
    keywords: {
      en: ['ipv6', 'ip address', 'host'],
      az: ['ipv6', 'ip ünvanı'],
      ru: ['ipv6', 'ip-адрес'],
      tr: ['ipv6', 'ip adresi*'],
    },
    proximity: 100,
    keyword_required: false,
    confidence: { pattern: 65, keyword: 65, validated: 75, validated_keyword: 85 },
    default_confidence: 65,
  },
];
