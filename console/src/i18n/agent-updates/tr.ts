import type { agentUpdatesEn } from './en.js';

/** Türkçe: ajan güncellemeleri sayfası. */
export const agentUpdatesTr: Record<keyof typeof agentUpdatesEn, string> = {
  'nav.agentUpdates': 'Ajan güncellemeleri',
  'updates.title': 'Ajan güncellemeleri',
  'updates.intro':
    'Sürümler sunucuda dlp-server release add ile kaydedilir ve kuruluşunuzun anahtarıyla imzalanır; her uç nokta bir sürümü kurmadan önce bu imzayı denetler. Dağıtım uç nokta grubuna göre yapılır, her halka için bir grup.',
  'updates.releases': 'Sürümler',
  'updates.noReleases': 'Henüz kayıtlı sürüm yok.',
  'updates.col.version': 'Sürüm',
  'updates.col.platform': 'Platform',
  'updates.col.size': 'Boyut',
  'updates.col.sha256': 'SHA-256',
  'updates.col.key': 'İmza anahtarı',
  'updates.col.added': 'Kayıt tarihi',
  'updates.megabytes': '{mb} MB',
  'updates.rollout': 'Uç nokta grubuna göre dağıtım',
  'updates.rolloutIntro':
    'Kuralı olmayan grup güncelleme almaz. Sabitlenmiş grup, ajanlarının çalıştırdığı sürümde kalır. Bir sürüme ayarlanan grup onu bir sonraki bağlantıda alır; güncellemeden sonra bağlanamayan ajan önceki sürümüne döner.',
  'updates.noGroups': 'Henüz uç nokta grubu yok; önce her halka için bir grup oluşturun.',
  'updates.col.group': 'Uç nokta grubu',
  'updates.col.agents': 'Ajanlar',
  'updates.col.rule': 'Kural',
  'updates.ruleFor': '{name} için kural',
  'updates.noRule': 'Kural yok (güncelleme yok)',
  'updates.pinned': 'Sabitlenmiş (çalışan sürüm kalır)',
  'updates.toVersion': 'Sürüm {version}',
  'updates.save': 'Dağıtımı kaydet',
  'updates.saved': 'Dağıtım kaydedildi; uç noktalar bir sonraki bağlantıda öğrenir.',
};
