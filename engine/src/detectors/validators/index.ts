/**
 * The validator registry. Catalogue entries and tenant detectors name validators by id; the
 * compiler resolves them here. Each validator takes the matched text and answers true/false.
 */
import { abaValid } from './aba.js';
import { awsKeyIdValid, awsSecretValid } from './aws-key-id.js';
import { cardIinValid } from './card-brand.js';
import { kzIinValid, ruOgrnValid, uaEdrpouValid, uaRnokppValid, uzPinflValid } from './cis.js';
import { connectionStringValid } from './connection-string.js';
import { dateOfBirthValid } from './dates.js';
import { emailValid } from './email.js';
import {
  balticPersonalCodeValid,
  bgEgnValid,
  czBirthNumberValid,
  fiHetuValid,
  hrOibValid,
  plPeselValid,
  roCnpValid,
  sePersonnummerValid,
} from './eu-east-north.js';
import {
  beNationalNumberValid,
  deSteuerIdValid,
  dkCprValid,
  esDniValid,
  esNieValid,
  frNirValid,
  iePpsnValid,
  itCodiceFiscaleValid,
  nlBsnValid,
  ptNifValid,
} from './eu-west.js';
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
import { nhsValid, ukDrivingLicenceValid, usItinValid } from './uk-us-health.js';
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
  de_steuer_id: deSteuerIdValid,
  fr_nir: frNirValid,
  it_codice_fiscale: itCodiceFiscaleValid,
  es_dni: esDniValid,
  es_nie: esNieValid,
  nl_bsn: nlBsnValid,
  be_national_number: beNationalNumberValid,
  pt_nif: ptNifValid,
  ie_ppsn: iePpsnValid,
  dk_cpr: dkCprValid,
  pl_pesel: plPeselValid,
  se_personnummer: sePersonnummerValid,
  fi_hetu: fiHetuValid,
  baltic_personal_code: balticPersonalCodeValid,
  bg_egn: bgEgnValid,
  ro_cnp: roCnpValid,
  cz_birth_number: czBirthNumberValid,
  hr_oib: hrOibValid,
  kz_iin: kzIinValid,
  ua_rnokpp: uaRnokppValid,
  ua_edrpou: uaEdrpouValid,
  uz_pinfl: uzPinflValid,
  ru_ogrn: ruOgrnValid,
  uk_nhs: nhsValid,
  us_itin: usItinValid,
  uk_driving_licence: ukDrivingLicenceValid,
  date_of_birth: dateOfBirthValid,
  connection_string: connectionStringValid,
} as const satisfies Record<string, (value: string) => boolean>;

export type ValidatorId = keyof typeof VALIDATORS;

export const VALIDATOR_IDS: readonly ValidatorId[] = Object.freeze(Object.keys(VALIDATORS) as ValidatorId[]);

export function isValidatorId(id: string): id is ValidatorId {
  return Object.hasOwn(VALIDATORS, id);
}
