import type { identityEn } from './en.js';

/** Kimlik sayfalarının Türkçe metinleri. */
export const identityTr: Record<keyof typeof identityEn, string> = {
  'nav.roles': 'Roller',
  'signIn.sso': 'Kurumunuzla oturum açın ({name})',
  'signIn.ssoStarting': 'Kurumunuzun oturum açma sayfası açılıyor…',
  'signIn.directory': 'Dizin parolamı kullan ({name})',
  'signIn.directoryAccount': 'E-posta, kullanıcı asıl adı veya hesap adı',
  'roles.title': 'Roller',
  'roles.intro': 'Yerleşik roller değiştirilemez. Özel roller yalnızca listelenen izinleri verir.',
  'roles.builtIn': 'Yerleşik roller',
  'roles.custom': 'Özel roller',
  'roles.empty': 'Henüz özel rol yok.',
  'roles.col.name': 'Ad',
  'roles.col.permissions': 'İzinler',
  'roles.col.members': 'Üyeler',
  'roles.col.scope': 'Olay kapsamı',
  'roles.col.state': 'Durum',
  'roles.tenantWide': 'Tüm kurum',
  'roles.groups': '{count} uç nokta grubu',
  'roles.live': 'Etkin',
  'roles.retired': 'Emekli',
  'roles.retire': 'Emekliye ayır',
  'roles.retireTitle': '{name} rolü emekliye ayrılsın mı?',
  'roles.retiredNote': 'Rol emekliye ayrıldı.',
};
