import type { agentUpdatesEn } from './en.js';

/** Azərbaycanca: agent yeniləmələri səhifəsi. */
export const agentUpdatesAz: Record<keyof typeof agentUpdatesEn, string> = {
  'nav.agentUpdates': 'Agent yeniləmələri',
  'updates.title': 'Agent yeniləmələri',
  'updates.intro':
    'Buraxılışlar serverdə dlp-server release add ilə qeydə alınır və təşkilatınızın açarı ilə imzalanır; hər son nöqtə buraxılışı quraşdırmazdan əvvəl bu imzanı yoxlayır. Yayım son nöqtə qrupları üzrə aparılır, hər halqa üçün bir qrup.',
  'updates.releases': 'Buraxılışlar',
  'updates.noReleases': 'Hələ heç bir buraxılış qeydə alınmayıb.',
  'updates.col.version': 'Versiya',
  'updates.col.platform': 'Platforma',
  'updates.col.size': 'Ölçü',
  'updates.col.sha256': 'SHA-256',
  'updates.col.key': 'İmza açarı',
  'updates.col.added': 'Qeydə alınıb',
  'updates.megabytes': '{mb} MB',
  'updates.rollout': 'Son nöqtə qrupları üzrə yayım',
  'updates.rolloutIntro':
    'Qaydası olmayan qrup yeniləmə almır. Sabitlənmiş qrup agentlərinin işlətdiyi versiyada qalır. Versiya təyin edilmiş qrup onu növbəti qeydiyyatda alır; yeniləmədən sonra serverə qoşula bilməyən agent əvvəlki versiyasına qayıdır.',
  'updates.noGroups': 'Hələ son nöqtə qrupu yoxdur; əvvəlcə hər halqa üçün bir qrup yaradın.',
  'updates.col.group': 'Son nöqtə qrupu',
  'updates.col.agents': 'Agentlər',
  'updates.col.rule': 'Qayda',
  'updates.ruleFor': '{name} üçün qayda',
  'updates.noRule': 'Qayda yoxdur (yeniləmə yoxdur)',
  'updates.pinned': 'Sabitlənib (işləyən versiya qalır)',
  'updates.toVersion': 'Versiya {version}',
  'updates.save': 'Yayımı saxla',
  'updates.saved': 'Yayım saxlanıldı; son nöqtələr bunu növbəti qeydiyyatda öyrənəcək.',
};
