import { useTranslation } from 'react-i18next';
import { PageEmpty } from '@rigshare/ui';
import '../../community.css';

/** `/dynamic`: the community tab. The feed comes with its endpoint; until then the square says there are no posts. */
export default function SquareScreen() {
  const { t } = useTranslation('community');
  return (
    <div className="community-screen">
      <PageEmpty className="community-empty" title={t('square.emptyTitle')} description={t('square.emptyDescription')} />
    </div>
  );
}
