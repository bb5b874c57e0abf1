import type { DetectorDefinition } from '../definition.js';

const NO_KEYWORDS = { en: [], az: [], ru: [], tr: [] } as const;

export const CREDENTIAL_DETECTORS: readonly DetectorDefinition[] = [
  {
    id: 'private_key',
    version: 1,
    category: 'credentials',
    description:
      'Private key block (PEM, PKCS#1/#8, EC, OpenSSH, PGP private key block), with or without the END line, and base64 of a PEM key (e.g. a Kubernetes secret). Validated when the body decodes.',
    patterns: [
      {
        source:
          '-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[^-]|-(?!----)){0,8192}?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----',
      },
      {
        source:
          '-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=\\s"\']|\\\\[rn]){64,8192}',
      },
      { source: 'LS0tLS1CRUdJTi[A-Za-z0-9+/]{40,}={0,2}', word_boundaries: true },
    ],
    word_boundaries: false,
    triggers: [{ kind: 'literal', anchors: ['-----begin', 'ls0tls1crudjti'], back: 0, forward: 8400 }],
    validator: 'private_key',
    keywords: NO_KEYWORDS,
    proximity: 300,
    keyword_required: false,
    confidence: { pattern: 75, keyword: 75, validated: 85, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'aws_access_key_id',
    version: 1,
    category: 'credentials',
    description:
      'AWS access key id (AKIA, ASIA, ABIA, ACCA, AIDA, AROA, A3T… + 16 base32 characters); the documentation key …EXAMPLE is not validated.',
    patterns: [{ source: '(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[A-Z2-7]{16}' }],
    word_boundaries: true,
    triggers: [
      {
        kind: 'literal',
        anchors: ['akia', 'asia', 'abia', 'acca', 'aida', 'aroa', 'a3t'],
        back: 0,
        forward: 24,
      },
    ],
    validator: 'aws_key_id',
    keywords: {
      en: ['aws', 'access key', 'aws_access_key_id'],
      az: ['aws', 'giriş açarı'],
      ru: ['aws', 'ключ доступа'],
      tr: ['aws', 'erişim anahtarı*'],
    },
    proximity: 300,
    keyword_required: false,
    confidence: { pattern: 75, keyword: 75, validated: 85, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'aws_secret_key',
    version: 1,
    category: 'credentials',
    description:
      'AWS secret access key: 40 random base64 characters, only near an AWS secret keyword (reference §2.9: the bare format is too generic).',
    patterns: [{ source: '(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])' }],
    word_boundaries: false,
    triggers: [{ kind: 'keyword' }],
    validator: 'aws_secret',
    keywords: {
      en: [
        'aws_secret_access_key',
        'aws_secret_key',
        'aws_secret*',
        'secret_access_key',
        'secretaccesskey',
        'aws secret*',
        'secret access key',
      ],
      az: ['aws gizli açar*'],
      ru: ['секретный ключ aws', 'aws секретный ключ'],
      tr: ['aws gizli anahtar*'],
    },
    proximity: 120,
    keyword_required: true,
    confidence: { pattern: 65, keyword: 65, validated: 85, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'github_token',
    version: 1,
    category: 'credentials',
    description: 'GitHub token: classic (ghp_, gho_, ghu_, ghs_, ghr_ + 36) and fine-grained (github_pat_…).',
    patterns: [
      { source: 'gh[pousr]_[A-Za-z0-9]{36}' },
      { source: 'github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}' },
    ],
    word_boundaries: true,
    triggers: [
      {
        kind: 'literal',
        anchors: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
        back: 0,
        forward: 100,
      },
    ],
    validator: 'token_entropy',
    keywords: NO_KEYWORDS,
    proximity: 300,
    keyword_required: false,
    confidence: { pattern: 75, keyword: 75, validated: 85, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'slack_token',
    version: 1,
    category: 'credentials',
    description: 'Slack token (xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxe-) and incoming-webhook URL.',
    patterns: [
      { source: 'xox[abeprs]-[0-9A-Za-z]{6,}(?:-[0-9A-Za-z]{4,}){1,5}', word_boundaries: true },
      { source: 'https://hooks\\.slack\\.com/services/T[A-Z0-9]{6,12}/B[A-Z0-9]{6,12}/[A-Za-z0-9]{20,32}' },
    ],
    word_boundaries: false,
    triggers: [
      {
        kind: 'literal',
        anchors: ['xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxs-', 'xoxe-'],
        back: 0,
        forward: 260,
      },
      { kind: 'literal', anchors: ['hooks.slack.com/'], back: 8, forward: 100 },
    ],
    validator: 'token_entropy',
    keywords: NO_KEYWORDS,
    proximity: 300,
    keyword_required: false,
    confidence: { pattern: 75, keyword: 75, validated: 85, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'google_api_key',
    version: 1,
    category: 'credentials',
    description: 'Google API key: AIza + 35 characters of [0-9A-Za-z_-].',
    patterns: [{ source: '(?<![0-9A-Za-z_-])AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])' }],
    word_boundaries: false,
    triggers: [{ kind: 'literal', anchors: ['aiza'], back: 0, forward: 40 }],
    validator: 'token_entropy',
    keywords: NO_KEYWORDS,
    proximity: 300,
    keyword_required: false,
    confidence: { pattern: 75, keyword: 75, validated: 85, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'jwt',
    version: 1,
    category: 'credentials',
    description:
      'JSON Web Token: three base64url parts whose header and payload decode to JSON objects (header with alg).',
    patterns: [
      {
        source:
          '(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}\\.ey[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]*(?![A-Za-z0-9_-])',
      },
    ],
    word_boundaries: false,
    triggers: [{ kind: 'literal', anchors: ['eyj'], back: 0, forward: 8192 }],
    validator: 'jwt',
    keywords: {
      en: ['bearer', 'authorization', 'token', 'jwt'],
      az: ['token', 'jwt'],
      ru: ['токен', 'jwt'],
      tr: ['token', 'jwt'],
    },
    proximity: 100,
    keyword_required: false,
    confidence: { pattern: 65, keyword: 65, validated: 85, validated_keyword: 85 },
    default_confidence: 65,
  },
  {
    id: 'password_assignment',
    version: 1,
    category: 'credentials',
    description:
      'A password or secret assigned in configuration text (key = value, key: value, "key": "value", key => value) with the key in English, Azerbaijani, Russian or Turkish; placeholders, variable references and masked values are refused. The hit is the value.',
    patterns: [
      {
        source:
          '(?:password|passwd|passphrase|pwd|secret|пароль|парол[а-яё]*|parol[a-zəüı]*|şifr[eə][a-zşıə]*|sifre[a-z]*)[\\p{L}\\p{N}_.-]{0,30}["\']?[ \\t]{0,3}(?::=|=>|=|:)[ \\t]{0,3}["\']?(?<v>[^\\s"\'`,;<>{}()\\[\\]]{6,128})',
        case_insensitive: true,
      },
    ],
    word_boundaries: false,
    triggers: [
      {
        kind: 'literal',
        anchors: [
          'password',
          'passwd',
          'passphrase',
          'pwd',
          'secret',
          'пароль',
          'парол',
          'parol',
          'sifre',
          'sifrə',
        ],
        back: 0,
        forward: 200,
      },
    ],
    checks: ['secret_value'],
    keywords: {
      en: ['user', 'username', 'login', 'database', 'db_user'],
      az: ['istifadəçi*', 'giriş'],
      ru: ['логин', 'пользовател*'],
      tr: ['kullanıcı*', 'giriş'],
    },
    proximity: 200,
    keyword_required: false,
    confidence: { pattern: 75, keyword: 85, validated: 75, validated_keyword: 85 },
    default_confidence: 65,
  },
];
