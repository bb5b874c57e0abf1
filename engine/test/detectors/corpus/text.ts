/**
 * Text around the labelled values: sentence templates in English, Azerbaijani (Latin and
 * Cyrillic), Russian and Turkish, configuration and code lines for secrets, and natural text with
 * no sensitive data — prose, code, logs, CSV with order numbers, phone-like and date-like numbers.
 */
import { HEX, pad, type Rand } from './random.js';

export type Lang = 'en' | 'az' | 'ru' | 'tr';
export const LANGS: readonly Lang[] = ['en', 'az', 'ru', 'tr'];

/** `{k}` keyword, `{v}` value. */
export const WITH_KEYWORD: Record<Lang, readonly string[]> = {
  en: [
    'Customer record updated: {k} {v}, please verify before Friday.',
    'The {k} on the application form is {v} according to the scan we received.',
    '{k}: {v}',
    'Hi team, as requested the {k} is {v}. Thanks!',
  ],
  az: [
    'Müştəri qeydi yeniləndi: {k} {v}, zəhmət olmasa yoxlayın.',
    'Ərizə formasında {k} {v} kimi göstərilib.',
    '{k}: {v}',
    'Салам, {k} {v} олараг гејд едилиб.',
  ],
  ru: [
    'Запись клиента обновлена: {k} {v}, проверьте, пожалуйста.',
    'В анкете указано: {k} {v}.',
    '{k}: {v}',
    'Коллеги, по запросу: {k} — {v}. Спасибо!',
  ],
  tr: [
    'Müşteri kaydı güncellendi: {k} {v}, lütfen cuma gününe kadar kontrol edin.',
    'Başvuru formundaki {k} bilgisi {v} olarak girildi.',
    '{k}: {v}',
    'Merhaba, istediğiniz {k} {v}. Teşekkürler!',
  ],
};

export const WITHOUT_KEYWORD: Record<Lang, readonly string[]> = {
  en: ['Value on file for the applicant: {v}.', 'Please double-check {v} in the attached scan.'],
  az: ['Müraciət edən üçün qeyd: {v}.', 'Əlavə edilmiş sənəddə {v} yoxlanılmalıdır.'],
  ru: ['Значение в деле заявителя: {v}.', 'Проверьте {v} в приложенном скане.'],
  tr: ['Başvuru sahibi için kayıtlı değer: {v}.', 'Ekteki taramada {v} değerini kontrol edin.'],
};

/** Secrets appear in configuration, code and chat; `{v}` is the value. */
export const SECRET_LINES: readonly string[] = [
  'export API_TOKEN="{v}"',
  '  token: {v}',
  '"credential": "{v}",',
  'Sorry, I pasted {v} into the wrong channel, please rotate it.',
  'Bu açarı {v} yanlış kanala göndərdim.',
  'Ключ {v} случайно попал в лог.',
  'Yanlışlıkla {v} anahtarını paylaştım.',
];

/** password_assignment: key names in four languages; `{v}` is the value. */
export const PASSWORD_LINES: readonly string[] = [
  'DB_PASSWORD="{v}"',
  'password: {v}',
  'parol = {v}',
  'şifre: {v}',
  'пароль: {v}',
  '"db_pass": "x", "password": "{v}"',
];

const PROSE: Record<Lang, string> = {
  en: 'the report of quarterly results shows that our team delivered the new service ahead of plan while customers asked for better support and clearer pricing in every region we operate the card was declined twice passport photos are due next week',
  az: 'hesabat rüblük nəticələri göstərir ki komandamız yeni xidməti planlaşdırılandan əvvəl təqdim etdi müştərilər isə daha yaxşı dəstək və aydın qiymətlər istədilər İstifadəçi şəhər işçi kart sifarişi hazırdır',
  ru: 'отчёт о квартальных результатах показывает что наша команда запустила новый сервис раньше срока а клиенты просили лучшую поддержку и понятные цены во всех регионах паспортный стол работает до шести',
  tr: 'çeyrek sonuçlarına ilişkin rapor ekibimizin yeni hizmeti plandan önce sunduğunu gösteriyor müşteriler ise daha iyi destek ve açık fiyatlandırma istedi İstanbul ılık ışık kimlik doğrulama servisi yeniden başlatıldı',
};

const CODE: readonly string[] = [
  'const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);',
  'if (response.status !== 200) throw new Error("request failed: " + response.status);',
  'server.listen({ port: 8080, host: "localhost" });',
  "SELECT id, name FROM accounts WHERE created_at > now() - interval '7 days';",
  'for i in range(0, 1024): buffer[i] = (buffer[i] ^ key[i % 16]) & 0xff',
  'import { readFile } from "node:fs/promises"; // std::vector<int> v;',
  'docker run -p 5432:5432 -e POSTGRES_DB=app postgres:15',
  'password = os.environ["DB_PASSWORD"]  # never hard-code it',
  'url = "https://example.org/api/v2/items?page=3&limit=50"',
  'conn = connect("postgres://app@db.internal:5432/app")',
  'if (!token) return res.status(401).json({ error: "missing token" });',
];

/** One line of natural text with no sensitive data. */
export function naturalLine(r: Rand): string {
  const kind = r.int(0, 9);
  const lang = r.pick(LANGS);
  switch (kind) {
    case 0:
    case 1:
    case 2: {
      const words = PROSE[lang].split(' ');
      const n = r.int(8, 24);
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push(r.pick(words));
      return `${out.join(' ')}.`;
    }
    case 3:
      return r.pick(CODE);
    case 4:
      return `2026-11-${pad(r.int(1, 30), 2)}T${pad(r.int(0, 23), 2)}:${pad(r.int(0, 59), 2)}:${pad(r.int(0, 59), 2)}.${pad(r.int(0, 999), 3)}Z INFO worker-${r.int(1, 16)} req=${r.chars(12, HEX)} user=${r.int(1000, 9999999)} took ${r.int(1, 9999)} ms ts=${1_700_000_000_000 + r.int(0, 99_999_999)}`;
    case 5:
      return `${r.int(10_000_000, 999_999_999_999)},${r.int(100_000, 9_999_999_999)},SKU-${r.int(1000, 99999)},${r.int(1, 40)},${r.int(1, 99999)}.${pad(r.int(0, 99), 2)},2026-${pad(r.int(1, 12), 2)}-${pad(r.int(1, 28), 2)}`;
    case 6:
      return r.pick([
        `Tracking 1Z ${r.digits(3)} AA1 ${r.digits(2)} ${r.digits(4)} ${r.digits(4)}`,
        `part no. ${r.digits(4)}-${r.digits(2)}-${r.digits(4)}-${r.digits(1)}`,
        `invoice no. 2026/11/${r.digits(6)}`,
        `batch ${r.digits(4)}-${r.digits(2)}-${r.digits(4)}`,
        `Sipariş no: ${r.digits(10)} kargoya verildi.`,
        `Заказ № ${r.digits(12)} отгружен, сумма ${r.int(1, 999)} ${r.digits(3)},${r.digits(2)} ₽.`,
        `Sifariş ${r.digits(9)} təsdiqləndi.`,
        `ext. ${r.digits(4)}, room ${r.digits(3)}`,
      ]);
    case 7:
      return r.pick([
        `released ${2020 + r.int(0, 6)}-${pad(r.int(1, 12), 2)}-${pad(r.int(1, 28), 2)}, version ${r.int(1, 9)}.${r.int(0, 30)}.${r.int(0, 99)}`,
        `${pad(r.int(1, 28), 2)}.${pad(r.int(1, 12), 2)}.${2000 + r.int(0, 26)} tarihli fatura ödendi.`,
        `Срок действия договора до ${pad(r.int(1, 28), 2)}.${pad(r.int(1, 12), 2)}.20${r.int(26, 35)}.`,
        `build ${20200000 + r.int(10000, 61231)} (${r.chars(7, HEX)})`,
        `ETA ${pad(r.int(1, 12), 2)}/${pad(r.int(1, 28), 2)}/2026`,
      ]);
    case 8:
      return `id=${r.chars(8, HEX)}-${r.chars(4, HEX)}-${r.chars(4, HEX)}-${r.chars(4, HEX)}-${r.chars(12, HEX)} sha256=${r.chars(64, HEX)}`;
    default:
      return `Total: ${r.int(1, 999)} ${r.digits(3)}.${r.digits(2)} USD, qty ${r.int(1, 500)}, ${r.int(1, 100)}% done, port ${r.int(1024, 65535)}`;
  }
}
