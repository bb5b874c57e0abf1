import type { identityEn } from './en.js';

/** Kimlik səhifələrinin Azərbaycan dilində mətnləri. */
export const identityAz: Record<keyof typeof identityEn, string> = {
  'nav.roles': 'Rollar',
  'signIn.sso': 'Təşkilatınızla daxil olun ({name})',
  'signIn.ssoStarting': 'Təşkilatınızın giriş səhifəsi açılır…',
  'signIn.directory': 'Kataloq parolumdan istifadə et ({name})',
  'signIn.directoryAccount': 'E-poçt, istifadəçi əsas adı və ya hesab adı',
  'roles.title': 'Rollar',
  'roles.intro': 'Daxili rollar dəyişmir. Xüsusi rollar yalnız sadalanan icazələri verir.',
  'roles.builtIn': 'Daxili rollar',
  'roles.custom': 'Xüsusi rollar',
  'roles.empty': 'Hələ xüsusi rol yoxdur.',
  'roles.col.name': 'Ad',
  'roles.col.permissions': 'İcazələr',
  'roles.col.members': 'Üzvlər',
  'roles.col.scope': 'İnsident əhatəsi',
  'roles.col.state': 'Vəziyyət',
  'roles.tenantWide': 'Bütün təşkilat',
  'roles.groups': '{count} son nöqtə qrupu',
  'roles.live': 'Aktiv',
  'roles.retired': 'İstifadədən çıxarılıb',
  'roles.retire': 'İstifadədən çıxar',
  'roles.retireTitle': '{name} rolu istifadədən çıxarılsın?',
  'roles.retiredNote': 'Rol istifadədən çıxarıldı.',
};
