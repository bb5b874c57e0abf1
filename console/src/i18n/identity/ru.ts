import type { identityEn } from './en.js';

/** Русские тексты страниц удостоверения личности. */
export const identityRu: Record<keyof typeof identityEn, string> = {
  'nav.roles': 'Роли',
  'signIn.sso': 'Войти через организацию ({name})',
  'signIn.ssoStarting': 'Открывается страница входа вашей организации…',
  'signIn.directory': 'Использовать пароль каталога ({name})',
  'signIn.directoryAccount': 'Адрес, имя участника-пользователя или имя учётной записи',
  'roles.title': 'Роли',
  'roles.intro': 'Встроенные роли неизменны. Пользовательские роли дают ровно перечисленные разрешения.',
  'roles.builtIn': 'Встроенные роли',
  'roles.custom': 'Пользовательские роли',
  'roles.empty': 'Пользовательских ролей пока нет.',
  'roles.col.name': 'Название',
  'roles.col.permissions': 'Разрешения',
  'roles.col.members': 'Участники',
  'roles.col.scope': 'Область инцидентов',
  'roles.col.state': 'Состояние',
  'roles.tenantWide': 'Вся организация',
  'roles.groups': 'Групп конечных точек: {count}',
  'roles.live': 'Действует',
  'roles.retired': 'Выведена',
  'roles.retire': 'Вывести из употребления',
  'roles.retireTitle': 'Вывести роль {name} из употребления?',
  'roles.retiredNote': 'Роль выведена из употребления.',
};
