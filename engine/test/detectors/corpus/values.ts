/**
 * Value generators for the labelled corpus: for each built-in detector, a value in the format
 * people write, made valid by trying check characters against the engine's validator, and a
 * near miss (same shape, failing check). Keyword-gated formats without a check have no near
 * miss by value: their near miss is the value without its keyword (text.ts).
 */
import { VALIDATORS, type ValidatorId } from '../../../src/detectors/index.js';
import { ibanMod97 } from '../../../src/detectors/validators/iban.js';
import { IBAN_REGISTRY } from '../../../src/detectors/validators/iban-registry.js';
import { ALNUM, birth, HEX, pad, type Rand, UPPER } from './random.js';

const b64url = (r: Rand, n: number): string => r.chars(n, `${ALNUM}-_`);
const b64 = (r: Rand, n: number): string => r.chars(n, `${ALNUM}+/`);

/** A shape: the value with its check part left for `fix` to fill (`#` digit, `@` letter). */
type Shape = (r: Rand) => string;

interface Spec {
  shape: Shape;
  /** characters tried for the check part, and its length (default digits, 1) */
  alphabet?: string;
  width?: number;
}

const yymmdd = (r: Rand): string => {
  const b = birth(r);
  return pad(b.y % 100, 2) + pad(b.m, 2) + pad(b.d, 2);
};
const ddmmyy = (r: Rand): string => {
  const b = birth(r);
  return pad(b.d, 2) + pad(b.m, 2) + pad(b.y % 100, 2);
};
const CARD_PREFIX: [string, number][] = [
  ['4', 16],
  ['51', 16],
  ['55', 16],
  ['2221', 16],
  ['34', 15],
  ['37', 15],
  ['6011', 16],
  ['65', 16],
  ['3528', 16],
  ['2200', 16],
  ['2204', 16],
  ['9792', 16],
  ['650082', 16],
  ['62', 16],
];

const CHECKED: Record<string, Spec> = {
  payment_card: {
    shape: (r) => {
      const [p, len] = r.pick(CARD_PREFIX);
      const raw = p + r.digits(len - p.length - 1);
      return r.next() < 0.5 || len !== 16
        ? `${raw}#`
        : `${raw.slice(0, 4)} ${raw.slice(4, 8)} ${raw.slice(8, 12)} ${raw.slice(12)}#`;
    },
  },
  us_aba_routing: { shape: (r) => `${r.pick(['0', '1', '2', '3'])}${r.int(1, 2)}${r.digits(6)}#` },
  tr_tckn: { shape: (r) => `${r.int(1, 9)}${r.digits(8)}##`, width: 2 },
  tr_vkn: { shape: (r) => `${r.digits(9)}#` },
  az_voen: { shape: (r) => `${r.digits(8)}#${r.pick(['1', '2'])}` },
  ru_inn: {
    shape: (r) => (r.next() < 0.5 ? `${r.int(1, 9)}${r.digits(8)}#` : `${r.int(1, 9)}${r.digits(9)}##`),
    width: 2,
  },
  ru_snils: { shape: (r) => `${r.int(1, 9)}${r.digits(2)}-${r.digits(3)}-${r.digits(3)} ##`, width: 2 },
  uk_nhs_number: { shape: (r) => `${r.int(4, 9)}${r.digits(2)} ${r.digits(3)} ${r.digits(3)}#` },
  de_steuer_id: {
    shape: (r) => {
      const ds = '0123456789'.split('').sort(() => r.next() - 0.5);
      const ten = ds.slice(0, 9);
      ten.splice(r.int(1, 8), 0, ten[r.int(0, 8)]!);
      if (ten[0] === '0') ten.reverse();
      return `${ten.join('')}#`;
    },
  },
  fr_nir: {
    shape: (r) =>
      `${r.int(1, 2)} ${pad(r.int(40, 99), 2)} ${pad(r.int(1, 12), 2)} ${pad(r.int(1, 95), 2)} ${r.digits(3)} ${r.digits(3)} ##`,
    width: 2,
  },
  it_codice_fiscale: {
    shape: (r) =>
      `${r.chars(6, UPPER)}${r.digits(2)}${r.pick([...'ABCDEHLMPRST'])}${pad(r.int(1, 28) + (r.next() < 0.5 ? 40 : 0), 2)}${r.pick(UPPER.split(''))}${r.digits(3)}@`,
    alphabet: UPPER,
  },
  es_dni: { shape: (r) => `${r.digits(8)}@`, alphabet: UPPER },
  es_nie: { shape: (r) => `${r.pick(['X', 'Y', 'Z'])}${r.digits(7)}@`, alphabet: UPPER },
  nl_bsn: { shape: (r) => `${r.int(1, 9)}${r.digits(7)}#` },
  be_national_number: {
    shape: (r) => `${yymmdd(r).replace(/^(..)(..)(..)$/, '$1.$2.$3')}-${r.digits(3)}.##`,
    width: 2,
  },
  pt_nif: { shape: (r) => `${r.pick(['1', '2', '5', '9'])}${r.digits(7)}#` },
  ie_ppsn: { shape: (r) => `${r.digits(7)}@`, alphabet: 'ABCDEFGHIJKLMNOPQRSTUVW' },
  dk_cpr: { shape: (r) => `${ddmmyy(r)}-${r.digits(3)}#` },
  pl_pesel: { shape: (r) => `${yymmdd(r)}${r.digits(4)}#` },
  se_personnummer: { shape: (r) => `${yymmdd(r)}-${r.digits(3)}#` },
  fi_hetu: {
    shape: (r) => `${ddmmyy(r)}-${pad(r.int(2, 899), 3)}@`,
    alphabet: '0123456789ABCDEFHJKLMNPRSTUVWXY',
  },
  baltic_personal_code: { shape: (r) => `${r.int(3, 4)}${yymmdd(r)}${r.digits(3)}#` },
  bg_egn: { shape: (r) => `${yymmdd(r)}${r.digits(3)}#` },
  ro_cnp: { shape: (r) => `${r.int(1, 2)}${yymmdd(r)}${r.digits(5)}#` },
  cz_birth_number: { shape: (r) => `${yymmdd(r)}/${r.digits(3)}#` },
  hr_oib: { shape: (r) => `${r.int(1, 9)}${r.digits(9)}#` },
  kz_iin: { shape: (r) => `${yymmdd(r)}${r.int(3, 6)}${r.digits(4)}#` },
  ua_rnokpp: { shape: (r) => `${r.int(1, 4)}${r.digits(8)}#` },
  ua_edrpou: { shape: (r) => `${r.int(1, 4)}${r.digits(6)}#` },
  uz_pinfl: { shape: (r) => `${r.int(3, 6)}${ddmmyy(r)}${r.digits(6)}#` },
  ru_ogrn: { shape: (r) => (r.next() < 0.6 ? `1${r.digits(11)}#` : `3${r.digits(13)}#`) },
  imei: { shape: (r) => `35${r.digits(12)}#` },
  iban: { shape: () => '' },
  uk_driving_licence: { shape: () => '' },
  date_of_birth: { shape: () => '' },
  us_itin: { shape: () => '' },
};

function fill(shape: string, check: string): string {
  let k = 0;
  return shape.replace(/[#@]/g, () => check[k++]!);
}

function candidates(alphabet: string, width: number): string[] {
  let list = [''];
  for (let i = 0; i < width; i++) list = list.flatMap((p) => [...alphabet].map((c) => p + c));
  return list;
}

function iban(r: Rand, valid: boolean): string {
  const cc = r.pick(['TR', 'AZ', 'RU', 'DE', 'GB', 'FR', 'KZ', 'UA', 'GE', 'NL', 'IT', 'ES', 'PL', 'BY']);
  const country = IBAN_REGISTRY[cc]!;
  let bban = '';
  for (const k of country.bban)
    bban += k === 'n' ? r.digits(1) : k === 'a' ? r.chars(1, UPPER) : r.chars(1, `${UPPER}0123456789`);
  let check = 98 - ibanMod97(`${cc}00${bban}`);
  if (!valid) check = check >= 98 ? 2 : check + 1;
  const compact = `${cc}${pad(check, 2)}${bban}`;
  return r.next() < 0.5 ? compact : compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A valid value (valid = true) or a near miss for detector `id`; undefined when none applies. */
export function checkedValue(
  id: string,
  validator: ValidatorId | undefined,
  r: Rand,
  valid: boolean,
): string | undefined {
  if (id === 'iban') return iban(r, valid);
  if (id === 'uk_driving_licence') {
    const b = birth(r);
    const m = valid ? b.m + (r.next() < 0.5 ? 50 : 0) : 13 + r.int(0, 30);
    return `${r.chars(5, UPPER)}${Math.floor((b.y % 100) / 10)}${pad(m, 2)}${pad(b.d, 2)}${b.y % 10}${r.chars(2, UPPER)}9${r.chars(2, UPPER)}`;
  }
  if (id === 'date_of_birth') {
    const b = birth(r);
    const d = valid ? b.d : 30 + (b.m === 2 ? 0 : 2);
    return r.next() < 0.5 ? `${pad(d, 2)}.${pad(b.m, 2)}.${b.y}` : `${b.y}-${pad(b.m, 2)}-${pad(d, 2)}`;
  }
  if (id === 'us_itin') {
    const g = valid ? r.pick([50, 65, 70, 78, 88, 90, 92, 94, 99]) : r.pick([10, 40, 49, 66, 69, 89, 93]);
    return `9${r.digits(2)}-${g}-${r.digits(4)}`;
  }
  if (id === 'dk_cpr' && !valid)
    return `${r.int(32, 39)}${pad(r.int(1, 12), 2)}${r.digits(2)}-${r.digits(4)}`;
  const spec = CHECKED[id];
  if (!spec || !validator) return undefined;
  const check = VALIDATORS[validator];
  const all = candidates(spec.alphabet ?? '0123456789', spec.width ?? 1);
  for (let attempt = 0; attempt < 2000; attempt++) {
    const shape = spec.shape(r);
    const good = all.filter((c) => check(fill(shape, c)));
    if (good.length === 0) continue;
    if (valid) return fill(shape, r.pick(good));
    const bad = all.filter((c) => !good.includes(c));
    if (bad.length > 0) return fill(shape, r.pick(bad));
  }
  throw new Error(`no ${valid ? 'valid' : 'near-miss'} value generated for ${id}`);
}

/** Values of keyword-gated formats without a check, and of credential formats. */
export const PLAIN: Record<string, (r: Rand) => string> = {
  swift_bic: (r) =>
    `${r.chars(4, UPPER)}${r.pick(['TR', 'AZ', 'RU', 'DE', 'GB'])}${r.chars(2, UPPER)}${r.next() < 0.5 ? r.chars(3, UPPER) : ''}`,
  az_fin: (r) => `${r.digits(1)}${r.chars(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`,
  uk_nino: (r) => `${r.pick(['AB', 'CE', 'JG', 'PR', 'TW'])}${r.digits(6)}${r.pick(['A', 'B', 'C', 'D'])}`,
  us_ssn: (r) => `${pad(r.int(1, 665), 3)}-${pad(r.int(1, 99), 2)}-${pad(r.int(1, 9999), 4)}`,
  tr_passport: (r) => `U${r.digits(8)}`,
  az_passport: (r) => `C${r.digits(8)}`,
  az_id_card: (r) => `AZE${r.digits(8)}`,
  ru_passport: (r) => `${r.digits(2)} ${r.digits(2)} ${r.digits(6)}`,
  ru_driving_licence: (r) => `${r.digits(2)} ${r.digits(2)} ${r.digits(6)}`,
  ru_bik: (r) => `04${r.digits(7)}`,
  kz_passport: (r) => `N${r.digits(8)}`,
  ua_passport: (r) =>
    r.next() < 0.5 ? `${r.int(1, 9)}${r.digits(8)}` : `${r.pick(['АВ', 'СН', 'КА', 'МЕ'])} ${r.digits(6)}`,
  ge_personal_number: (r) => `${pad(r.int(1, 62), 2)}${r.digits(9)}`,
  uz_inn: (r) => `${r.int(2, 7)}${r.digits(8)}`,
  email: (r) =>
    `${r.pick(['ivan.petrov', 'ayse.yilmaz', 'leyla.aliyeva', 'j.smith', 'ops-team'])}${r.int(1, 99)}@${r.pick(['example.org', 'mail.ru', 'sirket.com.tr', 'bank.az', 'corp.co.uk'])}`,
  phone: (r) =>
    r.pick([
      `+90 5${r.digits(2)} ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`,
      `+994 ${r.pick(['50', '51', '55', '70', '77'])} ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`,
      `+7 9${r.digits(2)} ${r.digits(3)}-${r.digits(2)}-${r.digits(2)}`,
      `(${r.int(2, 9)}${r.digits(2)}) ${r.int(2, 9)}${r.digits(2)}-${r.digits(4)}`,
      `0 5${r.digits(2)} ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`,
    ]),
  ipv4: (r) => `${r.int(1, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
  ipv6: (r) => `2001:db8:${r.chars(4, HEX)}:${r.chars(3, HEX)}::${r.int(1, 99)}`,
  aws_access_key_id: (r) => `AKIA${r.chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
  aws_secret_key: (r) =>
    `${r.chars(3, UPPER)}${r.chars(3, 'abcdefghijklmnopqrstuvwxyz')}${r.digits(2)}${b64(r, 32)}`,
  github_token: (r) => `ghp_${r.chars(36, ALNUM)}`,
  slack_token: (r) => `xoxb-${r.digits(11)}-${r.digits(12)}-${r.chars(24, ALNUM)}`,
  google_api_key: (r) => `AIza${b64url(r, 35)}`,
  jwt: (r) => {
    const enc = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: r.digits(8), name: 'user', iat: 1700000000 + r.int(0, 9999999) })}.${b64url(r, 43)}`;
  },
  password_assignment: (r) =>
    `${r.chars(4, ALNUM)}${r.pick(['!', '#', '$', '%'])}${r.chars(6, ALNUM)}${r.digits(2)}`,
  private_key: (r) => {
    const lines: string[] = [];
    for (let i = 0; i < 6; i++) lines.push(b64(r, 64));
    return `-----BEGIN RSA PRIVATE KEY-----\n${lines.join('\n')}\n-----END RSA PRIVATE KEY-----`;
  },
  azure_storage_key: (r) =>
    `DefaultEndpointsProtocol=https;AccountName=acme${r.int(1, 99)};AccountKey=${b64(r, 86)}==;EndpointSuffix=core.windows.net`,
  azure_client_secret: (r) => `${r.chars(3, ALNUM)}${r.digits(1)}Q~${r.chars(34, `${ALNUM}_.-`)}`,
  gcp_service_account_key: (r) =>
    `{"type": "service_account", "project_id": "acme-${r.int(1, 999)}", "private_key_id": "${r.chars(40, HEX)}"}`,
  gcp_oauth_client_secret: (r) => `GOCSPX-${b64url(r, 28)}`,
  gitlab_token: (r) => `glpat-${r.chars(20, ALNUM)}`,
  stripe_key: (r) => `sk_live_${r.chars(24, ALNUM)}`,
  npm_token: (r) => `npm_${r.chars(36, ALNUM)}`,
  sendgrid_api_key: (r) => `SG.${b64url(r, 22)}.${b64url(r, 43)}`,
  telegram_bot_token: (r) => `${r.int(10000000, 999999999)}:AA${b64url(r, 33)}`,
  openai_api_key: (r) => `sk-proj-${r.chars(24, ALNUM)}T3BlbkFJ${r.chars(24, ALNUM)}`,
  connection_string: (r) =>
    `${r.pick(['postgres', 'mysql', 'mongodb', 'redis', 'amqp'])}://svc_${r.chars(4, 'abcdefghijklmnopqrstuvwxyz')}:${r.chars(10, ALNUM)}${r.pick(['!', '#', '%25'])}@db-${r.int(1, 9)}.internal:5432/app`,
};
