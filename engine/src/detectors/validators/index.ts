/**
 * The validator registry. Catalogue entries and tenant detectors name validators by id; the
 * compiler resolves them here. Each validator takes the matched text and answers true/false.
 */
import { abaValid } from './aba.js';
import { awsKeyIdValid, awsSecretValid } from './aws-key-id.js';
import { cardIinValid } from './card-brand.js';
import { emailValid } from './email.js';
import { ibanValid } from './iban.js';
import { ipv4Valid } from './ipv4.js';
import { ipv6Valid } from './ipv6.js';
import { jwtValid } from './jwt.js';
import { luhnValid } from './luhn.js';
import { pemBase64Valid, pemBodyValid } from './pem.js';
import { phoneShapeValid, phoneValid } from './phone.js';
import { privateKeyValid } from './private-key.js';
import { ruInnValid } from './ru-inn.js';
import { ruSnilsValid } from './ru-snils.js';
import { secretValueValid } from './secret-value.js';
import { swiftBicValid } from './swift-bic.js';
import { tcknValid } from './tckn.js';
import { tokenEntropyValid } from './token.js';
import { ukNinoValid } from './uk-nino.js';
import { usSsnValid } from './us-ssn.js';
import { vknValid } from './vkn.js';
import { voenValid } from './voen.js';

export const VALIDATORS = {
  luhn: luhnValid,
  card_iin: cardIinValid,
  iban: ibanValid,
  swift_bic: swiftBicValid,
  us_ssn: usSsnValid,
  us_aba: abaValid,
  uk_nino: ukNinoValid,
  tr_tckn: tcknValid,
  tr_vkn: vknValid,
  az_voen: voenValid,
  ru_inn: ruInnValid,
  ru_snils: ruSnilsValid,
  phone: phoneValid,
  phone_shape: phoneShapeValid,
  ipv4: ipv4Valid,
  ipv6: ipv6Valid,
  email: emailValid,
  aws_key_id: awsKeyIdValid,
  aws_secret: awsSecretValid,
  token_entropy: tokenEntropyValid,
  pem_body: pemBodyValid,
  pem_base64: pemBase64Valid,
  private_key: privateKeyValid,
  jwt: jwtValid,
  secret_value: secretValueValid,
} as const satisfies Record<string, (value: string) => boolean>;

export type ValidatorId = keyof typeof VALIDATORS;

export const VALIDATOR_IDS: readonly ValidatorId[] = Object.freeze(Object.keys(VALIDATORS) as ValidatorId[]);

export function isValidatorId(id: string): id is ValidatorId {
  return Object.hasOwn(VALIDATORS, id);
}
