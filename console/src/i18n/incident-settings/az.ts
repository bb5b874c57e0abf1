import type { incidentSettingsEn } from './en.js';

/** Azərbaycanca: insident parametrləri səhifələri. */
export const incidentSettingsAz: Record<keyof typeof incidentSettingsEn, string> = {
  'nav.closureSettings': 'İnsidentlərin bağlanması',
  'nav.responseSettings': 'Cavab hədəfləri',
  'nav.testFolders': 'Test qovluqları',
  'closureSettings.title': 'İnsidentlərin bağlanması',
  'closureSettings.intro':
    'İkinci şəxs tələb edən bağlanma, insidentləri dəyişə bilən başqa bir şəxs onu təsdiq və ya rədd edənə qədər gözləyir.',
  'closureSettings.acceptedRisk': 'Riskin qəbulu ikinci şəxs tələb edir',
  'closureSettings.critical': 'Kritik insidentin bağlanması ikinci şəxs tələb edir',
  'closureSettings.updated': 'Son dəyişiklik: {date}.',
  'closureSettings.never': 'Heç dəyişdirilməyib: heç bir bağlanma ikinci şəxs tələb etmir.',
  'closureSettings.readOnly': 'Bu qaydanı yalnız Sahib dəyişə bilər.',
  'closureSettings.save': 'Bağlanma qaydasını saxla',
  'closureSettings.saved': 'Bağlanma qaydası saxlanıldı.',
  'responseSettings.title': 'Cavab hədəfləri',
  'responseSettings.intro':
    'İnsidentin hər ciddilik dərəcəsi üçün neçə dəqiqə yeni (cavab) və açıq (həll) qala biləcəyi. Daha ciddi insidentə daha az ciddi olandan uzun vaxt verilmir və heç bir həll hədəfi cavab hədəfindən qısa olmur.',
  'responseSettings.response': 'Cavab hədəfləri',
  'responseSettings.resolution': 'Həll hədəfləri',
  'responseSettings.critical_minutes': 'Kritik: cavab müddəti (dəqiqə)',
  'responseSettings.high_minutes': 'Yüksək: cavab müddəti (dəqiqə)',
  'responseSettings.medium_minutes': 'Orta: cavab müddəti (dəqiqə)',
  'responseSettings.low_minutes': 'Aşağı: cavab müddəti (dəqiqə)',
  'responseSettings.resolution_critical_minutes': 'Kritik: həll müddəti (dəqiqə)',
  'responseSettings.resolution_high_minutes': 'Yüksək: həll müddəti (dəqiqə)',
  'responseSettings.resolution_medium_minutes': 'Orta: həll müddəti (dəqiqə)',
  'responseSettings.resolution_low_minutes': 'Aşağı: həll müddəti (dəqiqə)',
  'responseSettings.reason': 'Dəyişikliyin səbəbi',
  'responseSettings.updated': 'Son dəyişiklik: {date}.',
  'responseSettings.defaults': 'Standart hədəflər qüvvədədir.',
  'responseSettings.readOnly': 'Hədəfləri yalnız Administrator və ya Sahib dəyişə bilər.',
  'responseSettings.save': 'Hədəfləri saxla',
  'responseSettings.saved':
    'Hədəflər saxlanıldı. Nəticəsi artıq müəyyən olunmuş insidentlər nəticəsini saxlayır.',
  'testFolders.title': 'Test qovluqları',
  'testFolders.intro':
    'Bu qovluqlarda saxlanan fayllardan yaranan insidentlər test kimi yaradılır. Son nöqtədən çıxan fayllar heç vaxt işarələnmir.',
  'testFolders.folders': 'Qovluqlar, hər sətirdə bir',
  'testFolders.hint': 'Ən çoxu 20; hər biri disk, paylaşım və ya yuxarı səviyyəli qovluğun altında.',
  'testFolders.reason': 'Dəyişikliyin səbəbi',
  'testFolders.readOnly': 'Test qovluqlarını yalnız Administrator və ya Sahib dəyişə bilər.',
  'testFolders.save': 'Test qovluqlarını saxla',
  'testFolders.saved': 'Test qovluqları saxlanıldı ({count}).',
  'testFolders.lineError': 'Sətir {line} ({folder}): {message}',
};
