import type { MachinePolicyName } from '../types.js';

/**
 * The words of the Group Policy template (wix/policy/<language>/custos-agent.adml): English plus the
 * tenant notice languages (Turkish, Russian, Azerbaijani). Ranges and defaults are not written
 * here: admx.ts fills `{min}`, `{max}` and `{def}` from the agent's own validation (config.ts).
 */
export interface PolicyWords {
  name: string;
  help: string;
  label: string;
}

export interface AdmlLanguage {
  /** The PolicyDefinitions sub-folder Windows reads for this language. */
  folder: string;
  category: string;
  description: string;
  supported: string;
  /** Appended to every numeric policy's help. */
  range: string;
  /** Appended to every policy's help (document 2: policy overrides the local file). */
  overrides: string;
  policies: Record<MachinePolicyName, PolicyWords>;
}

const EN: AdmlLanguage = {
  folder: 'en-US',
  category: 'Custos DLP Agent',
  description: 'Machine policy of the Custos DLP agent',
  supported: 'Windows 10 version 2004 (build 19041) or later, Windows Server 2019 (build 17763) or later',
  range: 'A whole number from {min} to {max}; default {def}.',
  overrides: "This policy overrides the value in the agent's local configuration file.",
  policies: {
    ServerUrl: {
      name: 'Server URL',
      help: 'The address of the Custos server the agent enrols with, for example https://dlp.example.com. Only https:// is accepted; the agent refuses any other scheme. An enrolled agent keeps talking to the server it enrolled with.',
      label: 'Server URL (https://)',
    },
    EnrollmentToken: {
      name: 'Enrolment token',
      help: 'A token from the Custos console. An agent that is not enrolled yet enrols with it when its service starts, retrying with back-off up to 15 minutes; it writes event 3004 with the reason after each failure and event 2001 once enrolled. An enrolled agent ignores this value. Every authenticated account of the domain can read Group Policy settings: use a token limited in uses and lifetime, and revoke it when the rollout ends.',
      label: 'Token',
    },
    StateDir: {
      name: 'State directory',
      help: 'Where the agent keeps its enrolment, keys, event queue and policy. Default: C:\\ProgramData\\Custos\\Agent. The folder must be on a local fixed disk.',
      label: 'Folder',
    },
    CheckinIntervalSecs: {
      name: 'Check-in interval',
      help: 'Seconds between check-ins with the server.',
      label: 'Seconds',
    },
    UploadIntervalSecs: {
      name: 'Upload interval',
      help: 'Seconds between uploads of queued events.',
      label: 'Seconds',
    },
    DiscoveryIntervalSecs: {
      name: 'Discovery interval',
      help: 'Seconds between discovery passes over the monitored paths.',
      label: 'Seconds',
    },
    RequestTimeoutSecs: {
      name: 'Request timeout',
      help: 'Seconds before a request to the server is abandoned.',
      label: 'Seconds',
    },
    QueueCapacity: {
      name: 'Event queue capacity',
      help: 'The most events kept on disk while the server cannot be reached.',
      label: 'Events',
    },
    LogRetainDays: { name: 'Log retention', help: 'Days the local log files are kept.', label: 'Days' },
    LogMaxBytes: {
      name: 'Log size limit',
      help: 'The largest size of the local log, in bytes.',
      label: 'Bytes',
    },
  },
};

const TR: AdmlLanguage = {
  folder: 'tr-TR',
  category: 'Custos DLP Aracısı',
  description: 'Custos DLP aracısının makine ilkesi',
  supported: 'Windows 10 sürüm 2004 (derleme 19041) veya üstü, Windows Server 2019 (derleme 17763) veya üstü',
  range: '{min} ile {max} arasında bir tam sayı; varsayılan {def}.',
  overrides: 'Bu ilke, aracının yerel yapılandırma dosyasındaki değeri geçersiz kılar.',
  policies: {
    ServerUrl: {
      name: "Sunucu URL'si",
      help: 'Aracının kaydolduğu Custos sunucusunun adresi, örneğin https://dlp.example.com. Yalnızca https:// kabul edilir; aracı başka bir şemayı reddeder. Kayıtlı bir aracı, kaydolduğu sunucuyla konuşmayı sürdürür.',
      label: "Sunucu URL'si (https://)",
    },
    EnrollmentToken: {
      name: 'Kayıt belirteci',
      help: 'Custos konsolundan alınan bir belirteç. Henüz kayıtlı olmayan aracı, hizmeti başlarken bu belirteçle kaydolur; başaramazsa 15 dakikaya kadar artan aralıklarla yeniden dener, her hatada nedenini içeren 3004 olayını, kaydolunca 2001 olayını yazar. Kayıtlı bir aracı bu değeri yok sayar. Grup İlkesi ayarlarını etki alanındaki kimliği doğrulanmış her hesap okuyabilir: kullanım sayısı ve süresi sınırlı bir belirteç kullanın ve dağıtım bitince iptal edin.',
      label: 'Belirteç',
    },
    StateDir: {
      name: 'Durum klasörü',
      help: 'Aracının kaydını, anahtarlarını, olay kuyruğunu ve ilkesini tuttuğu yer. Varsayılan: C:\\ProgramData\\Custos\\Agent. Klasör yerel sabit bir diskte olmalıdır.',
      label: 'Klasör',
    },
    CheckinIntervalSecs: {
      name: 'Sunucuya bildirim aralığı',
      help: 'Sunucuya iki bildirim arasındaki saniye.',
      label: 'Saniye',
    },
    UploadIntervalSecs: {
      name: 'Gönderim aralığı',
      help: 'Kuyruktaki olayların iki gönderimi arasındaki saniye.',
      label: 'Saniye',
    },
    DiscoveryIntervalSecs: {
      name: 'Keşif aralığı',
      help: 'İzlenen yollar üzerindeki iki keşif taraması arasındaki saniye.',
      label: 'Saniye',
    },
    RequestTimeoutSecs: {
      name: 'İstek zaman aşımı',
      help: 'Sunucuya yapılan bir istekten vazgeçilmeden önceki saniye.',
      label: 'Saniye',
    },
    QueueCapacity: {
      name: 'Olay kuyruğu kapasitesi',
      help: 'Sunucuya ulaşılamadığı sürece diskte tutulan en fazla olay sayısı.',
      label: 'Olay',
    },
    LogRetainDays: {
      name: 'Günlük saklama süresi',
      help: 'Yerel günlük dosyalarının saklandığı gün sayısı.',
      label: 'Gün',
    },
    LogMaxBytes: {
      name: 'Günlük boyut sınırı',
      help: 'Yerel günlüğün bayt cinsinden en büyük boyutu.',
      label: 'Bayt',
    },
  },
};

const RU: AdmlLanguage = {
  folder: 'ru-RU',
  category: 'Агент Custos DLP',
  description: 'Политика компьютера для агента Custos DLP',
  supported: 'Windows 10 версии 2004 (сборка 19041) или новее, Windows Server 2019 (сборка 17763) или новее',
  range: 'Целое число от {min} до {max}; по умолчанию {def}.',
  overrides: 'Эта политика имеет приоритет над значением в локальном файле конфигурации агента.',
  policies: {
    ServerUrl: {
      name: 'URL сервера',
      help: 'Адрес сервера Custos, на котором регистрируется агент, например https://dlp.example.com. Принимается только https://; любую другую схему агент отклоняет. Зарегистрированный агент продолжает работать с сервером, на котором он зарегистрирован.',
      label: 'URL сервера (https://)',
    },
    EnrollmentToken: {
      name: 'Токен регистрации',
      help: 'Токен из консоли Custos. Незарегистрированный агент регистрируется с ним при запуске службы и при неудаче повторяет попытки с нарастающей паузой до 15 минут; после каждой неудачи он записывает событие 3004 с причиной, после регистрации — событие 2001. Зарегистрированный агент это значение не использует. Параметры групповой политики может прочитать любая учётная запись домена, прошедшая проверку подлинности: используйте токен с ограниченным числом использований и сроком действия и отзовите его после развёртывания.',
      label: 'Токен',
    },
    StateDir: {
      name: 'Каталог состояния',
      help: 'Где агент хранит регистрацию, ключи, очередь событий и политику. По умолчанию: C:\\ProgramData\\Custos\\Agent. Каталог должен находиться на локальном несъёмном диске.',
      label: 'Каталог',
    },
    CheckinIntervalSecs: {
      name: 'Интервал связи с сервером',
      help: 'Секунды между обращениями к серверу.',
      label: 'Секунды',
    },
    UploadIntervalSecs: {
      name: 'Интервал отправки',
      help: 'Секунды между отправками событий из очереди.',
      label: 'Секунды',
    },
    DiscoveryIntervalSecs: {
      name: 'Интервал обнаружения',
      help: 'Секунды между проходами обнаружения по отслеживаемым путям.',
      label: 'Секунды',
    },
    RequestTimeoutSecs: {
      name: 'Тайм-аут запроса',
      help: 'Секунды, после которых запрос к серверу прерывается.',
      label: 'Секунды',
    },
    QueueCapacity: {
      name: 'Ёмкость очереди событий',
      help: 'Наибольшее число событий, хранимых на диске, пока сервер недоступен.',
      label: 'События',
    },
    LogRetainDays: {
      name: 'Срок хранения журнала',
      help: 'Сколько дней хранятся локальные файлы журнала.',
      label: 'Дни',
    },
    LogMaxBytes: {
      name: 'Предельный размер журнала',
      help: 'Наибольший размер локального журнала в байтах.',
      label: 'Байты',
    },
  },
};

const AZ: AdmlLanguage = {
  folder: 'az-Latn-AZ',
  category: 'Custos DLP Agenti',
  description: 'Custos DLP agentinin kompüter siyasəti',
  supported:
    'Windows 10 versiya 2004 (build 19041) və ya daha yenisi, Windows Server 2019 (build 17763) və ya daha yenisi',
  range: '{min} ilə {max} arasında tam ədəd; standart {def}.',
  overrides: 'Bu siyasət agentin yerli konfiqurasiya faylındakı dəyərdən üstündür.',
  policies: {
    ServerUrl: {
      name: 'Server URL-i',
      help: 'Agentin qeydiyyatdan keçdiyi Custos serverinin ünvanı, məsələn https://dlp.example.com. Yalnız https:// qəbul edilir; agent başqa sxemi rədd edir. Qeydiyyatdan keçmiş agent qeydiyyatdan keçdiyi serverlə işləməyə davam edir.',
      label: 'Server URL-i (https://)',
    },
    EnrollmentToken: {
      name: 'Qeydiyyat tokeni',
      help: 'Custos konsolundan alınmış token. Hələ qeydiyyatdan keçməmiş agent xidməti başlayanda bu tokenlə qeydiyyatdan keçir; alınmadıqda 15 dəqiqəyə qədər artan fasilələrlə yenidən cəhd edir, hər uğursuzluqdan sonra səbəbi ilə 3004 hadisəsini, qeydiyyatdan sonra 2001 hadisəsini yazır. Qeydiyyatdan keçmiş agent bu dəyəri nəzərə almır. Qrup Siyasəti parametrlərini domendəki autentifikasiyadan keçmiş hər hesab oxuya bilər: istifadə sayı və müddəti məhdud token işlədin və yayım bitəndə onu ləğv edin.',
      label: 'Token',
    },
    StateDir: {
      name: 'Vəziyyət qovluğu',
      help: 'Agentin qeydiyyatını, açarlarını, hadisə növbəsini və siyasətini saxladığı yer. Standart: C:\\ProgramData\\Custos\\Agent. Qovluq yerli sabit diskdə olmalıdır.',
      label: 'Qovluq',
    },
    CheckinIntervalSecs: {
      name: 'Serverlə əlaqə intervalı',
      help: 'Serverə iki müraciət arasındakı saniyələr.',
      label: 'Saniyə',
    },
    UploadIntervalSecs: {
      name: 'Göndərmə intervalı',
      help: 'Növbədəki hadisələrin iki göndərişi arasındakı saniyələr.',
      label: 'Saniyə',
    },
    DiscoveryIntervalSecs: {
      name: 'Aşkarlama intervalı',
      help: 'İzlənən yollar üzrə iki aşkarlama keçidi arasındakı saniyələr.',
      label: 'Saniyə',
    },
    RequestTimeoutSecs: {
      name: 'Sorğu vaxt limiti',
      help: 'Serverə sorğu dayandırılana qədər keçən saniyələr.',
      label: 'Saniyə',
    },
    QueueCapacity: {
      name: 'Hadisə növbəsinin tutumu',
      help: 'Server əlçatan olmadığı müddətdə diskdə saxlanılan ən çox hadisə sayı.',
      label: 'Hadisə',
    },
    LogRetainDays: {
      name: 'Jurnalın saxlanma müddəti',
      help: 'Yerli jurnal fayllarının saxlandığı günlərin sayı.',
      label: 'Gün',
    },
    LogMaxBytes: {
      name: 'Jurnal ölçüsü limiti',
      help: 'Yerli jurnalın bayt ilə ən böyük ölçüsü.',
      label: 'Bayt',
    },
  },
};

export const ADML_LANGUAGES: readonly AdmlLanguage[] = [EN, TR, RU, AZ];
