import type { agentUpdatesEn } from './en.js';

/** Русский: страница обновлений агента. */
export const agentUpdatesRu: Record<keyof typeof agentUpdatesEn, string> = {
  'nav.agentUpdates': 'Обновления агента',
  'updates.title': 'Обновления агента',
  'updates.intro':
    'Выпуски регистрируются на сервере командой dlp-server release add и подписываются ключом вашей организации; каждая конечная точка проверяет подпись перед установкой. Развёртывание идёт по группам конечных точек, одна группа на кольцо.',
  'updates.releases': 'Выпуски',
  'updates.noReleases': 'Ни один выпуск ещё не зарегистрирован.',
  'updates.col.version': 'Версия',
  'updates.col.platform': 'Платформа',
  'updates.col.size': 'Размер',
  'updates.col.sha256': 'SHA-256',
  'updates.col.key': 'Ключ подписи',
  'updates.col.added': 'Зарегистрирован',
  'updates.megabytes': '{mb} МБ',
  'updates.rollout': 'Развёртывание по группам конечных точек',
  'updates.rolloutIntro':
    'Группа без правила не получает обновлений. Закреплённая группа остаётся на версии, которую выполняют её агенты. Группа с указанной версией получает её при следующей регистрации; агент, который после обновления не может связаться с сервером, возвращается к предыдущей версии.',
  'updates.noGroups': 'Групп конечных точек пока нет; сначала создайте по одной на кольцо.',
  'updates.col.group': 'Группа конечных точек',
  'updates.col.agents': 'Агенты',
  'updates.col.rule': 'Правило',
  'updates.ruleFor': 'Правило для {name}',
  'updates.noRule': 'Без правила (без обновлений)',
  'updates.pinned': 'Закреплена (текущая версия остаётся)',
  'updates.toVersion': 'Версия {version}',
  'updates.save': 'Сохранить развёртывание',
  'updates.saved': 'Развёртывание сохранено; конечные точки узнают о нём при следующей регистрации.',
};
