import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { useLowerIncomePageInfiniteQuery } from '../../api/endpoints';
import { RewardRow } from '../rewards/reward-screen';
import '../../team.css';

const KINDS = ['all', 'team', 'referral'] as const;
type Kind = (typeof KINDS)[number];

function IncomeList({ kind }: { kind: Kind }) {
  const { t } = useTranslation('team');
  const page = useLowerIncomePageInfiniteQuery(kind);
  return (
    <InfiniteList
      className="team-list"
      source={page}
      loadError={t('income.loadError')}
      itemKey={(r) => r.id}
      renderItem={(r) => <RewardRow reward={r} />}
      empty={<PageEmpty className="team-empty" title={t('income.emptyTitle')} description={t('team.emptyDescription')} />}
    />
  );
}

/** `/index/lowerincome`: my Team Benefits and Referral Bonus records, paged, with the member and level each came from. */
export default function LowerIncomeScreen() {
  const { t } = useTranslation('team');
  const [params, setParams] = useSearchParams();
  const asked = params.get('kind') as Kind | null;
  const kind: Kind = asked && KINDS.includes(asked) ? asked : 'all';
  return (
    <div className="team-screen">
      <Tabs activeKey={kind} onChange={(key) => setParams({ kind: key }, { replace: true })}>
        {KINDS.map((k) => (
          <Tabs.Tab key={k} title={t(`income.kind.${k}`)} />
        ))}
      </Tabs>
      <p className="team-source">{t('reward.source')}</p>
      <IncomeList key={kind} kind={kind} />
    </div>
  );
}
