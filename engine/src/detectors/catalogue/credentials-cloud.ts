/** Cloud and developer-platform secrets beyond the first catalogue (issue 24). */
import type { DetectorDefinition } from '../definition.js';
import { anchors, entry, kw, NO_KEYWORDS, VENDOR } from './build.js';

const NB = '(?![0-9A-Za-z_-])';
const PB = '(?<![0-9A-Za-z_-])';

function vendor(
  id: string,
  description: string,
  patterns: string[],
  anchorList: string[],
  back: number,
  forward: number,
): DetectorDefinition {
  return entry({
    id,
    category: 'credentials',
    description,
    patterns,
    triggers: [anchors(anchorList, back, forward)],
    validator: 'token_entropy',
    keywords: NO_KEYWORDS,
    confidence: VENDOR,
    default_confidence: 75,
    word_boundaries: false,
  });
}

export const CLOUD_CREDENTIAL_DETECTORS: readonly DetectorDefinition[] = [
  vendor(
    'azure_storage_key',
    'Azure storage account key in a connection string: AccountKey= and 86 base64 characters with == padding.',
    ['(?<=AccountKey=)[A-Za-z0-9+/]{86}=='],
    ['accountkey='],
    0,
    100,
  ),
  vendor(
    'azure_client_secret',
    'Microsoft Entra ID (Azure AD) client secret: 3 characters, a digit, Q~ and 31–34 characters.',
    [`${PB}[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`],
    ['q~'],
    5,
    36,
  ),
  entry({
    id: 'gcp_service_account_key',
    category: 'credentials',
    description:
      'Google Cloud service-account key file: the 40-hex private_key_id of a JSON key (the key itself is found by private_key).',
    patterns: ['"private_key_id"\\s*:\\s*"(?<v>[0-9a-f]{40})"'],
    triggers: [anchors(['"private_key_id"'], 0, 60)],
    validator: 'token_entropy',
    keywords: kw(
      ['service_account', 'client_email'],
      ['service_account'],
      ['service_account'],
      ['service_account'],
    ),
    confidence: { pattern: 75, keyword: 85, validated: 75, validated_keyword: 85 },
    default_confidence: 75,
    word_boundaries: false,
    proximity: 1000,
  }),
  vendor(
    'gcp_oauth_client_secret',
    'Google OAuth client secret: GOCSPX- and 28 characters.',
    [`GOCSPX-[A-Za-z0-9_-]{28}${NB}`],
    ['gocspx-'],
    0,
    36,
  ),
  vendor(
    'gitlab_token',
    'GitLab token: personal/project/group access (glpat-), deploy (gldt-), runner (glrt-), pipeline trigger (glptt-) and similar prefixes with 20 or more characters.',
    [`${PB}gl(?:pat|dt|rt|ptt|cbt|soat|ffct|agent)-[0-9A-Za-z_-]{20,64}${NB}`],
    ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glcbt-', 'glsoat-', 'glffct-', 'glagent-'],
    0,
    80,
  ),
  vendor(
    'stripe_key',
    'Stripe secret or restricted API key (sk_live_, sk_test_, rk_live_, rk_test_) and webhook signing secret (whsec_).',
    [`${PB}(?:[sr]k_(?:live|test)_[0-9A-Za-z]{24,99}|whsec_[0-9A-Za-z]{32,64})${NB}`],
    ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_', 'whsec_'],
    0,
    110,
  ),
  vendor(
    'npm_token',
    'npm access token: npm_ and 36 characters.',
    [`${PB}npm_[A-Za-z0-9]{36}${NB}`],
    ['npm_'],
    0,
    42,
  ),
  vendor(
    'sendgrid_api_key',
    'SendGrid API key: SG. + 22 + . + 43 characters.',
    [`${PB}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}${NB}`],
    ['sg.'],
    0,
    72,
  ),
  vendor(
    'telegram_bot_token',
    'Telegram bot token: the bot id (8–10 digits), a colon and 35 characters starting AA.',
    [`${PB}\\d{8,10}:AA[0-9A-Za-z_-]{33}${NB}`],
    [':aa'],
    11,
    36,
  ),
  vendor(
    'openai_api_key',
    'OpenAI API key: sk- (or sk-proj-, sk-svcacct-, sk-admin-) with the T3BlbkFJ marker inside.',
    [`${PB}sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200}${NB}`],
    ['t3blbkfj'],
    220,
    210,
  ),
  entry({
    id: 'connection_string',
    category: 'credentials',
    description:
      'Database or broker URL with a password (postgres, mysql, mariadb, mongodb, redis, amqp, mssql, jdbc …: scheme://user:password@host); validated when the password is a real value, not a placeholder or reference.',
    patterns: [
      '(?<![A-Za-z0-9+.-])(?:jdbc:)?(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\\+srv)?|rediss?|amqps?|mssql|sqlserver|oracle|couchdb|ldaps?|ftps?|sftp|smtps?)://[^\\s:/@"\'`]{1,64}:[^\\s@"\'`]{1,128}@[A-Za-z0-9._-]{1,253}',
    ],
    triggers: [anchors(['://'], 24, 450)],
    validator: 'connection_string',
    keywords: NO_KEYWORDS,
    confidence: { pattern: 65, keyword: 65, validated: 85, validated_keyword: 85 },
    default_confidence: 85,
    word_boundaries: false,
  }),
];
